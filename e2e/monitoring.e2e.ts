// The monitoring area in a browser, with a real account on the started product and its demo
// sources, in each language: add sources from both groups of the add-monitoring dialog and from a
// search, meet the limit of five (the dialog still fits a laptop's window, Save in view), open an
// upcoming source's box, open a completed source's page and read its transcript to the end, filter
// the list and remove a source; and open a live source from its card to follow its transcript.
// Screenshots go to /tmp for a person to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { callApi, createAccount } from './accounts';
import { baseUrl, recordToasts } from './browser';
import { expect, test, type Page } from './fixtures';
import { escapeRegExp, siteStrings } from './strings';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/coinlens-e2e-monitoring';

const strings = (locale: string) => siteStrings(locale, 'monitoring');

// A small laptop's window: the add-monitoring dialog must fit it.
const WINDOW = { width: 1280, height: 720 };
test.use({ viewport: WINDOW });

test.beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

// An error the page logs counts as one it throws.
test.use({ consoleErrors: true });

/**
 * A toast with this text on `page`. By text, not role: while a modal dialog is open, everything
 * outside it, the toasts' live region included, is hidden from the accessibility tree.
 */
const toast = (page: Page, text: string) =>
  page.locator('[role="status"], [role="alert"]').filter({ hasText: text }).first();

/**
 * Checks that `dialog` fits the window, at 1280x720 and 1366x768, with `save` in view: its lists
 * scroll inside it rather than push the footer below the fold.
 */
async function expectToFit(page: Page, dialog: Locator, save: Locator) {
  for (const size of [WINDOW, { width: 1366, height: 768 }]) {
    await page.setViewportSize(size);
    // Polled: the dialog slides in, and lays itself out again as the window changes.
    await expect
      .poll(async () => {
        const box = await dialog.boundingBox();
        return box && box.y >= 0 && box.y + box.height <= size.height;
      })
      .toBe(true);
    const button = await save.boundingBox();
    expect(button).not.toBeNull();
    expect(button!.y).toBeGreaterThanOrEqual(0);
    expect(button!.y + button!.height).toBeLessThanOrEqual(size.height);
  }
  await page.setViewportSize(WINDOW);
}

/** The selectable cards of a part of the dialog that are not picked yet. */
const unpicked = (scope: Locator) => scope.locator('button[aria-pressed="false"]:not([disabled])');

test.describe('the monitoring area', () => {
  for (const [locale, prefix] of [
    ['en', ''],
    ['zh', '/zh'],
    ['pt-br', '/pt-br'],
  ] as const) {
    test(`${locale}: adds sources from both groups and a search, opens them, and removes one`, async ({
      page,
      problems,
      signIn,
    }) => {
      const t = strings(locale);
      const { token } = await createAccount('Mona');
      await signIn(token);

      await page.goto(`${baseUrl()}${prefix}/monitoring/`);
      await page.getByRole('heading', { level: 1, name: t('title') }).waitFor();
      await page.getByText(t('empty.title')).waitFor();

      // The dialog: two groups before anything is typed.
      await page
        .getByRole('button', { name: t('add') })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: t('dialog.title') });
      await dialog.waitFor();
      let toastShown = await recordToasts(page);
      const upcoming = dialog.getByRole('region', { name: t('dialog.upcoming') });
      const finished = dialog.getByRole('region', { name: t('dialog.finished') });
      await upcoming.locator('button[aria-pressed]').first().waitFor();
      await finished.locator('button[aria-pressed]').first().waitFor();
      expect(await upcoming.locator('button[aria-pressed]').count()).toBeLessThanOrEqual(4);
      expect(await finished.locator('button[aria-pressed]').count()).toBeLessThanOrEqual(6);
      const save = dialog.getByRole('button', { name: t('dialog.footer.save') });
      await expectToFit(page, dialog, save);
      await page.screenshot({ path: join(SHOTS, `dialog-${locale}.png`) });

      // One upcoming source (the one starting last, so that it is still upcoming later on), and a
      // completed one (its card names the state, then the heat).
      const upcomingCard = upcoming.locator('button[aria-pressed]').last();
      const upcomingTitle = (await upcomingCard.locator('[title]').first().getAttribute('title'))!;
      await upcomingCard.click();
      const completedCard = finished.getByRole('button', {
        name: new RegExp(
          `\\s${escapeRegExp(t('status.completed'))}\\s.*${escapeRegExp(t('heat'))}$`,
        ),
      });
      const completedTitle = (await completedCard
        .first()
        .locator('[title]')
        .first()
        .getAttribute('title'))!;
      await completedCard.first().click();
      const chips = dialog
        .getByRole('list', { name: t('dialog.footer.list') })
        .getByRole('listitem');
      await expect(chips.count()).resolves.toBe(2);

      // Then three from a search: the results replace the groups.
      await dialog.getByRole('searchbox').fill('a');
      const results = dialog.getByRole('region', { name: t('dialog.results') }).first();
      await results.locator('button[aria-pressed]').first().waitFor();
      await expect(upcoming.count()).resolves.toBe(0);
      for (let picked = 0; picked < 3; picked += 1) await unpicked(results).first().click();
      await expect(chips.count()).resolves.toBe(5);
      await dialog.getByText(t('dialog.footer.count', { selected: 5, limit: 5 })).waitFor();

      // A sixth is refused.
      await unpicked(results).first().click();
      await toast(page, t('messages.addCoin_tips-1', { limit: 5 })).waitFor();
      await expect(chips.count()).resolves.toBe(5);
      await expectToFit(page, dialog, save);
      await page.screenshot({ path: join(SHOTS, `dialog-full-${locale}.png`) });

      // Back to the two groups, the dialog's tallest content, with the five picks kept.
      await dialog.getByRole('searchbox').fill('');
      await upcoming.locator('button[aria-pressed]').first().waitFor();
      await expect(chips.count()).resolves.toBe(5);
      await expectToFit(page, dialog, save);
      await page.screenshot({ path: join(SHOTS, `dialog-groups-full-${locale}.png`) });

      await save.click();
      await toastShown(t('messages.AddSuccess'));
      await dialog.waitFor({ state: 'detached' });
      const list = page.getByRole('list', { name: t('list.label') });
      await page.getByText(t('list.count_other', { count: 5 }), { exact: true }).waitFor();
      await expect(list.getByRole('listitem').count()).resolves.toBe(5);
      await page.screenshot({ path: join(SHOTS, `list-${locale}.png`), fullPage: true });

      // An upcoming source opens its box with the way to the event.
      await page.getByRole('button', { name: t('filter.upcoming'), exact: true }).click();
      // The card, not the remove control that names the same title.
      await list.locator('button[aria-expanded]').filter({ hasText: upcomingTitle }).click();
      const box = list.getByRole('region', { name: upcomingTitle });
      await box.waitFor();
      await expect(
        box.getByRole('link', { name: new RegExp(escapeRegExp(t('check'))) }).getAttribute('href'),
      ).resolves.toMatch(/^https?:\/\//);
      await page.screenshot({ path: join(SHOTS, `box-${locale}.png`) });
      await page.getByRole('button', { name: t('filter.all'), exact: true }).click();

      // A completed source leads to its page: summary, and a transcript read to its end.
      await list.getByRole('link', { name: new RegExp(escapeRegExp(completedTitle)) }).click();
      await page.waitForURL(new RegExp(`${escapeRegExp(prefix)}/monitoring/detail/\\?id=\\d+$`));
      await page.getByRole('heading', { level: 1, name: completedTitle }).waitFor();
      await page.getByRole('heading', { level: 2, name: t('detail.summary.title') }).waitFor();
      await page.getByRole('heading', { level: 3, name: t('detail.summary.keyPoints') }).waitFor();
      const transcript = page.getByRole('region', {
        name: t('detail.content.label', { title: completedTitle }),
      });
      const lines = transcript.getByRole('listitem');
      await lines.first().waitFor();
      const shown = await lines.count();
      expect(shown).toBeGreaterThan(5);
      await transcript.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      await expect(lines.last().isVisible()).resolves.toBe(true);
      await page.screenshot({ path: join(SHOTS, `detail-${locale}.png`), fullPage: true });

      // Back to the list, where a source is removed after a confirmation.
      await page.getByRole('link', { name: t('detail.back') }).click();
      await page.waitForURL(`${baseUrl()}${prefix}/monitoring/`);
      toastShown = await recordToasts(page);
      await page.getByRole('button', { name: t('list.remove', { title: upcomingTitle }) }).click();
      const confirm = page.getByRole('dialog', {
        name: t('remove.title', { title: upcomingTitle }),
      });
      await confirm.getByRole('button', { name: t('remove.confirm') }).click();
      await toastShown(t('remove.done', { title: upcomingTitle }));
      await confirm.waitFor({ state: 'detached' });
      await page.getByText(t('list.count_other', { count: 4 }), { exact: true }).waitFor();
      await expect(list.getByRole('listitem').count()).resolves.toBe(4);
      await expect(list.getByText(upcomingTitle).count()).resolves.toBe(0);

      // What the server has agrees with the page.
      const answer = (await (
        await fetch(`${baseUrl()}/api/monitor/user/source/list`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { data: { total: number } };
      expect(answer.data.total).toBe(4);
      expect(problems).toEqual([]);
    });
  }
});

interface LiveSource {
  id: number;
  author: string;
  title: string;
}

test.describe('a live source', () => {
  for (const [locale, prefix] of [
    ['en', ''],
    ['zh', '/zh'],
    ['pt-br', '/pt-br'],
  ] as const) {
    test(`${locale}: opens from its card on the monitoring page, on its live transcript`, async ({
      page,
      problems,
      signIn,
    }) => {
      const t = strings(locale);
      const { token } = await createAccount('Lino');
      // A source on air now (the demo sources keep some live around the product's start).
      const {
        records: [live],
      } = await callApi<{ records: LiveSource[] }>(
        '/api/monitor/source/list?page=1&size=1&status=2',
        token,
      );
      expect(live, 'a live demo source').toBeDefined();
      await callApi(`/api/monitor/user/source/add?sourceIds=${live!.id}`, token);
      await signIn(token);

      await page.goto(`${baseUrl()}${prefix}/monitoring/`);
      const list = page.getByRole('list', { name: t('list.label') });
      const card = list.getByRole('link', {
        name: new RegExp(`^${escapeRegExp(live!.author)}\\s+${escapeRegExp(live!.title)}\\s`),
      });
      // The card says it is live, on screen, and leads to the source's page.
      await expect(card.getByText(t('status.inProgress'), { exact: true })).toBeVisible();
      await expect(card).toHaveAttribute('href', `${prefix}/monitoring/detail/?id=${live!.id}`);
      await page.screenshot({ path: join(SHOTS, `live-card-${locale}.png`) });

      await card.click();
      await page.waitForURL(
        new RegExp(`${escapeRegExp(prefix)}/monitoring/detail/\\?id=${live!.id}$`),
      );
      await page.getByRole('heading', { level: 1, name: live!.title }).waitFor();
      await expect(page.getByText(t('status.inProgress'), { exact: true }).first()).toBeVisible();
      const transcript = page.getByRole('region', {
        name: t('detail.content.label', { title: live!.title }),
      });
      await transcript.getByRole('listitem').first().waitFor();
      await page.screenshot({ path: join(SHOTS, `live-detail-${locale}.png`), fullPage: true });
      expect(problems).toEqual([]);
    });
  }
});
