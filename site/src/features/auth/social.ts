// Google and X sign-in (the API's `auth` calls, described at /api/docs): the browser goes to the
// provider and comes back to the site's origin with `?code=&state=`; the code is then exchanged
// through the API. The state is ours for Google and the API's for X; either way it is checked
// against what this tab started, so a stray or forged return is ignored.
import type { UserInfo } from '@coinlens/contract';
import { toaster } from '@coinlens/design-system';
import type { TFunction } from 'i18next';
import { api, type ApiClient } from '../../data/client';
import { ApiError } from '../../data/errors';
import type { Locale } from '../../i18n/locales';
import { rememberSignInToast } from './signInToast';

export type SocialProvider = 'google' | 'x';

/** Where a started sign-in is remembered until the provider sends the browser back. */
export const PENDING_KEY = 'coinlens:social-sign-in';
const GOOGLE_AUTHORIZE = 'https://accounts.google.com/o/oauth2/v2/auth';

interface Pending {
  provider: SocialProvider;
  state: string;
  locale: Locale;
  redirectUri: string;
  /** The page that asked the visitor to sign in, to go back to (start/nextAddress.ts). */
  next?: string | null;
}

const NAMES: Record<SocialProvider, string> = { google: 'Google', x: 'X' };

function randomState(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The address the provider sends the browser back to: the site's origin. */
export function redirectUri(origin: string): string {
  return `${origin}/`;
}

export interface StartOptions {
  locale: Locale;
  t: TFunction;
  client?: ApiClient;
  googleClientId?: string;
  go?: (url: string) => void;
}

/** Sends the browser to the provider; says so plainly when this sign-in is not available. */
export async function startSocialSignIn(
  provider: SocialProvider,
  {
    locale,
    t,
    client = api,
    googleClientId = process.env.GATSBY_GOOGLE_CLIENT_ID,
    go = (url) => window.location.assign(url),
  }: StartOptions,
): Promise<void> {
  const unavailable = () =>
    toaster.create({
      type: 'error',
      title: t('login.socialUnavailable', { provider: NAMES[provider] }),
    });
  const back = redirectUri(window.location.origin);
  try {
    let url: string;
    let state: string;
    if (provider === 'google') {
      if (!googleClientId) return void unavailable();
      state = randomState();
      url = `${GOOGLE_AUTHORIZE}?${new URLSearchParams({
        client_id: googleClientId,
        redirect_uri: back,
        response_type: 'code',
        scope: 'openid email profile',
        state,
        prompt: 'select_account',
      })}`;
    } else {
      url = await client.post<string>('/api/auth/login/twitterRedirectUrl', { redirectUri: back });
      state = new URL(url).searchParams.get('state') ?? '';
    }
    const { nextOf } = await import('../../start/nextAddress');
    const next = nextOf(window.location.search);
    const pending: Pending = { provider, state, locale, redirectUri: back, next };
    window.sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
    go(url);
  } catch (error) {
    if (error instanceof ApiError && error.code === 501) return void unavailable();
    toaster.create({
      type: 'error',
      title: error instanceof ApiError && error.msg ? error.msg : t('messages.networkError'),
    });
  }
}

function readPending(): Pending | null {
  try {
    const raw = window.sessionStorage.getItem(PENDING_KEY);
    return raw ? (JSON.parse(raw) as Pending) : null;
  } catch {
    return null;
  }
}

/**
 * Finishes a sign-in the provider sent the browser back from (`?code=&state=` on the page), or
 * does nothing. Resolves with the signed-in user, or null.
 */
export async function completeSocialSignIn(
  search: string,
  client: ApiClient = api,
): Promise<{ user: UserInfo; locale: Locale; next: string | null } | null> {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const state = params.get('state');
  const pending = readPending();
  if (!code || !state || !pending) return null;
  window.sessionStorage.removeItem(PENDING_KEY);
  if (state !== pending.state)
    throw new Error('The sign-in answer does not match the one started here');
  const user =
    pending.provider === 'google'
      ? await client.post<UserInfo>('/api/auth/login/google', {
          code,
          redirectUri: pending.redirectUri,
        })
      : await client.post<UserInfo>('/api/auth/login/twitter', { code, state });
  return { user, locale: pending.locale, next: pending.next ?? null };
}

/** On a page the provider sent the browser back to: finish, keep the token and go on. */
export async function finishSocialSignIn(
  t: TFunction,
  go: (url: string) => void = (url) => window.location.replace(url),
): Promise<void> {
  try {
    const done = await completeSocialSignIn(window.location.search);
    if (!done) return;
    const { setToken } = await import('../../data/token');
    const { announce } = await import('./analytics');
    const { afterSignIn, safeNext } = await import('../../start/nextAddress');
    const registered = done.user.times > 0;
    setToken(done.user.tokenInfo.tokenValue);
    announce(registered ? 'register-success' : 'login-success', { userId: done.user.id });
    // A toast raised here would be gone with this page: the page landed on shows it.
    rememberSignInToast(registered ? 'RegistrationSuccess' : 'LoginSuccess');
    const { pathname } = window.location;
    const next = safeNext(done.next);
    go(afterSignIn({ registered, locale: done.locale, pathname, next }));
  } catch (error) {
    const { announce } = await import('./analytics');
    announce('login-fail', {});
    toaster.create({
      type: 'error',
      title: error instanceof ApiError && error.msg ? error.msg : t('login.messages.loginError'),
    });
  }
}
