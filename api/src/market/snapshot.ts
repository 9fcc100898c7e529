// The default market provider: the bundled data set (`api/data/coins.json`) and a seeded price
// history derived from it (history.ts). It says `source: 'demo'`: these are not live prices.
//
// Everything is as of the clock's last 10-second tick, and `version()` is that tick's number, so
// that every quote, sparkline and history is constant while `version()` is, and callers may cache
// on it. The coins' descriptions come from `api/data/coin-descriptions.json`.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { LOCALES, type Locale } from '@coinlens/contract';
import type { Clock } from '../auth/clock.js';
import { percentChange } from './figures.js';
import { DAY_SEC, HOUR_SEC, PriceSeries, dailyFactor, seedOf } from './history.js';
import { logoPath } from './logos.js';
import {
  HISTORY_DAYS,
  type MarketCoin,
  type MarketProvider,
  type MarketQuote,
  type PricePoint,
  SPARKLINE_POINTS,
  SPARKLINE_STEP_SEC,
  type SparklineSeries,
} from './types.js';

/** How often the demo prices move: quotes are as of the clock's last tick. */
export const TICK_MS = 10_000;

/** One coin of the data set. */
export interface SnapshotCoin {
  slug: string;
  name: string;
  symbol: string;
  rank: number;
  price: number;
  percentChange24h: number;
  marketCap: number;
  volume24h: number;
  volatility: number;
  /** The slug of the coin whose price moves this one follows (a wrapped or staked form). */
  tracks?: string;
}

export interface SnapshotData {
  asOf: string;
  /** Unix seconds of `asOf`. */
  asOfSec: number;
  note: string;
  /** By rank. */
  coins: SnapshotCoin[];
}

/**
 * The bundled file. From `src/market/` (tests run on sources) it is `../../data/`; from a
 * compiled `dist*\/src/market/` one folder more.
 */
export function defaultCoinsFile(): URL {
  return dataFile('coins.json');
}

/** The bundled descriptions of the largest coins, found as `defaultCoinsFile()` is. */
export function defaultDescriptionsFile(): URL {
  return dataFile('coin-descriptions.json');
}

function dataFile(name: string): URL {
  const candidates = [
    new URL(`../../data/${name}`, import.meta.url),
    new URL(`../../../data/${name}`, import.meta.url),
  ];
  return candidates.find((url) => existsSync(url)) ?? candidates[0]!;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Checks the data set's shape and returns it typed, coins by rank. Throws an error that names
 * the coin and the field when something is wrong.
 */
export function parseSnapshot(json: unknown, where = 'coins.json'): SnapshotData {
  const fail = (message: string): never => {
    throw new Error(`${where}: ${message}`);
  };
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return fail('must be a JSON object with "asOf", "note" and "coins"');
  }
  const root = json as Record<string, unknown>;
  const asOf = root.asOf;
  const asOfMs = typeof asOf === 'string' ? Date.parse(asOf) : Number.NaN;
  if (typeof asOf !== 'string' || !Number.isFinite(asOfMs)) {
    return fail('"asOf" must be an ISO date, e.g. "2026-11-01T00:00:00Z"');
  }
  if (asOfMs % (HOUR_SEC * 1000) !== 0) return fail('"asOf" must be a whole hour');
  if (typeof root.note !== 'string' || root.note.trim() === '') {
    return fail('"note" must say what the data is');
  }
  if (!Array.isArray(root.coins) || root.coins.length === 0) {
    return fail('"coins" must be a non-empty array');
  }

  const coins: SnapshotCoin[] = [];
  const slugs = new Set<string>();
  const ranks = new Set<number>();
  root.coins.forEach((entry: unknown, index: number) => {
    const at = (field: string): string => {
      const slug =
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as { slug?: unknown }).slug === 'string'
          ? ` ("${(entry as { slug: string }).slug}")`
          : '';
      return `coin ${index + 1}${slug}: "${field}"`;
    };
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      return fail(`coin ${index + 1}: must be an object`);
    }
    const coin = entry as Record<string, unknown>;
    const text = (field: string): string => {
      const value = coin[field];
      if (typeof value !== 'string' || value.trim() === '') {
        return fail(`${at(field)} must be a non-empty string`);
      }
      return value;
    };
    const number = (field: string, test: (value: number) => boolean, rule: string): number => {
      const value = coin[field];
      if (typeof value !== 'number' || !Number.isFinite(value) || !test(value)) {
        return fail(`${at(field)} must be ${rule} (got ${JSON.stringify(value)})`);
      }
      return value;
    };
    const slug = text('slug');
    if (!SLUG.test(slug)) fail(`${at('slug')} must be lower case letters, digits and dashes`);
    if (slugs.has(slug)) fail(`${at('slug')} is used twice`);
    slugs.add(slug);
    const name = text('name');
    const symbol = text('symbol');
    if (symbol !== symbol.toUpperCase() || /\s/.test(symbol)) {
      fail(`${at('symbol')} must be upper case without spaces`);
    }
    const rank = number('rank', (v) => Number.isInteger(v) && v >= 1, 'a whole number from 1');
    if (ranks.has(rank)) fail(`${at('rank')} ${rank} is used twice`);
    ranks.add(rank);
    const parsed: SnapshotCoin = {
      slug,
      name,
      symbol,
      rank,
      price: number('price', (v) => v > 0, 'a positive number'),
      percentChange24h: number('percentChange24h', (v) => v > -100, 'a number above -100'),
      marketCap: number('marketCap', (v) => v >= 0, 'a number from 0'),
      volume24h: number('volume24h', (v) => v >= 0, 'a number from 0'),
      volatility: number('volatility', (v) => v > 0 && v < 1, 'a fraction between 0 and 1'),
    };
    if (coin.tracks !== undefined) parsed.tracks = text('tracks');
    coins.push(parsed);
  });

  const bySlug = new Map(coins.map((coin) => [coin.slug, coin]));
  coins.forEach((coin, index) => {
    if (coin.tracks === undefined) return;
    const target = bySlug.get(coin.tracks);
    const at = `coin ${index + 1} ("${coin.slug}"): "tracks"`;
    if (!target || target === coin) fail(`${at} must name another coin of the file`);
    if (target?.tracks !== undefined) fail(`${at} names a coin that itself tracks another`);
  });
  coins.sort((a, b) => a.rank - b.rank);
  coins.forEach((coin, index) => {
    if (coin.rank !== index + 1) {
      fail(
        `coin "${coin.slug}": "rank" ${coin.rank} leaves a gap (ranks must be 1 to ${coins.length})`,
      );
    }
  });
  return { asOf, asOfSec: asOfMs / 1000, note: root.note, coins };
}

/** Longest description accepted, in characters: a few sentences. */
const MAX_DESCRIPTION_CHARS = 1000;

/** Each coin's description in every language, by slug. */
export type SnapshotDescriptions = ReadonlyMap<string, Readonly<Record<Locale, string>>>;

/**
 * Checks the descriptions file (`{ "note": "...", "coins": { "<slug>": { "en": "...", "zh":
 * "...", "pt-br": "..." } } }`) against the data set's slugs and returns it. Throws an error that
 * names the coin and the language when something is wrong.
 */
export function parseDescriptions(
  json: unknown,
  slugs: ReadonlySet<string>,
  where = 'coin-descriptions.json',
): SnapshotDescriptions {
  const fail = (message: string): never => {
    throw new Error(`${where}: ${message}`);
  };
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject(json)) return fail('must be a JSON object with "note" and "coins"');
  if (typeof json.note !== 'string' || json.note.trim() === '') {
    return fail('"note" must say what the descriptions are');
  }
  if (!isObject(json.coins)) return fail('"coins" must be an object of descriptions by slug');
  const descriptions = new Map<string, Readonly<Record<Locale, string>>>();
  for (const [slug, entry] of Object.entries(json.coins)) {
    if (!slugs.has(slug)) fail(`"${slug}" is not a coin of the market data set`);
    if (!isObject(entry)) return fail(`"${slug}" must be an object with ${LOCALES.join(', ')}`);
    const extra = Object.keys(entry).find((key) => !(LOCALES as readonly string[]).includes(key));
    if (extra !== undefined)
      fail(`"${slug}": "${extra}" is not a language (${LOCALES.join(', ')})`);
    const texts = {} as Record<Locale, string>;
    for (const locale of LOCALES) {
      const text = entry[locale];
      if (typeof text !== 'string' || text.trim() === '') {
        return fail(`"${slug}": "${locale}" must be a non-empty string`);
      }
      if (text.length > MAX_DESCRIPTION_CHARS) {
        fail(`"${slug}": "${locale}" is longer than ${MAX_DESCRIPTION_CHARS} characters`);
      }
      if (/[<>]/.test(text)) fail(`"${slug}": "${locale}" must be plain text, without markup`);
      texts[locale] = text.trim();
    }
    descriptions.set(slug, Object.freeze(texts));
  }
  return descriptions;
}

export interface SnapshotProviderOptions {
  clock: Clock;
  /** The data set; the bundled `api/data/coins.json` when left out. */
  file?: URL | string;
  /**
   * The coins' descriptions; when left out, the bundled `api/data/coin-descriptions.json` with the
   * bundled data set and none with another one (its coins are not those described); null: none.
   */
  descriptions?: URL | string | null;
}

async function readJson(
  file: URL | string,
  what: string,
): Promise<{ json: unknown; path: string }> {
  const path = file instanceof URL ? fileURLToPath(file) : file;
  try {
    return { json: JSON.parse(await readFile(path, 'utf8')) as unknown, path };
  } catch (error) {
    throw new Error(`${path}: cannot read ${what}: ${(error as Error).message}`);
  }
}

interface Entry {
  coin: SnapshotCoin;
  series: PriceSeries;
  seed: number;
}

/** A `MarketProvider` over the bundled demo data set. */
export interface SnapshotProvider extends MarketProvider {
  /** The data set, once started. */
  data(): SnapshotData;
}

export function createSnapshotProvider(options: SnapshotProviderOptions): SnapshotProvider {
  const { clock } = options;
  let data: SnapshotData | undefined;
  let list: readonly MarketCoin[] = [];
  let descriptions: SnapshotDescriptions = new Map();
  const entries = new Map<string, Entry>();
  /** Quotes of the current tick; emptied when the tick changes. */
  let quoteTick = Number.NaN;
  const quotes = new Map<string, MarketQuote>();

  const tick = (): number => Math.floor(clock.now() / TICK_MS);
  /** The current tick's time: what every figure is as of (Unix seconds). */
  const tickSec = (): number => (tick() * TICK_MS) / 1000;
  const started = (): SnapshotData => {
    if (!data) throw new Error('the snapshot market provider is not started');
    return data;
  };

  return {
    source: 'demo',

    async start() {
      const { json, path } = await readJson(
        options.file ?? defaultCoinsFile(),
        'the market data set',
      );
      const parsed = parseSnapshot(json, path);
      const descriptionsFile =
        options.descriptions === undefined
          ? options.file === undefined
            ? defaultDescriptionsFile()
            : null
          : options.descriptions;
      const described = descriptionsFile
        ? await readJson(descriptionsFile, 'the coin descriptions')
        : null;
      descriptions = described
        ? parseDescriptions(
            described.json,
            new Set(parsed.coins.map((coin) => coin.slug)),
            described.path,
          )
        : new Map();
      entries.clear();
      quotes.clear();
      quoteTick = Number.NaN;
      const series = new Map<string, PriceSeries>();
      const make = (coin: SnapshotCoin): PriceSeries => {
        let made = series.get(coin.slug);
        if (!made) {
          const target =
            coin.tracks === undefined
              ? undefined
              : parsed.coins.find((c) => c.slug === coin.tracks);
          made = new PriceSeries({
            slug: coin.slug,
            price: coin.price,
            volatility: coin.volatility,
            asOfSec: parsed.asOfSec,
            ...(target ? { tracks: make(target) } : {}),
          });
          series.set(coin.slug, made);
        }
        return made;
      };
      for (const coin of parsed.coins) {
        entries.set(coin.slug, { coin, series: make(coin), seed: seedOf(coin.slug) });
      }
      list = Object.freeze(
        parsed.coins.map((coin) =>
          Object.freeze({
            slug: coin.slug,
            name: coin.name,
            symbol: coin.symbol,
            rank: coin.rank,
            logo: logoPath(coin.symbol),
          }),
        ),
      );
      data = parsed;
    },

    async stop() {},

    data: started,

    coins() {
      started();
      return list;
    },

    quote(slug) {
      started();
      const entry = entries.get(slug);
      if (!entry) return null;
      const current = tick();
      if (current !== quoteTick) {
        quotes.clear();
        quoteTick = current;
      }
      let quote = quotes.get(slug);
      if (!quote) {
        const nowSec = (current * TICK_MS) / 1000;
        const { coin, series, seed } = entry;
        const price = series.priceAt(nowSec);
        // The changes by figures.ts, on the history `history()` serves: against the last whole
        // hour at or before the range's start, so the quote agrees with the report's charts.
        const since = (rangeSec: number) =>
          percentChange(series.priceAtHour(Math.floor((nowSec - rangeSec) / HOUR_SEC)), price);
        quote = Object.freeze({
          price,
          percentChange24h: since(DAY_SEC) ?? 0,
          percentChange1h: since(HOUR_SEC),
          percentChange7d: since(7 * DAY_SEC),
          marketCap: coin.marketCap * (price / coin.price),
          volume24h: coin.volume24h * dailyFactor(seed, Math.floor(nowSec / DAY_SEC)),
          updatedAt: nowSec,
        });
        quotes.set(slug, quote);
      }
      return quote;
    },

    async history(slug, fromSec, toSec) {
      started();
      const entry = entries.get(slug);
      if (!entry || Number.isNaN(fromSec) || Number.isNaN(toSec)) return [];
      const nowSec = (tick() * TICK_MS) / 1000;
      const from = Math.max(fromSec, nowSec - HISTORY_DAYS * DAY_SEC);
      const to = Math.min(toSec, nowSec);
      if (from > to) return [];
      const points: PricePoint[] = [];
      const last = Math.floor(to / HOUR_SEC);
      for (let hour = Math.ceil(from / HOUR_SEC); hour <= last; hour++) {
        points.push({ time: hour * HOUR_SEC, price: entry.series.priceAtHour(hour) });
      }
      if (to === nowSec && nowSec % HOUR_SEC !== 0) {
        points.push({ time: nowSec, price: entry.series.priceAt(nowSec) });
      }
      return points;
    },

    version() {
      return tick();
    },

    sparkline(slug) {
      started();
      const entry = entries.get(slug);
      if (!entry) return null;
      // Every 4 hours back from the tick, each price as history() would give it at that time.
      const nowSec = tickSec();
      const from = nowSec - (SPARKLINE_POINTS - 1) * SPARKLINE_STEP_SEC;
      const prices: number[] = [];
      for (let i = 0; i < SPARKLINE_POINTS; i++) {
        prices.push(entry.series.priceAt(from + i * SPARKLINE_STEP_SEC));
      }
      const series: SparklineSeries = { from, step: SPARKLINE_STEP_SEC, prices };
      return series;
    },

    status() {
      started();
      // Computed, never fetched: the figures are always as of the last tick.
      return { asOfSec: tickSec(), refreshSeconds: TICK_MS / 1000, retryAtSec: null };
    },

    async description(slug, locale) {
      return descriptions.get(slug)?.[locale] ?? null;
    },
  };
}
