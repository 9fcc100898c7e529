// The realtime connection in a browser: a signed-in page opens one socket.io connection to the
// API with its token, loads socket.io-client only then, and closes it on log out.
import type { Browser, BrowserContext, Page, WebSocket } from 'playwright-core';
import { createAccount } from './accounts';
import { baseUrl, launchChromium } from './browser';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
});

afterEach(async () => {
  await context.close();
});

describe('the realtime connection', () => {
  it('opens nothing signed out', async () => {
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await page.goto(`${baseUrl()}/`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(sockets).toEqual([]);
  });

  it('opens one socket with the token when signed in, and closes it on log out', async () => {
    const { token } = await createAccount('Rosa');
    await context.addInitScript((value) => {
      if (window.sessionStorage.getItem('e2e-signed-in')) return;
      window.sessionStorage.setItem('e2e-signed-in', '1');
      window.localStorage.setItem('token', value);
    }, token);
    const opened = page.waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'));
    await page.goto(`${baseUrl()}/reporting/`);
    const socket: WebSocket = await opened;
    expect(socket.url()).toContain(`token=${encodeURIComponent(token)}`);
    // The connection is accepted: the server sends socket.io's CONNECT packet ("40...").
    await socket.waitForEvent('framereceived', {
      predicate: (frame) => String(frame.payload).startsWith('40'),
    });
    const closed = socket.waitForEvent('close');
    await page.getByRole('button', { name: 'Account menu for Rosa' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await closed;
    await page.waitForURL(`${baseUrl()}/`);
    expect(problems).toEqual([]);
  });
});
