// The reporting area in a browser, with a real account on the started product, in each language:
// from no coins to three report cards through the add-coin dialog (a sixth refused), a range
// switch and an unfollow. Screenshots go to /tmp for a person to look at.
import type { Locator } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createAccount } from './accounts';
import { baseUrl, recordToasts } from './browser';
import { expect, test, type Page } from './fixtures';
import { escapeRegExp, siteStrings } from './strings';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/coinlens-e2e-reporting';

/** The running test's page, set before each test: the many helpers below read it. */
let page: Page;

test.use({ viewport: { width: 1280, height: 900 } });

test.beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

// An error the page logs counts as one it throws.
test.use({ consoleErrors: true });

test.beforeEach(({ page: testPage }) => {
  page = testPage;
});

async function screenshot(name: string, { fullPage = true } = {}) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}

const cards = () => page.getByRole('article');
const card = (name: string) => page.getByRole('article', { name: new RegExp(`^${name}\\b`) });

/** Waits until `locator`'s card has drawn its chart on a canvas. */
async function chartDrawn(locator: Locator) {
  await locator.locator('[data-part="chart"] canvas').first().waitFor();
}

/**
 * A toast with this text. By text, not role: while a modal dialog is open, everything outside it,
 * the toasts' live region included, is hidden from the accessibility tree.
 */
const toast = (text: string) =>
  page.locator('[role="status"], [role="alert"]').filter({ hasText: text }).first();

/** Each language's path prefix and locale folder (site/locales/<locale>). */
const LOCALES = [
  ['', 'en'],
  ['/zh', 'zh'],
  ['/pt-br', 'pt-br'],
] as const;

test.describe('the reporting area', () => {
  for (const [prefix, locale] of LOCALES) {
    test(`${locale}: goes from no coins to three reports, refuses a sixth, and back to two`, async ({
      problems,
      signIn,
    }) => {
      test.setTimeout(120_000);
      const r = siteStrings(locale, 'reporting');
      const c = siteStrings(locale, 'coins');
      await signIn((await createAccount('Rita')).token);
      await page.goto(`${baseUrl()}${prefix}/reporting/`);
      await page.getByRole('heading', { level: 1, name: r('title') }).waitFor();
      await page.getByText(r('empty.title')).waitFor();
      const toastShown = await recordToasts(page);
      await screenshot(`${locale}-empty`);

      // Pick Ethereum and Solana by search, Bitcoin from the whole list.
      await page
        .getByRole('button', { name: r('addCoins'), exact: true })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: c('title') });
      await dialog.waitFor();
      const search = dialog
        .getByRole('searchbox', { name: c('search.label') })
        .or(dialog.getByRole('textbox', { name: c('search.label') }));
      const add = (name: string) =>
        dialog.getByRole('button', { name: c('actionLabel.add', { name }), exact: true });
      await add('Bitcoin').waitFor();
      // A search has answered once a coin it does not match has left the list.
      await search.fill('eth');
      await add('Bitcoin').waitFor({ state: 'detached' });
      await add('Ethereum').click();
      await search.fill('sol');
      await add('Ethereum Classic').waitFor({ state: 'detached' });
      await add('Solana').click();
      await dialog.getByRole('button', { name: c('search.clear') }).click();
      await add('Bitcoin').click();

      // Three more: the fourth and fifth are taken, the sixth refused with the reason.
      await add('Tether').click();
      await add('BNB').click();
      await add('XRP').click();
      await toast(c('messages.addCoin_tips-1', { limit: 5 })).waitFor();
      await expect(
        dialog
          .getByRole('button', { name: c('actionLabel.selected', { name: 'XRP' }), exact: true })
          .count(),
      ).resolves.toBe(0);
      await screenshot(`${locale}-dialog-limit`, { fullPage: false });

      // Keep the first three.
      for (const name of ['Tether', 'BNB']) {
        await dialog
          .getByRole('button', { name: c('footer.remove', { name }), exact: true })
          .click();
      }
      await dialog.getByRole('button', { name: c('footer.save') }).click();
      await toastShown(c('messages.AddSuccess'));
      await dialog.waitFor({ state: 'hidden' });

      // Each card asks for its report as the reader nears it.
      for (const name of ['Bitcoin', 'Ethereum', 'Solana']) {
        await card(name).scrollIntoViewIfNeeded();
        await chartDrawn(card(name));
      }
      await expect(cards().count()).resolves.toBe(3);
      const bitcoin = card('Bitcoin');
      await bitcoin.getByText(r('card.indicators'), { exact: true }).first().waitFor();
      await bitcoin.getByText(r('indicators.rsi.label')).waitFor();
      await bitcoin.getByText(r('card.demo'), { exact: true }).waitFor();
      await expect(
        bitcoin.getByRole('radio', { name: r('card.ranges.7d') }).isChecked(),
      ).resolves.toBe(true);
      await page.waitForLoadState('networkidle');
      await screenshot(`${locale}-cards`);
      await bitcoin.screenshot({ path: join(SHOTS, `${locale}-card.png`) });

      // The range switch gives the chart another series (its text alternative says which).
      await bitcoin.getByText(r('card.ranges.24h'), { exact: true }).click();
      await expect(
        bitcoin.getByRole('radio', { name: r('card.ranges.24h') }).isChecked(),
      ).resolves.toBe(true);
      await bitcoin
        .getByText(new RegExp(`^${escapeRegExp(r('chart.period.24h'))}`))
        .first()
        .waitFor({ state: 'attached' });
      await chartDrawn(bitcoin);
      // The header's 24 h change is the one the 24 H chart tells, as both are displayed.
      const percentOf = (text: string | null) => /(\d+(?:[.,]\d+)?)\s*%/.exec(text ?? '')?.[1];
      const caption = await bitcoin
        .getByText(new RegExp(`^${escapeRegExp(r('chart.period.24h'))}`))
        .first()
        .textContent();
      const header = await bitcoin.locator('header [data-trend]').first().textContent();
      expect(percentOf(header)).toMatch(/\d/);
      expect(percentOf(caption)).toBe(percentOf(header));
      // So do the 7 D and 30 D charts with the indicators and the summary: one series, one
      // definition of a change, whatever part of the card shows it.
      const indicator = (label: string) =>
        bitcoin
          .locator('[data-part="indicator"]')
          .filter({ has: page.getByText(label, { exact: true }) })
          .locator('dd')
          .first()
          .textContent();
      const summary = await bitcoin.locator('section[data-part="summary"]').textContent();
      for (const [range, change] of [
        ['7d', 'indicators.change7d'],
        ['30d', 'indicators.change30d'],
      ] as const) {
        await bitcoin.getByText(r(`card.ranges.${range}`), { exact: true }).click();
        const rangeCaption = await bitcoin
          .getByText(new RegExp(`^${escapeRegExp(r(`chart.period.${range}`))}`))
          .first()
          .textContent();
        const told = percentOf(await indicator(r(change)));
        expect(told).toMatch(/\d/);
        expect(percentOf(rangeCaption)).toBe(told);
        expect(summary).toMatch(new RegExp(`${escapeRegExp(told ?? '')}\\s*%`));
        if (range === '30d') {
          // The 30-day low is the lowest price the 30 D chart draws.
          const low = (await indicator(r('indicators.low30d.label')))?.trim() ?? '';
          expect(low).toMatch(/\d/);
          expect(rangeCaption).toContain(low);
        }
      }

      // Unfollow asks first; Cancel keeps the coin.
      const unfollow = r('card.unfollowNamed', { name: 'Solana' });
      await card('Solana').getByRole('button', { name: unfollow }).click();
      let confirm = page.getByRole('dialog', { name: r('unfollow.title', { name: 'Solana' }) });
      await confirm.waitFor();
      await screenshot(`${locale}-unfollow`, { fullPage: false });
      await confirm.getByRole('button', { name: r('unfollow.cancel'), exact: true }).click();
      await confirm.waitFor({ state: 'hidden' });
      await expect(cards().count()).resolves.toBe(3);
      // The focus goes back to the button that opened it.
      await page.waitForFunction(
        (label) => document.activeElement?.getAttribute('aria-label') === label,
        unfollow,
      );

      // Opened again at once, the dialog takes the focus again (on a busy page it once stayed
      // behind, with the dialog missing from the accessibility tree).
      await card('Solana').getByRole('button', { name: unfollow }).click();
      confirm = page.getByRole('dialog', { name: r('unfollow.title', { name: 'Solana' }) });
      await confirm.waitFor();
      await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null);
      await confirm.getByRole('button', { name: r('unfollow.confirm'), exact: true }).click();
      await toastShown(r('unfollow.done', { name: 'Solana' }));
      await card('Solana').waitFor({ state: 'detached' });
      // The button that was pressed is gone: the page's heading keeps the reader's place.
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      await expect(cards().count()).resolves.toBe(2);
      expect(problems).toEqual([]);
    });
  }
});
