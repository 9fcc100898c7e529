// Alerts in a browser against the started product, in each language and on a phone: signed in
// with a coin followed, the user makes a price alert from the coin's report card, the demo market
// crosses its line, and the alert arrives at once (the bell counts one, a toast says what fired),
// by email (the outbox, once the mail's minute is over) and in the history on the Alerts page.
//
// The demo market's prices are fixed per 10-second tick (api/src/market/snapshot.ts), so the line
// a coming tick crosses is worked out beforehand with the API's own market module, as
// bench/api/alert-latency.mjs does: the alert is made a few ticks ahead, armed by an evaluation
// before that tick, and fires at it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { callApi, createAccount, sharedServer, type Account } from './accounts';
import { baseUrl, DEVICES, recordToasts } from './browser';
import { expect, test, type Page } from './fixtures';
import { escapeRegExp, siteStrings } from './strings';

/** How far ahead the crossing tick is: time to make the alert, and an evaluation to arm it. */
const LEAD_TICKS = 3;

interface Crossing {
  slug: string;
  kind: 'priceAbove' | 'priceBelow';
  /** The line, halfway between the earlier prices' extreme and the crossing tick's price. */
  value: number;
  /** The tick at which the price crosses it. */
  tick: number;
}

interface DemoMarket {
  tickMs: number;
  slugs: string[];
  priceAt: (slug: string, tick: number) => number;
}

let market: Promise<DemoMarket> | undefined;

/** The demo market as the product computes it, at any tick (the built API's own module). */
function demoMarket(): Promise<DemoMarket> {
  market ??= (async () => {
    const url = pathToFileURL(join(__dirname, '..', 'api', 'dist', 'src', 'market', 'snapshot.js'));
    const { createSnapshotProvider, TICK_MS } = (await import(url.href)) as {
      TICK_MS: number;
      createSnapshotProvider: (options: { clock: { now: () => number } }) => {
        start: () => Promise<void>;
        coins: () => Array<{ slug: string }>;
        quote: (slug: string) => { price: number };
      };
    };
    let at = 0;
    const provider = createSnapshotProvider({ clock: { now: () => at } });
    await provider.start();
    return {
      tickMs: TICK_MS,
      slugs: provider.coins().map((coin) => coin.slug),
      priceAt: (slug, tick) => {
        at = tick * TICK_MS;
        return provider.quote(slug).price;
      },
    };
  })();
  return market;
}

/**
 * The `index`th coin priced above $100 (a tick moves it by cents, which a typed line of 8
 * decimals splits without rounding onto either side): journeys at once pick different ones.
 */
async function coinToWatch(index: number): Promise<string> {
  const { tickMs, slugs, priceAt } = await demoMarket();
  const now = Math.floor(Date.now() / tickMs);
  const priced = slugs.slice(0, 30).filter((slug) => priceAt(slug, now) > 100);
  return priced[index % priced.length]!;
}

/**
 * The line `slug`'s price crosses at the tick `LEAD_TICKS` from now (or the first one after it),
 * having stayed on the other side of it from now until then, as crossings() in
 * bench/api/alert-latency.mjs finds them.
 */
async function nextCrossing(slug: string): Promise<Crossing> {
  const { tickMs, priceAt } = await demoMarket();
  const now = Math.floor(Date.now() / tickMs);
  for (let lead = LEAD_TICKS; lead < LEAD_TICKS + 30; lead += 1) {
    const tick = now + lead;
    const before = Array.from({ length: lead }, (_, step) => priceAt(slug, now + step));
    const after = priceAt(slug, tick);
    const high = Math.max(...before);
    const low = Math.min(...before);
    if (after > high) return { slug, kind: 'priceAbove', value: (high + after) / 2, tick };
    if (after < low) return { slug, kind: 'priceBelow', value: (low + after) / 2, tick };
  }
  throw new Error(`${slug} crosses no line in the next ${LEAD_TICKS + 30} ticks`);
}

/** The line as a person types it in `locale` (its decimal mark, no grouping). */
const typed = (value: number, locale: string) =>
  new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 8 }).format(value);

/** The alert mails the product wrote for `email` (its outbox, no SMTP in tests). */
function alertMails(email: string): Array<{ subject: string; text: string; events: number[] }> {
  const file = join(sharedServer().dataDir, 'outbox.jsonl');
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map(
      (line) =>
        JSON.parse(line) as {
          kind?: string;
          to: string;
          subject: string;
          text: string;
          events: number[];
        },
    )
    .filter((mail) => mail.kind === 'alert' && mail.to === email);
}

/** A new account following the `index`th coin to watch. */
async function readyAccount(
  name: string,
  index: number,
): Promise<{ account: Account; slug: string; coinId: number; coinName: string }> {
  const account = await createAccount(name);
  const slug = await coinToWatch(index);
  const { coin } = await callApi<{ coin: { id: number; name: string } }>(
    `/api/market/coin?slug=${encodeURIComponent(slug)}`,
    account.token,
  );
  await callApi('/api/follow/add', account.token, { coinIds: [coin.id] });
  return { account, slug, coinId: coin.id, coinName: coin.name };
}

/** Waits until the crossing tick has come (and its evaluation has had a moment). */
async function untilFired(page: Page, crossing: Crossing) {
  const { tickMs } = await demoMarket();
  const wait = crossing.tick * tickMs - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
}

/**
 * Makes, in the dialog "Alert me" opened, an alert on the line `slug` crosses next (worked out
 * once the dialog is there, so that the alert is made well before that tick); returns it.
 */
async function makeAlert(page: Page, locale: string, slug: string): Promise<Crossing> {
  const a = siteStrings(locale, 'alerts');
  const dialog = page.getByRole('dialog', { name: a('dialog.titleNew') });
  await dialog.waitFor();
  const crossing = await nextCrossing(slug);
  await dialog.getByRole('combobox', { name: a('form.kind') }).selectOption(crossing.kind);
  await dialog
    .getByRole('textbox', { name: a('form.price') })
    .fill(typed(crossing.value, locale === 'pt-br' ? 'pt-BR' : locale));
  await dialog.getByRole('button', { name: a('form.save') }).click();
  await expect(dialog).toBeHidden();
  const { tickMs } = await demoMarket();
  // An evaluation must see the alert before the crossing tick, or it is made past its line.
  expect(Date.now(), 'the alert was made too late to be armed before its tick').toBeLessThan(
    (crossing.tick - 1) * tickMs,
  );
  return crossing;
}

// Each journey waits for the market and for its mail's minute: they wait side by side.
test.describe.configure({ mode: 'parallel' });
test.use({ consoleErrors: true });

const LOCALES = [
  ['en', ''],
  ['zh', '/zh'],
  ['pt-br', '/pt-br'],
] as const;

test.describe('an alert from a report card to the bell, the mail and the history', () => {
  test.use(DEVICES.desktop);

  LOCALES.forEach(([locale, prefix], index) => {
    test(`${locale}: fires once the price crosses its line`, async ({ page, problems, signIn }) => {
      test.setTimeout(180_000);
      const a = siteStrings(locale, 'alerts');
      const pageStrings = siteStrings(locale, 'alertsPage');
      const { account, slug, coinId, coinName } = await readyAccount(`Alma ${locale}`, index);
      await signIn(account.token);

      await page.goto(`${baseUrl()}${prefix}/reporting/?coin=${coinId}`);
      const toastShown = await recordToasts(page);
      await page.getByRole('button', { name: a('alertMeNamed', { name: coinName }) }).click();
      const crossing = await makeAlert(page, locale, slug);
      await toastShown(a('dialog.created', { name: coinName }));
      const bell = page.getByRole('button', { name: a('bell.label'), exact: true });
      await expect(bell).toBeVisible();

      await untilFired(page, crossing);
      // At once in the app: the bell counts one, a toast names the coin.
      const counted = page.getByRole('button', {
        name: siteStrings(locale, 'alerts')('bell.labelUnread_one', { count: 1 }),
      });
      await expect(counted).toBeVisible({ timeout: 20_000 });
      await toastShown(a('toast.one', { name: coinName, trigger: '' }).trim());

      // The inbox: the alert with its figure; its link leads to the coin's report.
      await counted.click();
      const inbox = page.getByRole('dialog', { name: a('inbox.title') });
      await expect(inbox.getByRole('listitem')).toHaveCount(1);
      await expect(
        inbox.getByRole('link', { name: new RegExp(`^${escapeRegExp(coinName)}`) }),
      ).toHaveAttribute('href', `${prefix}/reporting/?coin=${coinId}`);
      await inbox.getByRole('link', { name: a('inbox.seeAll') }).click();

      // The history on the Alerts page: the figure, the line, the provider.
      await expect(page).toHaveURL(`${baseUrl()}${prefix}/alerts/`);
      const history = page.getByRole('region', { name: pageStrings('history.title') });
      const fired = history.getByRole('listitem');
      await expect(fired).toHaveCount(1);
      await expect(fired).toContainText(a('item.sources.demo'));
      await expect(
        page.getByRole('region', { name: pageStrings('list.title') }).getByRole('listitem'),
      ).toContainText(pageStrings('list.state.spent'));

      // By email, once the mail's minute is over, in the page's language.
      await expect
        .poll(() => alertMails(account.email).length, { timeout: 100_000, intervals: [2000] })
        .toBe(1);
      expect(alertMails(account.email)[0]!.text).toContain(coinName);
      expect(problems).toEqual([]);
    });
  });
});

test.describe('an alert on a phone', () => {
  test.use(DEVICES.iPhone);

  test('fires, the top bar counts it and leads to the phone’s alerts page', async ({
    page,
    problems,
    signIn,
  }) => {
    test.setTimeout(120_000);
    const a = siteStrings('en', 'alerts');
    const pageStrings = siteStrings('en', 'alertsPage');
    const { account, slug, coinId, coinName } = await readyAccount('Pia', 3);
    await signIn(account.token);

    await page.goto(`${baseUrl()}/mobile/reporting/?coin=${coinId}`);
    const toastShown = await recordToasts(page);
    await page.getByRole('button', { name: a('alertMeNamed', { name: coinName }) }).click();
    const crossing = await makeAlert(page, 'en', slug);

    await untilFired(page, crossing);
    const counted = page.getByRole('button', { name: a('bell.labelUnread_one', { count: 1 }) });
    await expect(counted).toBeVisible({ timeout: 20_000 });
    await toastShown(a('toast.one', { name: coinName, trigger: '' }).trim());
    await counted.click();
    await expect(page).toHaveURL(`${baseUrl()}/mobile/alerts/`);
    await expect(
      page.getByRole('region', { name: pageStrings('history.title') }).getByRole('listitem'),
    ).toHaveCount(1);
    expect(problems).toEqual([]);
  });
});
