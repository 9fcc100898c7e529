// The gzip size of the JavaScript each built page loads first: Gatsby's app chunk group plus the
// page component's chunk group (from public/webpack.stats.json and the page data), held to the
// budgets in site/js-budget.json.
//
// usage: node scripts/js-size.mjs [path ...]   every page (en/zh/pt-br alike), or those named
//        node scripts/js-size.mjs --check     fail when a route is over its ceiling, with a
//                                              table of what grew since the recorded baseline;
//                                              name the routes over their goals (the reference
//                                              page's recorded figure plus their allowance)
//        node scripts/js-size.mjs --update    record today's sizes and parts as the baseline
//                                              (ceilings and goals are kept; new routes get one)
//        --budget FILE                         another budget file than site/js-budget.json
//        --public DIR                          another Gatsby build than site/public (the bench
//                                              measures its reference page, bench/reference, so)
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ROOT } from './lib.mjs';

const PUBLIC = join(ROOT, 'site', 'public');
const BUDGET_FILE = join(ROOT, 'site', 'js-budget.json');
const LOCALE_PREFIX = /^\/(zh|pt-br)(?=\/)/;
/** Headroom a new route's ceiling gets above what it weighs today, in KB gz. */
const HEADROOM_KB = 2;
/** Parts under this many raw bytes are summed as "(smaller parts)" in the baseline. */
const PART_MIN_BYTES = 1024;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = Object.fromEntries([...BASE64].map((c, i) => [c, i]));

/** Decodes one source map segment's VLQ fields. */
function decodeSegment(segment) {
  const fields = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT[char];
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}

/** Where a chunk's bytes come from: a package of node_modules, or a folder of our own code. */
export function partOf(source) {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [scope, name] = source.slice(modules + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  // Our own sources are mapped relative to the site: ./src/... (site), ../src/... (design system).
  let own = source.replace(/^webpack:\/\/(@coinlens\/site\/)?/, '');
  if (own.startsWith('../src/')) own = `design-system/${own.slice(3)}`;
  else if (own.startsWith('./')) own = `site/${own.slice(2)}`;
  const folders = own.split('/');
  folders.pop();
  return folders.slice(0, 4).join('/') || own;
}

/** Raw bytes of a minified chunk per part, from its source map. */
export function partsOf(code, map) {
  const lines = code.split('\n');
  const parts = {};
  let source = 0;
  map.mappings.split(';').forEach((line, index) => {
    let column = 0;
    let previous = null;
    const close = (end) => {
      if (!previous) return;
      const part = partOf(map.sources[previous.source] ?? '?');
      parts[part] = (parts[part] ?? 0) + end - previous.column;
    };
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields = decodeSegment(segment);
      column += fields[0];
      close(column);
      if (fields.length > 1) {
        source += fields[1];
        previous = { column, source };
      } else {
        previous = null;
      }
    }
    close(lines[index]?.length ?? column);
  });
  return parts;
}

/**
 * The route a page belongs to: its path without the language prefix, every coin's page as one
 * (`/coins/*` and the phone's `/mobile/coins/*`: one component, hundreds of pages).
 */
export const routeOf = (path) =>
  path.replace(LOCALE_PREFIX, '').replace(/^(\/mobile)?\/coins\/[^/]+\/$/, '$1/coins/*');

function pageDataFiles(dir) {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return pageDataFiles(path);
    return entry === 'page-data.json' ? [path] : [];
  });
}

/** Every built page with the JS files it loads first, their gzip size and their parts. */
export function measure(publicDir = PUBLIC) {
  const statsFile = join(publicDir, 'webpack.stats.json');
  if (!existsSync(statsFile)) {
    throw new Error(`${statsFile} is missing: build the site first (npm run build -w site)`);
  }
  const stats = JSON.parse(readFileSync(statsFile, 'utf8'));
  const groupFiles = (name) =>
    (stats.namedChunkGroups?.[name]?.assets ?? [])
      .map((asset) => (typeof asset === 'string' ? asset : asset.name))
      .filter((file) => file.endsWith('.js'));
  const files = new Map();
  const fileInfo = (file) => {
    if (!files.has(file)) {
      const code = readFileSync(join(publicDir, file), 'utf8');
      const mapFile = join(publicDir, `${file}.map`);
      const map = existsSync(mapFile) ? JSON.parse(readFileSync(mapFile, 'utf8')) : null;
      files.set(file, {
        gz: gzipSync(code, { level: 9 }).length,
        parts: map ? partsOf(code, map) : { [file]: code.length },
        sources: map ? map.sources : [file],
      });
    }
    return files.get(file);
  };
  const pages = [];
  for (const file of pageDataFiles(join(publicDir, 'page-data'))) {
    const { path, componentChunkName } = JSON.parse(readFileSync(file, 'utf8'));
    if (!componentChunkName) continue;
    const chunks = [...new Set([...groupFiles('app'), ...groupFiles(componentChunkName)])];
    const parts = {};
    for (const chunk of chunks) {
      for (const [part, bytes] of Object.entries(fileInfo(chunk).parts)) {
        parts[part] = (parts[part] ?? 0) + bytes;
      }
    }
    const kb = chunks.reduce((sum, chunk) => sum + fileInfo(chunk).gz, 0) / 1024;
    const sources = chunks.flatMap((chunk) => fileInfo(chunk).sources);
    pages.push({ path, route: routeOf(path), files: chunks, kb, parts, sources });
  }
  return pages.sort((a, b) => a.path.localeCompare(b.path));
}

/** What a route may load first beyond the reference page, in KB gz (`*` for the routes not named). */
export const allowanceOf = (budget, route) =>
  budget.goals.overReferenceKb[route] ?? budget.goals.overReferenceKb['*'];

/**
 * A route's goal in KB gz: the reference page's first load as `npm run bench -- --write` last
 * recorded it, plus the route's allowance; NaN while no reference figure is recorded.
 */
export const goalOf = (budget, route) =>
  (budget.goals.reference?.kb ?? NaN) + allowanceOf(budget, route);

/**
 * The budget with the reference page's first load (`kb`, as js-size measures its `/`) recorded as
 * measured on `date` (YYYY-MM-DD); the rest is kept as it is.
 */
export function withReference(budget, kb, date) {
  return {
    ...budget,
    goals: { ...budget.goals, reference: { kb: Number(kb.toFixed(1)), measured: date } },
  };
}

/**
 * What `--check` says of the goals: one line on the reference and the allowances, then each route
 * over its goal (once, at its heaviest language). The goals are where the routes should get to;
 * the ceilings are what fails the check.
 */
export function goalReport(budget, pages) {
  const { reference, overReferenceKb } = budget.goals;
  const allowances = Object.entries(overReferenceKb)
    .map(([route, kb]) => `+${kb} KB ${route === '*' ? 'for the other routes' : route}`)
    .join(', ');
  if (!reference) {
    return [
      `goals: no reference figure recorded (npm run bench -- --write records it); allowances ${allowances}`,
    ];
  }
  const heaviest = new Map();
  for (const page of pages) {
    const current = heaviest.get(page.route);
    if (!current || page.kb > current.kb) heaviest.set(page.route, page);
  }
  const over = [...heaviest.values()].filter(
    // To the 0.1 KB that is printed, as the ceilings are compared.
    (page) => Number(page.kb.toFixed(1)) > Number(goalOf(budget, page.route).toFixed(1)),
  );
  return [
    `goals: the reference page's ${reference.kb} KB gz (measured ${reference.measured}), ` +
      `${allowances}: ${over.length === 0 ? 'every route within them' : `${over.length} routes above them`}`,
    ...over.map(
      (page) =>
        `  ${page.path}: ${page.kb.toFixed(1)} KB gz, goal ${goalOf(budget, page.route).toFixed(1)} KB`,
    ),
  ];
}

/** The parts that grew since the baseline (raw bytes), the biggest growth first. */
export function grown(baselineParts = {}, parts = {}, limit = 8) {
  const names = new Set([...Object.keys(baselineParts), ...Object.keys(parts)]);
  const small = (record) =>
    Object.entries(record)
      .filter(([, bytes]) => bytes < PART_MIN_BYTES)
      .reduce((sum, [, bytes]) => sum + bytes, 0);
  return (
    [...names]
      .filter((name) => name !== '(smaller parts)')
      .map((name) => {
        const before = baselineParts[name] ?? 0;
        const now = parts[name] ?? 0;
        return { name, before, now: now >= PART_MIN_BYTES ? now : 0 };
      })
      .concat({
        name: '(smaller parts)',
        before: baselineParts['(smaller parts)'] ?? 0,
        now: small(parts),
      })
      .map((row) => ({ ...row, delta: row.now - row.before }))
      // Growth that shows as +0.1 KB or more.
      .filter((row) => row.delta >= 52)
      .sort((a, b) => b.delta - a.delta)
      .slice(0, limit)
  );
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** The failure report: every route over its ceiling, each with the parts that grew. */
export function overBudgetReport(budget, pages) {
  const seen = new Set();
  const lines = [];
  for (const page of pages) {
    const entry = budget.routes[page.route];
    if (seen.has(page.route)) continue;
    if (!entry) {
      seen.add(page.route);
      lines.push(`${page.route}: no budget (run node scripts/js-size.mjs --update)`);
      continue;
    }
    // To the 0.1 KB the baseline records and the report prints, as `--update` compares them.
    if (Number(page.kb.toFixed(1)) <= entry.ceiling) continue;
    seen.add(page.route);
    const rows = grown(entry.parts, page.parts);
    lines.push(
      '',
      `${page.route} (${page.path}): ${page.kb.toFixed(1)} KB gz, ceiling ${entry.ceiling} KB,` +
        ` baseline ${entry.kb} KB, goal ${goalOf(budget, page.route).toFixed(1)} KB`,
      '',
      ...(rows.length
        ? [
            '| part | baseline KB raw | now KB raw | grew by |',
            '|---|---:|---:|---:|',
            ...rows.map(
              (row) => `| ${row.name} | ${kb(row.before)} | ${kb(row.now)} | +${kb(row.delta)} |`,
            ),
          ]
        : ['No part grew since the baseline: the ceiling is below what the baseline weighs.']),
    );
  }
  return lines;
}

/** What a page loads first that must load on demand only (budget.onDemand: source patterns). */
export function loadedTooSoon(budget, pages) {
  const patterns = (budget.onDemand ?? []).map((pattern) => new RegExp(pattern));
  const found = [];
  for (const page of pages) {
    for (const pattern of patterns) {
      const hit = page.sources.find((source) => pattern.test(source));
      if (hit) found.push(`${page.path}: ${hit.replace(/^webpack:\/\/(@coinlens\/site\/)?/, '')}`);
    }
  }
  return found;
}

/** The baseline file's content for today's pages: sizes and parts per route, ceilings kept. */
export function updatedBudget(budget, pages) {
  const routes = {};
  for (const page of pages) {
    if (routes[page.route]) continue;
    const parts = {};
    let smaller = 0;
    for (const [name, bytes] of Object.entries(page.parts).sort((a, b) => b[1] - a[1])) {
      if (bytes >= PART_MIN_BYTES) parts[name] = bytes;
      else smaller += bytes;
    }
    parts['(smaller parts)'] = smaller;
    const kbNow = Number(page.kb.toFixed(1));
    routes[page.route] = {
      ceiling: budget.routes?.[page.route]?.ceiling ?? Math.ceil(kbNow + HEADROOM_KB),
      kb: kbNow,
      parts,
    };
  }
  return { ...budget, routes: Object.fromEntries(Object.entries(routes).sort()) };
}

/**
 * Routes whose recorded baseline weighs more than their kept ceiling: `--check` fails on each of
 * them until its ceiling is raised on purpose (or the page loses the weight again).
 */
export function ceilingsBelowBaseline(budget) {
  return Object.entries(budget.routes ?? {})
    .filter(([, entry]) => entry.kb > entry.ceiling)
    .map(([route, entry]) => `${route}: baseline ${entry.kb} KB gz, ceiling ${entry.ceiling} KB`);
}

function main() {
  const args = process.argv.slice(2);
  const budgetAt = args.indexOf('--budget');
  const budgetFile = budgetAt >= 0 ? resolve(args[budgetAt + 1]) : BUDGET_FILE;
  const publicAt = args.indexOf('--public');
  const publicDir = publicAt >= 0 ? resolve(args[publicAt + 1]) : PUBLIC;
  const wanted = args.filter(
    (arg, i) =>
      !arg.startsWith('--') &&
      (budgetAt < 0 || i !== budgetAt + 1) &&
      (publicAt < 0 || i !== publicAt + 1),
  );
  const pages = measure(publicDir).filter((page) => !wanted.length || wanted.includes(page.path));
  const budget = JSON.parse(readFileSync(budgetFile, 'utf8'));
  if (args.includes('--update')) {
    const updated = updatedBudget(budget, pages);
    writeFileSync(budgetFile, `${JSON.stringify(updated, null, 2)}\n`);
    console.log(`${budgetFile}: baseline of ${pages.length} pages recorded`);
    const below = ceilingsBelowBaseline(updated);
    if (below.length) {
      console.warn(
        `Over their ceilings (kept): --check fails until each is raised on purpose or the` +
          ` weight goes:\n${below.map((line) => `  ${line}`).join('\n')}`,
      );
    }
    return;
  }
  if (args.includes('--check')) {
    const report = overBudgetReport(budget, pages);
    const tooSoon = loadedTooSoon(budget, pages);
    if (tooSoon.length) {
      report.push(
        '',
        'Loaded first, but meant to load on demand:',
        ...tooSoon.map((hit) => `  ${hit}`),
      );
    }
    if (report.length) {
      console.error(`First-load JavaScript over budget (${budgetFile}):\n${report.join('\n')}`);
      process.exitCode = 1;
    } else {
      const largest = pages.reduce((a, b) => (b.kb > a.kb ? b : a));
      console.log(
        `first-load JS: ${pages.length} pages within their ceilings (largest ${largest.path}` +
          ` ${largest.kb.toFixed(1)} KB gz)`,
      );
    }
    console.log(goalReport(budget, pages).join('\n'));
    return;
  }
  for (const { path, kb: size, files } of pages)
    console.log(
      `${size.toFixed(1).padStart(7)} KB gz  ${String(files.length).padStart(2)} files  ${path}`,
    );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
