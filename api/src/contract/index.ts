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
