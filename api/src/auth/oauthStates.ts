// Started X sign-ins: the one-time `state` that comes back with the code, and the PKCE verifier
// and redirect URI the code exchange must repeat. The state is kept only as a SHA-256 (like
// tokens) and is spent by one DELETE ... RETURNING, so two requests with the same state cannot
// both get the verifier, on PGlite and on PostgreSQL alike.
import { and, eq, lte } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { oauthStates } from '../db/schema.js';
import type { Clock } from './clock.js';
import { codeChallenge, newCodeVerifier, newState } from './oauth.js';
import { hashToken } from './tokens.js';

export const OAUTH_STATE_LIFETIME_MS = 10 * 60_000;
/** Expired states are kept this long, so that a late return hears "expired", not "unknown". */
const STATE_KEPT_MS = 60 * 60_000;

/** What spending a state found: the stored request, or why not. */
export type StateVerdict =
  | { ok: true; codeVerifier: string; redirectUri: string }
  | { ok: false; reason: 'unknown' | 'expired' };

export class OAuthStateStore {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** Starts a sign-in: a new state and verifier, stored for 10 minutes with the redirect URI. */
  async issue(
    provider: string,
    redirectUri: string,
  ): Promise<{ state: string; codeChallenge: string }> {
    const state = newState();
    const codeVerifier = newCodeVerifier();
    const now = this.clock.now();
    await this.db.insert(oauthStates).values({
      stateHash: hashToken(state),
      provider,
      codeVerifier,
      redirectUri,
      createdAt: new Date(now),
      expiresAt: new Date(now + OAUTH_STATE_LIFETIME_MS),
    });
    return { state, codeChallenge: codeChallenge(codeVerifier) };
  }

  /** Spends a state: the first call gets what was stored; every later one hears `unknown`. */
  async consume(provider: string, state: string): Promise<StateVerdict> {
    const [row] = await this.db
      .delete(oauthStates)
      .where(and(eq(oauthStates.stateHash, hashToken(state)), eq(oauthStates.provider, provider)))
      .returning();
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.expiresAt.getTime() <= this.clock.now()) return { ok: false, reason: 'expired' };
    return { ok: true, codeVerifier: row.codeVerifier, redirectUri: row.redirectUri };
  }

  /** Deletes sign-ins that were started and never finished, an hour after they expired. */
  async sweep(): Promise<void> {
    await this.db
      .delete(oauthStates)
      .where(lte(oauthStates.expiresAt, new Date(this.clock.now() - STATE_KEPT_MS)));
  }
}
