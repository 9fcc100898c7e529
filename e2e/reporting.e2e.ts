// The reporting area in a browser, with a real account on the started product: from no coins to
// three report cards through the add-coin dialog, a range switch, an unfollow, and the same cards
// in Chinese and Brazilian Portuguese. Screenshots go to /tmp for a person to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { createAccount } from './accounts';
import { baseUrl, launchChromium } from './browser';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/coinlens-e2e-reporting';

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

/** Signs a real, new account in: its token is kept as the site keeps it after a login. */
async function signIn(nickname = 'Rita') {
  const { token } = await createAccount(nickname);
  await context.addInitScript((value) => {
    window.localStorage.setItem('token', value);
  }, token);
}

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

/**
 * Holds back the answers to the first pattern (the follow list) and to the others (the reports)
 * until the test lets each group go, so that their loading states can be seen.
 */
async function slowDown([listPattern, ...others]: [string, ...string[]]) {
  const gate = () => {
    let open: () => void = () => {};
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { opened, open };
  };
  const list = gate();
  const rest = gate();
  await page.route(listPattern, async (route) => {
    await list.opened;
    await route.continue();
  });
  for (const pattern of others) {
    await page.route(pattern, async (route) => {
      await rest.opened;
      await route.continue();
    });
  }
  return { list: list.open, rest: rest.open };
}

/** Where the first card's range switch is on the page: it must not move as the cards load. */
async function firstRangeSwitchTop(): Promise<number | undefined> {
  return (await page.locator('[data-part="ranges"]').first().boundingBox())?.y;
}

describe('the reporting area', () => {
  it('goes from no coins to three reports and back to two, in every language', async () => {
    await signIn();
    await page.goto(`${baseUrl()}/reporting/`);
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await page.getByText('You are not following any coins yet').waitFor();
    await screenshot('en-empty');

    // Pick Ethereum and Solana by search, Bitcoin from the whole list.
    await page.getByRole('button', { name: 'Add coins', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add cryptocurrency' });
    await dialog.waitFor();
    const search = dialog
      .getByRole('searchbox', { name: 'Search coins' })
      .or(dialog.getByRole('textbox', { name: 'Search coins' }));
    const bitcoinRow = dialog.getByRole('button', { name: 'Add Bitcoin', exact: true });
    await bitcoinRow.waitFor();
    // A search has answered once a coin it does not match has left the list.
    await search.fill('eth');
    await bitcoinRow.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Add Ethereum', exact: true }).click();
    await search.fill('sol');
    await dialog.getByRole('button', { name: 'Add Ethereum Classic', exact: true }).waitFor({
      state: 'detached',
    });
    await dialog.getByRole('button', { name: 'Add Solana', exact: true }).click();
    await dialog.getByRole('button', { name: 'Clear search' }).click();
    await dialog.getByRole('button', { name: 'Add Bitcoin', exact: true }).click();

    // Three more: the fourth and fifth are taken, the sixth refused with the reason.
    await dialog.getByRole('button', { name: 'Add Tether', exact: true }).click();
    await dialog.getByRole('button', { name: 'Add BNB', exact: true }).click();
    await dialog.getByRole('button', { name: 'Add XRP', exact: true }).click();
    await toast('You can add up to 5 coins at a time.').waitFor();
    await expect(
      dialog.getByRole('button', { name: 'Added XRP', exact: true }).count(),
    ).resolves.toBe(0);
    await screenshot('en-dialog-limit', { fullPage: false });

    // Keep the first three.
    await dialog.getByRole('button', { name: 'Remove Tether', exact: true }).click();
    await dialog.getByRole('button', { name: 'Remove BNB', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast('Coins added. You now follow them.').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // Each card asks for its report as the reader nears it.
    for (const name of ['Bitcoin', 'Ethereum', 'Solana']) {
      await card(name).scrollIntoViewIfNeeded();
      await chartDrawn(card(name));
    }
    await expect(cards().count()).resolves.toBe(3);
    const bitcoin = card('Bitcoin');
    await bitcoin.getByText('Indicators').waitFor();
    await bitcoin.getByText('RSI (14)').waitFor();
    await bitcoin.getByText('Demo data', { exact: true }).waitFor();
    await expect(bitcoin.getByRole('radio', { name: '7D' }).isChecked()).resolves.toBe(true);
    await page.waitForLoadState('networkidle');
    await screenshot('en-cards');
    await bitcoin.screenshot({ path: join(SHOTS, 'en-card.png') });

    // The range switch gives the chart another series (its text alternative says which).
    await bitcoin.getByText('24H', { exact: true }).click();
    await expect(bitcoin.getByRole('radio', { name: '24H' }).isChecked()).resolves.toBe(true);
    await bitcoin.getByText(/^Over the last 24 hours, the price/).waitFor({ state: 'attached' });
    await chartDrawn(bitcoin);

    // Unfollow asks first; Cancel keeps the coin.
    await card('Solana').getByRole('button', { name: 'Unfollow Solana' }).click();
    let confirm = page.getByRole('dialog', { name: 'Stop following Solana?' });
    await confirm.waitFor();
    await screenshot('en-unfollow', { fullPage: false });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect(cards().count()).resolves.toBe(3);
    // The focus goes back to the button that opened it.
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('aria-label') === 'Unfollow Solana',
    );

    // Opened again at once, the dialog takes the focus again (on a busy page it once stayed
    // behind, with the dialog missing from the accessibility tree).
    await card('Solana').getByRole('button', { name: 'Unfollow Solana' }).click();
    confirm = page.getByRole('dialog', { name: 'Stop following Solana?' });
    await confirm.waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null);
    await confirm.getByRole('button', { name: 'Unfollow', exact: true }).click();
    await toast('You no longer follow Solana.').waitFor();
    await card('Solana').waitFor({ state: 'detached' });
    // The button that was pressed is gone: the page's heading keeps the reader's place.
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    await expect(cards().count()).resolves.toBe(2);

    // The same reports in Chinese and in Brazilian Portuguese, the API's texts included.
    for (const [prefix, heading, indicators, ownWords, loading] of [
      ['/zh', '报告', '技术指标', /[\u4e00-\u9fff]/, '正在加载你的报告'],
      ['/pt-br', 'Relatórios', 'Indicadores', /[ãçéõ]/, 'Carregando seus relatórios'],
    ] as const) {
      // Slow answers, to see the placeholders: the page's, then each card's.
      const release = await slowDown(['**/api/follow/list', '**/api/analysis/coin?*']);
      await page.goto(`${baseUrl()}${prefix}/reporting/`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.getByRole('status', { name: loading }).waitFor();
      await screenshot(`${prefix.slice(1)}-loading`, { fullPage: false });
      const placeholderTop = await firstRangeSwitchTop();
      const prices = page.waitForResponse((response) => response.url().includes('/api/coin/price'));
      release.list();
      await card('Bitcoin').waitFor();
      // The prices have come too: the badge says so.
      await prices;
      await card('Bitcoin').locator('[data-part="demo"]').waitFor();
      await screenshot(`${prefix.slice(1)}-card-loading`, { fullPage: false });
      // Within a pixel: the demo badge's border makes the as-of line half a pixel taller.
      expect(
        Math.abs(((await firstRangeSwitchTop()) ?? NaN) - (placeholderTop ?? NaN)),
      ).toBeLessThanOrEqual(1);
      release.rest();

      await card('Ethereum').waitFor();
      await expect(cards().count()).resolves.toBe(2);
      for (const coin of ['Bitcoin', 'Ethereum']) {
        await card(coin).scrollIntoViewIfNeeded();
        await card(coin).getByRole('heading', { name: indicators }).waitFor();
        await chartDrawn(card(coin));
      }
      const summary = await card('Bitcoin')
        .locator('section[data-part="summary"] p')
        .first()
        .textContent();
      expect(summary).toMatch(ownWords);
      await page.waitForLoadState('networkidle');
      await screenshot(`${prefix.slice(1)}-cards`);
      await card('Bitcoin').screenshot({ path: join(SHOTS, `${prefix.slice(1)}-card.png`) });
      await page.unrouteAll({ behavior: 'wait' });
    }

    expect(problems).toEqual([]);
  }, 120_000);
});
