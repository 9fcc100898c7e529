import { toaster } from '@coinlens/design-system';
import type { TFunction } from 'i18next';
import { rememberSignInToast, showRememberedSignInToast } from './signInToast';

// The landing page's translation: what a zh page would say.
const zh = ((key: string) =>
  ({
    'login.messages.RegistrationSuccess': '账户已创建，欢迎使用 Coinlens！',
    'login.messages.LoginSuccess': '欢迎回来！',
  })[key] ?? key) as unknown as TFunction;

afterEach(() => {
  toaster.dismiss();
  window.sessionStorage.clear();
});

describe('the success toast of a Google or X sign-in', () => {
  it('waits for the page the sign-in lands on, and shows there once, in its language', () => {
    rememberSignInToast('RegistrationSuccess');
    expect(toaster.getToasts()).toEqual([]);

    showRememberedSignInToast(zh);
    expect(toaster.getToasts()).toMatchObject([
      { type: 'success', title: '账户已创建，欢迎使用 Coinlens！' },
    ]);
    toaster.dismiss();
    showRememberedSignInToast(zh);
    expect(toaster.getToasts()).toEqual([]);
  });

  it('shows nothing on a page no sign-in landed on, nor for a stored value it does not know', () => {
    showRememberedSignInToast(zh);
    window.sessionStorage.setItem('coinlens:sign-in-toast', 'login.messages.loginError');
    showRememberedSignInToast(zh);
    expect(toaster.getToasts()).toEqual([]);
  });
});
