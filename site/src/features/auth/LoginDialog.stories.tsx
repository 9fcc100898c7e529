// The login dialog as a page shows it: opened in the dialog host, over the stories' mocked API. One
// story per step and per outcome; each play function is the behaviour's specification, run in
// Chromium (the Storybook test-runner).
import type { Meta, StoryContext, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from '@storybook/test';
import { ANA } from '../../testing/fixtures';
import { navigate } from '../../testing/gatsby';
import {
  COOLDOWN_MASK,
  expectWidth,
  findDialog,
  findToast,
  listenFor,
  page,
  WAIT,
} from '../../testing/play';
import { mockApiOf, siteStory, textsOf } from '../../testing/site';
import { DialogHost } from '../../shell/DialogHost';
import { getOpenDialog, openDialog } from '../../shell/dialogs';
import { forgetAllCodes } from './pendingCodes';

const meta = {
  title: 'Site/Dialogs/Login',
  tags: ['site', '!autodocs'],
  component: DialogHost,
  ...siteStory,
  // Each story is a fresh tab: no code mailed in an earlier story is remembered.
  beforeEach: [forgetAllCodes, siteStory.beforeEach],
  parameters: { ...siteStory.parameters, site: { dialog: 'login' } },
} satisfies Meta<typeof DialogHost>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Someone without an account, who registers in these stories. */
const NEW_EMAIL = 'bruno@example.com';
const NEW_PASSWORD = 'blue-lagoon-42';

/** The dialog, once it shows the step with this title (a key of common.json). */
function dialogTitled(context: StoryContext, key: string) {
  return findDialog(textsOf(context)(key));
}

/** Types into step 1's email and password fields (an empty string leaves one alone). */
async function fill(dialog: HTMLElement, context: StoryContext, email: string, password: string) {
  const t = textsOf(context);
  if (email) await userEvent.type(within(dialog).getByLabelText(t('login.email')), email);
  if (password) await userEvent.type(within(dialog).getByLabelText(t('login.password')), password);
}

/** The 6 boxes of the code. */
function codeBoxes(dialog: HTMLElement, context: StoryContext) {
  const group = within(dialog).getByRole('group', { name: textsOf(context)('login.code') });
  return within(group).getAllByRole('textbox');
}

/** The resend button, whatever it says now (its text counts down). */
function resendButton(dialog: HTMLElement, context: StoryContext) {
  const t = textsOf(context);
  const sent = t('login.sent', { seconds: '§' }).split('§');
  return within(dialog).getByRole('button', {
    name: (name) => name === t('login.resend') || name.startsWith(sent[0] ?? ''),
  });
}

/** The seconds the resend button still counts down. */
function cooldownOf(button: HTMLElement): number {
  return Number(/\d+/.exec(button.textContent ?? '')?.[0] ?? 0);
}

// ---- Step 1 -----------------------------------------------------------------------------------

/** Step 1 on the login tab: what a visitor sees first. */
export const LoginTab: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const dialog = await dialogTitled(context, 'login.title');
    const box = within(dialog);
    await expectWidth(dialog, 422);
    await expect(box.getByRole('tab', { name: t('login.loginTab') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(box.getByRole('tab', { name: t('login.registerTab') })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    await expect(box.getByLabelText(t('login.email'))).toHaveValue('');
    await expect(box.getByLabelText(t('login.password'))).toHaveAttribute('type', 'password');
    await expect(box.getByLabelText(t('login.password'))).toHaveAccessibleDescription(
      t('login.passwordHint'),
    );
    await expect(box.getByRole('button', { name: t('login.forgot') })).toBeVisible();
    await expect(box.getByRole('button', { name: t('login.google') })).toBeVisible();
    await expect(box.getByRole('button', { name: t('login.x') })).toBeVisible();
    await expect(box.getByRole('button', { name: t('login.submit') })).toBeDisabled();
  },
};

/** The same step in Chinese. */
export const LoginTabChinese: Story = { ...LoginTab, globals: { locale: 'zh' } };

/** The same step in Brazilian Portuguese. */
export const LoginTabPortuguese: Story = { ...LoginTab, globals: { locale: 'pt-br' } };

/** Step 1 on the register tab: the same fields, Next instead of Log in, no "forgot". */
export const RegisterTab: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const dialog = await dialogTitled(context, 'login.title');
    await userEvent.click(within(dialog).getByRole('tab', { name: t('login.registerTab') }));
    await expect(dialog).toHaveAccessibleName(t('login.registerTitle'));
    const box = within(dialog);
    await expect(box.getByRole('tab', { name: t('login.registerTab') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(box.getByRole('button', { name: t('login.next') })).toBeDisabled();
    await expect(box.queryByRole('button', { name: t('login.forgot') })).not.toBeInTheDocument();
  },
};

/** The show-password toggle shows the password as text, and hides it again. */
export const ShowPassword: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const dialog = await dialogTitled(context, 'login.title');
    const box = within(dialog);
    const password = box.getByLabelText(t('login.password'));
    await userEvent.type(password, 'correct-horse-7');
    await expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(box.getByRole('button', { name: t('login.showPassword') }));
    await expect(password).toHaveAttribute('type', 'text');
    await expect(password).toHaveValue('correct-horse-7');
    await userEvent.click(box.getByRole('button', { name: t('login.hidePassword') }));
    await expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(box.getByRole('button', { name: t('login.showPassword') }));
    await expect(password).toHaveAttribute('type', 'text');
  },
};

/** Log in stays disabled until both the email and the password are there. */
export const DisabledUntilFilled: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const dialog = await dialogTitled(context, 'login.title');
    const submit = within(dialog).getByRole('button', { name: t('login.submit') });
    await expect(submit).toBeDisabled();
    await fill(dialog, context, ANA.account, '');
    await expect(submit).toBeDisabled();
    await fill(dialog, context, '', 'c');
    await expect(submit).toBeEnabled();
    await userEvent.clear(within(dialog).getByLabelText(t('login.email')));
    await expect(submit).toBeDisabled();
  },
};

/** An address of the wrong shape is refused with ErrorEmailTips, before any request. */
export const InvalidEmail: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const dialog = await dialogTitled(context, 'login.title');
    await fill(dialog, context, 'ana@example', ANA.password);
    await userEvent.click(within(dialog).getByRole('button', { name: t('login.submit') }));
    await findToast(t('login.messages.ErrorEmailTips'));
    await expect(mockApiOf(context).calls('POST /api/auth/login/dologin')).toHaveLength(0);
  },
};

/** A password under 6 characters is refused with EnterLimit, before any request. */
export const PasswordTooShort: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const dialog = await dialogTitled(context, 'login.title');
    await fill(dialog, context, ANA.account, '12345');
    await userEvent.click(within(dialog).getByRole('button', { name: t('login.submit') }));
    await findToast(t('login.messages.EnterLimit'));
    await expect(mockApiOf(context).calls('POST /api/auth/login/dologin')).toHaveLength(0);
  },
};

/** While the server answers, the button spins and cannot be pressed again. */
export const LoggingIn: Story = {
  parameters: {
    site: { dialog: 'login', api: { faults: { 'POST /api/auth/login/dologin': 'hold' } } },
  },
  play: async (context) => {
    const t = textsOf(context);
    const dialog = await dialogTitled(context, 'login.title');
    await fill(dialog, context, ANA.account, ANA.password);
    const submit = within(dialog).getByRole('button', { name: t('login.submit') });
    await userEvent.click(submit);
    await waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'true'), WAIT);
    await userEvent.click(submit);
    await expect(mockApiOf(context).calls('POST /api/auth/login/dologin')).toHaveLength(1);
  },
};

/**
 * The right password: the token is kept, a toast says welcome back, `login-success` is announced
 * and the browser goes to the reports.
 */
export const LoginSuccess: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const success = listenFor('login-success');
    try {
      const dialog = await dialogTitled(context, 'login.title');
      await fill(dialog, context, ANA.account, ANA.password);
      await userEvent.click(within(dialog).getByRole('button', { name: t('login.submit') }));
      await findToast(t('login.messages.LoginSuccess'));
      await expect(navigate).toHaveBeenCalledWith('/reporting/');
      await expect(success.events).toHaveBeenCalledWith({ userId: ANA.id });
      await expect(window.localStorage.getItem('token')).toMatch(/^story-token-7-/);
      await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
      await expect(getOpenDialog()).toBeNull();
      await expect(mockApiOf(context).calls('POST /api/auth/login/dologin')[0]?.body).toEqual({
        account: ANA.account,
        passwd: ANA.password,
      });
    } finally {
      success.stop();
    }
  },
};

/** On a Chinese page, signing in goes to the Chinese reports. */
export const LoginSuccessChinese: Story = {
  globals: { locale: 'zh' },
  play: async (context) => {
    const t = textsOf(context);
    const dialog = await dialogTitled(context, 'login.title');
    await fill(dialog, context, ANA.account, ANA.password);
    await userEvent.click(within(dialog).getByRole('button', { name: t('login.submit') }));
    await findToast(t('login.messages.LoginSuccess'));
    await expect(navigate).toHaveBeenCalledWith('/zh/reporting/');
  },
};

/** A wrong password: the server's words in a toast, `login-fail`, and the form again. */
export const WrongPassword: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const failed = listenFor('login-fail');
    try {
      const dialog = await dialogTitled(context, 'login.title');
      await fill(dialog, context, ANA.account, 'not-her-password');
      const submit = within(dialog).getByRole('button', { name: t('login.submit') });
      await userEvent.click(submit);
      // The server's message, in the Language the client sent (this page's).
      await findToast('The email or password is incorrect');
      await expect(failed.events).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(submit).not.toHaveAttribute('aria-busy'), WAIT);
      await expect(submit).toBeEnabled();
      await expect(navigate).not.toHaveBeenCalled();
      await expect(window.localStorage.getItem('token')).toBeNull();
    } finally {
      failed.stop();
    }
  },
};

/** No answer at all (offline): a toast, `login-fail`, and the form again. */
export const LoginNetworkFailure: Story = {
  parameters: {
    site: { dialog: 'login', api: { faults: { 'POST /api/auth/login/dologin': 'network' } } },
  },
  play: async (context) => {
    const t = textsOf(context);
    const failed = listenFor('login-fail');
    try {
      const dialog = await dialogTitled(context, 'login.title');
      await fill(dialog, context, ANA.account, ANA.password);
      await userEvent.click(within(dialog).getByRole('button', { name: t('login.submit') }));
      await findToast(t('login.messages.loginError'));
      await expect(failed.events).toHaveBeenCalledTimes(1);
      await expect(dialog).toHaveAccessibleName(t('login.title'));
    } finally {
      failed.stop();
    }
  },
};

/** Google sign-in without a client id on this site: it says so, and asks nobody. */
export const GoogleNotAvailable: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const dialog = await dialogTitled(context, 'login.title');
    await userEvent.click(within(dialog).getByRole('button', { name: t('login.google') }));
    await findToast(t('login.socialUnavailable', { provider: 'Google' }));
    await expect(mockApiOf(context).requests).toHaveLength(0);
  },
};

/** X sign-in on a server without X keys (code 501): it says so, and the dialog stays. */
export const XNotAvailable: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const dialog = await dialogTitled(context, 'login.title');
    await userEvent.click(within(dialog).getByRole('button', { name: t('login.x') }));
    await findToast(t('login.socialUnavailable', { provider: 'X' }));
    await expect(mockApiOf(context).calls('POST /api/auth/login/twitterRedirectUrl')).toHaveLength(
      1,
    );
    await expect(dialog).toBeVisible();
  },
};

// ---- Register: step 1 to 21 ------------------------------------------------------------------

/** Next on the register tab mails a code (type 4) and moves to step 21: six boxes. */
export const VerifyEmail: Story = {
  parameters: { screenshot: { viewport: true, mask: [COOLDOWN_MASK] } },
  play: async (context) => {
    const t = textsOf(context);
    const dialog = await dialogTitled(context, 'login.title');
    await userEvent.click(within(dialog).getByRole('tab', { name: t('login.registerTab') }));
    await fill(dialog, context, NEW_EMAIL, NEW_PASSWORD);
    await userEvent.click(within(dialog).getByRole('button', { name: t('login.next') }));
    await dialogTitled(context, 'login.verifyTitle');
    await findToast(t('login.messages.Sent'));
    await expect(
      within(dialog).getByText(t('login.codeSentTo', { email: NEW_EMAIL })),
    ).toBeVisible();
    const boxes = codeBoxes(dialog, context);
    await expect(boxes).toHaveLength(6);
    await waitFor(() => expect(boxes[0]).toHaveFocus(), WAIT);
    await expect(within(dialog).getByRole('button', { name: t('login.back') })).toBeVisible();
    await expect(mockApiOf(context).calls('POST /api/auth/base/sendMessage')[0]?.body).toEqual({
      account: NEW_EMAIL,
      type: 4,
    });
  },
};

/** The same step in Chinese. */
export const VerifyEmailChinese: Story = { ...VerifyEmail, globals: { locale: 'zh' } };

/** After sending, "Send again" counts down from 60 s ('Sent (Ns)') and cannot be pressed. */
export const ResendCooldown: Story = {
  parameters: VerifyEmail.parameters,
  play: async (context) => {
    await VerifyEmail.play?.(context);
    const t = textsOf(context);
    const dialog = await dialogTitled(context, 'login.verifyTitle');
    const resend = resendButton(dialog, context);
    const first = cooldownOf(resend);
    await expect(first).toBeGreaterThan(50);
    await expect(first).toBeLessThanOrEqual(60);
    await expect(resend).toHaveTextContent(t('login.sent', { seconds: first }));
    await expect(resend).toBeDisabled();
    await waitFor(() => expect(cooldownOf(resend)).toBeLessThan(first), WAIT);
    await expect(resend).toBeDisabled();
  },
};

/** The right code (pasted from the mail) creates the account and goes to /welcome. */
export const RegisterSuccess: Story = {
  play: async (context) => {
    await VerifyEmail.play?.(context);
    const t = textsOf(context);
    const registered = listenFor('register-success');
    try {
      const dialog = await dialogTitled(context, 'login.verifyTitle');
      await userEvent.click(codeBoxes(dialog, context)[0] as HTMLElement);
      await userEvent.paste(mockApiOf(context).lastCode(NEW_EMAIL));
      await findToast(t('login.messages.RegistrationSuccess'));
      await expect(navigate).toHaveBeenCalledWith('/welcome/');
      await expect(registered.events).toHaveBeenCalledWith({ userId: ANA.id + 1 });
      await expect(window.localStorage.getItem('token')).toMatch(/^story-token-8-/);
      await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
    } finally {
      registered.stop();
    }
  },
};

/**
 * A wrong code: the server's words, `login-fail`, and the boxes empty for another try, the first
 * one with the focus, so that what is typed next goes in.
 */
export const WrongCode: Story = {
  parameters: VerifyEmail.parameters,
  play: async (context) => {
    await VerifyEmail.play?.(context);
    const failed = listenFor('login-fail');
    try {
      const dialog = await dialogTitled(context, 'login.verifyTitle');
      await userEvent.keyboard('000000');
      await findToast('The verification code is incorrect or has already been used');
      await expect(failed.events).toHaveBeenCalledTimes(1);
      await waitFor(
        () => codeBoxes(dialog, context).forEach((box) => expect(box).toHaveValue('')),
        WAIT,
      );
      // The first box has the focus again: the next digits typed go there.
      await waitFor(() => expect(codeBoxes(dialog, context)[0]).toHaveFocus(), WAIT);
      await userEvent.keyboard('1');
      await expect(codeBoxes(dialog, context)[0]).toHaveValue('1');
      await expect(navigate).not.toHaveBeenCalled();
    } finally {
      failed.stop();
    }
  },
};

/** The back arrow on step 21 returns to step 1, the register tab as it was filled. */
export const BackFromVerify: Story = {
  play: async (context) => {
    await VerifyEmail.play?.(context);
    const t = textsOf(context);
    const dialog = await dialogTitled(context, 'login.verifyTitle');
    await userEvent.click(within(dialog).getByRole('button', { name: t('login.back') }));
    await dialogTitled(context, 'login.registerTitle');
    await expect(within(dialog).getByLabelText(t('login.email'))).toHaveValue(NEW_EMAIL);
    await waitFor(
      () => expect(within(dialog).getByLabelText(t('login.email'))).toHaveFocus(),
      WAIT,
    );
    await expect(within(dialog).getByRole('tab', { name: t('login.registerTab') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

/** An address that has an account already (409): the server says so, on step 1. */
export const AlreadyRegistered: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const dialog = await dialogTitled(context, 'login.title');
    await userEvent.click(within(dialog).getByRole('tab', { name: t('login.registerTab') }));
    await fill(dialog, context, ANA.account, NEW_PASSWORD);
    await userEvent.click(within(dialog).getByRole('button', { name: t('login.next') }));
    await findToast('This email is already registered; log in instead');
    await expect(dialog).toHaveAccessibleName(t('login.registerTitle'));
  },
};

/**
 * Back on step 1 and Next again: the code mailed a moment ago is still the one to type, so the
 * code step comes back without a new mail, "Send again" still counting down.
 */
export const BackThenNext: Story = {
  parameters: { screenshot: { viewport: true, mask: [COOLDOWN_MASK] } },
  play: async (context) => {
    await VerifyEmail.play?.(context);
    const t = textsOf(context);
    const dialog = await dialogTitled(context, 'login.verifyTitle');
    await userEvent.click(within(dialog).getByRole('button', { name: t('login.back') }));
    await dialogTitled(context, 'login.registerTitle');
    await userEvent.click(within(dialog).getByRole('button', { name: t('login.next') }));
    await dialogTitled(context, 'login.verifyTitle');
    await findToast(t('login.messages.CodeStillValid'));
    await expect(mockApiOf(context).calls('POST /api/auth/base/sendMessage')).toHaveLength(1);
    const resend = resendButton(dialog, context);
    await expect(resend).toBeDisabled();
    await expect(cooldownOf(resend)).toBeGreaterThan(40);
    await waitFor(() => expect(codeBoxes(dialog, context)[0]).toHaveFocus(), WAIT);
  },
};

/** The same step in Brazilian Portuguese. */
export const BackThenNextPortuguese: Story = { ...BackThenNext, globals: { locale: 'pt-br' } };

/**
 * A code was mailed to this address 18 s ago (in another tab, say): the server answers 429 with
 * `retryAfter` 42, and the dialog goes to the code step of that code, "Send again" waiting the
 * server's 42 s.
 */
export const CodeRequestedTooSoon: Story = {
  parameters: {
    screenshot: { viewport: true, mask: [COOLDOWN_MASK] },
    site: {
      dialog: 'login',
      api: { recentCodes: [{ account: NEW_EMAIL, type: 4, secondsAgo: 18 }] },
    },
  },
  play: async (context) => {
    const t = textsOf(context);
    const dialog = await dialogTitled(context, 'login.title');
    await userEvent.click(within(dialog).getByRole('tab', { name: t('login.registerTab') }));
    await fill(dialog, context, NEW_EMAIL, NEW_PASSWORD);
    await userEvent.click(within(dialog).getByRole('button', { name: t('login.next') }));
    await dialogTitled(context, 'login.verifyTitle');
    await findToast(t('login.messages.CodeStillValid'));
    const resend = resendButton(dialog, context);
    await expect(resend).toBeDisabled();
    await expect(cooldownOf(resend)).toBeLessThanOrEqual(42);
    await expect(cooldownOf(resend)).toBeGreaterThan(30);
    await expect(mockApiOf(context).outbox).toHaveLength(0);
    await waitFor(() => expect(codeBoxes(dialog, context)[0]).toHaveFocus(), WAIT);
  },
};

// ---- Reset: step 1 to 31 to 32 and back ------------------------------------------------------

/** "Forgot your password?" moves to step 31: the email, and Send code. */
export const ResetPassword: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const dialog = await dialogTitled(context, 'login.title');
    await userEvent.click(within(dialog).getByRole('button', { name: t('login.forgot') }));
    await dialogTitled(context, 'login.resetTitle');
    // The button that had the focus is gone: the email field takes it, inside the dialog.
    await waitFor(
      () => expect(within(dialog).getByLabelText(t('login.email'))).toHaveFocus(),
      WAIT,
    );
    await expect(within(dialog).getByText(t('login.resetIntro'))).toBeVisible();
    const send = within(dialog).getByRole('button', { name: t('login.sendCode') });
    await expect(send).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(t('login.email')), ANA.account);
    await expect(send).toBeEnabled();
  },
};

/** The back arrow on step 31 returns to step 1. */
export const BackFromReset: Story = {
  play: async (context) => {
    await ResetPassword.play?.(context);
    const t = textsOf(context);
    const dialog = await dialogTitled(context, 'login.resetTitle');
    await userEvent.click(within(dialog).getByRole('button', { name: t('login.back') }));
    await dialogTitled(context, 'login.title');
    await expect(within(dialog).getByRole('tab', { name: t('login.loginTab') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

/** Send code mails a reset code (type 2) and moves to step 32: the code and a new password. */
export const NewPassword: Story = {
  parameters: VerifyEmail.parameters,
  play: async (context) => {
    await ResetPassword.play?.(context);
    const t = textsOf(context);
    const dialog = await dialogTitled(context, 'login.resetTitle');
    await userEvent.click(within(dialog).getByRole('button', { name: t('login.sendCode') }));
    await dialogTitled(context, 'login.newPasswordTitle');
    await findToast(t('login.messages.Sent'));
    await expect(codeBoxes(dialog, context)).toHaveLength(6);
    await expect(within(dialog).getByLabelText(t('login.newPassword'))).toHaveValue('');
    await expect(
      within(dialog).getByRole('button', { name: t('login.changePassword') }),
    ).toBeDisabled();
    await expect(resendButton(dialog, context)).toBeDisabled();
    await expect(mockApiOf(context).calls('POST /api/auth/base/sendMessage')[0]?.body).toEqual({
      account: ANA.account,
      type: 2,
    });
  },
};

/** The back arrow on step 32 returns to step 31, the email still there. */
export const BackFromNewPassword: Story = {
  play: async (context) => {
    await NewPassword.play?.(context);
    const t = textsOf(context);
    const dialog = await dialogTitled(context, 'login.newPasswordTitle');
    await userEvent.click(within(dialog).getByRole('button', { name: t('login.back') }));
    await dialogTitled(context, 'login.resetTitle');
    await expect(within(dialog).getByLabelText(t('login.email'))).toHaveValue(ANA.account);
  },
};

/** A wrong reset code: the server's words, and the boxes empty (and focused) for another try. */
export const ResetWrongCode: Story = {
  parameters: VerifyEmail.parameters,
  play: async (context) => {
    await NewPassword.play?.(context);
    const t = textsOf(context);
    const dialog = await dialogTitled(context, 'login.newPasswordTitle');
    await userEvent.click(codeBoxes(dialog, context)[0] as HTMLElement);
    await userEvent.keyboard('111111');
    await userEvent.type(within(dialog).getByLabelText(t('login.newPassword')), 'new-horse-8');
    await userEvent.click(within(dialog).getByRole('button', { name: t('login.changePassword') }));
    await findToast('The verification code is incorrect or has already been used');
    await waitFor(
      () => codeBoxes(dialog, context).forEach((box) => expect(box).toHaveValue('')),
      WAIT,
    );
    await expect(dialog).toHaveAccessibleName(t('login.newPasswordTitle'));
    // The focus was on "Change password": the emptied boxes take it, for the right code.
    await waitFor(() => expect(codeBoxes(dialog, context)[0]).toHaveFocus(), WAIT);
  },
};

/**
 * The right code and a new password: ResetSuccess, and step 1 on the login tab with the fields
 * cleared; the new password then signs in.
 */
export const ResetSuccess: Story = {
  play: async (context) => {
    await NewPassword.play?.(context);
    const t = textsOf(context);
    const dialog = await dialogTitled(context, 'login.newPasswordTitle');
    await userEvent.click(codeBoxes(dialog, context)[0] as HTMLElement);
    await userEvent.keyboard(mockApiOf(context).lastCode(ANA.account));
    await userEvent.type(within(dialog).getByLabelText(t('login.newPassword')), 'new-horse-8');
    await userEvent.click(within(dialog).getByRole('button', { name: t('login.changePassword') }));
    await findToast(t('login.messages.ResetSuccess'));
    await dialogTitled(context, 'login.title');
    await expect(within(dialog).getByRole('tab', { name: t('login.loginTab') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(within(dialog).getByLabelText(t('login.email'))).toHaveValue('');
    await expect(within(dialog).getByLabelText(t('login.password'))).toHaveValue('');
    await waitFor(
      () => expect(within(dialog).getByLabelText(t('login.email'))).toHaveFocus(),
      WAIT,
    );
    await fill(dialog, context, ANA.account, 'new-horse-8');
    await userEvent.click(within(dialog).getByRole('button', { name: t('login.submit') }));
    await findToast(t('login.messages.LoginSuccess'));
    await expect(navigate).toHaveBeenCalledWith('/reporting/');
  },
};

/** Closing the dialog and opening it again starts over: step 1, nothing filled. */
export const CloseStartsOver: Story = {
  play: async (context) => {
    await ResetPassword.play?.(context);
    const t = textsOf(context);
    const dialog = await dialogTitled(context, 'login.resetTitle');
    await userEvent.click(within(dialog).getByRole('button', { name: t('nickname.close') }));
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
    await expect(getOpenDialog()).toBeNull();
    openDialog('login');
    const again = await dialogTitled(context, 'login.title');
    await expect(within(again).getByLabelText(t('login.email'))).toHaveValue('');
  },
};
