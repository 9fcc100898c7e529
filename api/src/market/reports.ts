// Coin reports as the API serves them (`GET /api/analysis/coin`) and the assistant quotes them:
// the coin's 90-day history from the market provider, the completed sources that mention it, and
// the report built from both, kept until the provider's numbers change (its market status, which
// moves with the clock, is the current one on every answer).
import type { Clock } from '../auth/clock.js';
import type { CoinReport, Locale, MonitorSource } from '@coinlens/contract';
import type { CoinCatalog } from './catalog.js';
import { buildReport } from './report.js';
import { marketStatus } from './status.js';
import { DAY_SEC, HISTORY_DAYS } from './types.js';

/** Reports kept per provider version (a version lasts 10 s with the demo data). */
const REPORT_CACHE_LIMIT = 300;

/** The provider has no history for the coin right now (CoinGecko down and nothing cached). */
export class HistoryUnavailableError extends Error {
  constructor(
    readonly coinId: number,
    options?: { cause?: unknown },
  ) {
    super(`no price history for coin ${coinId}`, options);
    this.name = 'HistoryUnavailableError';
  }
}

export class ReportService {
  #cache = new Map<string, CoinReport>();
  #version = -1;

  constructor(
    private readonly catalog: CoinCatalog,
    private readonly clock: Clock,
    private readonly relatedSources: (coinId: number) => Promise<MonitorSource[]>,
  ) {}

  /**
   * The coin's report in `locale`; null for a coin the catalog does not know. Throws
   * HistoryUnavailableError when the provider cannot give a history.
   */
  async report(coinId: number, locale: Locale): Promise<CoinReport | null> {
    await this.catalog.ready();
    const coin = this.catalog.coin(coinId);
    const entry = this.catalog.get(coinId);
    if (!coin || !entry) return null;

    const version = this.catalog.provider.version();
    if (version !== this.#version) {
      this.#cache.clear();
      this.#version = version;
    }
    const key = `${coinId}:${locale}`;
    const market = marketStatus(this.catalog.provider, this.clock.now());
    const cached = this.#cache.get(key);
    if (cached) return { ...cached, market };

    const nowSec = Math.floor(this.clock.now() / 1000);
    let history;
    try {
      history = await this.catalog.provider.history(
        entry.slug,
        nowSec - HISTORY_DAYS * DAY_SEC,
        nowSec,
      );
    } catch (error) {
      throw new HistoryUnavailableError(coinId, { cause: error });
    }
    const report = buildReport({
      coin,
      history,
      nowSec,
      locale,
      market,
      sources: await this.relatedSources(coinId),
    });
    if (this.#cache.size >= REPORT_CACHE_LIMIT) this.#cache.clear();
    this.#cache.set(key, report);
    return report;
  }
}
