// `npm test -w api`: compiles the tests and runs the suite on PGlite, the default engine, and
// again on PostgreSQL when TEST_DATABASE_URL names a server (CI starts one), so that both
// engines are covered by one command. PGlite is PostgreSQL itself, so a query answers alike on
// both; what differs is around the queries: one connection on PGlite against a pool whose
// transactions really run at once on PostgreSQL, the engine's start and migrations, and the
// token cache (kept on PGlite only). The second run takes the test files that exercise those,
// each marked by a line starting `// Both engines:` that says why; the rest would only repeat.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const api = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (args, env = process.env) => {
  const result = spawnSync(process.execPath, args, { cwd: api, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run([
  join(api, '..', 'node_modules', 'typescript', 'bin', 'tsc'),
  '-p',
  'tsconfig.json',
  '--outDir',
  'dist-test',
]);
const files = readdirSync(join(api, 'dist-test', 'test'))
  .filter((name) => name.endsWith('.test.js'))
  .map((name) => join('dist-test', 'test', name));
/** Whether a test file is marked to run on both engines (its source, beside the compiled file). */
const bothEngines = (file) =>
  /^\/\/ Both engines:/m.test(
    readFileSync(join(api, file.replace(/^dist-test\//, '').replace(/\.js$/, '.ts')), 'utf8'),
  );

/** The longest one test may take: far beyond any test's time, even on a busy machine. */
const TEST_TIMEOUT_MS = 10 * 60 * 1000;

// Test files at once: node's default is one fewer than the cores, one on a two-core machine, but a
// file spends much of its time waiting (timers, sockets, child processes), and two at a time took
// the PGlite pass from 134-146 s to 89-93 s here (two rounds each, alternating).
const CONCURRENCY = Math.max(2, availableParallelism() - 1);

// PGlite's first start of a data directory is made once for the run, and each test file's fresh
// one starts from a copy of it (test/helpers/database.ts).
const template = mkdtempSync(join(tmpdir(), 'coinlens-test-template-'));
process.on('exit', () => rmSync(template, { recursive: true, force: true }));
const engines = [{ ...process.env, TEST_DATABASE_URL: '', TEST_PGLITE_TEMPLATE: template }];
if (process.env.TEST_DATABASE_URL) engines.push(process.env);
for (const env of engines) {
  // One line naming the engine, and an early, clear failure when PostgreSQL does not answer.
  const pglite = !env.TEST_DATABASE_URL;
  run(
    [
      join('dist-test', 'test', 'helpers', 'database.js'),
      ...(pglite ? ['--pglite-template', template] : []),
    ],
    env,
  );
  run(
    [
      '--test',
      '--test-reporter=spec',
      `--test-concurrency=${CONCURRENCY}`,
      // A test that hangs fails by name after this long instead of holding the run, and a
      // file whose tests have all ended exits even if a client or timer is still open.
      `--test-timeout=${TEST_TIMEOUT_MS}`,
      '--test-force-exit',
      ...(pglite ? files : files.filter(bothEngines)),
    ],
    env,
  );
}
