// The Chinese and Brazilian Portuguese pages say everything in their language: no page, signed in
// or out, and no dialog shows a text of the English locale files that its own language translates,
// nor a raw message key (what i18next shows for a key it cannot find). What each page shows is read
// as a person and a screen reader get it: the text on screen and the names and hints of controls.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { accountFollowing, callApi } from './accounts';
import { baseUrl, DEVICES, hydrated, still } from './browser';
import { expect, test, type Page } from './fixtures';
import { escapeRegExp, siteStrings } from './strings';

const LOCALES_DIR = join(__dirname, '..', 'site', 'locales');
const NAMESPACES = readdirSync(join(LOCALES_DIR, 'en')).map((file) => file.replace(/\.json$/, ''));

type Strings = { [key: string]: string | Strings };

/** Every string of a locale's namespace by its key path (`login.title`). */
function strings(locale: string, namespace: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (node: Strings, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof value === 'string') found.set(path, value);
      else walk(value, path);
    }
  };
  walk(
    JSON.parse(readFileSync(join(LOCALES_DIR, locale, `${namespace}.json`), 'utf8')) as Strings,
    '',
  );
  return found;
}

/** A whole-text pattern of a string with variables: `Unfollow {{name}}` for any name. */
const anyValues = (text: string) =>
  new RegExp(`^${escapeRegExp(text.trim()).replace(/\\\{\\\{\w+\\\}\\\}/g, '.+')}$`, 's');

/** What must not show in `locale`: the English texts it translates, and the raw keys. */
interface Untranslated {
  /** English texts without variables, which the locale writes otherwise. */
  texts: Set<string>;
  /** English texts with variables (`Unfollow {{name}}`), as whole-text patterns. */
  patterns: RegExp[];
  /** Every key, bare (`login.title`) and with its namespace (`common:login.title`). */
  keys: Set<string>;
}

function untranslated(locale: string): Untranslated {
  const texts = new Set<string>();
  const patterns: RegExp[] = [];
  const keys = new Set<string>();
  for (const namespace of NAMESPACES) {
    const english = strings('en', namespace);
    const own = new Set(strings(locale, namespace).values());
    for (const [key, text] of english) {
      keys.add(key).add(`${namespace}:${key}`);
      // The same text in both (a name, "RSI (14)", "7D") is not an untranslated one.
      if (own.has(text) || !/[a-z]{2}/i.test(text)) continue;
      if (!text.includes('{{')) texts.add(text.trim());
      else if (text.replace(/\{\{\w+\}\}/g, '').replace(/[^a-z]/gi, '').length >= 6) {
        patterns.push(anyValues(text));
      }
    }
  }
  return { texts, patterns, keys };
}

/**
 * What the page says, as a person and a screen reader get it: each visible text node, and the
 * accessible names and hints of its elements (aria-label, title, placeholder, alt).
 */
function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = new Set<string>();
    const add = (text: string | null | undefined) => {
      const trimmed = text?.replace(/\s+/g, ' ').trim();
      if (trimmed) found.add(trimmed);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, template, [hidden]')) continue;
      if (parent.checkVisibility?.({ visibilityProperty: true }) === false) continue;
      add(node.textContent);
    }
    for (const element of document.querySelectorAll(
      '[aria-label], [title], [placeholder], img[alt]',
    )) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        add(element.getAttribute(name));
      }
    }
    add(document.title);
    return [...found];
  });
}

/** The texts of `page` that are English the locale translates, or raw keys. */
async function foreign(page: Page, what: Untranslated, where: string): Promise<string[]> {
  return (await shownTexts(page)).flatMap((text) => {
    if (what.keys.has(text)) return [`${where}: the raw key "${text}"`];
    if (what.texts.has(text) || what.patterns.some((pattern) => pattern.test(text))) {
      return [`${where}: "${text}" in English`];
    }
    return [];
  });
}

/** Goes to `path` and waits for its content (no busy region, nothing moving). */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl()}${path}`);
  await hydrated(page);
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, {
    timeout: 15_000,
  });
  await still(page, 400);
}

let token: string;
let sourceId: number;

test.beforeAll(async () => {
  token = await accountFollowing('Lena', { coins: 2, sources: 1 });
  // The source it monitors: the list's first (accountFollowing).
  const list = await callApi<{ records: Array<{ id: number }> }>(
    '/api/monitor/source/list?page=1&size=1',
    token,
  );
  sourceId = list.records[0]!.id;
});

for (const [prefix, locale] of [
  ['/zh', 'zh'],
  ['/pt-br', 'pt-br'],
] as const) {
  test.describe(`everything in ${locale}`, () => {
    const what = untranslated(locale);
    const t = (namespace: string) => siteStrings(locale, namespace);

    test('signed out: the pages and the login dialog’s steps', async ({ page }) => {
      test.setTimeout(90_000);
      const found: string[] = [];
      for (const path of ['/', '/markets/', '/coins/bitcoin/', '/privacy/', '/terms/', '/400/']) {
        await visit(page, `${prefix}${path}`);
        found.push(...(await foreign(page, what, path)));
      }
      const common = t('common');
      await visit(page, `${prefix}/`);
      const languages = page.getByRole('button', { name: anyValues(common('language.label')) });
      await languages.click();
      await expect(languages).toHaveAttribute('aria-expanded', 'true');
      found.push(...(await foreign(page, what, 'language menu')));
      await visit(page, `${prefix}/?t=login`);
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      found.push(...(await foreign(page, what, 'login')));
      await dialog.getByRole('tab', { name: common('login.registerTab') }).click();
      found.push(...(await foreign(page, what, 'register')));
      await dialog.getByRole('tab', { name: common('login.loginTab') }).click();
      await dialog.getByRole('button', { name: common('login.forgot') }).click();
      await page.getByRole('dialog', { name: common('login.resetTitle') }).waitFor();
      found.push(...(await foreign(page, what, 'reset')));
      expect(found).toEqual([]);
    });

    test('signed in: the areas, their dialogs and the account menu', async ({ page, signIn }) => {
      test.setTimeout(120_000);
      await signIn(token);
      const found: string[] = [];
      const common = t('common');

      await visit(page, `${prefix}/reporting/`);
      await page.getByRole('article').first().waitFor();
      found.push(...(await foreign(page, what, '/reporting/')));
      await page
        .getByRole('button', { name: t('reporting')('addCoins'), exact: true })
        .first()
        .click();
      await page.getByRole('dialog', { name: t('coins')('title') }).waitFor();
      await still(page, 400);
      found.push(...(await foreign(page, what, 'add coins')));
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      const unfollow = page.getByRole('button', {
        name: anyValues(t('reporting')('card.unfollowNamed')),
      });
      await unfollow.first().click();
      await page.getByRole('dialog').waitFor();
      found.push(...(await foreign(page, what, 'unfollow')));
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });

      const account = page.getByRole('button', {
        name: common('profile.menuFor', { nickname: 'Lena' }),
      });
      await account.click();
      await expect(account).toHaveAttribute('aria-expanded', 'true');
      found.push(...(await foreign(page, what, 'account menu')));
      await page.getByRole('button', { name: common('profile.editNickname') }).click();
      await page.getByRole('dialog', { name: common('nickname.title') }).waitFor();
      found.push(...(await foreign(page, what, 'nickname')));
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });

      await visit(page, `${prefix}/monitoring/`);
      found.push(...(await foreign(page, what, '/monitoring/')));
      await page
        .getByRole('button', { name: t('monitoring')('add'), exact: true })
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
      await still(page, 400);
      found.push(...(await foreign(page, what, 'add sources')));
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });

      await visit(page, `${prefix}/monitoring/detail/?id=${sourceId}`);
      found.push(...(await foreign(page, what, '/monitoring/detail/')));
      await visit(page, `${prefix}/welcome/`);
      found.push(...(await foreign(page, what, '/welcome/')));
      expect(found).toEqual([]);
    });

    test.describe(() => {
      test.use(DEVICES.iPhone);

      test('on a phone, signed out and in', async ({ page, signIn }) => {
        const found: string[] = [];
        await visit(page, `${prefix}/mobile/`);
        found.push(...(await foreign(page, what, '/mobile/ signed out')));
        await visit(page, `${prefix}/mobile/markets/`);
        found.push(...(await foreign(page, what, '/mobile/markets/')));
        await signIn(token);
        await visit(page, `${prefix}/mobile/`);
        found.push(...(await foreign(page, what, '/mobile/ signed in')));
        expect(found).toEqual([]);
      });
    });
  });
}
