// The assistant beside the page, in a browser, with a real account on the started product and its
// built-in assistant, in each language: on the reports, with a coin followed, the launcher opens
// the conversation in a side panel; a question about "this coin" is answered about the coin whose
// report is in view; Escape closes the panel and the page is as it was (the same address, the same
// scroll, the launcher focused); on the monitoring page, reached by the site's own link (no page
// load), the panel opens again on the same conversation, and stays open on the way back to the
// reports, beside them, in a 1366x768 window too. Screenshots go to /tmp for a person to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { callApi, createAccount } from './accounts';
import { baseUrl, hydrated } from './browser';
import { expect, test, type Page } from './fixtures';
import { escapeRegExp, siteStrings } from './strings';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/coinlens-e2e-assistant-panel';

// An error the page logs counts as one it throws.
test.use({ consoleErrors: true });

test.beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

/** What the page's window has scrolled by, and a mark that only a full page load would lose. */
const windowState = (page: Page) =>
  page.evaluate(() => ({
    scrollY: Math.round(window.scrollY),
    marked: (window as { __panelTest?: boolean }).__panelTest === true,
  }));

/** The assistant's answer to the last question has come in full. */
async function answered(page: Page) {
  await page.waitForFunction(() => {
    const replies = document.querySelectorAll('[role="dialog"] article[data-source="assistant"]');
    return replies[replies.length - 1]?.getAttribute('data-status') === 'success';
  });
}

test.describe('the assistant beside the page', () => {
  for (const [locale, prefix, question] of [
    ['en', '', 'How is this coin doing?'],
    ['zh', '/zh', '这个币最近怎么样？'],
    ['pt-br', '/pt-br', 'Como está esta moeda?'],
  ] as const) {
    test(`${locale}: answers about the report in view in a side panel, and keeps the conversation on the next page`, async ({
      page,
      problems,
      signIn,
    }) => {
      test.setTimeout(90_000);
      const a = siteStrings(locale, 'assistant');
      const c = siteStrings(locale, 'common');
      const r = siteStrings(locale, 'reporting');
      const { token } = await createAccount('Sia');
      const found = await callApi<{ records: Array<{ id: number; name: string }> }>(
        '/api/asset/list?page=1&size=1&keyword=solana',
        token,
      );
      const solana = found.records[0]!;
      expect(solana.name).toBe('Solana');
      await callApi('/api/follow/add', token, { coinIds: [solana.id] });
      await signIn(token);
      const historyReads: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/chat/list') historyReads.push(request.url());
      });

      await page.goto(`${baseUrl()}${prefix}/reporting/`);
      await hydrated(page);
      const card = page.getByRole('article', { name: new RegExp(`^${solana.name}\\b`) });
      await card.waitFor();
      // Read a little way down the report, as a reader would before asking about it.
      await page.evaluate(() => {
        window.scrollTo(0, 160);
        (window as { __panelTest?: boolean }).__panelTest = true;
      });
      const before = await windowState(page);
      expect(before.scrollY).toBeGreaterThan(0);

      const launcher = page.getByRole('button', {
        name: new RegExp(escapeRegExp(a('launcher.label'))),
      });
      await launcher.click();
      const panel = page.getByRole('dialog', { name: a('title') });
      await panel.waitFor();
      // Non-modal: the page beside it stays in reach.
      await expect(panel).not.toHaveAttribute('aria-modal');
      const box = panel.getByRole('textbox', { name: a('input.label') });
      await expect(box).toBeFocused();
      await expect(panel.getByText(a('sidePanel.about.coin', { name: solana.name }))).toBeVisible();
      // Beside the page, not over it: the report and the account menu are left of the panel.
      const panelBox = (await panel.boundingBox())!;
      expect(panelBox.x + panelBox.width).toBe(1280);
      expect(panelBox.width).toBeGreaterThanOrEqual(384);
      for (const part of [card, page.getByRole('banner')]) {
        const box = (await part.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(panelBox.x);
      }
      await expect(page.getByRole('link', { name: c('nav.monitoring') })).toBeVisible();
      await page.screenshot({ path: join(SHOTS, `open-${locale}.png`) });

      // "This coin" is the coin in view: the answer comes in the panel, about it.
      await box.fill(question);
      await box.press('Enter');
      const log = panel.getByRole('log', { name: a('logLabel') });
      await log.getByText(question).waitFor();
      await answered(page);
      const answer = log.locator('article[data-source="assistant"]').last();
      await expect(answer).toContainText(solana.name);
      await page.screenshot({ path: join(SHOTS, `answer-${locale}.png`) });

      // Escape closes it: the launcher has the focus back, and the page is where it was.
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(launcher).toBeFocused();
      expect(page.url()).toBe(`${baseUrl()}${prefix}/reporting/`);
      expect(await windowState(page)).toEqual(before);

      // To the monitoring page by the site's own link: no page load, the same conversation.
      await page.getByRole('link', { name: c('nav.monitoring') }).click();
      await page.waitForURL(`${baseUrl()}${prefix}/monitoring/`);
      await launcher.click();
      await panel.waitFor();
      await expect(log.getByText(question)).toBeVisible();
      await expect(log.locator('article[data-source="assistant"]').last()).toContainText(
        solana.name,
      );
      await expect(panel.getByText(a('sidePanel.about.monitoring'))).toBeVisible();
      expect((await windowState(page)).marked).toBe(true);
      expect(historyReads).toHaveLength(1);
      await page.screenshot({ path: join(SHOTS, `monitoring-${locale}.png`) });

      // Back to the reports with the panel open, in a 1366x768 window: it stays open, and the
      // page's own actions are all beside it.
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.getByRole('link', { name: c('nav.reporting') }).click();
      await page.waitForURL(`${baseUrl()}${prefix}/reporting/`);
      await expect(panel).toBeVisible();
      await expect(panel.getByText(a('sidePanel.about.coin', { name: solana.name }))).toBeVisible();
      const wide = (await panel.boundingBox())!;
      expect(wide.x + wide.width).toBe(1366);
      const actions = [
        page.getByRole('button', { name: r('addCoins'), exact: true }),
        card.getByRole('button', { name: r('card.unfollowNamed', { name: solana.name }) }),
        page.getByRole('banner').getByRole('button').last(),
      ];
      for (const action of actions) {
        await expect(action).toBeVisible();
        const box = (await action.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(wide.x);
      }
      await page.screenshot({ path: join(SHOTS, `reporting-1366-${locale}.png`) });
      expect(problems).toEqual([]);
    });
  }
});
