// The demo provider's price history: a deterministic, seeded hourly walk per coin, anchored so
// that the price at the data set's `asOf` is the file's price exactly.
//
// The walk is in log price, as a deviation y from the anchor (price = anchor · e^y), and
// mean-reverting (an AR(1) / Ornstein-Uhlenbeck walk): y(h+1) = a · y(h) + σ · z(h+1), with
// σ the hourly volatility (the daily one / √24) and z a standard normal draw that depends only on
// the coin's slug and the hour's number (a hash, never Math.random). For volatile coins z is
// partly the whole market's draw for that hour (z = w · m + √(1 − w²) · e), so that coins rise
// and fall together as they do (a correlation of w² ≈ 0.56 between two such coins).
// y(asOf) = 0; after asOf the walk runs forward, before it backward (the walk is reversible in
// law, so both halves look alike), down to an origin ORIGIN_DAYS before asOf, before which the
// price stays the origin's.
// Every value is computed in one fixed order from asOf outward, so the same coin and hour give
// the same price bit for bit, whatever was asked before.
//
// Ordinary coins revert with a half-life of 120 days, so that prices stay plausible for years
// (the spread of y settles near 9 × the daily volatility: about ±28 % for BTC). Stablecoins
// revert within a day and are clamped to ±0.4 % of their anchor. A wrapped or staked coin may
// follow another coin's walk (`tracks`), so that WBTC moves with BTC.
//
// Between two whole hours the price moves linearly. Each coin's deviations are kept in
// Float64Arrays that grow when the clock moves on (keeping about the last year), so that a lookup
// is O(1) once warm. The cost of warming up grows with the time since asOf: about 30 ns per coin
// and hour, so 200 coins' quotes a year after asOf take about 60 ms.

export const HOUR_SEC = 3600;
export const DAY_SEC = 86_400;
/** How far before asOf the walk is defined; earlier hours have the origin's price. */
export const ORIGIN_DAYS = 400;
/** Ordinary coins: half-life of a deviation from the anchor, in hours. */
const HALF_LIFE_HOURS = 120 * 24;
/** Stablecoins: half-life in hours, and the widest deviation from the anchor. */
const STABLE_HALF_LIFE_HOURS = 12;
const STABLE_MAX_LOG_DEVIATION = 0.004;
/** The weight w of the market's draw in an ordinary coin's hourly move. */
const MARKET_WEIGHT = 0.75;
/** Below this daily volatility (stablecoins, gold, euro tokens) a coin ignores the market. */
const CALM_VOLATILITY = 0.015;

/** A coin whose volatility is this small and whose price is within 2 % of $1 is a stablecoin. */
export function isStablecoin(price: number, volatility: number): boolean {
  return volatility <= 0.002 && Math.abs(price - 1) <= 0.02;
}

/** FNV-1a of a string: the seed that keys a coin's draws. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  }
  return hash >>> 0;
}

/** A 32-bit integer finalizer (Hash Prospector's lowbias32): a well-mixed hash of `x`. */
function mix32(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x21f0aaad);
  x = Math.imul(x ^ (x >>> 15), 0x735a2d97);
  return x ^ (x >>> 15); // a signed 32-bit integer
}

/** A uniform draw in [0, 1) for a seed, a counter and a stream; the same inputs, the same draw. */
export function uniformAt(seed: number, counter: number, stream = 0): number {
  const base = mix32(
    ((seed ^ Math.imul(counter | 0, 0x9e3779b9)) + Math.imul(stream, 0x85ebca6b)) | 0,
  );
  return (mix32((base + 0x6d2b79f5) | 0) >>> 0) / 4294967296;
}

/**
 * Two standard normal draws for a seed and a pair number (Marsaglia's polar form of Box-Muller,
 * its retries counted, so it is still a pure function of its inputs), written to `out`.
 */
function normalPair(seed: number, pair: number, out: Float64Array): void {
  const base = mix32(seed ^ Math.imul(pair | 0, 0x9e3779b9));
  for (let attempt = 0; ; attempt++) {
    // Signed 32-bit integers / 2^31: uniform in [-1, 1).
    const u = mix32((base + Math.imul(2 * attempt + 1, 0x6d2b79f5)) | 0) / 2147483648;
    const v = mix32((base + Math.imul(2 * attempt + 2, 0x6d2b79f5)) | 0) / 2147483648;
    const q = u * u + v * v;
    if (q > 0 && q < 1) {
      const f = Math.sqrt((-2 * Math.log(q)) / q);
      out[0] = u * f;
      out[1] = v * f;
      return;
    }
  }
}

/** The standard normal draw of a coin (by seed) for an hour (by its number since the epoch). */
export function normalAt(seed: number, hour: number): number {
  const out = new Float64Array(2);
  normalPair(seed, Math.floor(hour / 2), out);
  return out[hour & 1] ?? 0;
}

/** The market's draws, by chunks of hours, shared by every coin (a pure function of the hour). */
const MARKET_SEED = seedOf('the whole market');
const MARKET_CHUNK_BITS = 10;
const MARKET_CHUNK = 1 << MARKET_CHUNK_BITS;
const MARKET_CHUNKS_KEPT = 64;
const marketChunks = new Map<number, Float64Array>();

/** The market's draws for the hours of a chunk (chunk × MARKET_CHUNK on). */
function marketChunk(chunk: number): Float64Array {
  let draws = marketChunks.get(chunk);
  if (!draws) {
    draws = new Float64Array(MARKET_CHUNK);
    const pair = new Float64Array(2);
    const first = chunk * MARKET_CHUNK; // even, so pairs line up with normalAt's
    for (let k = 0; k < MARKET_CHUNK; k += 2) {
      normalPair(MARKET_SEED, (first + k) / 2, pair);
      draws[k] = pair[0] ?? 0;
      draws[k + 1] = pair[1] ?? 0;
    }
    if (marketChunks.size >= MARKET_CHUNKS_KEPT) marketChunks.clear();
    marketChunks.set(chunk, draws);
  }
  return draws;
}

/** The market's standard normal draw for an hour (by its number since the epoch). */
export function marketNormalAt(hour: number): number {
  const chunk = Math.floor(hour / MARKET_CHUNK);
  return marketChunk(chunk)[hour - chunk * MARKET_CHUNK] ?? 0;
}

/** A coin's volume factor for a day (by its number since the epoch): 0.7 to 1.3. */
export function dailyFactor(seed: number, day: number): number {
  return 0.7 + 0.6 * uniformAt(seed, day, 1);
}

export interface SeriesSpec {
  slug: string;
  /** The price at `asOfSec`. */
  price: number;
  /** Typical daily volatility, as a fraction (0.035 for 3.5 %). */
  volatility: number;
  /** The anchor time: Unix seconds, a whole hour. */
  asOfSec: number;
  /** A series whose moves this one follows (a wrapped or staked form of that coin). */
  tracks?: PriceSeries;
}

/** At most this many hours of a side are kept; the oldest half goes when it is full. */
const KEEP_HOURS = 8192;

/**
 * One side of a walk from asOf: the deviations at asOf + i hours (or asOf - i), computed in
 * order from i = 0 and kept for the hours from `base` on (about the last year at most), so that
 * memory stays small however long the server runs. An older hour is computed again from i = 0,
 * by the same steps, so it gets the same value bit for bit.
 */
class Side {
  private values = new Float64Array(256);
  /** The index of values[0]. */
  private base = 0;
  /** The next index to compute. */
  private next = 1;
  /** The deviation at next - 1. */
  private last = 0;
  private readonly pair = new Float64Array(2);
  /** The pair of draws in `pair` (-1: none yet; hour numbers are positive). */
  private pairIndex = -1;

  constructor(
    private readonly seed: number,
    private readonly asOfHour: number,
    private readonly direction: 1 | -1,
    private readonly a: number,
    private readonly sigma: number,
    private readonly clamp: number,
    /** The weight of the market's draw. */
    private readonly market: number,
  ) {}

  /** The deviation at index i (i ≥ 0 hours from asOf, in this side's direction). */
  at(index: number): number {
    if (index < this.base) this.reset();
    if (index >= this.next) this.extendTo(index);
    return this.values[index - this.base] ?? 0;
  }

  private reset(): void {
    this.base = 0;
    this.next = 1;
    this.last = 0;
    this.values[0] = 0;
  }

  private extendTo(index: number): void {
    const { a, sigma, clamp, seed, pair, market, asOfHour, direction } = this;
    const own = Math.sqrt(1 - market * market);
    let y = this.last;
    let chunk = -1;
    let draws: Float64Array | undefined;
    let pairIndex = this.pairIndex;
    for (let i = this.next; i <= index; i++) {
      const hour = asOfHour + direction * i;
      if (hour >> 1 !== pairIndex) {
        pairIndex = hour >> 1;
        normalPair(seed, pairIndex, pair);
      }
      let z = pair[hour & 1] ?? 0;
      if (market !== 0) {
        const at = hour >> MARKET_CHUNK_BITS;
        if (at !== chunk || !draws) {
          chunk = at;
          draws = marketChunk(at);
        }
        z = market * (draws[hour - at * MARKET_CHUNK] ?? 0) + own * z;
      }
      y = a * y + sigma * z;
      if (y > clamp) y = clamp;
      else if (y < -clamp) y = -clamp;
      this.store(i, y);
    }
    this.pairIndex = pairIndex;
    this.last = y;
    this.next = index + 1;
  }

  private store(index: number, y: number): void {
    let slot = index - this.base;
    if (slot >= this.values.length) {
      if (this.values.length < KEEP_HOURS) {
        const grown = new Float64Array(this.values.length * 2);
        grown.set(this.values);
        this.values = grown;
      } else {
        const drop = this.values.length / 2;
        this.values.copyWithin(0, drop);
        this.base += drop;
        slot -= drop;
      }
    }
    this.values[slot] = y;
  }
}

/** A coin's hourly price history (see the top of this file). */
export class PriceSeries {
  readonly slug: string;
  readonly anchorPrice: number;
  readonly asOfHour: number;
  /** The first hour of the walk; earlier hours have its price. */
  readonly originHour: number;
  readonly stable: boolean;
  private readonly tracks: PriceSeries | undefined;
  private readonly forward: Side | undefined;
  private readonly backward: Side | undefined;

  constructor(spec: SeriesSpec) {
    if (!(spec.price > 0) || !Number.isFinite(spec.price)) {
      throw new Error(`${spec.slug}: the anchor price must be a positive number`);
    }
    if (spec.asOfSec % HOUR_SEC !== 0) throw new Error('asOf must be a whole hour');
    this.slug = spec.slug;
    this.anchorPrice = spec.price;
    this.asOfHour = spec.asOfSec / HOUR_SEC;
    this.originHour = this.asOfHour - ORIGIN_DAYS * 24;
    this.stable = isStablecoin(spec.price, spec.volatility);
    this.tracks = spec.tracks;
    if (this.tracks) {
      if (this.tracks.asOfHour !== this.asOfHour) throw new Error('tracks: asOf differs');
      return;
    }
    const sigma = spec.volatility / Math.sqrt(24);
    const a = Math.pow(0.5, 1 / (this.stable ? STABLE_HALF_LIFE_HOURS : HALF_LIFE_HOURS));
    const clamp = this.stable ? STABLE_MAX_LOG_DEVIATION : Infinity;
    const seed = seedOf(spec.slug);
    const market = spec.volatility < CALM_VOLATILITY ? 0 : MARKET_WEIGHT;
    this.forward = new Side(seed, this.asOfHour, 1, a, sigma, clamp, market);
    this.backward = new Side(seed, this.asOfHour, -1, a, sigma, clamp, market);
  }

  /** The log deviation from the anchor at a whole hour (by its number since the epoch). */
  deviationAtHour(hour: number): number {
    if (this.tracks) return this.tracks.deviationAtHour(hour);
    const h = hour < this.originHour ? this.originHour : hour;
    const offset = h - this.asOfHour;
    return offset >= 0 ? this.forward!.at(offset) : this.backward!.at(-offset);
  }

  /** The price at a whole hour (by its number since the epoch, i.e. Unix seconds / 3600). */
  priceAtHour(hour: number): number {
    return this.anchorPrice * Math.exp(this.deviationAtHour(hour));
  }

  /** The price at any time (Unix seconds): linear between the two whole hours around it. */
  priceAt(sec: number): number {
    const hour = Math.floor(sec / HOUR_SEC);
    const fraction = (sec - hour * HOUR_SEC) / HOUR_SEC;
    const start = this.priceAtHour(hour);
    if (fraction === 0) return start;
    return start + (this.priceAtHour(hour + 1) - start) * fraction;
  }
}
