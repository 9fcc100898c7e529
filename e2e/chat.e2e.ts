// The welcome page in a browser, with real accounts on the started product and its built-in
// assistant, in each language: a new user goes through the whole onboarding (follows a coin in
// the dialog task 1 opens, adds a source or skips task 2 from its card before starting it, says
// "I'm ready", watches the 3-2-1-Go countdown and lands on the reports), comes back to the chat,
// asks about the coin and gets a streamed answer with the price the API serves, finds the
// conversation after a reload and starts a new one. Screenshots go to /tmp for a person to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createAccount, onboardingDone } from './accounts';
import { baseUrl, DEVICES } from './browser';
import { expect, test } from './fixtures';
import { siteStrings } from './strings';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/coinlens-e2e-chat';

test.use({ viewport: { width: 1280, height: 900 } });

test.beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

// An error the page logs counts as one it throws.
test.use({ consoleErrors: true });

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

/** A monitoring call: its envelope is `{ ok, msg, data }`. */
async function monitorApi<T>(path: string, token: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const envelope = (await response.json()) as { ok: boolean; msg: string; data: T };
  if (!envelope.ok) throw new Error(`${path} answered ${envelope.msg}`);
  return envelope.data;
}

test.describe('the welcome page', () => {
  for (const [locale, prefix, question, sourceTask] of [
    ['en', '', 'What is the price of Ethereum?', 'add'],
    ['zh', '/zh', '以太坊现在的价格是多少？', 'skip'],
    ['pt-br', '/pt-br', 'Qual é o preço do Ethereum?', 'skip'],
  ] as const) {
    test(`${locale}: onboards a new user, resumes on a phone, then answers about the coin they followed and keeps the conversation`, async ({
      page,
      problems,
      signIn,
      openContext,
    }) => {
      test.setTimeout(180_000);
      const a = siteStrings(locale, 'assistant');
      const o = siteStrings(locale, 'onboarding');
      const c = siteStrings(locale, 'coins');
      const m = siteStrings(locale, 'monitoring');
      const { token } = await createAccount('Ona');
      await signIn(token);

      await page.goto(`${baseUrl()}${prefix}/welcome/`);
      const log = page.getByRole('log', { name: a('logLabel') });
      await log.waitFor();
      const box = page.getByRole('textbox', { name: a('input.label') });
      // The robot speaks first; the composer opens once the script is over.
      await log.getByText(o('script.greeting')).waitFor();
      await expect(box.isDisabled()).resolves.toBe(true);

      // Task 1: its start button opens the add-coin dialog; today's hot coins come into the chat.
      const tasks = page.getByRole('region', { name: o('tasks.coin.name') });
      await tasks.getByRole('button', { name: o('tasks.coin.start') }).click();
      const coinDialog = page.getByRole('dialog', { name: c('title') });
      await coinDialog.waitFor();
      await page.screenshot({ path: join(SHOTS, `task1-${locale}.png`) });
      const search = coinDialog.getByRole('searchbox', { name: c('search.label') });
      await search.fill('eth');
      await coinDialog
        .getByRole('button', { name: c('actionLabel.add', { name: 'Ethereum' }), exact: true })
        .click();
      await coinDialog.getByRole('button', { name: c('footer.save') }).click();
      await coinDialog.waitFor({ state: 'hidden' });
      // (While a dialog is open the page behind it is hidden from the accessibility tree.)
      await log.getByText(o('hot.coins')).waitFor();
      await log.getByText(o('script.coinTaskFinish')).waitFor();

      // The same user on a phone finds the onboarding at the same step, with the same lines.
      const phone = await openContext(DEVICES.iPhone, token);
      await phone.page.goto(`${baseUrl()}${prefix}/mobile/?tab=chat`);
      const phoneLog = phone.page.getByRole('log', { name: a('logLabel') });
      await phoneLog.getByText(o('script.coinTaskFinish')).waitFor();
      await phone.page.getByRole('region', { name: o('tasks.monitor.name') }).waitFor();
      await expect(phoneLog.getByText(o('script.greeting'))).toHaveCount(1);
      await phone.page.screenshot({ path: join(SHOTS, `phone-resumed-${locale}.png`) });
      await phone.context.close();

      // Task 2 offers "Skip for now" beside its start button, before anything is started: add a
      // source from its dialog, or decline at once, without the dialog or the hot sources.
      const sourceTask2 = page.getByRole('region', { name: o('tasks.monitor.name') });
      const skip = sourceTask2.getByRole('button', { name: o('actions.skip') });
      await expect(skip).toBeVisible();
      const sourceDialog = page.getByRole('dialog', { name: m('dialog.title') });
      if (sourceTask === 'add') {
        await sourceTask2.getByRole('button', { name: o('tasks.monitor.start') }).click();
        await sourceDialog.waitFor();
        const upcoming = sourceDialog.getByRole('region', { name: m('dialog.upcoming') });
        await upcoming.locator('button[aria-pressed="false"]').first().click();
        await sourceDialog.getByRole('button', { name: m('dialog.footer.save') }).click();
        await sourceDialog.waitFor({ state: 'hidden' });
        await log.getByText(o('hot.sources')).waitFor();
      } else {
        await skip.click();
      }
      await log.getByText(o('script.monitorTaskFinish')).waitFor();
      if (sourceTask === 'skip') {
        await expect(sourceDialog).toHaveCount(0);
        await expect(log.getByText(o('script.monitorTask'), { exact: true })).toHaveCount(0);
        await expect(log.getByText(o('hot.sources'))).toHaveCount(0);
      }

      // "I'm ready", then the countdown, then the reports.
      await page.getByRole('button', { name: o('actions.ready') }).click();
      for (const step of ['three', 'two', 'one', 'go']) {
        await log.getByText(o(`countdown.${step}`), { exact: true }).waitFor();
      }
      await page.screenshot({ path: join(SHOTS, `countdown-${locale}.png`) });
      await page.waitForURL(`${baseUrl()}${prefix}/reporting/`);
      await page.getByRole('heading', { name: 'Ethereum' }).first().waitFor();
      const sources = await monitorApi<{ records: unknown[] }>(
        '/api/monitor/user/source/list?page=1&size=10',
        token,
      );
      expect(sources.records).toHaveLength(sourceTask === 'add' ? 1 : 0);

      // Back on the chat: the onboarding is over, the assistant answers.
      await page.goto(`${baseUrl()}${prefix}/welcome/`);
      await log.waitFor();
      await expect(box.isEnabled()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: o('actions.ready') }).count()).resolves.toBe(0);
      // The demo prices move every 10 s: the answer quotes the one of its moment, so every price
      // the API serves while it is asked and answered is read (as the answer writes it: rounded
      // to 2 decimals, grouped; the integer part of the rounded price is compared, since
      // 4321.997 is written $4,322.00).
      const prices = new Set<string>();
      const readPrice = async () => {
        const [quote] = await api<Array<{ price: number }>>('/api/coin/price?coinIds=2', token);
        prices.add(quote!.price.toFixed(2).split('.')[0]!);
      };
      await readPrice();
      const reading = setInterval(() => void readPrice().catch(() => {}), 2_000);
      const answer = log.locator('article[data-source="assistant"]').last();
      try {
        await box.fill(question);
        await box.press('Enter');
        await expect(box.inputValue()).resolves.toBe('');

        // The question shows at once; the answer streams into the bubble after it.
        await log.getByText(question).waitFor();
        await answer.waitFor();
        await page.waitForFunction(
          () =>
            document
              .querySelector('article[data-source="assistant"]')
              ?.getAttribute('data-status') === 'success',
        );
      } finally {
        clearInterval(reading);
      }
      await readPrice();
      const text = (await answer.innerText()).replace(/[.,\s\u00a0\u202f]/g, '');
      expect(text).toMatch(new RegExp([...prices].join('|')));
      await page.screenshot({ path: join(SHOTS, `answer-${locale}.png`) });

      // After a reload the conversation is still there, read from the server.
      await page.reload();
      await log.waitFor();
      await log.getByText(question).waitFor();
      await expect(log.locator('article[data-source="assistant"]').count()).resolves.toBe(1);

      // A new conversation empties the log.
      await page.getByRole('button', { name: a('clean.action') }).click();
      await log.getByText(question).waitFor({ state: 'detached' });
      await expect(log.getByRole('article').count()).resolves.toBe(0);
      const history = await api<{ messages: unknown[] }>(
        '/api/chat/list?size=10&oldestSeqNo=-1',
        token,
      );
      expect(history.messages).toEqual([]);
      expect(problems).toEqual([]);
    });
  }
});

test.describe('two tabs of one user', () => {
  for (const [locale, prefix, first, second] of [
    ['en', '', 'How is Bitcoin doing?', 'How is Ethereum doing?'],
    ['zh', '/zh', '比特币怎么样？', '以太坊怎么样？'],
    ['pt-br', '/pt-br', 'Como está o Bitcoin?', 'Como está o Ethereum?'],
  ] as const) {
    test(`${locale}: ask at the same moment, and both show both answers in the same order`, async ({
      page,
      problems,
      signIn,
      openContext,
    }) => {
      const a = siteStrings(locale, 'assistant');
      const { token } = await createAccount('Tam');
      // Through the onboarding already: the box is open at once.
      await onboardingDone(token);
      await signIn(token);
      const other = await openContext({ viewport: { width: 1280, height: 900 } }, token);
      const tabs = [page, other.page];
      await Promise.all(tabs.map((tab) => tab.goto(`${baseUrl()}${prefix}/welcome/`)));
      const boxes = tabs.map((tab) => tab.getByRole('textbox', { name: a('input.label') }));
      for (const [index, tab] of tabs.entries()) {
        await tab.getByRole('log', { name: a('logLabel') }).waitFor();
        await expect(boxes[index]!).toBeEnabled();
        await tab.waitForFunction(() => !document.querySelector('[role="log"][aria-busy="true"]'));
      }
      await Promise.all([
        boxes[0]!.fill(first).then(() => boxes[0]!.press('Enter')),
        boxes[1]!.fill(second).then(() => boxes[1]!.press('Enter')),
      ]);

      // Each tab: two questions and two complete answers, the same bubbles in the same order.
      const conversation = async (tab: typeof page) => {
        const bubbles = tab.getByRole('log', { name: a('logLabel') }).getByRole('article');
        await expect(bubbles).toHaveCount(4, { timeout: 30_000 });
        await expect(
          tab.locator('article[data-source="assistant"][data-status="success"]'),
        ).toHaveCount(2, { timeout: 30_000 });
        return bubbles.evaluateAll((items) =>
          items.map((item) => `${item.getAttribute('data-source')}: ${item.textContent}`),
        );
      };
      const [mine, theirs] = await Promise.all(tabs.map(conversation));
      expect(mine).toEqual(theirs);
      const questions = mine!.filter((bubble) => bubble.startsWith('user'));
      expect(questions.map((bubble) => bubble.includes(first) || bubble.includes(second))).toEqual([
        true,
        true,
      ]);
      // Each question is followed by its answer, about its coin.
      for (const [index, bubble] of mine!.entries()) {
        expect(bubble.startsWith(index % 2 === 0 ? 'user' : 'assistant')).toBe(true);
      }
      const history = await api<{ messages: unknown[] }>(
        '/api/chat/list?size=10&oldestSeqNo=-1',
        token,
      );
      expect(history.messages).toHaveLength(4);
      expect(problems).toEqual([]);
    });
  }
});
