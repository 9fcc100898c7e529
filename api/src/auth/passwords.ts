// Password hashing with node's scrypt (memory-hard, no native addon) and the common-password list.
import { dictionary } from '@zxcvbn-ts/language-common';
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';

/** log2 of scrypt's N in production: N = 2^15 with r = 8 uses 32 MiB and about 100 ms here. */
export const DEFAULT_SCRYPT_LOG_N = 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** How many of the most common passwords are refused (the list is ordered by frequency). */
export const COMMON_PASSWORDS_REFUSED = 10_000;

interface ScryptParams {
  logN: number;
  r: number;
  p: number;
}

function derive(password: string, salt: Buffer, params: ScryptParams, length: number) {
  const N = 2 ** params.logN;
  return new Promise<Buffer>((resolve, reject) => {
    // NFKC: the same password typed on another keyboard or OS (composed or decomposed accents,
    // full-width digits) gives the same key.
    scrypt(
      password.normalize('NFKC'),
      salt,
      length,
      // Node refuses more than 32 MiB by default; N = 2^15, r = 8 needs exactly 32 MiB plus a little.
      { N, r: params.r, p: params.p, maxmem: 256 * N * params.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/**
 * Parses `scrypt$<log2 N>$<r>$<p>$<salt>$<key>` (base64url). Parameters outside sane bounds are
 * refused, so a damaged row cannot make the server allocate gigabytes.
 */
function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const [scheme, logNText, rText, pText, saltText, keyText, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || saltText === undefined || keyText === undefined || rest.length > 0) {
    return null;
  }
  const within = (text: string | undefined, max: number) => {
    const value = Number(text);
    return Number.isInteger(value) && value >= 1 && value <= max ? value : null;
  };
  const logN = within(logNText, 20);
  const r = within(rText, 32);
  const p = within(pText, 16);
  if (logN === null || r === null || p === null) return null;
  const salt = Buffer.from(saltText, 'base64url');
  const key = Buffer.from(keyText, 'base64url');
  if (salt.length === 0 || key.length < 16) return null;
  return { params: { logN, r, p }, salt, key };
}

/** libuv's threads when UV_THREADPOOL_SIZE does not say (node's default). */
const DEFAULT_THREADPOOL_SIZE = 4;
/** The most threads libuv starts, whatever UV_THREADPOOL_SIZE asks for. */
const MAX_THREADPOOL_SIZE = 1024;

/** The threads of libuv's pool, read from UV_THREADPOOL_SIZE as libuv reads it. */
export function threadpoolSize(setting: string | undefined): number {
  if (setting === undefined) return DEFAULT_THREADPOOL_SIZE;
  // libuv takes C's atoi of it: the leading integer, 0 when there is none.
  const value = Number.parseInt(setting, 10);
  if (!Number.isFinite(value) || value === 0) return 1;
  // Stored unsigned, so a negative count wraps round to the cap.
  return value < 0 ? MAX_THREADPOOL_SIZE : Math.min(value, MAX_THREADPOOL_SIZE);
}

/**
 * Hashes run at once: scrypt takes a core and one of libuv's threads each; the event loop needs
 * a core too, and file reads and writes (static files, the database's files) a thread. At least
 * one, so that passwords are checked at all.
 */
export function hashConcurrency(cores: number, threads: number): number {
  return Math.max(1, Math.min(cores - 1, threads - 1));
}

export const DEFAULT_HASH_CONCURRENCY = hashConcurrency(
  availableParallelism(),
  threadpoolSize(process.env.UV_THREADPOOL_SIZE),
);
/** Hashes that may wait for a free slot, per slot; beyond them a hash is refused at once. */
const QUEUED_PER_SLOT = 4;

/** A place in the hash queue: run the hash with it once, or give it back unused. */
export interface HashTicket {
  run<T>(work: () => Promise<T>): Promise<T>;
  cancel(): void;
}

/**
 * Admission to scrypt. Each hash holds one of libuv's threads and a core for ~100 ms, and
 * those threads also serve file reads and writes: unbounded, a flood of sign-ins stalls every
 * static file and the database's writes behind it. So a few hashes run at once, a short queue
 * waits, and past that `admit` says no, for the caller to answer "try again in a moment".
 */
export class HashQueue {
  private running = 0;
  private admitted = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number = DEFAULT_HASH_CONCURRENCY,
    readonly queueLimit: number = concurrency * QUEUED_PER_SLOT,
  ) {}

  /** Hashes admitted and not finished: running, or waiting for a slot. */
  get pending(): number {
    return this.admitted;
  }

  /** A ticket for one hash, or null when the queue is full. */
  admit(): HashTicket | null {
    if (this.admitted >= this.concurrency + this.queueLimit) return null;
    this.admitted += 1;
    let used = false;
    const done = () => {
      this.admitted -= 1;
    };
    return {
      run: async <T>(work: () => Promise<T>): Promise<T> => {
        if (used) throw new Error('a hash ticket runs once');
        used = true;
        // A finished hash hands its slot straight to the next in line, so none is taken twice.
        if (this.running >= this.concurrency) {
          await new Promise<void>((resolve) => this.waiting.push(resolve));
        } else {
          this.running += 1;
        }
        try {
          return await work();
        } finally {
          done();
          const next = this.waiting.shift();
          if (next) next();
          else this.running -= 1;
        }
      },
      cancel: () => {
        if (used) return;
        used = true;
        done();
      },
    };
  }
}

/** Hashes and verifies passwords at one cost; keeps a dummy hash for accounts that do not exist. */
export class PasswordHasher {
  private dummy: Promise<string> | undefined;

  /** `logN`: log2 of scrypt's N (production 15; tests may pass less to run fast). */
  constructor(private readonly logN: number = DEFAULT_SCRYPT_LOG_N) {}

  /** A new hash with a fresh 16-byte salt, parameters included. */
  async hash(password: string): Promise<string> {
    const params = { logN: this.logN, r: BLOCK_SIZE, p: PARALLELISM };
    const salt = randomBytes(SALT_BYTES);
    const key = await derive(password, salt, params, KEY_BYTES);
    return [
      'scrypt',
      params.logN,
      params.r,
      params.p,
      salt.toString('base64url'),
      key.toString('base64url'),
    ].join('$');
  }

  /** True when `password` matches `stored`; the comparison takes the same time wherever they differ. */
  async verify(password: string, stored: string): Promise<boolean> {
    const parsed = parse(stored);
    if (!parsed) return false;
    const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);
    return timingSafeEqual(key, parsed.key);
  }

  /**
   * Spends the time a real check would, for an account that does not exist (or has no password),
   * so that the answer's timing does not tell whether the email is registered. Always false.
   */
  async verifyNobody(password: string): Promise<false> {
    await this.verify(password, await this.dummyHash());
    return false;
  }

  /** Makes the dummy hash ahead of the first sign-in, whose timing would otherwise stand out. */
  async prepare(): Promise<void> {
    await this.dummyHash();
  }

  private dummyHash(): Promise<string> {
    this.dummy ??= this.hash(randomBytes(18).toString('base64url'));
    return this.dummy;
  }

  /** True when a hash was made at another cost than this hasher's (rehash it after a sign-in). */
  isOutdated(stored: string): boolean {
    const parsed = parse(stored);
    return !parsed || parsed.params.logN !== this.logN || parsed.params.r !== BLOCK_SIZE;
  }
}

let common: Set<string> | undefined;

/** True when a password is among the 10,000 most common ones, ignoring case. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    dictionary.passwords.slice(0, COMMON_PASSWORDS_REFUSED).map((entry) => entry.toLowerCase()),
  );
  return common.has(password.normalize('NFKC').toLowerCase());
}
