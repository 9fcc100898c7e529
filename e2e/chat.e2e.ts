// The assistant chat in a browser, with a real account on the started product and its built-in
// assistant: ask about a followed coin on the welcome page and get a streamed answer with the
// price the API serves, find the conversation again after a reload, and start a new one; in each
// language. Screenshots go to /tmp for a person to look at.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createAccount } from './accounts';
import { baseUrl, launchChromium } from './browser';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/coinlens-e2e-chat';

type Strings = { [key: string]: string | Strings | string[] };

/** The site's own `assistant` strings of `locale`. */
function strings(locale: string): (key: string) => string {
  const file = join(__dirname, '..', 'site', 'locales', locale, 'assistant.json');
  const root = JSON.parse(readFileSync(file, 'utf8')) as Strings;
  return (key) => {
    const found = key
      .split('.')
      .reduce<unknown>(
        (node, part) => (typeof node === 'object' && node ? (node as Strings)[part] : undefined),
        root,
      );
    if (typeof found !== 'string') throw new Error(`No ${locale} string ${key}`);
    return found;
  };
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];

beforeAll(async () => {
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  problems = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
});

afterEach(async () => {
  await context.close();
});

async function api<T>(path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; data: T };
  if (envelope.code !== 200) throw new Error(`${path} answered ${envelope.code}`);
  return envelope.data;
}

describe('the assistant chat', () => {
  it.each([
    ['en', '', 'What is the price of Ethereum?'],
    ['zh', '/zh', '以太坊现在的价格是多少？'],
    ['pt-br', '/pt-br', 'Qual é o preço do Ethereum?'],
  ])(
    '%s: answers a question about a followed coin with its price, and keeps the conversation',
    async (locale, prefix, question) => {
      const t = strings(locale);
      const { token } = await createAccount('Chat');
      await api('/api/follow/add', token, { coinIds: [2] });
      await context.addInitScript((value) => {
        window.localStorage.setItem('token', value);
      }, token);

      await page.goto(`${baseUrl()}${prefix}/welcome/`);
      const log = page.getByRole('log', { name: t('logLabel') });
      await log.waitFor();
      const box = page.getByRole('textbox', { name: t('input.label') });
      await box.fill(question);
      await box.press('Enter');
      await expect(box.inputValue()).resolves.toBe('');

      // The question shows at once; the answer streams into the bubble after it.
      await log.getByText(question).waitFor();
      const answer = log.locator('article[data-source="assistant"]').last();
      await answer.waitFor();
      await page.waitForFunction(
        () =>
          document
            .querySelector('article[data-source="assistant"]')
            ?.getAttribute('data-status') === 'success',
      );
      // The price the API serves for Ethereum, as the answer writes it (2 decimals, grouped).
      const [price] = await api<Array<{ price: number }>>('/api/coin/price?coinIds=2', token);
      const digits = Math.trunc(price!.price).toString();
      const text = (await answer.innerText()).replace(/[.,\s\u00a0\u202f]/g, '');
      expect(text).toContain(digits);
      await page.screenshot({ path: join(SHOTS, `answer-${locale}.png`) });

      // After a reload the conversation is still there, read from the server.
      await page.reload();
      await log.waitFor();
      await log.getByText(question).waitFor();
      await expect(log.locator('article[data-source="assistant"]').count()).resolves.toBe(1);

      // A new conversation empties the log.
      await page.getByRole('button', { name: t('clean.action') }).click();
      await log.getByText(question).waitFor({ state: 'detached' });
      await expect(log.getByRole('article').count()).resolves.toBe(0);
      const history = await api<{ messages: unknown[] }>(
        '/api/chat/list?size=10&oldestSeqNo=-1',
        token,
      );
      expect(history.messages).toEqual([]);
      expect(problems).toEqual([]);
    },
  );
});
