// The pure parts of `npm run bench` (scripts/bench.mjs): the goals, medians, the
// parsing of js-size's output, the one results table and the generated part of
// docs/benchmarks.md. No I/O here, so scripts/bench-lib.test.mjs can check all of it.

/**
 * The pages Lighthouse measures: the desktop routes with its desktop preset, /mobile/ with its
 * mobile one. The signed-in areas are measured as their users see them, signed in with followed
 * coins and sources; signed out, the page's head sends a visitor on to the home page's login
 * before anything loads (site/src/app/signedOutRedirect.ts), which `/` measures.
 */
export const ROUTES = [
  { path: '/', preset: 'desktop', signedIn: false },
  { path: '/reporting/', preset: 'desktop', signedIn: true },
  { path: '/monitoring/', preset: 'desktop', signedIn: true },
  { path: '/welcome/', preset: 'desktop', signedIn: true },
  { path: '/mobile/', preset: 'mobile', signedIn: false },
];

/**
 * The pages Lighthouse measures, in order: `routes` with each preset's floor page (`FLOOR_PAGE`,
 * `floor: true`, at `/floor/<preset>/` on the bench's own server) just before the first route of
 * that preset, so that each is measured at the hour its routes are.
 */
export function withFloors(routes) {
  const pages = [];
  for (const route of routes) {
    if (!pages.some((page) => page.floor && page.preset === route.preset)) {
      pages.push({
        path: `/floor/${route.preset}/`,
        preset: route.preset,
        signedIn: false,
        floor: true,
      });
    }
    pages.push(route);
  }
  return pages;
}

/** The goals; the chat's: a reply starts within 1 s and finishes within 5 s. */
export const GOALS = {
  lighthouse: {
    desktop: { score: 0.99, tbtMs: 50 },
    mobile: { score: 0.98, tbtMs: 100 },
  },
  /** Cumulative layout shift, every route. */
  cls: 0,
  /** First-load JS budget in KB gz: the home page, every other route. */
  jsKb: { home: 110, other: 130 },
  chat: { firstMs: 1000, lastMs: 5000 },
  /** Each signed-in read's requests/s, as a share of the public asset list's in the same run. */
  signedInReadShare: 0.25,
};

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The figures of scripts/js-size.mjs, one per line: `  161.1 KB gz   5 files  /`.
 * Lines that are not figures are ignored.
 */
export function parseJsSize(text) {
  const sizes = [];
  for (const line of text.split('\n')) {
    const match = /^\s*(\d+(?:\.\d+)?)\s+KB gz\s+(\d+)\s+files?\s+(\S+)\s*$/.exec(line);
    if (match) sizes.push({ path: match[3], kb: Number(match[1]), files: Number(match[2]) });
  }
  return sizes;
}

/**
 * Per-metric medians of a route's Lighthouse runs (each `{ score, lcpMs, tbtMs, cls }`): every
 * figure is the median of its own values, so they may come from different runs.
 */
export function summarizeRuns(runs) {
  return {
    score: median(runs.map((run) => run.score)),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    cls: median(runs.map((run) => run.cls)),
    runs: runs.length,
  };
}

/**
 * Why a Lighthouse run's final address is wrong for its route, or null when it is right: a
 * mobile run must end on a mobile page, a desktop run must neither load nor end on one (the
 * site sends phones to /mobile/ and everyone else away from it), and a signed-in run must stay
 * where it was sent (the site sends a visitor it takes for signed out to the login).
 */
export function wrongFinalUrl(preset, requestedUrl, mainDocumentUrl, finalUrl, signedIn = false) {
  const onMobile = (url) => new URL(url).pathname.split('/').includes('mobile');
  if (preset === 'mobile') {
    if (!onMobile(mainDocumentUrl) || !onMobile(finalUrl)) {
      return `${requestedUrl} with the mobile preset ended on ${finalUrl}, not the mobile page: is the mobile user agent sent?`;
    }
    return null;
  }
  if (onMobile(mainDocumentUrl) || onMobile(finalUrl)) {
    return `${requestedUrl} with the desktop preset was sent to ${finalUrl}: the desktop user agent was taken for a phone`;
  }
  if (signedIn) {
    const where = (url) => new URL(url).pathname + new URL(url).search;
    const wanted = where(requestedUrl);
    if (where(mainDocumentUrl) !== wanted || where(finalUrl) !== wanted) {
      return `${requestedUrl} signed in ended on ${finalUrl}: the site took the run for signed out (was the token stored for the page's origin?)`;
    }
  }
  return null;
}

const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
/** CLS to 3 decimals, and a shift too small for them to 2 significant digits: never "0" unless 0. */
export function formatCls(value) {
  if (!Number.isFinite(value)) return 'n/a';
  if (value === 0) return '0';
  return value < 0.001 ? String(Number(value.toPrecision(2))) : value.toFixed(3);
}
const atMost = (value, limit) => (Number.isFinite(value) ? value <= limit : false);
const under = (value, limit) => (Number.isFinite(value) ? value < limit : false);
/** Lighthouse scores are two-decimal fractions; compare them without float noise. */
const scoreAtLeast = (value, goal) => (Number.isFinite(value) ? value >= goal - 1e-9 : false);

/** The table's rows for one route's Lighthouse medians; a signed-in run says so in its name. */
export function lighthouseRows(path, preset, summary, { signedIn = false } = {}) {
  const goal = GOALS.lighthouse[preset];
  const name = (metric) =>
    `Lighthouse \`${path}\` (${preset}${signedIn ? ', signed in' : ''}): ${metric}`;
  return [
    {
      measure: name('performance'),
      value: fixed(summary.score, 2),
      goal: `>= ${goal.score.toFixed(2)}`,
      met: scoreAtLeast(summary.score, goal.score),
      preset,
      metric: 'performance',
    },
    { measure: name('LCP'), value: ms(summary.lcpMs), goal: '-', met: null },
    {
      measure: name('TBT'),
      value: ms(summary.tbtMs),
      goal: `< ${goal.tbtMs} ms`,
      met: under(summary.tbtMs, goal.tbtMs),
      preset,
      metric: 'TBT',
    },
    {
      measure: name('CLS'),
      value: formatCls(summary.cls),
      goal: '0',
      met: Number.isFinite(summary.cls) && summary.cls <= GOALS.cls,
    },
  ];
}

/**
 * The floor: the least a page costs on this machine, this hour. One heading and one paragraph, no
 * script, no style sheet, no font, served with the product's own security headers (`FLOOR_HEADERS`,
 * copied from its answer for a page of the same preset): Lighthouse measures it beside the routes,
 * with the same preset and browser. Lighthouse multiplies every task by its CPU slowdown, the
 * browser's own too (starting a renderer for the page, its parse, style and layout); when this
 * page alone misses a goal, no page can meet it on this run.
 */
export const FLOOR_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Coinlens bench floor</title></head><body><h1>Coinlens</h1>' +
  '<p>One heading and one paragraph, without a script, a style sheet or a font: what any page ' +
  'costs the browser here.</p></body></html>';

/** The response headers the floor page takes from the product's page (lower case). */
export const FLOOR_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'permissions-policy',
  'referrer-policy',
  'x-content-type-options',
  'x-frame-options',
];

/**
 * The floor page's headers out of the product page's (a fetch `Headers`, or any iterable of
 * name/value pairs): those of `FLOOR_HEADERS` it sent. Throws when it sent none, which would make
 * the floor cheaper than any page of the product can be (the opener policy alone makes Chromium
 * start a new renderer).
 */
export function floorHeaders(productHeaders) {
  const copied = {};
  for (const [name, value] of productHeaders) {
    if (FLOOR_HEADERS.includes(name.toLowerCase())) copied[name.toLowerCase()] = value;
  }
  if (Object.keys(copied).length === 0) {
    throw new Error(
      `the product's page sent none of ${FLOOR_HEADERS.join(', ')}: is it the product answering?`,
    );
  }
  return copied;
}

/**
 * The table's rows for a preset's floor page: its performance and TBT medians, with no goal of
 * its own, each saying (`reaches`) whether it would meet the routes' goal of its preset.
 */
export function floorRows(preset, summary) {
  const goal = GOALS.lighthouse[preset];
  const name = (metric) => `Lighthouse floor page (${preset}): ${metric}`;
  return [
    {
      measure: name('performance'),
      value: fixed(summary.score, 2),
      goal: '-',
      met: null,
      preset,
      metric: 'performance',
      floor: true,
      reaches: scoreAtLeast(summary.score, goal.score),
    },
    {
      measure: name('TBT'),
      value: ms(summary.tbtMs),
      goal: '-',
      met: null,
      preset,
      metric: 'TBT',
      floor: true,
      reaches: under(summary.tbtMs, goal.tbtMs),
    },
  ];
}

/**
 * The missed Lighthouse goals that the floor page of their preset missed too, measured in the
 * same run: goals no page could meet on this machine then. A floor not measured explains nothing.
 */
export function missedByTheFloorToo(rows) {
  const floors = rows.filter((row) => row.floor && row.reaches === false);
  return missedGoals(rows).filter((row) =>
    floors.some((floor) => floor.preset === row.preset && floor.metric === row.metric),
  );
}

/**
 * The sentence for the missed goals that the floor page missed too (`missedByTheFloorToo`), or
 * an empty string when there are none.
 */
export function floorNote(rows) {
  if (rows.length === 0) return '';
  const goals = rows.map((row) => row.measure.replace(/^Lighthouse /, '')).join('; ');
  return (
    `The floor page missed ${rows.length === 1 ? 'this goal' : 'these goals'} too, in the same run: ` +
    `${goals}. No page could meet ${rows.length === 1 ? 'it' : 'them'} on this machine then.`
  );
}

/** The table's rows for first-load JS: one per wanted route, a missing one counts as missed. */
export function jsRows(paths, sizes) {
  return paths.map((path) => {
    const size = sizes.find((entry) => entry.path === path);
    const budget = path === '/' ? GOALS.jsKb.home : GOALS.jsKb.other;
    return {
      measure: `First-load JS \`${path}\``,
      value: size ? `${size.kb.toFixed(1)} KB gz` : 'not built',
      goal: `<= ${budget} KB gz`,
      met: size ? atMost(size.kb, budget) : false,
    };
  });
}

/** The table's rows for one autocannon result (`title`, requests/s, p99): no goal of its own. */
export function apiRows({ title, requestsPerSecond, p99Ms }) {
  return [
    {
      measure: `API ${title}: requests/s`,
      value: fixed(requestsPerSecond, 0),
      goal: '-',
      met: null,
    },
    { measure: `API ${title}: p99`, value: ms(p99Ms), goal: '-', met: null },
  ];
}

/**
 * The table's rows for the signed-in reads beside the asset list, each measured in the same
 * rounds (`rate`: median requests/s): its share of the asset list's rate, against the goal.
 */
export function readShareRows(reference, reads) {
  return reads.map(({ title, requestsPerSecond }) => {
    const share = requestsPerSecond / reference.requestsPerSecond;
    return {
      measure: `API ${title}: share of ${reference.title}'s requests/s`,
      value: Number.isFinite(share) ? `${Math.round(share * 100)} %` : 'n/a',
      goal: `>= ${Math.round(GOALS.signedInReadShare * 100)} %`,
      met: Number.isFinite(share) ? share >= GOALS.signedInReadShare : false,
    };
  });
}

/** The table's rows for the chat's medians over `count` questions. */
export function chatRows({ firstMs, lastMs, count }) {
  return [
    {
      measure: `Chat: first part of the reply (median of ${count})`,
      value: ms(firstMs),
      goal: `<= ${GOALS.chat.firstMs} ms`,
      met: atMost(firstMs, GOALS.chat.firstMs),
    },
    {
      measure: `Chat: last part of the reply (median of ${count})`,
      value: ms(lastMs),
      goal: `<= ${GOALS.chat.lastMs} ms`,
      met: atMost(lastMs, GOALS.chat.lastMs),
    },
  ];
}

/** The rows whose goal was missed. */
export function missedGoals(rows) {
  return rows.filter((row) => row.met === false);
}

const metText = (met) => (met === null ? '-' : met ? 'yes' : '**no**');

/**
 * One Markdown table of `{ measure, value, goal, met }` rows, padded the way Prettier writes
 * Markdown tables (so docs/benchmarks.md passes `prettier --check`). Cells are plain ASCII, whose
 * width is their length.
 */
export function formatTable(rows) {
  const cells = [
    ['measure', 'value', 'goal', 'met'],
    ...rows.map((row) => [row.measure, row.value, row.goal, metText(row.met)]),
  ].map((row) => row.map((cell) => String(cell).replaceAll('|', '\\|')));
  const widths = cells[0].map((_, column) =>
    Math.max(3, ...cells.map((row) => row[column].length)),
  );
  const line = (row) => `| ${row.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  return [
    line(cells[0]),
    `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`,
    ...cells.slice(1).map(line),
  ].join('\n');
}

/** `--no-build`, `--api`, `--write`, `--check`; anything else is refused with the usage. */
export function parseArgs(argv) {
  const options = { build: true, api: false, write: false, check: false, help: false };
  for (const arg of argv) {
    if (arg === '--no-build') options.build = false;
    else if (arg === '--api') options.api = true;
    else if (arg === '--write') options.write = true;
    else if (arg === '--check') options.check = true;
    else if (arg === '--help' || arg === '-h') options.help = true;
    else throw new Error(`unknown option ${arg}\n${USAGE}`);
  }
  return options;
}

export const USAGE =
  'usage: npm run bench [-- --no-build] [--api] [--write] [--check]\n' +
  '  --no-build  measure the existing build (site/public, api/dist) instead of running `npm run build`\n' +
  '  --api       measure the API alone (its reads beside the asset list), on the database and Redis\n' +
  '              that DATABASE_URL and REDIS_URL name, else PGlite; --write rewrites its own part\n' +
  '  --write     also rewrite the generated part of docs/benchmarks.md\n' +
  '  --check     exit 1 when a goal is missed';

/** "4 min 12 s", "38 s". */
export function formatDuration(milliseconds) {
  const seconds = Math.round(milliseconds / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/**
 * The machine, one Markdown list: `cpus` as os.cpus() gives them, `memoryBytes` as os.totalmem(),
 * `os` a description such as "Linux 6.1.0 (x64)", and the Node and Chromium versions. With
 * `benchmarkIndexes`, the speed Lighthouse measured before each of its runs
 * (`lhr.environment.benchmarkIndex`): the same machine gives different figures on a busy day, and
 * this says how fast it was while they were taken.
 */
export function describeMachine({ cpus, memoryBytes, os, node, chromium, benchmarkIndexes }) {
  const models = [...new Set(cpus.map((cpu) => cpu.model.trim()))].join(', ') || 'unknown';
  return [
    `- CPU: ${models}, ${cpus.length} ${cpus.length === 1 ? 'core' : 'cores'}`,
    `- RAM: ${(memoryBytes / 1024 ** 3).toFixed(1)} GB`,
    `- OS: ${os}`,
    `- Node.js: ${node}`,
    `- Chromium: ${chromium}`,
    ...(benchmarkIndexes ? [`- Speed: ${describeSpeed(benchmarkIndexes)}`] : []),
  ].join('\n');
}

/**
 * Lighthouse's benchmark index over a run's Lighthouse runs (its measure of the CPU, higher is
 * faster; below 1000 Lighthouse warns that the host is slower than its 4x CPU slowdown expects):
 * the median and the range, or why there is none.
 */
export function describeSpeed(indexes) {
  const measured = indexes.filter((value) => Number.isFinite(value));
  if (measured.length === 0) return "Lighthouse's benchmark index was not reported";
  const low = Math.round(Math.min(...measured));
  const high = Math.round(Math.max(...measured));
  const runs = `${measured.length} Lighthouse ${measured.length === 1 ? 'run' : 'runs'}`;
  return (
    `Lighthouse's benchmark index (higher is faster) ${Math.round(median(measured))} median, ` +
    `${low === high ? `${low}` : `${low}-${high}`} over ${runs}`
  );
}

export const START_MARKER = '<!-- bench:start -->';
export const END_MARKER = '<!-- bench:end -->';
/** The part `--api` rewrites for one engine (`pglite`, `postgres`, `postgres-redis`). */
export function apiMarkers(engine) {
  return { start: `<!-- bench-api:${engine}:start -->`, end: `<!-- bench-api:${engine}:end -->` };
}

/**
 * `doc` with the text between its markers replaced by `generated`; the text outside them, which
 * people write, is kept as it is. Throws when the markers are missing or out of order.
 */
export function replaceGenerated(
  doc,
  generated,
  { start: startMarker, end: endMarker } = { start: START_MARKER, end: END_MARKER },
) {
  const start = doc.indexOf(startMarker);
  const end = doc.indexOf(endMarker);
  if (start === -1 || end === -1 || end < start) {
    throw new Error(
      `docs/benchmarks.md has no ${startMarker} ... ${endMarker} part to rewrite: put the markers back`,
    );
  }
  return `${doc.slice(0, start + startMarker.length)}\n\n${generated.trim()}\n\n${doc.slice(end)}`;
}
