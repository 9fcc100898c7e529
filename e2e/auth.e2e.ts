// Signing in, for real, in each language: the login dialog against the started API, codes read
// from its outbox; registering (back on the code step after a reload, past a wrong code), logging
// in after a wrong password, logging out, resetting the password, going back and closing.
import { codeFromOutbox, createAccount, uniqueEmail } from './accounts';
import { baseUrl } from './browser';
import { expect, test, type Page } from './fixtures';
import { escapeRegExp, siteStrings } from './strings';

/** Each language's path prefix and locale folder (site/locales/<locale>). */
const LOCALES = [
  ['', 'en'],
  ['/zh', 'zh'],
  ['/pt-br', 'pt-br'],
] as const;

const dialog = (page: Page) => page.getByRole('dialog');

async function openLogin(page: Page, prefix = '') {
  await page.goto(`${baseUrl()}${prefix}/?t=login`);
  await dialog(page).waitFor();
}

test.describe('the login dialog', () => {
  for (const [prefix, locale] of LOCALES) {
    const t = siteStrings(locale, 'common');
    /** "Send again" counting down, at any second of it (a busy machine may be past 60). */
    const countingDown = new RegExp(
      `^${escapeRegExp(t('login.sent', { seconds: '§' })).replace('§', '\\d+')}$`,
    );

    test(`${locale}: back on the code step after a reload, registers with the mailed code`, async ({
      page,
      problems,
    }) => {
      const address = uniqueEmail('new');
      const askForCode = async () => {
        await dialog(page)
          .getByRole('tab', { name: t('login.registerTab') })
          .click();
        await dialog(page).getByLabel(t('login.email')).fill(address);
        await dialog(page).getByLabel(t('login.password'), { exact: true }).fill('correct-horse-9');
        await dialog(page)
          .getByRole('button', { name: t('login.next') })
          .click();
        await page.getByRole('dialog', { name: t('login.verifyTitle') }).waitFor();
        await expect(dialog(page).getByRole('button', { name: countingDown })).toBeDisabled();
      };
      await openLogin(page, prefix);
      await askForCode();
      // A reload before the mail came: the same address is asked for again, and the code step of
      // the code in the mailbox comes back instead of "a code was sent a moment ago" on step 1.
      await page.reload();
      await dialog(page).waitFor();
      await askForCode();
      await page.getByText(t('login.messages.CodeStillValid')).waitFor();
      const firstBox = dialog(page)
        .getByRole('group', { name: t('login.code') })
        .getByRole('textbox')
        .first();
      await expect(firstBox).toBeFocused();

      // A wrong code empties the boxes and leaves the focus in the first: the right one goes in.
      const code = codeFromOutbox(address, 4);
      await page.keyboard.type(code === '000000' ? '111111' : '000000');
      await page.locator('[role="alert"]').first().waitFor();
      await expect(firstBox).toHaveValue('');
      await expect(firstBox).toBeFocused();
      await page.keyboard.type(code);
      await page.waitForURL(`${baseUrl()}${prefix}/welcome/`);
      await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeTruthy();
      expect(problems).toEqual([]);
    });

    test(`${locale}: logs in, refuses a wrong password, and logs out`, async ({
      page,
      context,
    }) => {
      const account = await createAccount('Ada');
      const events: string[] = [];
      await page.exposeFunction('recordAuthEvent', (name: string) => events.push(name));
      await context.addInitScript(() => {
        for (const name of ['login-success', 'register-success', 'login-fail']) {
          window.addEventListener(name, () =>
            (window as unknown as { recordAuthEvent(n: string): void }).recordAuthEvent(name),
          );
        }
      });
      await openLogin(page, prefix);
      await dialog(page).getByLabel(t('login.email')).fill(account.email);
      await dialog(page).getByLabel(t('login.password'), { exact: true }).fill('not-the-password');
      await dialog(page)
        .getByRole('button', { name: t('login.submit') })
        .click();
      // The server's message, in an error toast; the dialog stays, with what was typed.
      await page.locator('[role="alert"]').first().waitFor();
      await expect(dialog(page).getByLabel(t('login.email')).inputValue()).resolves.toBe(
        account.email,
      );

      await dialog(page).getByLabel(t('login.password'), { exact: true }).fill(account.password);
      // The welcome toast lasts 3 s: watched for from the click, not after the page has changed.
      const welcomed = page.getByText(t('login.messages.LoginSuccess')).waitFor();
      await dialog(page)
        .getByRole('button', { name: t('login.submit') })
        .click();
      await page.waitForURL(`${baseUrl()}${prefix}/reporting/`);
      await welcomed;
      expect(events).toEqual(['login-fail', 'login-success']);

      const token = await page.evaluate(() => localStorage.getItem('token'));
      await page.getByRole('button', { name: t('profile.menuFor', { nickname: 'Ada' }) }).click();
      await page.getByRole('button', { name: t('profile.logout') }).click();
      await page.waitForURL(`${baseUrl()}${prefix}/`);
      await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
      // The server revoked the token: it no longer opens the account.
      const res = await fetch(`${baseUrl()}/api/user`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(401);
    });

    test(`${locale}: resets the password with the mailed code, then logs in with the new one`, async ({
      page,
      account,
    }) => {
      await openLogin(page, prefix);
      await dialog(page)
        .getByRole('button', { name: t('login.forgot') })
        .click();
      await page.getByRole('dialog', { name: t('login.resetTitle') }).waitFor();
      await dialog(page).getByLabel(t('login.email')).fill(account.email);
      await dialog(page)
        .getByRole('button', { name: t('login.sendCode') })
        .click();
      await page.getByRole('dialog', { name: t('login.newPasswordTitle') }).waitFor();
      await dialog(page)
        .getByRole('group', { name: t('login.code') })
        .getByRole('textbox')
        .first()
        .click();
      await page.keyboard.type(codeFromOutbox(account.email, 2));
      await dialog(page).getByLabel(t('login.newPassword')).fill('brand-new-secret-7');
      await dialog(page)
        .getByRole('button', { name: t('login.changePassword') })
        .click();
      await page.getByText(t('login.messages.ResetSuccess')).waitFor();
      await page.getByRole('dialog', { name: t('login.title') }).waitFor();
      await expect(dialog(page).getByLabel(t('login.email')).inputValue()).resolves.toBe('');

      await dialog(page).getByLabel(t('login.email')).fill(account.email);
      await dialog(page)
        .getByLabel(t('login.password'), { exact: true })
        .fill('brand-new-secret-7');
      await dialog(page)
        .getByRole('button', { name: t('login.submit') })
        .click();
      await page.waitForURL(`${baseUrl()}${prefix}/reporting/`);
    });

    test(`${locale}: goes back with the arrow and starts over when closed`, async ({ page }) => {
      await openLogin(page, prefix);
      await dialog(page)
        .getByRole('button', { name: t('login.forgot') })
        .click();
      await dialog(page)
        .getByRole('button', { name: t('login.back') })
        .click();
      await page.getByRole('dialog', { name: t('login.title') }).waitFor();
      await dialog(page).getByLabel(t('login.email')).fill('ada@example.com');
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'hidden' });
      // Closed, it leaves the address: a reload does not open it again.
      await expect(page).toHaveURL(`${baseUrl()}${prefix}/`);
      await page.getByRole('button', { name: t('profile.login') }).click();
      await page.getByRole('dialog', { name: t('login.title') }).waitFor();
      await expect(dialog(page).getByLabel(t('login.email')).inputValue()).resolves.toBe('');
    });
  }
});
