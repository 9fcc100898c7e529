// The pure parts of `npm run bench` (bench.mjs): the goals, medians, the
// parsing of js-size's output, the one results table and the generated part of
// docs/benchmarks.md. No I/O here, so bench-lib.test.mjs can check all of it.

/**
 * The pages Lighthouse measures: the desktop routes with its desktop preset, /mobile/ with its
 * mobile one. The signed-in areas are measured as their users see them, signed in with followed
 * coins and sources; signed out, the page's head sends a visitor on to the home page's login
 * before anything loads (site/src/start/signedOutRedirect.ts), which `/` measures.
 */
export const ROUTES = [
  { path: '/', preset: 'desktop', signedIn: false },
  { path: '/reporting/', preset: 'desktop', signedIn: true },
  { path: '/monitoring/', preset: 'desktop', signedIn: true },
  { path: '/welcome/', preset: 'desktop', signedIn: true },
  { path: '/markets/', preset: 'desktop', signedIn: false },
  { path: '/coins/bitcoin/', preset: 'desktop', signedIn: false },
  { path: '/mobile/', preset: 'mobile', signedIn: false },
];

/** Rounds of a comparison of two builds (`--against`): a difference under 20 % needs 10. */
export const COMPARE_ROUNDS = 10;

/** The pages a comparison of two builds measures: a first visit on each preset, and a signed-in area. */
export const COMPARED_ROUTES = [
  { path: '/', preset: 'desktop', signedIn: false },
  { path: '/mobile/', preset: 'mobile', signedIn: false },
  { path: '/reporting/', preset: 'desktop', signedIn: true },
];

/**
 * One round of Lighthouse runs, in order: every route once, each preset's reference page
 * (bench/reference, at `/` of the bench's own server, `reference: true`) just before the first
 * route of that preset. The bench runs the round again and again, so that the reference and the
 * routes compared with it share the machine's busy and quiet minutes alike.
 */
export function lighthouseRound(routes) {
  const pages = [];
  for (const route of routes) {
    if (!pages.some((page) => page.reference && page.preset === route.preset)) {
      pages.push({ path: '/', preset: route.preset, signedIn: false, reference: true });
    }
    pages.push(route);
  }
  return pages;
}

/**
 * The goals. Lighthouse's, beside the reference page measured in the same rounds with the same
 * preset: on the desktop preset a score of 0.95 and TBT at most the reference's plus 50 ms; on
 * the mobile preset (`/mobile/`) the reference's score and LCP, and TBT at most its plus 50 ms.
 * First-load JS is held to the reference's plus the allowances of site/js-budget.json. The chat's:
 * a reply starts within 1 s and finishes within 5 s.
 */
export const GOALS = {
  lighthouse: {
    desktop: { score: 0.95, lcp: null, tbtOverReferenceMs: 50 },
    mobile: { score: 'reference', lcp: 'reference', tbtOverReferenceMs: 50 },
  },
  /** Cumulative layout shift, every route. */
  cls: 0,
  chat: { firstMs: 1000, lastMs: 5000 },
  /** From a price change to the in-app alert at 1,000 connected users: p99 under this. */
  alertP99Ms: 1000,
  /** Each signed-in read's requests/s, as a share of the public asset list's in the same run. */
  signedInReadShare: 0.25,
  /** The public market list's (a page of 50, as the markets page asks): the asset list's rate. */
  marketListShare: 1,
  feeds: {
    /** A full read of an RSS feed (its newest 200 articles, all new) into sources: at least this. */
    itemsPerSecond: 50,
    /** The process's RSS while it reads a 50 MB feed: at most this much above its RSS before. */
    bigFeedRssGrowthMb: 512,
  },
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
 * where it was sent (the site sends a visitor it takes for signed out to the login). The
 * reference page has one page for every device and no redirect: its runs must stay where sent.
 */
export function wrongFinalUrl(
  preset,
  requestedUrl,
  mainDocumentUrl,
  finalUrl,
  { signedIn = false, reference = false } = {},
) {
  const where = (url) => new URL(url).pathname + new URL(url).search;
  const wanted = where(requestedUrl);
  const stayed = where(mainDocumentUrl) === wanted && where(finalUrl) === wanted;
  if (reference) {
    return stayed
      ? null
      : `the reference page ${requestedUrl} ended on ${finalUrl}: it redirects nobody`;
  }
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
  if (signedIn && !stayed) {
    return `${requestedUrl} signed in ended on ${finalUrl}: the site took the run for signed out (was the token stored for the page's origin?)`;
  }
  return null;
}

const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
const kbGz = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} KB gz` : 'n/a');
/** CLS to 3 decimals, and a shift too small for them to 2 significant digits: never "0" unless 0. */
export function formatCls(value) {
  if (!Number.isFinite(value)) return 'n/a';
  if (value === 0) return '0';
  return value < 0.001 ? String(Number(value.toPrecision(2))) : value.toFixed(3);
}
// A limit that is not a number (the reference was not measured) is missed, not met.
const atMost = (value, limit) => (Number.isFinite(value) ? value <= limit : false);
/** Lighthouse scores are two-decimal fractions; compare them without float noise. */
const scoreAtLeast = (value, goal) => (Number.isFinite(value) ? value >= goal - 1e-9 : false);

/**
 * The table's rows for one route's Lighthouse medians, each beside the medians of the reference
 * page with the same preset (`reference`; missing when none of its runs succeeded, which fails
 * every goal set relative to it). A signed-in run says so in its name.
 */
export function lighthouseRows(path, preset, summary, { signedIn = false, reference } = {}) {
  const goal = GOALS.lighthouse[preset];
  const theirs = reference ?? summarizeRuns([]);
  const name = (metric) =>
    `Lighthouse \`${path}\` (${preset}${signedIn ? ', signed in' : ''}): ${metric}`;
  const score = goal.score === 'reference' ? theirs.score : goal.score;
  const lcpMs = goal.lcp === 'reference' ? theirs.lcpMs : null;
  const tbtMs = theirs.tbtMs + goal.tbtOverReferenceMs;
  return [
    {
      measure: name('performance'),
      value: fixed(summary.score, 2),
      reference: fixed(theirs.score, 2),
      goal:
        goal.score === 'reference'
          ? `>= ${fixed(score, 2)} (the reference's)`
          : `>= ${score.toFixed(2)}`,
      met: scoreAtLeast(summary.score, score),
    },
    {
      measure: name('LCP'),
      value: ms(summary.lcpMs),
      reference: ms(theirs.lcpMs),
      goal: lcpMs === null ? '-' : `<= ${ms(lcpMs)} (the reference's)`,
      met: lcpMs === null ? null : atMost(summary.lcpMs, lcpMs),
    },
    {
      measure: name('TBT'),
      value: ms(summary.tbtMs),
      reference: ms(theirs.tbtMs),
      goal: `<= ${ms(tbtMs)} (reference + ${goal.tbtOverReferenceMs} ms)`,
      met: atMost(summary.tbtMs, tbtMs),
    },
    {
      measure: name('CLS'),
      value: formatCls(summary.cls),
      reference: formatCls(theirs.cls),
      goal: '0',
      met: Number.isFinite(summary.cls) && summary.cls <= GOALS.cls,
    },
  ];
}

/**
 * The table's rows for first-load JS: one per wanted route, beside the reference page's
 * (`reference`, js-size's figure for its `/`), held to it plus the route's allowance in KB gz
 * (`allowances`: site/js-budget.json's `goals.overReferenceKb`, by route, `*` for the others).
 * A route or a reference not built counts as missed.
 */
export function jsRows(paths, sizes, reference, allowances) {
  return paths.map((path) => {
    const size = sizes.find((entry) => entry.path === path);
    const allowance = allowances[path] ?? allowances['*'];
    const goal = reference ? reference.kb + allowance : NaN;
    return {
      measure: `First-load JS \`${path}\``,
      value: size ? kbGz(size.kb) : 'not built',
      reference: reference ? kbGz(reference.kb) : 'not built',
      goal: `<= ${kbGz(goal)} (reference + ${allowance} KB)`,
      met: size ? atMost(size.kb, goal) : false,
    };
  });
}

/**
 * Why the reference page must be built before it is measured, or null when its build
 * (`builtMs`, the time its pages were written; null when there are none) is newer than every
 * file it is built from (`sources`, each `{ path, mtimeMs }`).
 */
export function whyBuildReference(builtMs, sources) {
  if (builtMs === null) return 'it has not been built';
  const newer = sources.filter((source) => source.mtimeMs > builtMs).map((source) => source.path);
  if (newer.length === 0) return null;
  const more = newer.length > 3 ? ` and ${newer.length - 3} more` : '';
  return `${newer.slice(0, 3).join(', ')}${more} changed since its build`;
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
 * The table's rows for the reads beside the asset list, each measured in the same rounds
 * (`requestsPerSecond`: the median): its share of the asset list's rate, against its goal
 * (`goalShare`; a signed-in read's when it names none).
 */
export function readShareRows(reference, reads) {
  return reads.map(({ title, requestsPerSecond, goalShare = GOALS.signedInReadShare }) => {
    const share = requestsPerSecond / reference.requestsPerSecond;
    return {
      measure: `API ${title}: share of ${reference.title}'s requests/s`,
      value: Number.isFinite(share) ? `${Math.round(share * 100)} %` : 'n/a',
      goal: `>= ${Math.round(goalShare * 100)} %`,
      met: Number.isFinite(share) ? share >= goalShare - 1e-9 : false,
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

/**
 * The table's rows for the alerts: one evaluation of many alerts per engine (bench/api/alerts.mjs
 * --json; no goal), and the time from a price change to the in-app alert per engine
 * (bench/api/alert-latency.mjs --json), whose p99 has a goal and which misses it when a user's
 * alert was not heard.
 */
export function alertRows({ evaluation, latency }) {
  const rows = [];
  for (const result of evaluation?.results ?? []) {
    rows.push({
      measure: `Alerts: one evaluation of ${evaluation.alerts.toLocaleString('en')} alerts (${result.engine}, median tick)`,
      value: ms(result.median),
      goal: '-',
      met: null,
    });
  }
  for (const result of latency?.results ?? []) {
    const all = result.heard === result.expected;
    rows.push({
      measure: `Alerts: price change to in-app alert, ${latency.users.toLocaleString('en')} users (${result.engine}, p99)`,
      value: all
        ? ms(result.p99Ms)
        : `${ms(result.p99Ms)}, ${result.heard} of ${result.expected} heard`,
      goal: `< ${GOALS.alertP99Ms} ms`,
      met: all && Number.isFinite(result.p99Ms) && result.p99Ms < GOALS.alertP99Ms,
    });
  }
  return rows;
}

/**
 * `values`' median and their range, e.g. "412 items/s (380-431)", to a tenth below 10 (where a
 * whole number would hide the spread); n/a when none was measured.
 */
export function medianAndRange(values, unit) {
  const measured = values.filter((value) => Number.isFinite(value));
  if (measured.length === 0) return 'n/a';
  const middle = median(measured);
  const digits = Math.abs(middle) < 10 ? 1 : 0;
  const low = Math.min(...measured).toFixed(digits);
  const high = Math.max(...measured).toFixed(digits);
  const range = low === high ? '' : ` (${low}-${high})`;
  return `${middle.toFixed(digits)} ${unit}${range}`;
}

/**
 * The table's rows for the feed reader (bench/api/feeds.mjs --json), per engine: the rate of a
 * full read of an RSS feed into sources, held to its goal, and of a podcast whose episodes each
 * have a transcript to fetch (no goal); then the read of the 50 MB feed: its peak RSS above the
 * RSS before it, held to its goal, its peak heap growth, and its time with the items it wrote. A
 * read that failed, or wrote fewer items than it should have, misses its goal.
 */
export function feedRows({ articles, podcast, big, results } = {}) {
  const rows = [];
  for (const result of results ?? []) {
    const rates = result.articles?.rates ?? [];
    const rate = median(rates);
    rows.push({
      measure: `Feeds: RSS of ${articles.items} articles (${fixed(articles.itemKb, 1)} KB each) read into sources (${result.engine}, median of ${rates.length})`,
      value: medianAndRange(rates, 'items/s'),
      goal: `>= ${GOALS.feeds.itemsPerSecond} items/s`,
      met: Number.isFinite(rate) && rate >= GOALS.feeds.itemsPerSecond,
    });
    const episodes = result.podcast?.rates ?? [];
    rows.push({
      measure: `Feeds: podcast of ${podcast.items} episodes, each with a ${podcast.cues}-cue WebVTT transcript (${result.engine}, median of ${episodes.length})`,
      value: medianAndRange(episodes, 'items/s'),
      goal: '-',
      met: null,
    });
    const read = result.big;
    const title = `Feeds: a ${Math.round(big.bytes / 1e6)} MB RSS of ${big.items.toLocaleString('en')} items, the newest ${big.written} written (${result.engine})`;
    const whole = read?.added === big.written;
    const growth = read?.peakRssMb - read?.rssBeforeMb;
    rows.push({
      measure: `${title}: peak RSS growth`,
      value: Number.isFinite(growth)
        ? `${Math.round(growth)} MB (peak ${Math.round(read.peakRssMb)} MB)`
        : 'n/a',
      goal: `<= ${GOALS.feeds.bigFeedRssGrowthMb} MB`,
      met: whole && atMost(growth, GOALS.feeds.bigFeedRssGrowthMb),
    });
    const heap = read?.peakHeapMb - read?.heapBeforeMb;
    rows.push({
      measure: `${title}: peak heap growth`,
      value: Number.isFinite(heap) ? `${Math.round(heap)} MB` : 'n/a',
      goal: '-',
      met: null,
    });
    rows.push({
      measure: `${title}: time`,
      value: Number.isFinite(read?.ms)
        ? `${(read.ms / 1000).toFixed(1)} s, ${read.added} written`
        : 'n/a',
      goal: '-',
      met: null,
    });
  }
  return rows;
}

/**
 * Words of the generated feeds. The curly apostrophe is there because real feeds have one: a
 * character past Latin-1 makes V8 hold the whole document at two bytes a character, as it would
 * hold theirs.
 */
const WORDS = (
  'the market opened higher as bitcoin held its gains while ether traded sideways and ' +
  'analysts’ notes pointed to funding rates volumes on spot exchanges rose for a third day ' +
  'regulators said a decision on the fund would come later this quarter miners sold less ' +
  'than a month ago stablecoin supply grew again'
).split(' ');

/** A deterministic stream of numbers in [0, 1), so that every run reads the same feeds. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Words from `next` (seededRandom) until `chars` characters, as a sentence. */
export function sentence(next, chars) {
  const words = [];
  let length = 0;
  while (length < chars) {
    const word = WORDS[Math.floor(next() * WORDS.length)];
    words.push(word);
    length += word.length + 1;
  }
  const text = words.join(' ');
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

const xmlText = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * Where the generated feeds' links point: a name that never resolves (`.invalid`), so that a
 * reader that follows one (an article's page, an episode's audio) fails at once and says so,
 * instead of reaching out of the machine.
 */
const SITE = 'https://news.bench.invalid/';

/** The first item's date in the generated feeds; each older item an hour before the last. */
const FEED_NEWEST = Date.UTC(2026, 0, 1);

/**
 * One RSS `<item>` of a generated feed, item `index` (0 is the newest): a title, a link, a guid,
 * a date, an author, two categories, a comment count, a one-paragraph description and
 * `bodyChars` of HTML paragraphs of about 500 characters in `content:encoded`. With `transcript`
 * (an address), an episode: an audio enclosure, a duration and a WebVTT `podcast:transcript`.
 */
export function rssItemXml(index, { bodyChars, transcript = null, seed = 1 }) {
  const next = seededRandom(seed * 100_003 + index);
  const paragraphs = [];
  for (let length = 0; length < bodyChars;) {
    const paragraph = `<p>${xmlText(sentence(next, Math.min(500, bodyChars - length)))}</p>`;
    paragraphs.push(paragraph);
    length += paragraph.length;
  }
  const link = `${SITE}posts/${index}`;
  return [
    '<item>',
    `<title>${xmlText(sentence(next, 60))}</title>`,
    `<link>${link}</link>`,
    `<guid isPermaLink="true">${link}</guid>`,
    `<pubDate>${new Date(FEED_NEWEST - index * 3_600_000).toUTCString()}</pubDate>`,
    '<dc:creator>Coinlens Bench</dc:creator>',
    '<category>Markets</category><category>Bitcoin</category>',
    `<slash:comments>${index % 97}</slash:comments>`,
    `<description>${xmlText(sentence(next, 240))}</description>`,
    `<content:encoded><![CDATA[${paragraphs.join('\n')}]]></content:encoded>`,
    ...(transcript
      ? [
          `<enclosure url="${SITE}audio/${index}.mp3" length="1000000" type="audio/mpeg"/>`,
          '<itunes:duration>30:00</itunes:duration>',
          `<podcast:transcript url="${transcript}" type="text/vtt"/>`,
        ]
      : []),
    '</item>',
  ].join('\n');
}

/** A generated RSS document's head, up to its first item, and its tail. */
export const RSS_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" ' +
  'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:slash="http://purl.org/rss/1.0/modules/slash/" ' +
  'xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0">\n' +
  `<channel>\n<title>Coinlens bench</title>\n<link>${SITE}</link>\n` +
  '<description>Generated for the feed bench</description>\n<language>en</language>\n';
export const RSS_TAIL = '\n</channel>\n</rss>\n';

/**
 * A generated RSS feed of `items` items (rssItemXml); `transcript(index)` gives an episode's
 * transcript address, or is omitted for articles.
 */
export function rssFeed({ items, bodyChars, transcript = null }) {
  const body = Array.from({ length: items }, (_, index) =>
    rssItemXml(index, { bodyChars, transcript: transcript?.(index) ?? null }),
  );
  return `${RSS_HEAD}${body.join('\n')}${RSS_TAIL}`;
}

/**
 * A generated RSS feed of at least `bytes` bytes (UTF-8), in pieces to send one after another:
 * the head, one item at a time (each of about `bodyChars`), the tail. Never held whole.
 */
export function* rssFeedChunks({ bytes, bodyChars }) {
  yield RSS_HEAD;
  let sent = Buffer.byteLength(RSS_HEAD) + Buffer.byteLength(RSS_TAIL);
  for (let index = 0; sent < bytes; index += 1) {
    const item = `${rssItemXml(index, { bodyChars })}\n`;
    sent += Buffer.byteLength(item);
    yield item;
  }
  yield RSS_TAIL;
}

/** A WebVTT transcript of `cues` cues of 5 s, two speakers taking turns, for episode `index`. */
export function vttTranscript(index, cues) {
  const next = seededRandom(index + 7);
  const time = (seconds) =>
    `${String(Math.floor(seconds / 3600)).padStart(2, '0')}:${String(Math.floor(seconds / 60) % 60).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}.000`;
  const parts = ['WEBVTT', ''];
  for (let cue = 0; cue < cues; cue += 1) {
    parts.push(
      `${time(cue * 5)} --> ${time(cue * 5 + 5)}`,
      `<v ${cue % 2 === 0 ? 'Host' : 'Guest'}>${xmlText(sentence(next, 80))}`,
      '',
    );
  }
  return parts.join('\n');
}

/** The rows whose goal was missed. */
export function missedGoals(rows) {
  return rows.filter((row) => row.met === false);
}

const metText = (met) => (met === null ? '-' : met ? 'yes' : '**no**');

/**
 * One Markdown table of `{ measure, value, goal, met }` rows, padded the way Prettier writes
 * Markdown tables (so docs/benchmarks.md passes `prettier --check`). When a row has a `reference`
 * figure, the table has a column for it beside ours (`-` in the rows without one). Cells are plain
 * ASCII, whose width is their length.
 */
export function formatTable(rows) {
  const withReference = rows.some((row) => row.reference !== undefined);
  const cells = [
    withReference
      ? ['measure', 'ours', 'reference', 'goal', 'met']
      : ['measure', 'value', 'goal', 'met'],
    ...rows.map((row) =>
      withReference
        ? [row.measure, row.value, row.reference ?? '-', row.goal, metText(row.met)]
        : [row.measure, row.value, row.goal, metText(row.met)],
    ),
  ];
  return markdownTable(cells);
}

/**
 * A Markdown table of `cells` (the header row first), padded the way Prettier writes Markdown
 * tables. Cells are plain ASCII, whose width is their length.
 */
export function markdownTable(cells) {
  const escaped = cells.map((row) => row.map((cell) => String(cell).replaceAll('|', '\\|')));
  const widths = escaped[0].map((_, column) =>
    Math.max(3, ...escaped.map((row) => row[column].length)),
  );
  const line = (row) => `| ${row.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  return [
    line(escaped[0]),
    `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`,
    ...escaped.slice(1).map(line),
  ].join('\n');
}

/**
 * `--no-build`, `--api`, `--write`, `--check`, `--against DIR` and `--rounds N`; anything else is
 * refused with the usage.
 */
export function parseArgs(argv) {
  const options = {
    build: true,
    api: false,
    write: false,
    check: false,
    help: false,
    against: null,
    rounds: COMPARE_ROUNDS,
  };
  const args = [...argv];
  while (args.length > 0) {
    const arg = args.shift();
    if (arg === '--against' || arg === '--rounds') {
      const value = args.shift();
      if (value === undefined || value.startsWith('--')) {
        throw new Error(`${arg} needs a value\n${USAGE}`);
      }
      if (arg === '--against') options.against = value;
      else {
        options.rounds = Number(value);
        if (!Number.isInteger(options.rounds) || options.rounds < 2) {
          throw new Error(`--rounds must be a whole number of at least 2, not ${value}`);
        }
      }
    } else if (arg === '--no-build') options.build = false;
    else if (arg === '--api') options.api = true;
    else if (arg === '--write') options.write = true;
    else if (arg === '--check') options.check = true;
    else if (arg === '--help' || arg === '-h') options.help = true;
    else throw new Error(`unknown option ${arg}\n${USAGE}`);
  }
  if (options.against !== null && options.api) {
    throw new Error('--against compares two builds of the site: it does not go with --api');
  }
  return options;
}

export const USAGE =
  'usage: npm run bench [-- --no-build] [--api] [--write] [--check]\n' +
  '  --no-build  measure the existing build (site/public, api/dist) instead of running `npm run build`;\n' +
  '              the reference page (bench/reference) is built whenever its build is missing or older\n' +
  '              than its sources, with or without this\n' +
  '  --api       measure the API alone (its reads beside the asset list), on the database and Redis\n' +
  '              that DATABASE_URL and REDIS_URL name, else PGlite, then the alerts and the feed\n' +
  '              reader (bench/api); --write rewrites its own part\n' +
  '  --write     also rewrite the generated part of docs/benchmarks.md, and record the reference\n' +
  "              page's first-load JS in site/js-budget.json (the goals of js-size --check)\n" +
  '  --check     exit 1 when a goal is missed\n' +
  '  --against DIR [--rounds N]\n' +
  "              compare the site's build (site/public) with another build of it (DIR, e.g. a\n" +
  '              build without one start-up mechanism): Lighthouse on /, /mobile/ and the signed-in\n' +
  `              /reporting/, N rounds (default ${COMPARE_ROUNDS}) alternating between the two, each\n` +
  "              figure's median and spread";

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

/** The value at fraction `at` (0..1) of the sorted finite `values`, interpolated. */
export function quantile(values, at) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const position = (sorted.length - 1) * at;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
}

/**
 * One figure of two builds' runs: each side's median and interquartile range, the difference of
 * the medians (`other` minus `base`), and the spread it is weighed against: the larger of the two
 * interquartile ranges. `beyondSpread` says whether the difference is larger than that spread.
 */
export function compareFigure(base, other) {
  const side = (values) => ({
    median: median(values),
    iqr: quantile(values, 0.75) - quantile(values, 0.25),
    runs: values.filter((value) => Number.isFinite(value)).length,
  });
  const a = side(base);
  const b = side(other);
  const difference = b.median - a.median;
  const spread = Math.max(a.iqr, b.iqr);
  return { base: a, other: b, difference, spread, beyondSpread: Math.abs(difference) > spread };
}

const COMPARED_FIGURES = [
  { key: 'score', label: 'score', format: (value) => value.toFixed(2) },
  { key: 'lcpMs', label: 'LCP', format: (value) => `${Math.round(value)} ms` },
  { key: 'tbtMs', label: 'TBT', format: (value) => `${Math.round(value)} ms` },
  { key: 'cls', label: 'CLS', format: (value) => formatCls(value) },
];

/**
 * The Markdown table of a comparison: per page and figure, each build's median (with its
 * interquartile range), the difference and whether it is beyond the spread. `pages` holds
 * `{ path, preset, signedIn, base: runs[], other: runs[] }`; `names` the two builds' names.
 */
export function comparisonTable(pages, names) {
  const rows = [];
  for (const page of pages) {
    const title = `\`${page.path}\` ${page.preset}${page.signedIn ? ', signed in' : ''}`;
    for (const { key, label, format } of COMPARED_FIGURES) {
      const figure = compareFigure(
        page.base.map((run) => run[key]),
        page.other.map((run) => run[key]),
      );
      const sign = figure.difference > 0 ? '+' : figure.difference < 0 ? '-' : '';
      rows.push([
        `${title}: ${label}`,
        `${format(figure.base.median)} (IQR ${format(figure.base.iqr)}, ${figure.base.runs} runs)`,
        `${format(figure.other.median)} (IQR ${format(figure.other.iqr)}, ${figure.other.runs} runs)`,
        `${sign}${format(Math.abs(figure.difference))}`,
        figure.beyondSpread ? 'yes' : 'no',
      ]);
    }
  }
  return markdownTable([
    [
      'page: figure',
      `${names.base} median`,
      `${names.other} median`,
      'difference',
      'beyond the spread',
    ],
    ...rows,
  ]);
}
