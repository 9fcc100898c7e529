// The success toast of a Google or X sign-in. That sign-in ends with a full load of the page it
// lands on (in the language it was started in), which drops a toast raised before it: so the
// toast is remembered for that page, which shows it once, in its own language.
import { toaster } from '@coinlens/design-system';
import type { TFunction } from 'i18next';

const KEY = 'coinlens:sign-in-toast';

/** Which success message a sign-in ends with. */
export type SignInToast = 'LoginSuccess' | 'RegistrationSuccess';

/** Keeps the toast for the next page this tab loads. */
export function rememberSignInToast(kind: SignInToast): void {
  try {
    window.sessionStorage.setItem(KEY, kind);
  } catch {
    // Storage switched off: the sign-in works, without its toast.
  }
}

/** Shows the remembered toast, if any, in the page's language, and forgets it. */
export function showRememberedSignInToast(t: TFunction): void {
  let kind: string | null;
  try {
    kind = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (kind === 'LoginSuccess' || kind === 'RegistrationSuccess') {
    toaster.create({ type: 'success', title: t(`login.messages.${kind}`) });
  }
}
