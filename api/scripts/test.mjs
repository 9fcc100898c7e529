// `npm test -w api`: compiles the tests and runs the suite on PGlite, the default engine, and
// again on PostgreSQL when TEST_DATABASE_URL names a server (CI starts one), so that both
// engines are covered by one command.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
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

const engines = [{ ...process.env, TEST_DATABASE_URL: '' }];
if (process.env.TEST_DATABASE_URL) engines.push(process.env);
for (const env of engines) {
  // One line naming the engine, and an early, clear failure when PostgreSQL does not answer.
  run([join('dist-test', 'test', 'helpers', 'database.js')], env);
  run(['--test', '--test-reporter=spec', ...files], env);
}
