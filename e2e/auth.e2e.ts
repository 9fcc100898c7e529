// Signing in, for real: the login dialog against the started API, codes read from its outbox.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { codeFromOutbox, createAccount, uniqueEmail } from './accounts';
import { baseUrl, launchChromium } from './browser';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
});

afterEach(async () => {
  await context.close();
});

const dialog = () => page.getByRole('dialog');

async function openLogin(prefix = '') {
  await page.goto(`${baseUrl()}${prefix}/?t=login`);
  await dialog().waitFor();
}

describe('the login dialog', () => {
  it.each([
    // The resend button counts down from 60 s: any second of it (a busy machine may be past 60).
    ['', 'Register', 'Email', 'Password', 'Next', 'Verify your email', /^Sent \(\d+s\)$/],
    ['/zh', '注册', '邮箱', '密码', '下一步', '验证邮箱', /^已发送（\d+ 秒）$/],
    [
      '/pt-br',
      'Cadastrar',
      'E-mail',
      'Senha',
      'Avançar',
      'Confirme seu e-mail',
      /^Enviado \(\d+s\)$/,
    ],
  ])(
    '%s: registers with the mailed code and lands on /welcome',
    async (prefix, registerTab, email, password, next, verifyTitle, sent) => {
      const address = uniqueEmail('new');
      await openLogin(prefix);
      await dialog().getByRole('tab', { name: registerTab }).click();
      await dialog().getByLabel(email).fill(address);
      await dialog().getByLabel(password, { exact: true }).fill('correct-horse-9');
      await dialog().getByRole('button', { name: next }).click();
      await page.getByRole('dialog', { name: verifyTitle }).waitFor();
      await expect(dialog().getByRole('button', { name: sent }).isDisabled()).resolves.toBe(true);
      await page.keyboard.type(codeFromOutbox(address, 4));
      await page.waitForURL(`${baseUrl()}${prefix}/welcome/`);
      await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeTruthy();
      expect(problems).toEqual([]);
    },
  );

  it('logs in, refuses a wrong password, and logs out', async () => {
    const account = await createAccount();
    const events: string[] = [];
    await page.exposeFunction('recordAuthEvent', (name: string) => events.push(name));
    await context.addInitScript(() => {
      for (const name of ['login-success', 'register-success', 'login-fail']) {
        window.addEventListener(name, () =>
          (window as unknown as { recordAuthEvent(n: string): void }).recordAuthEvent(name),
        );
      }
    });
    await openLogin();
    await dialog().getByLabel('Email').fill(account.email);
    await dialog().getByLabel('Password', { exact: true }).fill('not-the-password');
    await dialog().getByRole('button', { name: 'Log in' }).click();
    // The server's message, in an error toast; the dialog stays, with what was typed.
    await page
      .getByText(/wrong|incorrect/i)
      .first()
      .waitFor();
    await expect(dialog().getByLabel('Email').inputValue()).resolves.toBe(account.email);

    await dialog().getByLabel('Password', { exact: true }).fill(account.password);
    await dialog().getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${baseUrl()}/reporting/`);
    await page.getByText('Welcome back!').waitFor();
    expect(events).toEqual(['login-fail', 'login-success']);

    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
    // The server revoked the token: it no longer opens the account.
    const res = await fetch(`${baseUrl()}/api/user`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(401);
  });

  it('refuses a malformed email and a short password before calling the server', async () => {
    await openLogin();
    await dialog().getByLabel('Email').fill('ada@example');
    await dialog().getByLabel('Password', { exact: true }).fill('correct-horse-9');
    await dialog().getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Enter a valid email address, like name@example.com.').waitFor();
    await dialog().getByLabel('Email').fill('ada@example.com');
    await dialog().getByLabel('Password', { exact: true }).fill('12345');
    await dialog().getByRole('button', { name: 'Log in' }).click();
    await page.getByText('The password needs at least 6 characters.').waitFor();
  });

  it('resets the password with the mailed code, then logs in with the new one', async () => {
    const account = await createAccount();
    await openLogin();
    await dialog().getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByRole('dialog', { name: 'Reset your password' }).waitFor();
    await dialog().getByLabel('Email').fill(account.email);
    await dialog().getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('dialog', { name: 'Choose a new password' }).waitFor();
    await dialog()
      .getByRole('group', { name: 'Verification code' })
      .getByRole('textbox')
      .first()
      .click();
    await page.keyboard.type(codeFromOutbox(account.email, 2));
    await dialog().getByLabel('New password').fill('brand-new-secret-7');
    await dialog().getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed. Log in with your new password.').waitFor();
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();
    await expect(dialog().getByLabel('Email').inputValue()).resolves.toBe('');

    await dialog().getByLabel('Email').fill(account.email);
    await dialog().getByLabel('Password', { exact: true }).fill('brand-new-secret-7');
    await dialog().getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${baseUrl()}/reporting/`);
  });

  it('goes back with the arrow and starts over when closed', async () => {
    await openLogin();
    await dialog().getByRole('button', { name: 'Forgot your password?' }).click();
    await dialog().getByRole('button', { name: 'Back' }).click();
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();
    await dialog().getByLabel('Email').fill('ada@example.com');
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();
    await expect(dialog().getByLabel('Email').inputValue()).resolves.toBe('');
  });
});
