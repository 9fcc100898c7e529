// The operator's feed settings from the environment: FEEDS, the feeds' addresses; FEEDS_FILE, a
// JSON file of feeds that may carry keyword rules each (rules.ts); and FEEDS_REFRESH_MINUTES, how
// often each is read when all is well.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ruleWords, type FeedRules } from './rules.js';

/** Feeds one server polls at most: each is a request per refresh, and a row of state. */
export const MAX_FEEDS = 500;
/** Minutes between two reads of a feed by default. */
export const DEFAULT_REFRESH_MINUTES = 15;

export interface FeedSettings {
  /** The feeds' addresses (http or https), each once, in the order given. */
  urls: string[];
  /** Minutes between two reads of a feed (a feed's own `ttl` may ask for longer). */
  refreshMinutes: number;
  /** The keyword rules of the feeds that have some, by address (as in `urls`). */
  rules?: ReadonlyMap<string, FeedRules>;
}

/** FEEDS_FILE's largest size: a list of feeds and their words, never a feed itself. */
const FEEDS_FILE_MAX_BYTES = 1024 * 1024;

/** A feed's address as kept: http or https, without user, password or fragment. */
function feedUrl(
  item: string,
  where: string,
  must = 'must be an http:// or https:// address',
): string {
  let url: URL | null = null;
  try {
    url = new URL(item);
  } catch {
    // Refused below.
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(`${where} ${must}, got "${item}"`);
  }
  if (url.username || url.password) {
    throw new Error(`${where} may not name a user or password, got "${item}"`);
  }
  url.hash = '';
  return url.href;
}

/** FEEDS: addresses separated by commas or white space (newlines too, for a long list). */
export function feedUrls(value: string | undefined): string[] {
  const items = (value ?? '').split(/[\s,]+/).filter((item) => item !== '');
  const urls: string[] = [];
  for (const item of items) {
    const url = feedUrl(item, 'FEEDS', 'must list http:// or https:// addresses');
    if (!urls.includes(url)) urls.push(url);
  }
  return urls;
}

/**
 * FEEDS_FILE's text: `{ "feeds": [ "https://…", { "url": "https://…", "keep": [words],
 * "mute": [words] } ] }`. An address given twice is refused: its two sets of rules would be
 * ambiguous.
 */
export function feedFile(text: string): { urls: string[]; rules: Map<string, FeedRules> } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`FEEDS_FILE is not JSON: ${(error as Error).message}`);
  }
  const list = (value as { feeds?: unknown } | null)?.feeds;
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !Array.isArray(list)) {
    throw new Error('FEEDS_FILE must hold an object with a "feeds" list');
  }
  const urls: string[] = [];
  const rules = new Map<string, FeedRules>();
  list.forEach((entry: unknown, index) => {
    const where = `FEEDS_FILE feeds[${index}]`;
    const fields = (typeof entry === 'string' ? { url: entry } : entry) as Record<string, unknown>;
    if (typeof fields !== 'object' || fields === null || typeof fields.url !== 'string') {
      throw new Error(`${where} must be an address or an object with a "url"`);
    }
    const unknown = Object.keys(fields).find((key) => !['url', 'keep', 'mute'].includes(key));
    if (unknown) throw new Error(`${where} has an unknown field "${unknown}"`);
    const url = feedUrl(fields.url, `${where}.url`);
    if (urls.includes(url)) throw new Error(`${where}.url lists "${url}" a second time`);
    urls.push(url);
    const keep = ruleWords(fields.keep, `${where}.keep`);
    const mute = ruleWords(fields.mute, `${where}.mute`);
    if (keep.length + mute.length > 0) rules.set(url, { keep, mute });
  });
  return { urls, rules };
}

/** Reads FEEDS_FILE, its path resolved against `cwd`; the reason in the error when it cannot. */
function readFeedFile(path: string, cwd: string): string {
  const file = resolve(cwd, path);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new Error(`FEEDS_FILE could not be read (${file}): ${(error as Error).message}`);
  }
  if (bytes.length > FEEDS_FILE_MAX_BYTES) {
    throw new Error(`FEEDS_FILE is larger than ${FEEDS_FILE_MAX_BYTES} bytes (${file})`);
  }
  return bytes.toString('utf8');
}

export function feedSettingsFromEnv(env: NodeJS.ProcessEnv, cwd = process.cwd()): FeedSettings {
  const raw = (env.FEEDS_REFRESH_MINUTES ?? '').trim();
  const refreshMinutes = raw === '' ? DEFAULT_REFRESH_MINUTES : Number(raw);
  if (!Number.isInteger(refreshMinutes) || refreshMinutes < 1 || refreshMinutes > 1440) {
    throw new Error(`FEEDS_REFRESH_MINUTES must be a whole number from 1 to 1440, got "${raw}"`);
  }
  const path = (env.FEEDS_FILE ?? '').trim();
  const file: ReturnType<typeof feedFile> =
    path === '' ? { urls: [], rules: new Map() } : feedFile(readFeedFile(path, cwd));
  const urls = feedUrls(env.FEEDS);
  const twice = urls.find((url) => file.urls.includes(url));
  if (twice) throw new Error(`"${twice}" is in both FEEDS and FEEDS_FILE: list it once`);
  const all = [...urls, ...file.urls];
  if (all.length > MAX_FEEDS) {
    throw new Error(`FEEDS and FEEDS_FILE may list at most ${MAX_FEEDS} feeds, got ${all.length}`);
  }
  return { urls: all, refreshMinutes, rules: file.rules };
}
