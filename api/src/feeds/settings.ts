// The operator's feed settings from the environment: FEEDS, the feeds' addresses, and
// FEEDS_REFRESH_MINUTES, how often each is read when all is well.

/** Feeds one server polls at most: each is a request per refresh, and a row of state. */
export const MAX_FEEDS = 500;
/** Minutes between two reads of a feed by default. */
export const DEFAULT_REFRESH_MINUTES = 15;

export interface FeedSettings {
  /** The feeds' addresses (http or https), each once, in the order given. */
  urls: string[];
  /** Minutes between two reads of a feed (a feed's own `ttl` may ask for longer). */
  refreshMinutes: number;
}

/** FEEDS: addresses separated by commas or white space (newlines too, for a long list). */
export function feedUrls(value: string | undefined): string[] {
  const items = (value ?? '').split(/[\s,]+/).filter((item) => item !== '');
  const urls: string[] = [];
  for (const item of items) {
    let url: URL | null = null;
    try {
      url = new URL(item);
    } catch {
      // Refused below.
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new Error(`FEEDS must list http:// or https:// addresses, got "${item}"`);
    }
    if (url.username || url.password) {
      throw new Error(`FEEDS addresses may not carry a user or password, got "${item}"`);
    }
    url.hash = '';
    if (!urls.includes(url.href)) urls.push(url.href);
  }
  if (urls.length > MAX_FEEDS) {
    throw new Error(`FEEDS may list at most ${MAX_FEEDS} addresses, got ${urls.length}`);
  }
  return urls;
}

export function feedSettingsFromEnv(env: NodeJS.ProcessEnv): FeedSettings {
  const raw = (env.FEEDS_REFRESH_MINUTES ?? '').trim();
  const refreshMinutes = raw === '' ? DEFAULT_REFRESH_MINUTES : Number(raw);
  if (!Number.isInteger(refreshMinutes) || refreshMinutes < 1 || refreshMinutes > 1440) {
    throw new Error(`FEEDS_REFRESH_MINUTES must be a whole number from 1 to 1440, got "${raw}"`);
  }
  return { urls: feedUrls(env.FEEDS), refreshMinutes };
}
