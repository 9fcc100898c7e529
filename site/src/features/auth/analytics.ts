// Sign-in outcomes for analytics: a DOM CustomEvent on `window` named `login-success`,
// `register-success` or `login-fail`, and the same pushed to `window.dataLayer` when a tag manager
// put one there. Nothing is sent anywhere by the site itself.

export type AuthAnnouncement = 'login-success' | 'register-success' | 'login-fail';

declare global {
  interface Window {
    dataLayer?: Array<Record<string, unknown>>;
  }
}

export function announce(name: AuthAnnouncement, detail: Record<string, unknown>): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(name, { detail }));
  if (Array.isArray(window.dataLayer)) window.dataLayer.push({ event: name, ...detail });
}
