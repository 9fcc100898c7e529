// Google and X sign-in, the providers' side: the settings (read from the environment), the PKCE
// pieces, and the calls each provider answers (the code for an access token, the token for the
// user). Every way a call can fail comes out as a ProviderError that is either `rejected` (the
// provider refused the code: the user should start again) or `unavailable` (unreachable, timed
// out, an unexpected status or a body we cannot read: nothing is written, try later).
import { createHash, randomBytes } from 'node:crypto';

/** Google's token endpoint host and its OpenID Connect userinfo host. */
export const GOOGLE_TOKEN_BASE = 'https://oauth2.googleapis.com';
export const GOOGLE_USERINFO_BASE = 'https://openidconnect.googleapis.com';
/** X's API host (token and users/me) and its authorize page. */
export const X_API_BASE = 'https://api.x.com';
export const X_AUTHORIZE_URL = 'https://x.com/i/oauth2/authorize';
/** What the X sign-in asks for: the user's profile; offline.access is what X's own guide requests. */
export const X_SCOPE = 'users.read tweet.read offline.access';
/** How long one call to a provider may take, connection and body included. */
export const PROVIDER_TIMEOUT_MS = 10_000;

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  /** Where codes are exchanged (`<base>/token`). */
  tokenUrl: string;
  /** OpenID Connect userinfo (`<base>/v1/userinfo`). */
  userinfoUrl: string;
}

export interface XSettings {
  clientId: string;
  /** Null for a public client (PKCE alone); set for a confidential one (HTTP Basic auth). */
  clientSecret: string | null;
  /** The page the browser is sent to. */
  authorizeUrl: string;
  /** Where codes are exchanged (`<base>/2/oauth2/token`). */
  tokenUrl: string;
  /** The signed-in user (`<base>/2/users/me`). */
  meUrl: string;
}

/** Which providers this server signs in with; a null one answers code 501. */
export interface SocialSettings {
  google: GoogleSettings | null;
  x: XSettings | null;
  /** Per call to a provider (default 10 s); tests shorten it. */
  timeoutMs?: number;
}

export const NO_SOCIAL_SIGN_IN: SocialSettings = { google: null, x: null };

/** An http(s) base URL without its trailing slash; throws naming the variable otherwise. */
function baseUrl(name: string, value: string): string {
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // Refused below.
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash) {
    throw new Error(`${name} must be an http(s) URL such as https://example.com, got "${value}"`);
  }
  return url.href.replace(/\/+$/, '');
}

/**
 * Google and X settings from the environment (README.md, "Optional parts"): a provider is on when
 * its client id is set. Google needs its secret too; X takes one when its app is a confidential
 * client. GOOGLE_OAUTH_BASE and X_OAUTH_BASE move both of a provider's endpoints to another host
 * (a test double or a proxy); X_AUTHORIZE_URL moves the authorize page.
 */
export function socialSettingsFromEnv(env: NodeJS.ProcessEnv): SocialSettings {
  const googleId = env.GOOGLE_CLIENT_ID || '';
  const googleSecret = env.GOOGLE_CLIENT_SECRET || '';
  if (Boolean(googleId) !== Boolean(googleSecret)) {
    throw new Error('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  const xId = env.X_CLIENT_ID || '';
  const xSecret = env.X_CLIENT_SECRET || '';
  if (xSecret && !xId) throw new Error('X_CLIENT_SECRET is set without X_CLIENT_ID');

  const googleBase = env.GOOGLE_OAUTH_BASE
    ? baseUrl('GOOGLE_OAUTH_BASE', env.GOOGLE_OAUTH_BASE)
    : null;
  const xBase = baseUrl('X_OAUTH_BASE', env.X_OAUTH_BASE || X_API_BASE);
  const authorizeUrl = baseUrl('X_AUTHORIZE_URL', env.X_AUTHORIZE_URL || X_AUTHORIZE_URL);
  return {
    google: googleId
      ? {
          clientId: googleId,
          clientSecret: googleSecret,
          tokenUrl: `${googleBase ?? GOOGLE_TOKEN_BASE}/token`,
          userinfoUrl: `${googleBase ?? GOOGLE_USERINFO_BASE}/v1/userinfo`,
        }
      : null,
    x: xId
      ? {
          clientId: xId,
          clientSecret: xSecret || null,
          authorizeUrl,
          tokenUrl: `${xBase}/2/oauth2/token`,
          meUrl: `${xBase}/2/users/me`,
        }
      : null,
  };
}

// PKCE (RFC 7636) and the one-time state.

/** A fresh one-time `state`: 32 random bytes, base64url (43 characters). */
export function newState(): string {
  return randomBytes(32).toString('base64url');
}

/** A fresh PKCE code verifier: 48 random bytes, base64url (64 characters, within 43..128). */
export function newCodeVerifier(): string {
  return randomBytes(48).toString('base64url');
}

/** The S256 code challenge of a verifier: base64url(SHA-256(verifier)). */
export function codeChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** The page X shows the user to approve the sign-in. */
export function xAuthorizeUrl(
  settings: XSettings,
  request: { redirectUri: string; state: string; codeChallenge: string },
): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: settings.clientId,
    redirect_uri: request.redirectUri,
    scope: X_SCOPE,
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
  });
  // URLSearchParams writes spaces as "+"; X's own examples (and RFC 3986) use %20.
  return `${settings.authorizeUrl}?${query.toString().replaceAll('+', '%20')}`;
}

// Calls to the providers.

/** Why a provider call failed: `rejected`, the code is no good; `unavailable`, anything else. */
export class ProviderError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unavailable',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProviderError';
  }
}

/**
 * Token-endpoint errors that mean "this code (with this redirect URI and verifier) is no good":
 * Google answers invalid_grant or redirect_uri_mismatch, X answers invalid_request for a bad,
 * expired or used code. Anything else (invalid_client ...) is our configuration, not the user.
 */
const REJECTED_CODE_ERRORS = new Set(['invalid_grant', 'invalid_request', 'redirect_uri_mismatch']);

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** A text that is used as a key or a URL: none of the control characters (NUL among them). */
function plain(value: unknown): string | null {
  const found = text(value);
  return found !== null && !/\p{Cc}/u.test(found) ? found : null;
}

/** One JSON call with the timeout; network errors, timeouts and non-JSON bodies are `unavailable`. */
async function callJson(
  what: string,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<{ status: number; body: unknown }> {
  let status: number;
  let raw: string;
  try {
    const res = await fetch(url, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
      // Never follow a redirect with a client secret or an access token.
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = res.status;
    raw = await res.text();
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : (error as Error).message;
    throw new ProviderError('unavailable', `${what} could not be reached: ${reason}`, {
      cause: error,
    });
  }
  try {
    return { status, body: JSON.parse(raw) as unknown };
  } catch (error) {
    throw new ProviderError('unavailable', `${what} answered HTTP ${status} without JSON`, {
      cause: error,
    });
  }
}

/** Exchanges a code at a token endpoint for an access token. */
async function exchangeCode(
  what: string,
  url: string,
  form: Record<string, string>,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<string> {
  const { status, body } = await callJson(
    what,
    url,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form).toString(),
    },
    timeoutMs,
  );
  if (status !== 200) {
    const error = isRecord(body) ? text(body.error) : null;
    const detail = `${what} answered HTTP ${status}: ${error ?? 'no error code'}${
      isRecord(body) && text(body.error_description) ? ` (${String(body.error_description)})` : ''
    }`;
    const rejected = (status === 400 || status === 401) && error && REJECTED_CODE_ERRORS.has(error);
    throw new ProviderError(rejected ? 'rejected' : 'unavailable', detail);
  }
  const token = isRecord(body) ? text(body.access_token) : null;
  if (!token) throw new ProviderError('unavailable', `${what} answered no access_token`);
  return token;
}

/** A GET with the access token; anything but 200 with a JSON object is `unavailable`. */
async function fetchWithToken(
  what: string,
  url: string,
  accessToken: string,
  timeoutMs: number,
): Promise<Json> {
  const { status, body } = await callJson(
    what,
    url,
    { headers: { authorization: `Bearer ${accessToken}` } },
    timeoutMs,
  );
  if (status !== 200 || !isRecord(body)) {
    throw new ProviderError('unavailable', `${what} answered HTTP ${status} without a user`);
  }
  return body;
}

/** The Google user behind a code. */
export interface GoogleProfile {
  /** Google's stable user id (`sub`). */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

/** Exchanges a Google authorization code and reads the user from the userinfo endpoint. */
export async function googleProfile(
  settings: GoogleSettings,
  request: { code: string; redirectUri: string },
  timeoutMs = PROVIDER_TIMEOUT_MS,
): Promise<GoogleProfile> {
  const accessToken = await exchangeCode(
    'Google token endpoint',
    settings.tokenUrl,
    {
      code: request.code,
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      redirect_uri: request.redirectUri,
      grant_type: 'authorization_code',
    },
    {},
    timeoutMs,
  );
  const user = await fetchWithToken(
    'Google userinfo',
    settings.userinfoUrl,
    accessToken,
    timeoutMs,
  );
  const subject = plain(user.sub);
  if (!subject || subject.length > 255) {
    throw new ProviderError('unavailable', 'Google userinfo answered no usable sub');
  }
  return {
    subject,
    email: plain(user.email),
    // A boolean in userinfo; some Google answers carry it as the string "true".
    emailVerified: user.email_verified === true || user.email_verified === 'true',
    name: text(user.name),
    picture: plain(user.picture),
  };
}

/** The X user behind a code. */
export interface XProfile {
  /** X's stable user id (digits). */
  subject: string;
  username: string;
  name: string | null;
  picture: string | null;
}

/** Exchanges an X authorization code (with its PKCE verifier) and reads users/me. */
export async function xProfile(
  settings: XSettings,
  request: { code: string; redirectUri: string; codeVerifier: string },
  timeoutMs = PROVIDER_TIMEOUT_MS,
): Promise<XProfile> {
  // RFC 6749 2.3.1: the id and secret are form-encoded before they go into Basic auth.
  const basic: Record<string, string> = settings.clientSecret
    ? {
        authorization: `Basic ${Buffer.from(
          `${encodeURIComponent(settings.clientId)}:${encodeURIComponent(settings.clientSecret)}`,
        ).toString('base64')}`,
      }
    : {};
  const accessToken = await exchangeCode(
    'X token endpoint',
    settings.tokenUrl,
    {
      code: request.code,
      grant_type: 'authorization_code',
      client_id: settings.clientId,
      redirect_uri: request.redirectUri,
      code_verifier: request.codeVerifier,
    },
    basic,
    timeoutMs,
  );
  const me = await fetchWithToken(
    'X users/me',
    `${settings.meUrl}?user.fields=profile_image_url`,
    accessToken,
    timeoutMs,
  );
  const data = isRecord(me.data) ? me.data : null;
  const subject = data ? plain(data.id) : null;
  const username = data ? plain(data.username) : null;
  if (!data || !subject || !/^\d{1,30}$/.test(subject) || !username) {
    throw new ProviderError('unavailable', 'X users/me answered no usable id and username');
  }
  return {
    subject,
    username,
    name: text(data.name),
    picture: plain(data.profile_image_url),
  };
}
