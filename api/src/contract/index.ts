// Wire types shared with the site (imported as `@coinlens/api/contract`, types only). They follow
// ../shared/spec/api-contract.md.

/** The interface languages; also the `Language` request header. */
export type Locale = 'en' | 'zh' | 'pt-br';

/** The envelope of every answer but monitoring's. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** The envelope of `/api/monitor/*` answers. */
export interface MonitorEnvelope<T> {
  ok: boolean;
  msg: string;
  data: T;
  code?: number;
}

/** A page of a list. */
export interface ListPage<T> {
  records: T[];
  page: number;
  size: number;
  total: number;
  has_next: boolean;
}

/** `GET /api/health`. */
export interface Health {
  status: 'ok';
  version: string;
  uptimeSec: number;
  database: { driver: 'pglite' | 'postgres'; ok: boolean };
}

/** `data` of a code 423 (locked) or 429 (too many requests) answer. */
export interface RetryAfter {
  /** Seconds to wait before trying again. */
  retryAfter: number;
}

/** The signed-in user (`GET /api/user`, and the answer of every sign-in call). */
export interface UserInfo {
  id: number;
  /** The account's email address; `x:<X user id>` for an account made by X sign-in. */
  account: string;
  nickname: string;
  /** Avatar URL; null means the site shows its default image. */
  avatar: string | null;
  /** Above 0 only on the answer that created the account. */
  times: number;
  tokenInfo: { tokenName: 'Authorization'; tokenValue: string; expiresAt: number };
}
