// Starts the product the way a person does (`npm start`, on a free port with a fresh data
// directory) and waits for it. The site must already be built (`npm test` builds first). Google
// and X sign-in go to a fake of both providers (fakeOAuth.cjs), started first.
const { spawn } = require('node:child_process');
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { createServer } = require('node:net');
const { startFakeOAuth, TEST_GOOGLE_CLIENT_ID } = require('./fakeOAuth.cjs');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

module.exports = async function globalSetup() {
  const root = join(__dirname, '..');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'coinlens-e2e-'));
  // The site was built with this Google client id (scripts/test.mjs); the API must use the same.
  const googleClientId = process.env.GATSBY_GOOGLE_CLIENT_ID || TEST_GOOGLE_CLIENT_ID;
  const clients = {
    google: { clientId: googleClientId, clientSecret: 'GOCSPX-coinlens-e2e-secret' },
    // A public client, as X's own guide for browser apps: PKCE alone, no secret.
    x: { clientId: 'Y29pbmxlbnMtZTJlOjE6Y2k', clientSecret: null },
  };
  const fake = await startFakeOAuth(clients);
  globalThis.__COINLENS__ = { fake, dataDir };
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
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
  globalThis.__COINLENS__.child = child;
  let exit = null;
  child.on('exit', (code) => (exit = code));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120000;
  try {
    for (;;) {
      if (exit !== null) throw new Error(`npm start exited with ${exit} before answering`);
      try {
        const res = await fetch(`${baseUrl}/api/health`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`${baseUrl} did not come up within 120 s`);
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (error) {
    // Jest runs no teardown after a failed setup; the fake would keep it waiting.
    await fake.close();
    throw error;
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_FAKE_OAUTH_URL = fake.url;
  process.env.E2E_GOOGLE_CLIENT_ID = googleClientId;
};
