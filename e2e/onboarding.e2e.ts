// The welcome onboarding's optional task in a browser, in each language: a new user who follows a
// coin reaches the second task (add monitoring) and declines it from its card at once, beside its
// start button, without its dialog; the script goes on to "I'm ready" and into the product.
import { callApi, createAccount } from './accounts';
import { baseUrl } from './browser';
import { expect, test } from './fixtures';
import { siteStrings } from './strings';

// An error the page logs counts as one it throws.
test.use({ consoleErrors: true });

test.describe('the welcome onboarding', () => {
  for (const [locale, prefix] of [
    ['en', ''],
    ['zh', '/zh'],
    ['pt-br', '/pt-br'],
  ] as const) {
    test(`${locale}: a new user skips the second task from its card and the onboarding goes on`, async ({
      page,
      problems,
      signIn,
    }) => {
      test.setTimeout(90_000);
      const a = siteStrings(locale, 'assistant');
      const o = siteStrings(locale, 'onboarding');
      const m = siteStrings(locale, 'monitoring');
      const { token } = await createAccount('Sky');
      // Task 1 (not skippable) is done before the page opens: the script accepts it early, so
      // this journey is about task 2 only (chat.e2e.ts does task 1 in its dialog).
      const coins = await callApi<{ records: Array<{ id: number }> }>(
        '/api/asset/list?page=1&size=1',
        token,
      );
      await callApi('/api/follow/add', token, { coinIds: coins.records.map((coin) => coin.id) });
      await signIn(token);

      await page.goto(`${baseUrl()}${prefix}/welcome/`);
      const log = page.getByRole('log', { name: a('logLabel') });
      await page
        .getByRole('region', { name: o('tasks.coin.name') })
        .getByRole('button', { name: o('tasks.coin.start') })
        .click();
      await log.getByText(o('script.coinTaskFinish')).waitFor();

      // Task 2's card offers "Skip for now" beside "Start", before anything is started.
      const task2 = page.getByRole('region', { name: o('tasks.monitor.name') });
      await expect(task2.getByRole('button', { name: o('tasks.monitor.start') })).toBeVisible();
      await task2.getByRole('button', { name: o('actions.skip') }).click();

      // The script goes on: the task's end, then "I'm ready", with no dialog and no source asked.
      await log.getByText(o('script.monitorTaskFinish')).waitFor();
      await page.getByRole('button', { name: o('actions.ready') }).click();
      await expect(page.getByRole('dialog', { name: m('dialog.title') })).toHaveCount(0);
      await expect(log.getByText(o('script.monitorTask'), { exact: true })).toHaveCount(0);
      await page.waitForURL(`${baseUrl()}${prefix}/reporting/`, { timeout: 20_000 });
      const sources = await callApi<{ records: unknown[] }>(
        '/api/monitor/user/source/list?page=1&size=10',
        token,
      );
      expect(sources.records).toHaveLength(0);
      expect(problems).toEqual([]);
    });
  }
});
