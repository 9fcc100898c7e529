// The data the assistant reads, on behalf of one user: coins and their quotes from the catalog,
// reports, the user's follows and monitored sources, and the sources everyone sees.
import type { AlertMailSettings } from '../alerts/mail.js';
import type { AlertService } from '../alerts/service.js';
import type { Clock } from '../auth/clock.js';
import { ApiError } from '../envelope.js';
import type { CoinCatalog } from '../market/catalog.js';
import type { FollowService } from '../market/follows.js';
import { marketStatus } from '../market/status.js';
import type { ReportService } from '../market/reports.js';
import { STATUS, type MonitorService } from '../monitor/sources.js';
import { findCoinMentions } from '../monitor/summarizer.js';
import type { AssistantData } from './types.js';

export interface AssistantDataServices {
  catalog: CoinCatalog;
  reports: ReportService;
  follows: FollowService;
  monitor: MonitorService;
  clock: Clock;
  /** The alert routes' service and mail settings; without them the assistant makes no alerts. */
  alerts?: { service: AlertService; mail: Pick<AlertMailSettings, 'noteLocale'> };
}

export function createAssistantData(
  userId: number,
  { catalog, reports, follows, monitor, clock, alerts }: AssistantDataServices,
): AssistantData {
  const coins = (ids: readonly number[]) =>
    ids.flatMap((id) => {
      const coin = catalog.coin(id);
      return coin ? [coin] : [];
    });
  return {
    nowSec: () => Math.floor(clock.now() / 1000),
    market: () => marketStatus(catalog.provider, clock.now()),
    searchCoins: (query, limit) =>
      catalog.search(query, 1, Math.max(1, Math.min(limit, 100))).records,
    coinsMentioned: (text) => coins(findCoinMentions(text, catalog.all())),
    coin: (id) => catalog.coin(id),
    topCoins: (limit) =>
      coins(
        catalog
          .all()
          .slice(0, limit)
          .map((coin) => coin.id),
      ),
    hotCoins: (limit) => catalog.hot(limit),
    report: async (coinId, locale) => {
      try {
        return await reports.report(coinId, locale);
      } catch {
        // No history right now: the assistant says it does not know.
        return null;
      }
    },
    watchlist: () => follows.list(userId),
    userSources: async (status) =>
      (await monitor.userList(userId, { status: status ?? null, page: 1, size: 100 })).records,
    upcomingSources: async (limit) =>
      (await monitor.list({ searchName: '', status: STATUS.unStarted, page: 1, size: limit }))
        .records,
    hotSources: (limit) => monitor.hot(limit),
    searchSources: async (query, limit) =>
      (await monitor.list({ searchName: query.slice(0, 100), status: null, page: 1, size: limit }))
        .records,
    source: async (sourceId) => {
      try {
        const { id, logo, author, title, status, time, heat, link } =
          await monitor.detail(sourceId);
        return { id, logo, author, title, status, time, heat, link };
      } catch (error) {
        if (error instanceof ApiError && error.code === 404) return null;
        throw error;
      }
    },
    sourceSummary: async (sourceId) => {
      try {
        return await monitor.summary(sourceId);
      } catch (error) {
        if (error instanceof ApiError && error.code === 404) return null;
        throw error;
      }
    },
    ...(alerts
      ? {
          alerts: {
            list: () => alerts.service.list(userId),
            add: async (input, locale) => {
              const made = await alerts.service.add(userId, input);
              // As the route does: the mails of this alert are written in its language.
              await alerts.mail.noteLocale(userId, locale);
              return made;
            },
          },
        }
      : {}),
  };
}
