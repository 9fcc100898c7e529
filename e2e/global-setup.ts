// Starts the product the way a person does (`npm start`, on a free port with a fresh data
// directory) for the whole run, and waits for it; the site must already be built (`npm test`
// builds first, E2E_BUILD=1 builds here). Google and X sign-in go to a fake of both providers
// (fakeOAuth.cjs), started first. What the tests need of it goes to them in the environment
// (E2E_*: browser.ts and accounts.ts read it). Returns the teardown: the product stopped, as
// Ctrl-C stops it, and its data directory removed.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeOAuth, TEST_GOOGLE_CLIENT_ID } from './fakeOAuth.cjs';
import getPort from 'get-port';
import { waitUntilAnswering } from './server';

const ROOT = join(__dirname, '..');

export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = await getPort({ host: '127.0.0.1' });
  const dataDir = mkdtempSync(join(tmpdir(), 'coinlens-e2e-'));
  // The site was built with this Google client id (scripts/test.mjs); the API must use the same.
  const googleClientId = process.env.GATSBY_GOOGLE_CLIENT_ID || TEST_GOOGLE_CLIENT_ID;
  const clients = {
    google: { clientId: googleClientId, clientSecret: 'GOCSPX-coinlens-e2e-secret' },
    // A public client, as X's own guide for browser apps: PKCE alone, no secret.
    x: { clientId: 'Y29pbmxlbnMtZTJlOjE6Y2k', clientSecret: null },
  };
  const fake = await startFakeOAuth(clients);
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SKIP_BUILD: process.env.E2E_BUILD === '1' ? '0' : '1',
      LOG_LEVEL: 'warn',
      // Used only when E2E_BUILD=1 builds the site here.
      GATSBY_GOOGLE_CLIENT_ID: googleClientId,
      // The API signs in with Google and X at the fake (README.md, "Optional parts").
      GOOGLE_CLIENT_ID: clients.google.clientId,
      GOOGLE_CLIENT_SECRET: clients.google.clientSecret,
      GOOGLE_OAUTH_BASE: fake.url,
      X_CLIENT_ID: clients.x.clientId,
      X_CLIENT_SECRET: '',
      X_OAUTH_BASE: fake.url,
      X_AUTHORIZE_URL: `${fake.url}/i/oauth2/authorize`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // Ctrl-C reaches the whole process group; do the same.
      process.kill(-child.pid!, 'SIGINT');
      const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(baseUrl, child, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_FAKE_OAUTH_URL = fake.url;
  process.env.E2E_GOOGLE_CLIENT_ID = googleClientId;
  return stop;
}
