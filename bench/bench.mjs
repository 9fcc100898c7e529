// `npm run bench`: builds and starts the product, then prints one table of Lighthouse
// performance (system Chromium, median of 5 rounds that alternate between the routes and the
// reference page, bench/reference), first-load JS beside the reference's, API throughput beside a
// bare Fastify route (each signed-in read also as a share of the public asset list's rate), chat
// latency, the alerts' evaluation and latency, and the feed reader's items/s and its memory on a
// 50 MB feed (bench/api; on PostgreSQL too when BENCH_DATABASE_URL names a server), each beside
// its goal. `--no-build` measures the existing build, `--write` rewrites the generated part of
// docs/benchmarks.md and records the reference's first-load JS in site/js-budget.json, `--check`
// exits 1 on a missed goal. `--api` measures the API alone, on PGlite or on the PostgreSQL (and
// Redis) that DATABASE_URL (and REDIS_URL) name, then the alerts and the feed reader.
import { randomUUID } from 'node:crypto';
import { execFile, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, release, tmpdir, totalmem, type as osType } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import {
  COMPARED_ROUTES,
  END_MARKER,
  GOALS,
  ROUTES,
  START_MARKER,
  USAGE,
  apiMarkers,
  apiRows,
  alertRows,
  chatRows,
  comparisonTable,
  describeMachine,
  describeSpeed,
  feedRows,
  formatCls,
  formatDuration,
  formatTable,
  jsRows,
  lighthouseRound,
  lighthouseRows,
  median,
  missedGoals,
  parseArgs,
  parseJsSize,
  readShareRows,
  replaceGenerated,
  summarizeRuns,
  whyBuildReference,
  wrongFinalUrl,
} from './bench-lib.mjs';
import { withReference } from '../scripts/js-size.mjs';
import { ROOT, chromiumPath, freePort, run } from '../scripts/lib.mjs';

/** Lighthouse rounds: each measures every route once and the reference once per preset. */
const RUNS_PER_ROUTE = 5;
/** Failed Lighthouse runs retried per page, over all rounds, before it counts as not measured. */
const RETRIES = 2;
/** The API's load: alternating rounds of each route, the median kept (a noisy machine). */
const API_LOAD = { connections: 50, duration: 3, rounds: 3 };
const CHAT_QUESTIONS = [
  'What is the price of Bitcoin?',
  'How is Ethereum doing this week?',
  'Compare Solana and Cardano',
  'Give me a report on XRP',
  'Which coins are hot today?',
];
/** The site gives up on a reply after this long without a part. */
const REPLY_TIMEOUT_MS = 35_000;
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
const BENCH_DIR = join(ROOT, 'bench');
const REFERENCE_DIR = join(BENCH_DIR, 'reference');
const DOC = join(ROOT, 'docs', 'benchmarks.md');
const BUDGET_FILE = join(ROOT, 'site', 'js-budget.json');

const execFileAsync = promisify(execFile);
const requireFromRoot = createRequire(join(ROOT, 'package.json'));
const started = performance.now();
const log = (message) => console.log(`[bench] ${message}`);

let options;
try {
  options = parseArgs(process.argv.slice(2));
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}

// What has to be undone however the run ends: the server, a Chromium, the data directory.
const cleanups = [];
let cleaning = null;
/** Set once the run is being stopped: nothing new is started after that. */
let stopping = false;
function cleanup() {
  stopping = true;
  cleaning ??= (async () => {
    // Newest first; taken out of the list, so that a step forgetting its own cleanup meanwhile
    // cannot make this loop skip another.
    for (const undo of cleanups.splice(0).reverse()) {
      try {
        await undo();
      } catch (error) {
        console.error(`[bench] cleanup: ${error.message}`);
      }
    }
  })();
  return cleaning;
}
/** Takes back a cleanup that has already been done. */
function forget(undo) {
  const index = cleanups.indexOf(undo);
  if (index !== -1) cleanups.splice(index, 1);
}
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.once(signal, () => {
    console.error(`\n[bench] ${signal}: stopping the server and Chromium`);
    void cleanup().then(() => process.exit(code));
  });
}

/** Lighthouse and chrome-launcher from bench/node_modules, installed from its lockfile when missing. */
async function loadLighthouse() {
  const wanted = JSON.parse(readFileSync(join(BENCH_DIR, 'package.json'), 'utf8')).dependencies
    .lighthouse;
  const installed = () => {
    try {
      const version = (name) =>
        JSON.parse(readFileSync(join(BENCH_DIR, 'node_modules', name, 'package.json'), 'utf8'))
          .version;
      return (
        version('chrome-launcher') && version('puppeteer-core') && version('lighthouse') === wanted
      );
    } catch {
      return false;
    }
  };
  if (!installed()) {
    log(`installing Lighthouse ${wanted} into bench/node_modules (npm ci --prefix bench)`);
    await run('npm', ['ci', '--prefix', 'bench', '--no-audit', '--no-fund']).catch((error) => {
      throw new Error(
        `could not install Lighthouse from bench/package-lock.json (${error.message}): ` +
          "see npm's message above (is the registry reachable? does npm ci accept the lockfile?)",
      );
    });
    if (!installed()) throw new Error('npm ci --prefix bench did not install lighthouse');
  }
  const module = (path) => import(pathToFileURL(join(BENCH_DIR, 'node_modules', path)).href);
  const [
    { default: lighthouse },
    { default: desktopConfig },
    chromeLauncher,
    { default: puppeteer },
  ] = await Promise.all([
    module('lighthouse/core/index.js'),
    module('lighthouse/core/config/desktop-config.js'),
    module('chrome-launcher/dist/index.js'),
    // Lighthouse's own driver: here it only stores the signed-in runs' token.
    module('puppeteer-core/lib/esm/puppeteer/puppeteer-core.js'),
  ]);
  return { lighthouse, desktopConfig, chromeLauncher, puppeteer, version: wanted };
}

async function chromiumVersion(path) {
  try {
    // Debian's wrapper script may complain on stderr; the version is on stdout.
    const { stdout } = await execFileAsync(path, ['--version'], { timeout: 30_000 });
    return stdout.trim() || 'unknown';
  } catch (error) {
    throw new Error(`${path} --version failed (${error.message}): is Chromium installed?`);
  }
}

/**
 * First-load JS per route from scripts/js-size.mjs, of the site or of another Gatsby build
 * (`publicDir`). It is asked for every page and the routes are picked here, so that the figures
 * do not depend on how it reads a list of paths.
 */
async function jsSizes(paths, publicDir = null) {
  try {
    const { stdout } = await execFileAsync(
      process.execPath,
      [join(ROOT, 'scripts', 'js-size.mjs'), ...(publicDir ? ['--public', publicDir] : [])],
      { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
    );
    return parseJsSize(stdout).filter((size) => paths.includes(size.path));
  } catch (error) {
    throw new Error(`scripts/js-size.mjs failed: ${error.stderr?.trim() || error.message}`);
  }
}

/**
 * The reference page resolves its packages from the repository's node_modules, as the workspaces
 * do. A package only one workspace uses may be installed in that workspace's own node_modules
 * (npm put gatsby-plugin-react-i18next in site/node_modules, beside the path-to-regexp it needs):
 * such a package is linked into bench/reference/node_modules, so that the reference uses the copy
 * the site uses, without an install of its own.
 */
function linkWorkspacePackages() {
  const { dependencies } = JSON.parse(readFileSync(join(REFERENCE_DIR, 'package.json'), 'utf8'));
  for (const name of Object.keys(dependencies)) {
    const link = join(REFERENCE_DIR, 'node_modules', name);
    if (existsSync(link) || existsSync(join(ROOT, 'node_modules', name))) continue;
    const installed = ['site', 'design-system', 'api']
      .map((workspace) => join(ROOT, workspace, 'node_modules', name))
      .find((path) => existsSync(path));
    if (!installed) {
      throw new Error(`${name}, which bench/reference uses, is not installed: run npm ci`);
    }
    // A link left behind by an install that has moved since.
    rmSync(link, { force: true });
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(relative(dirname(link), installed), link, 'dir');
    log(`linked bench/reference/node_modules/${name} to ${relative(ROOT, installed)}`);
  }
}

/** The files the reference page is built from: its own, and the record of what is installed. */
function referenceSources() {
  const own = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (!entry.isDirectory()) return [path];
      return ['node_modules', '.cache', 'public'].includes(entry.name) ? [] : own(path);
    });
  return [
    ...own(REFERENCE_DIR),
    join(ROOT, 'package-lock.json'),
    join(ROOT, 'node_modules', '.package-lock.json'),
  ]
    .filter((path) => existsSync(path))
    .map((path) => ({ path: relative(ROOT, path), mtimeMs: statSync(path).mtimeMs }));
}

/** Builds the reference page (`gatsby build` in bench/reference) unless its build is up to date. */
async function buildReference() {
  linkWorkspacePackages();
  const page = join(REFERENCE_DIR, 'public', 'index.html');
  const why = whyBuildReference(
    existsSync(page) ? statSync(page).mtimeMs : null,
    referenceSources(),
  );
  if (why === null) return;
  log(`building the reference page (gatsby build in bench/reference): ${why}`);
  const gatsby = join(dirname(requireFromRoot.resolve('gatsby/package.json')), 'cli.js');
  await run(process.execPath, [gatsby, 'build'], {
    cwd: REFERENCE_DIR,
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: '1' },
  }).catch((error) => {
    throw new Error(`the reference page's build failed (${error.message}); see its output above`);
  });
}

/** The product as `npm start` runs it, on a free port and a fresh data directory. */
function startProduct() {
  return startServer([join(ROOT, 'scripts', 'start.mjs')], ROOT, { SKIP_BUILD: '1' });
}

/**
 * A server (`args` for node) on a free port and a fresh data directory, in its own process group,
 * so that stopping it stops whatever it starts; answers once `/api/health` does.
 */
async function startServer(args, cwd, env) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'coinlens-bench-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, args, {
    cwd,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let alive = true;
  void exited.then(() => (alive = false));
  cleanups.push(async () => {
    if (!alive) return;
    process.kill(-child.pid, 'SIGTERM');
    const stopped = await Promise.race([exited.then(() => true), sleep(15_000, false)]);
    if (!stopped && alive) process.kill(-child.pid, 'SIGKILL');
  });

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (!alive) {
      throw new Error(
        `the server exited before answering on port ${port} (see its output above: port in use, database locked, missing build?)`,
      );
    }
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${origin}/api/health did not answer 200 in 120 s`);
    await sleep(250);
  }
  return { origin, dataDir };
}

/**
 * Calls the API and reads its envelope; throws unless it says success: `code` 200, or `ok` for
 * the monitoring endpoints (docs/api.md, "Envelopes and codes").
 */
async function api(origin, path, { token, body } = {}) {
  const response = await fetch(`${origin}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      language: 'en',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = await response.json().catch(() => ({ code: response.status, msg: 'no JSON' }));
  const succeeded = path.startsWith('/api/monitor/') ? envelope.ok === true : envelope.code === 200;
  if (!succeeded) {
    throw new Error(`${path} answered ${envelope.code ?? `ok ${envelope.ok}`}: ${envelope.msg}`);
  }
  return envelope.data;
}

/** A new account made the way the site makes one (e2e/accounts.ts): a mailed code, then register. */
async function createAccount({ origin, dataDir }) {
  const account = `bench-${process.pid}-${Date.now().toString(36)}@example.com`;
  await api(origin, '/api/auth/base/sendMessage', { body: { account, type: 4 } });
  const mails = readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8').trim().split('\n');
  const mail = mails
    .map((line) => JSON.parse(line))
    .reverse()
    .find((entry) => entry.to === account && entry.type === 4);
  if (!mail) throw new Error(`no register code was mailed to ${account} (outbox.jsonl)`);
  const user = await api(origin, '/api/auth/login/register', {
    body: { account, passwd: 'correct-horse-9', captcha: String(mail.code) },
  });
  return user.tokenInfo.tokenValue;
}

/**
 * The account the signed-in Lighthouse runs use, as a user who has settled in: it follows 3 coins
 * (their reports on /reporting/) and 2 monitored sources (on /monitoring/).
 */
async function createLighthouseAccount(product) {
  const token = await createAccount(product);
  const coins = await api(product.origin, '/api/asset/list?page=1&size=3');
  const coinIds = coins.records.map((coin) => coin.id);
  await api(product.origin, '/api/follow/add', { token, body: { coinIds } });
  const sources = await api(product.origin, '/api/monitor/source/list?page=1&size=2', { token });
  const sourceIds = sources.records.map((source) => source.id).join(',');
  await api(product.origin, `/api/monitor/user/source/add?sourceIds=${sourceIds}`, { token });
  return token;
}

/**
 * Signs the browser on `port` in at `origin` the way the site does: the token in the origin's
 * localStorage (site/src/data/token.ts). Lighthouse's storage reset leaves localStorage alone
 * (its clearStorageTypes), and it clears the HTTP cache before it loads the page; the token is
 * written from an API address, so no page of the site is loaded before the measured one.
 */
async function signIn(puppeteer, port, origin, token) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/api/health`);
    await page.evaluate((value) => globalThis.localStorage.setItem('token', value), token);
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/**
 * One Lighthouse run of `url` with `preset` in a fresh Chromium (signed in at `signedIn.origin`
 * with `signedIn.token` first, when given): its figures, the address it ended on, where its
 * largest layout shift was, and Lighthouse's warnings. Throws on a failed run or a wrong final
 * address (wrongFinalUrl).
 */
async function lighthouseRun(
  { lighthouse, desktopConfig, chromeLauncher, puppeteer },
  { url, preset, signedIn, reference = false },
) {
  if (stopping) throw new Error('stopped');
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
    logLevel: 'silent',
  });
  const kill = async () => chrome.kill();
  cleanups.push(kill);
  try {
    if (signedIn) await signIn(puppeteer, chrome.port, signedIn.origin, signedIn.token);
    const result = await lighthouse(
      url,
      { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: ['performance'] },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const finalUrl = lhr.finalDisplayedUrl;
    const wrong = wrongFinalUrl(preset, url, lhr.mainDocumentUrl ?? url, finalUrl, {
      signedIn: Boolean(signedIn),
      reference,
    });
    if (wrong) throw new Error(wrong);
    const audit = (id) => {
      const entry = lhr.audits[id];
      if (typeof entry?.numericValue !== 'number') {
        throw new Error(`no ${id}: ${entry?.errorMessage ?? 'audit missing'}`);
      }
      return entry.numericValue;
    };
    const score = lhr.categories.performance?.score;
    if (typeof score !== 'number') throw new Error('no performance score');
    const figures = {
      score,
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      benchmarkIndex: lhr.environment?.benchmarkIndex,
    };
    // Where a layout shift comes from, for whoever has to remove it.
    const shifted = lhr.audits['layout-shifts']?.details?.items?.[0]?.node;
    const shiftNote =
      figures.cls > 0 && shifted
        ? ` (largest shift: ${shifted.selector ?? shifted.nodeLabel})`
        : '';
    return { figures, finalUrl, shiftNote, warnings: lhr.runWarnings };
  } finally {
    forget(kill);
    await kill();
  }
}

/** One run's figures as the bench's log line prints them. */
function describeRun(figures, { url, finalUrl, shiftNote, warnings }) {
  const index = Number.isFinite(figures.benchmarkIndex)
    ? Math.round(figures.benchmarkIndex)
    : 'not reported';
  return (
    `${figures.score.toFixed(2)}, LCP ${Math.round(figures.lcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms, ` +
    `CLS ${formatCls(figures.cls)}${shiftNote}${finalUrl === url ? '' : `, ended on ${finalUrl}`}` +
    `, benchmark index ${index}` +
    (warnings.length ? `; warnings: ${warnings.join(' / ')}` : '')
  );
}

/**
 * Lighthouse figures for every route and each preset's reference page, in `RUNS_PER_ROUTE`
 * rounds (`lighthouseRound`): every page once a round, so that each route and the reference it
 * is compared with are measured through the same minutes of a noisy machine; each figure is the
 * median of its page's rounds. A failed run is retried at once, and is a problem, not a crash.
 */
async function measureLighthouse(tools, product, servers, problems) {
  const { origin } = product;
  const token = ROUTES.some((route) => route.signedIn)
    ? await createLighthouseAccount(product)
    : null;
  const pages = lighthouseRound(ROUTES).map((page) => ({
    ...page,
    url: `${page.reference ? servers.reference : origin}${page.path}`,
    title: page.reference ? 'reference page' : page.path,
    runs: [],
    finalUrls: new Set(),
    failures: [],
  }));
  for (let round = 1; round <= RUNS_PER_ROUTE; round += 1) {
    for (const page of pages) {
      const { url, preset, signedIn, reference = false, runs, failures } = page;
      // Lighthouse fails now and then on a busy machine (NO_NAVSTART ...): a failed run is
      // retried, up to RETRIES times for the page over all rounds.
      while (runs.length < round && failures.length <= RETRIES) {
        if (stopping) throw new Error('stopped');
        try {
          const { figures, finalUrl, shiftNote, warnings } = await lighthouseRun(tools, {
            url,
            preset,
            signedIn: signedIn ? { origin, token } : null,
            reference,
          });
          runs.push(figures);
          page.finalUrls.add(new URL(finalUrl).pathname + new URL(finalUrl).search);
          log(
            `Lighthouse ${page.title} (${preset}${signedIn ? ', signed in' : ''}) round ${round}/${RUNS_PER_ROUTE}: ` +
              describeRun(figures, { url, finalUrl, shiftNote, warnings }),
          );
        } catch (error) {
          failures.push(`round ${round}: ${error.message}`);
          log(`Lighthouse ${page.title} (${preset}) round ${round} failed: ${error.message}`);
        }
      }
    }
  }
  return pages.map((page) => {
    if (page.runs.length < RUNS_PER_ROUTE) {
      problems.push(
        `Lighthouse ${page.title} (${page.preset}): ${page.runs.length} of ${RUNS_PER_ROUTE} runs measured (${page.failures.join('; ')})`,
      );
    }
    return {
      path: page.path,
      preset: page.preset,
      signedIn: page.signedIn,
      reference: page.reference === true,
      summary: summarizeRuns(page.runs),
      finalUrls: [...page.finalUrls],
      benchmarkIndexes: page.runs.map((figures) => figures.benchmarkIndex),
    };
  });
}

/**
 * The bench's own servers in a worker thread of this process (bench-servers.mjs): the
 * bare Fastify route and the reference page, each on its own origin.
 */
async function startBenchServers() {
  const worker = new Worker(new URL('./bench-servers.mjs', import.meta.url), {
    workerData: { root: ROOT, referenceDir: join(REFERENCE_DIR, 'public') },
  });
  const stop = () => worker.terminate();
  cleanups.push(stop);
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the bench's servers exited (${code})`)));
  });
}

/**
 * Requests/s and p99 with autocannon, in rounds that alternate between the routes, so that each
 * signed-in read is compared with the public asset list under the same load of the machine.
 * Anything but HTTP 2xx with a successful envelope is a problem. `bare`: the bare route's origin,
 * measured beside them, or null.
 */
async function measureApi(product, bare, problems) {
  const autocannon = requireFromRoot('autocannon');
  // A user who has settled in: 3 coins, 2 sources.
  const token = await createLighthouseAccount(product);
  const followed = await api(product.origin, '/api/follow/list', { token });
  const coinId = followed[0].coinId;
  const reference = { title: '`GET /api/asset/list`', url: `${product.origin}/api/asset/list` };
  const reads = [
    { title: '`GET /api/user`', path: '/api/user' },
    { title: '`GET /api/follow/list`', path: '/api/follow/list' },
    {
      title: '`GET /api/monitor/user/source/list`',
      path: '/api/monitor/user/source/list?page=1&size=10',
    },
    { title: '`GET /api/chat/list`', path: '/api/chat/list?size=10&oldestSeqNo=-1' },
  ].map((read) => ({ ...read, url: `${product.origin}${read.path}`, token }));
  // Public, as the markets page asks for its first page.
  const marketList = {
    title: '`GET /api/market/list`',
    url: `${product.origin}/api/market/list?page=1&size=50`,
    goalShare: GOALS.marketListShare,
  };
  const targets = [
    ...(bare ? [{ title: 'bare Fastify `GET /`', url: `${bare}/` }] : []),
    reference,
    marketList,
    ...reads,
    {
      title: `\`GET /api/analysis/coin?coinId=${coinId}\``,
      url: `${product.origin}/api/analysis/coin?coinId=${coinId}`,
    },
  ];
  const runs = new Map(targets.map((target) => [target, []]));
  for (const target of targets) {
    const headers = headersOf(target);
    // Warm up (JIT, caches) before measuring, and read each answer whole (fetch decompresses it).
    for (let i = 0; i < 50; i += 1) {
      const response = await fetch(target.url, { headers });
      const text = await response.text();
      if (i === 0 && !(text.startsWith('{"code":200,') || text.startsWith('{"ok":true,'))) {
        problems.push(`API ${target.title}: ${response.status} ${text.slice(0, 200)}`);
      }
    }
  }
  for (let round = 0; round < API_LOAD.rounds; round += 1) {
    for (const target of targets) {
      const result = await autocannon({
        url: target.url,
        headers: headersOf(target),
        connections: API_LOAD.connections,
        duration: API_LOAD.duration,
        // Every envelope starts with its success: `{"code":200,` or, for monitoring, `{"ok":true,`.
        // A compressed body (Brotli or gzip, never `{`) is one of the lists' kept answers, which
        // are kept only when successful (api/src/encoding.ts); the warm-up read them whole.
        verifyBody: (body) =>
          body.startsWith('{"code":200,') ||
          body.startsWith('{"ok":true,') ||
          !body.startsWith('{'),
      });
      const failures = {
        'non-2xx': result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        'unsuccessful envelope': result.mismatches,
      };
      const bad = Object.entries(failures).filter(([, count]) => count > 0);
      if (bad.length > 0) {
        problems.push(
          `API ${target.title}: ${bad.map(([what, count]) => `${count} ${what}`).join(', ')} ` +
            `of ${result.requests.total} requests (status codes: ${JSON.stringify(result.statusCodeStats)}): the figures are not valid`,
        );
      }
      runs.get(target).push(result);
    }
  }
  const figures = new Map(
    targets.map((target) => {
      const results = runs.get(target);
      const summary = {
        title: target.title,
        requestsPerSecond: median(results.map((result) => result.requests.average)),
        p99Ms: median(results.map((result) => result.latency.p99)),
      };
      log(
        `API ${target.title}: ${summary.requestsPerSecond.toFixed(0)} requests/s, p99 ${summary.p99Ms} ms (median of ${results.length})`,
      );
      return [target, summary];
    }),
  );
  return {
    results: targets.map((target) => figures.get(target)),
    shares: readShareRows(figures.get(reference), [
      { ...figures.get(marketList), goalShare: marketList.goalShare },
      ...reads.map((read) => figures.get(read)),
    ]),
  };
}

function headersOf(target) {
  return {
    language: 'en',
    // As a browser asks: the lists answer their kept bodies compressed.
    'accept-encoding': 'gzip, deflate, br, zstd',
    ...(target.token ? { authorization: `Bearer ${target.token}` } : {}),
  };
}

/** The API alone on a fresh data directory, on DATABASE_URL and REDIS_URL when they are set. */
function startApi() {
  return startServer([join(ROOT, 'api', 'dist', 'src', 'main.js')], join(ROOT, 'api'), {
    SITE_DIR: '',
  });
}

/** `--api`: the API's reads beside the asset list, on the engine the environment names. */
async function mainApi() {
  const loadBefore = loadavg()[0];
  if (options.build) {
    log('building the API (npm run build -w api)');
    await run('npm', ['run', 'build', '-w', 'api']);
  }
  const engine = process.env.DATABASE_URL
    ? process.env.REDIS_URL
      ? 'postgres-redis'
      : 'postgres'
    : 'pglite';
  const engineName = {
    pglite: 'PGlite (embedded)',
    postgres: 'PostgreSQL, without Redis',
    'postgres-redis': 'PostgreSQL with Redis',
  }[engine];
  log(`starting the API on ${engineName}`);
  const product = await startApi();
  const problems = [];
  const { results, shares } = await measureApi(product, null, problems);
  await cleanup();
  const alerts = await measureAlerts(problems);
  const feeds = await measureFeeds(problems);
  const rows = [...results.flatMap(apiRows), ...shares, ...alertRows(alerts), ...feedRows(feeds)];
  const table = formatTable(rows);
  console.log(`\n${table}\n`);
  const missed = missedGoals(rows);
  if (problems.length > 0) {
    console.error(`\nThe run is incomplete:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  } else if (options.write) {
    const doc = readFileSync(DOC, 'utf8');
    const generated = [
      `${engineName}: measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench -- ${process.argv.slice(2).join(' ')}\` (load average ${loadBefore.toFixed(2)} at the start; ${API_LOAD.connections} connections, ${API_LOAD.rounds} alternating rounds of ${API_LOAD.duration} s, medians).`,
      table,
    ].join('\n\n');
    const prettier = requireFromRoot('prettier');
    const config = (await prettier.resolveConfig(DOC)) ?? {};
    const written = replaceGenerated(doc, generated, apiMarkers(engine));
    writeFileSync(DOC, await prettier.format(written, { ...config, filepath: DOC }));
    log(`wrote ${DOC}`);
  }
  log(`total run time ${formatDuration(performance.now() - started)}`);
  if (problems.length > 0) return 1;
  return options.check && missed.length > 0 ? 1 : 0;
}

/**
 * The alert benches (bench/api/alerts.mjs, bench/api/alert-latency.mjs) on the built API, each on
 * PGlite and, when BENCH_DATABASE_URL names a PostgreSQL server, on it too; run alone, after the
 * product has stopped, since each starts what it measures.
 */
async function measureAlerts(problems) {
  const figures = {};
  for (const [key, script] of [
    ['evaluation', 'alerts.mjs'],
    ['latency', 'alert-latency.mjs'],
  ]) {
    log(`alerts: bench/api/${script}`);
    try {
      const { stdout } = await execFileAsync(
        process.execPath,
        [join(BENCH_DIR, 'api', script), '--json'],
        { cwd: ROOT, maxBuffer: 16 * 1024 * 1024, timeout: 15 * 60_000 },
      );
      figures[key] = JSON.parse(stdout.trim().split('\n').at(-1));
    } catch (error) {
      // The latency bench exits 1 when an alert went unheard, with its figures printed.
      const last = error.stdout?.trim().split('\n').at(-1);
      if (last?.startsWith('{')) figures[key] = JSON.parse(last);
      else problems.push(`bench/api/${script} failed: ${error.stderr?.trim() || error.message}`);
    }
  }
  return figures;
}

/**
 * The feed bench (bench/api/feeds.mjs) on the built API: a full read's items/s and the memory of
 * a 50 MB feed's read, on PGlite and, with BENCH_DATABASE_URL, on PostgreSQL; run alone, after the
 * product has stopped, so that its rates and its memory are the reader's.
 */
async function measureFeeds(problems) {
  log('feeds: bench/api/feeds.mjs');
  try {
    const { stdout } = await execFileAsync(
      process.execPath,
      [join(BENCH_DIR, 'api', 'feeds.mjs'), '--json'],
      { cwd: ROOT, maxBuffer: 16 * 1024 * 1024, timeout: 20 * 60_000 },
    );
    return JSON.parse(stdout.trim().split('\n').at(-1));
  } catch (error) {
    problems.push(`bench/api/feeds.mjs failed: ${error.stderr?.trim() || error.message}`);
    return {};
  }
}

/** Median time from a question to its reply's first and last part, over socket.io as the site does. */
async function measureChat(product, problems) {
  const { io } = requireFromRoot('socket.io-client');
  const token = await createAccount(product);
  const history = await api(product.origin, '/api/chat/list?size=1&oldestSeqNo=-1', { token });
  const socket = io(product.origin, {
    path: '/socket.io',
    query: { token },
    auth: { token },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  const close = () => socket.disconnect();
  cleanups.push(close);
  const firsts = [];
  const lasts = [];
  try {
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', (error) =>
        reject(new Error(`socket.io refused: ${error.message}`)),
      );
    });
    for (const text of CHAT_QUESTIONS) {
      const asked = performance.now();
      let firstAt = null;
      let parts = 0;
      let listener;
      const reply = new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no reply to "${text}" in ${REPLY_TIMEOUT_MS} ms`)),
          REPLY_TIMEOUT_MS,
        );
        listener = (message) => {
          if (message.source !== 'ASSISTANT') return;
          firstAt ??= performance.now();
          parts += 1;
          if (message.error) {
            clearTimeout(timer);
            reject(new Error(`the reply to "${text}" failed: ${message.text}`));
          } else if (!message.more) {
            clearTimeout(timer);
            resolve(performance.now());
          }
        };
        socket.on('chat', listener);
      });
      try {
        const ack = await socket.timeout(10_000).emitWithAck('chat', {
          clientId: randomUUID(),
          conversationId: history.conversationId,
          source: 'USER',
          language: 'en',
          text,
          context: null,
        });
        if (ack.code !== 200) throw new Error(`"${text}" was refused: ${ack.code} ${ack.msg}`);
        const lastAt = await reply;
        firsts.push(firstAt - asked);
        lasts.push(lastAt - asked);
        log(
          `chat "${text}": first part ${Math.round(firstAt - asked)} ms, last ${Math.round(lastAt - asked)} ms, ${parts} part${parts === 1 ? '' : 's'}`,
        );
      } catch (error) {
        problems.push(`chat: ${error.message}`);
        // A reply still coming would be taken for the next one's.
        break;
      } finally {
        socket.off('chat', listener);
      }
    }
  } catch (error) {
    problems.push(`chat: ${error.message}`);
  } finally {
    close();
    forget(close);
  }
  return { firstMs: median(firsts), lastMs: median(lasts), count: firsts.length };
}

/** The generated part of docs/benchmarks.md. */
function generatedDoc({ date, duration, loadBefore, machine, table, lighthouse, finalUrlNotes }) {
  return [
    `Measured ${date} by \`npm run bench -- ${process.argv.slice(2).join(' ')}\` in ${duration} (load average ${loadBefore.toFixed(2)} at the start), Lighthouse ${lighthouse}, ${RUNS_PER_ROUTE} rounds, on:`,
    machine,
    table,
    ...(finalUrlNotes.length
      ? [`Where pages ended (after their own client-side moves): ${finalUrlNotes.join('; ')}.`]
      : []),
  ].join('\n\n');
}

async function writeDoc(generated) {
  const prettier = requireFromRoot('prettier');
  const doc = existsSync(DOC)
    ? replaceGenerated(readFileSync(DOC, 'utf8'), generated)
    : `# Benchmarks\n\n${START_MARKER}\n\n${generated}\n\n${END_MARKER}\n`;
  const config = (await prettier.resolveConfig(DOC)) ?? {};
  writeFileSync(DOC, await prettier.format(doc, { ...config, filepath: DOC }));
  log(`wrote ${DOC}`);
}

/** Records the reference page's first-load JS (`kb`) in site/js-budget.json, as measured today. */
function writeReferenceSize(kb) {
  // Read just before it is written: the file's routes are recorded by js-size --update.
  const budget = JSON.parse(readFileSync(BUDGET_FILE, 'utf8'));
  const today = new Date().toISOString().slice(0, 10);
  writeFileSync(BUDGET_FILE, `${JSON.stringify(withReference(budget, kb, today), null, 2)}\n`);
  log(`recorded the reference page's ${kb.toFixed(1)} KB gz in ${BUDGET_FILE}`);
}

async function main() {
  const loadBefore = loadavg()[0];
  const chromePath = chromiumPath();
  const chromium = await chromiumVersion(chromePath);
  const tools = await loadLighthouse();

  if (options.build) {
    log('building (npm run build)');
    await run('npm', ['run', 'build', '--', '--output-logs=errors-only'], {
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', GATSBY_TELEMETRY_DISABLED: '1' },
    }).catch((error) => {
      throw new Error(`the build failed (${error.message}); see its output above`);
    });
  }
  for (const file of ['api/dist/src/main.js', 'site/public/index.html']) {
    if (!existsSync(join(ROOT, file))) {
      throw new Error(`${file} is missing: run \`npm run build\` (or drop --no-build)`);
    }
  }
  await buildReference();

  const problems = [];
  const sizes = await jsSizes(ROUTES.map((route) => route.path));
  for (const size of sizes) log(`first-load JS ${size.path}: ${size.kb.toFixed(1)} KB gz`);
  for (const { path } of ROUTES) {
    if (!sizes.some((size) => size.path === path)) {
      problems.push(`scripts/js-size.mjs printed no figure for ${path}: is the site fully built?`);
    }
  }
  const [referenceSize] = await jsSizes(['/'], join(REFERENCE_DIR, 'public'));
  if (referenceSize) {
    log(`first-load JS of the reference page: ${referenceSize.kb.toFixed(1)} KB gz`);
  } else {
    problems.push('scripts/js-size.mjs printed no figure for the reference page (bench/reference)');
  }
  const { overReferenceKb } = JSON.parse(readFileSync(BUDGET_FILE, 'utf8')).goals;

  log('starting the product (scripts/start.mjs, SKIP_BUILD=1)');
  const product = await startProduct();
  log(`serving on ${product.origin}`);
  const servers = await startBenchServers();
  log(`serving the reference page on ${servers.reference}`);
  const lighthouse = await measureLighthouse(tools, product, servers, problems);
  const apiResults = await measureApi(product, servers.bare, problems);
  const chat = await measureChat(product, problems);
  await cleanup();
  const alerts = await measureAlerts(problems);
  const feeds = await measureFeeds(problems);

  const referenceOf = (preset) =>
    lighthouse.find((result) => result.reference && result.preset === preset)?.summary;
  const rows = [
    ...lighthouse
      .filter((result) => !result.reference)
      .flatMap(({ path, preset, signedIn, summary }) =>
        lighthouseRows(path, preset, summary, { signedIn, reference: referenceOf(preset) }),
      ),
    ...jsRows(
      ROUTES.map((route) => route.path),
      sizes,
      referenceSize,
      overReferenceKb,
    ),
    ...apiResults.results.flatMap(apiRows),
    ...apiResults.shares,
    ...chatRows(chat),
    ...alertRows(alerts),
    ...feedRows(feeds),
  ];
  const table = formatTable(rows);
  const speed = describeSpeed(lighthouse.flatMap((result) => result.benchmarkIndexes));
  const duration = formatDuration(performance.now() - started);
  console.log(`\n${table}\n\nSpeed: ${speed}\n`);
  const missed = missedGoals(rows);
  console.log(
    missed.length === 0
      ? 'Every goal is met.'
      : `${missed.length} goal${missed.length === 1 ? '' : 's'} missed: ${missed.map((row) => row.measure).join('; ')}`,
  );
  const finalUrlNotes = lighthouse.flatMap(({ path, finalUrls }) =>
    finalUrls.filter((final) => final !== path).map((final) => `\`${path}\` on \`${final}\``),
  );
  if (finalUrlNotes.length) console.log(`Final addresses: ${finalUrlNotes.join('; ')}`);
  if (problems.length > 0) {
    console.error(`\nThe run is incomplete:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }

  if (options.write) {
    if (problems.length > 0) {
      console.error(
        'docs/benchmarks.md and site/js-budget.json are left as they were: the run is incomplete.',
      );
    } else {
      writeReferenceSize(referenceSize.kb);
      const machine = describeMachine({
        cpus: cpus(),
        memoryBytes: totalmem(),
        os: `${osType()} ${release()} (${process.arch})`,
        node: process.version,
        chromium,
        benchmarkIndexes: lighthouse.flatMap((result) => result.benchmarkIndexes),
      });
      await writeDoc(
        generatedDoc({
          date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
          duration,
          loadBefore,
          machine,
          table,
          lighthouse: tools.version,
          finalUrlNotes,
        }),
      );
    }
  }
  log(`total run time ${formatDuration(performance.now() - started)}`);
  if (problems.length > 0) return 1;
  return options.check && missed.length > 0 ? 1 : 0;
}

/**
 * `--against DIR`: the site's build (site/public) and another build of it (DIR), each served by
 * the API server on a fresh data directory, measured with Lighthouse on COMPARED_ROUTES in
 * `options.rounds` rounds; each round measures every page once on each build, the two builds
 * taking turns to go first, so that both share the machine's busy and quiet minutes. Prints each
 * figure's medians, the difference and whether it is beyond the runs' spread.
 */
async function mainAgainst() {
  const other = resolve(options.against);
  for (const dir of [join(ROOT, 'site', 'public'), other]) {
    if (!existsSync(join(dir, 'index.html'))) {
      throw new Error(`${dir} holds no built site (index.html): build it first`);
    }
  }
  if (!existsSync(join(ROOT, 'api', 'dist', 'src', 'main.js'))) {
    throw new Error('api/dist/src/main.js is missing: run `npm run build`');
  }
  const tools = await loadLighthouse();
  const server = join(ROOT, 'api', 'dist', 'src', 'main.js');
  const rules = join(ROOT, 'site', 'edge', 'rules.mjs');
  const builds = [];
  for (const [name, siteDir] of [
    ['site/public', join(ROOT, 'site', 'public')],
    [relative(ROOT, other).startsWith('..') ? other : relative(ROOT, other), other],
  ]) {
    const product = await startServer([server], ROOT, { SITE_DIR: siteDir, SITE_RULES: rules });
    const token = COMPARED_ROUTES.some((route) => route.signedIn)
      ? await createLighthouseAccount(product)
      : null;
    log(`${name} served on ${product.origin}`);
    builds.push({ name, product, token });
  }
  // Lighthouse fails now and then on a busy machine (NO_NAVSTART ...): a third of the rounds may
  // fail on each page of each build and be tried again.
  const retries = Math.max(RETRIES, Math.ceil(options.rounds / 3));
  const pages = COMPARED_ROUTES.map((route) => ({ ...route, runs: [[], []], failures: [0, 0] }));
  for (let round = 1; round <= options.rounds; round += 1) {
    for (const page of pages) {
      const order = round % 2 === 1 ? [0, 1] : [1, 0];
      for (const index of order) {
        const { name, product, token } = builds[index];
        const url = `${product.origin}${page.path}`;
        while (page.runs[index].length < round && page.failures[index] <= retries) {
          try {
            const run = await lighthouseRun(tools, {
              url,
              preset: page.preset,
              signedIn: page.signedIn ? { origin: product.origin, token } : null,
            });
            page.runs[index].push(run.figures);
            log(
              `${name} ${page.path} (${page.preset}) round ${round}/${options.rounds}: ` +
                describeRun(run.figures, { url, ...run }),
            );
          } catch (error) {
            page.failures[index] += 1;
            log(`${name} ${page.path} (${page.preset}) round ${round} failed: ${error.message}`);
          }
        }
      }
    }
  }
  const complete = pages.every((page) => page.runs.every((runs) => runs.length === options.rounds));
  console.log(
    `\n${comparisonTable(
      pages.map((page) => ({ ...page, base: page.runs[0], other: page.runs[1] })),
      { base: builds[0].name, other: builds[1].name },
    )}\n`,
  );
  log(
    `${options.rounds} rounds in ${formatDuration(performance.now() - started)} ` +
      `(load average ${loadavg()[0].toFixed(2)} at the end)`,
  );
  if (!complete) {
    console.error('[bench] some runs failed: the comparison is incomplete (see above)');
    return 1;
  }
  return 0;
}

let exitCode = 1;
try {
  exitCode = await (options.api ? mainApi() : options.against ? mainAgainst() : main());
} catch (error) {
  console.error(`\n[bench] ${error.message}`);
  log(`stopped after ${formatDuration(performance.now() - started)}`);
} finally {
  await cleanup();
}
process.exit(exitCode);
