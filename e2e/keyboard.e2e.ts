// Keyboard-only journeys on the started product (what axe cannot check): a person who uses no mouse
// signs in, follows coins, adds a monitored source and uses the profile menu, with Tab, Shift+Tab,
// Enter, Space, Escape, the arrows and typing only. At each step the test says where the focus
// must be (its role and accessible name), that it moves into a dialog when one opens, stays there,
// and comes back to the control that opened it when the dialog closes.
import { callApi, createAccount, type Account } from './accounts';
import { baseUrl, focused, still, tabTo, DEVICES, waitForFocus, type Focused } from './browser';
import { expect, test, type BrowserContext, type Page } from './fixtures';
import { siteStrings } from './strings';

const DESKTOP = DEVICES.desktop;

test.use(DESKTOP);

/** Signs the context in as `account` before any script runs, with the onboarding done. */
async function signInAs(context: BrowserContext, account: Account): Promise<void> {
  const { id } = await callApi<{ id: number }>('/api/user', account.token);
  await context.addInitScript(
    ({ token, key }) => {
      window.localStorage.setItem('token', token);
      // The onboarding is done: the chat's composer is open at once.
      window.localStorage.setItem(
        key,
        JSON.stringify({ version: 1, id: 24, finished: true, tasks: { 1: 'done', 2: 'done' } }),
      );
    },
    { token: account.token, key: `coinlens:onboarding:${id}` },
  );
}

/** Goes to `path` and waits until its content has come (no busy region, nothing moving). */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl()}${path}`);
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, {
    timeout: 15_000,
  });
  await still(page, 300);
}

const describeFocus = (found: Focused) => `${found.role} "${found.name}" (${found.selector})`;

/**
 * With the focus in the dialog named `dialog`: Tab goes round every control of the dialog and
 * back to where it started, never leaving it; Shift+Tab from there stays in it too. Leaves the
 * focus where it found it.
 */
async function expectTrapped(page: Page, dialog: string, max = 80): Promise<void> {
  const start = await focused(page);
  expect(start.dialog).toBe(dialog);
  const seen: Focused[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const found = await focused(page);
    if (found.dialog !== dialog) {
      throw new Error(
        `Tab left the dialog "${dialog}" after ${seen.map(describeFocus).join(', ')}: ` +
          `the focus went to ${describeFocus(found)}`,
      );
    }
    if (found.key === start.key) break;
    seen.push(found);
  }
  expect((await focused(page)).key).toBe(start.key);
  // At least the close button besides where it started.
  expect(seen.length).toBeGreaterThan(0);
  await page.keyboard.press('Shift+Tab');
  expect((await focused(page)).dialog).toBe(dialog);
  await page.keyboard.press('Tab');
  expect((await focused(page)).key).toBe(start.key);
}

/** Selects the whole text of the focused field and types `text` over it. */
async function retype(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

test.describe('keyboard only', () => {
  for (const [locale, prefix] of [
    ['en', ''],
    ['zh', '/zh'],
  ] as const) {
    test(`${locale}: logs in from the home page: Tab to "Log in", a trapped dialog, Escape, Enter submits`, async ({
      page,
      problems,
    }) => {
      const c = siteStrings(locale, 'common');
      const account = await createAccount('Kira');
      await visit(page, `${prefix}/`);
      const login = { role: 'button', name: c('profile.login'), dialog: null };
      await page.getByRole('button', { name: c('profile.login') }).waitFor();

      // The first stop skips to the content; the header's log-in control follows.
      await page.keyboard.press('Tab');
      await waitForFocus(page, { role: 'link', name: c('skipToContent') });
      await tabTo(page, login, { max: 10 });

      // Enter opens the dialog with the focus on its first field; Escape closes it and gives
      // the focus back to the button.
      await page.keyboard.press('Enter');
      await waitForFocus(page, {
        role: 'textbox',
        name: c('login.email'),
        dialog: c('login.title'),
      });
      // The page behind stays where it was (an autofocus made before the dialog's styles
      // scrolled it 1,506 px down, to where the unstyled field sat).
      await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
      await expectTrapped(page, c('login.title'));
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await waitForFocus(page, login);

      // Space opens it as well; the e-mail, the password, and Enter submits.
      await page.keyboard.press('Space');
      await waitForFocus(page, {
        role: 'textbox',
        name: c('login.email'),
        dialog: c('login.title'),
      });
      await page.keyboard.type(account.email);
      await page.keyboard.press('Tab');
      await waitForFocus(page, { name: c('login.password'), dialog: c('login.title') });
      await page.keyboard.type(account.password);
      await page.keyboard.press('Enter');

      // Signed in: on the reports, the header shows the profile area, which Tab reaches.
      await page.waitForURL(`${baseUrl()}${prefix}/reporting/`);
      const menu = { role: 'button', name: c('profile.menuFor', { nickname: 'Kira' }) };
      await page.getByRole('button', { name: menu.name }).waitFor();
      await expect(page.getByRole('button', { name: c('profile.login') }).count()).resolves.toBe(0);
      await tabTo(page, menu, { max: 15 });
      expect(problems).toEqual([]);
    });
  }

  test('follows two coins from the add-coin dialog, searching and picking with the keyboard', async ({
    context,
    page,
    problems,
  }) => {
    const r = siteStrings('en', 'reporting');
    const k = siteStrings('en', 'coins');
    const account = await createAccount('Cole');
    await signInAs(context, account);
    await visit(page, '/reporting/');
    const opener = { role: 'button', name: r('addCoins'), dialog: null };
    await tabTo(page, opener);

    await page.keyboard.press('Enter');
    const dialog = k('title');
    await waitForFocus(page, { role: 'searchbox', name: k('search.label'), dialog });
    // The whole list shows first: the search has answered once a coin it does not match left it
    // (Tab through a list that is then replaced would lose the focus with it).
    const bitcoin = page.getByRole('button', {
      name: k('actionLabel.add', { name: 'Bitcoin' }),
      exact: true,
    });
    await bitcoin.waitFor();
    await page.keyboard.type('eth');
    await bitcoin.waitFor({ state: 'detached' });
    await page
      .getByRole('button', { name: k('actionLabel.add', { name: 'Ethereum' }), exact: true })
      .waitFor();
    await still(page, 300);
    await expectTrapped(page, dialog);

    // Tab to the coin's add button; Space picks it.
    await tabTo(page, { name: k('actionLabel.add', { name: 'Ethereum' }), dialog });
    await page.keyboard.press('Space');
    await waitForFocus(page, {
      role: 'button',
      name: k('actionLabel.selected', { name: 'Ethereum' }),
      dialog,
    });
    expect((await focused(page)).pressed).toBe('true');
    // The arrows move between the add buttons of the table.
    await page.keyboard.press('ArrowDown');
    const next = await waitForFocus(page, { role: 'button', name: /^Add /, dialog });
    await page.keyboard.press('ArrowUp');
    await waitForFocus(page, { name: k('actionLabel.selected', { name: 'Ethereum' }), dialog });
    expect(next.pressed).toBe('false');

    // Back to the search (Shift+Tab), another search, Enter picks the second coin.
    await tabTo(page, { role: 'searchbox', dialog }, { key: 'Shift+Tab' });
    await retype(page, 'bitcoin');
    await page
      .getByRole('button', { name: k('actionLabel.add', { name: 'Bitcoin' }), exact: true })
      .waitFor();
    await still(page, 300);
    await tabTo(page, { name: k('actionLabel.add', { name: 'Bitcoin' }), dialog });
    await page.keyboard.press('Enter');
    await waitForFocus(page, { name: k('actionLabel.selected', { name: 'Bitcoin' }), dialog });
    await page.getByText(k('footer.count', { selected: 2, limit: 5 })).waitFor();

    // Save: the dialog closes and the focus is back on the button that opened it.
    await tabTo(page, { role: 'button', name: k('footer.save'), dialog });
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await waitForFocus(page, opener);

    // Followed: a report card for each on the page, and in the API's follow list.
    await page.getByRole('article', { name: /^Ethereum\b/ }).waitFor();
    await page.getByRole('article', { name: /^Bitcoin\b/ }).waitFor();
    const follows = await callApi<Array<{ coin: { name: string } }>>(
      '/api/follow/list',
      account.token,
    );
    expect(follows.map((entry) => entry.coin.name).sort()).toEqual(['Bitcoin', 'Ethereum']);
    expect(problems).toEqual([]);
  });

  test('adds a monitored source from the add-monitoring dialog with the keyboard', async ({
    context,
    page,
    problems,
  }) => {
    const m = siteStrings('en', 'monitoring');
    const account = await createAccount('Mona');
    const [source] = (
      await callApi<{ records: Array<{ id: number; title: string }> }>(
        '/api/monitor/source/list?page=1&size=1&status=1',
        account.token,
      )
    ).records;
    await signInAs(context, account);
    await visit(page, '/monitoring/');
    const opener = { role: 'button', name: m('add'), dialog: null };
    await tabTo(page, opener);

    await page.keyboard.press('Enter');
    const dialog = m('dialog.title');
    await waitForFocus(page, { role: 'searchbox', name: m('dialog.search.label'), dialog });
    await page.getByRole('dialog').locator('button[aria-pressed]').first().waitFor();
    await still(page, 300);
    await expectTrapped(page, dialog);

    // Search for the source by its title; Tab to its card; Space picks it.
    await page.keyboard.type(source!.title);
    await page.getByRole('region', { name: m('dialog.results') }).waitFor();
    await page
      .getByRole('region', { name: m('dialog.results') })
      .locator('button[aria-pressed]')
      .first()
      .waitFor();
    await still(page, 300);
    const card = await tabTo(page, { role: 'button', name: new RegExp(escape(source!.title)) });
    expect(card.at(-1)!.pressed).toBe('false');
    await page.keyboard.press('Space');
    await page.getByText(m('dialog.footer.count', { selected: 1, limit: 5 })).waitFor();
    expect((await focused(page)).pressed).toBe('true');

    await tabTo(page, { role: 'button', name: m('dialog.footer.save'), dialog });
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await waitForFocus(page, opener);

    // Listed: its card, with a button to stop monitoring it.
    await page.getByRole('button', { name: m('list.remove', { title: source!.title }) }).waitFor();
    const mine = await callApi<{ records: Array<{ id: number }> }>(
      '/api/monitor/user/source/list?page=1&size=30',
      account.token,
    );
    expect(mine.records.map((record) => record.id)).toContain(source!.id);
    expect(problems).toEqual([]);
  });

  test('uses the profile menu: Enter, Space and ArrowDown open it, arrows move, Escape closes', async ({
    context,
    page,
    problems,
  }) => {
    const c = siteStrings('pt-br', 'common');
    const account = await createAccount('Pia');
    await signInAs(context, account);
    await visit(page, '/pt-br/reporting/');
    const trigger = { role: 'button', name: c('profile.menuFor', { nickname: 'Pia' }) };
    const edit = { role: 'button', name: c('profile.editNickname') };
    const alerts = { role: 'link', name: c('profile.alerts') };
    const logout = { role: 'button', name: c('profile.logout') };
    // The price colours' two choices, between editing the nickname and logging out.
    const choices = [c('profile.greenUp'), c('profile.redUp')].map((name) => ({
      role: 'button',
      name,
    }));
    const expanded = () =>
      page
        .getByRole('button', { name: trigger.name })
        .getAttribute('aria-expanded')
        .then((value) => value === 'true');
    await tabTo(page, trigger);

    // Enter and Space open the list (the focus stays on the button); ArrowDown opens it and
    // takes the focus to the first item.
    for (const key of ['Enter', 'Space']) {
      await page.keyboard.press(key);
      await page.getByRole('button', { name: edit.name }).waitFor();
      expect(await expanded()).toBe(true);
      await waitForFocus(page, trigger);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: edit.name }).waitFor({ state: 'detached' });
      expect(await expanded()).toBe(false);
      await waitForFocus(page, trigger);
    }
    await page.keyboard.press('ArrowDown');
    await waitForFocus(page, edit);
    for (const choice of [alerts, ...choices, logout]) {
      await page.keyboard.press('ArrowDown');
      await waitForFocus(page, choice);
    }
    await page.keyboard.press('ArrowDown');
    await waitForFocus(page, edit);
    await page.keyboard.press('ArrowUp');
    await waitForFocus(page, logout);
    await page.keyboard.press('Home');
    await waitForFocus(page, edit);
    await page.keyboard.press('End');
    await waitForFocus(page, logout);
    await page.keyboard.press('Escape');
    await waitForFocus(page, trigger);
    expect(await expanded()).toBe(false);

    // Edit nickname: a dialog with the focus in it; Escape gives the focus back to the menu's
    // button (the item that opened it went with the list).
    const dialog = c('nickname.title');
    await page.keyboard.press('ArrowDown');
    await waitForFocus(page, edit);
    await page.keyboard.press('Enter');
    await waitForFocus(page, { role: 'textbox', name: c('nickname.label'), dialog });
    await expectTrapped(page, dialog);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await waitForFocus(page, trigger);

    // And after saving a new nickname with Enter.
    await page.keyboard.press('ArrowDown');
    await waitForFocus(page, edit);
    await page.keyboard.press('Enter');
    await waitForFocus(page, { role: 'textbox', name: c('nickname.label'), dialog });
    await retype(page, 'Pia Lu');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await waitForFocus(page, {
      role: 'button',
      name: c('profile.menuFor', { nickname: 'Pia Lu' }),
    });

    // Tab out of an open list closes it.
    await page.keyboard.press('ArrowDown');
    await waitForFocus(page, edit);
    // Past the list's other items (the alerts, the price colours' choices, log out) and out of it.
    for (let press = 0; press < choices.length + 3; press += 1) await page.keyboard.press('Tab');
    await page.getByRole('button', { name: edit.name }).waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  });
});

/** `text` as a literal inside a regular expression. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
