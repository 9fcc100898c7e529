// Coins and reports: the asset list, follows, prices and the coin report, plus the coin logos the
// bundled data set points at.
import { ROUTES } from '@coinlens/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../auth/requireUser.js';
import { KeptAnswer } from '../../encoding.js';
import { ApiError, ok, sendApiNotFound, sendSvg } from '../../envelope.js';
import { localeOf } from '../../i18n.js';
import { normaliseKeyword, type CoinCatalog } from '../../market/catalog.js';
import type { FollowService } from '../../market/follows.js';
import { HistoryUnavailableError, type ReportService } from '../../market/reports.js';
import { logoSvg } from '../../market/logos.js';
import { bearer } from '../docs.js';

export interface CoinsOptions {
  catalog: CoinCatalog;
  follows: FollowService;
  reports: ReportService;
}

/** Highest page number a list accepts. */
export const MAX_PAGE = 1_000_000;
/** Largest page size a list accepts. */
export const MAX_SIZE = 100;
/** Coins per price call. */
const MAX_PRICE_IDS = 100;
/** Asset-list answers kept per provider version. */
const LIST_CACHE_LIMIT = 2000;

/** Checks a list's page and size: 422 outside 1..1,000,000 and 1..100. */
export function paging(page: number | undefined, size: number | undefined, fallback: number) {
  const p = page ?? 1;
  const s = size ?? fallback;
  if (p < 1 || p > MAX_PAGE) throw new ApiError(422, 'pageInvalid');
  if (s < 1 || s > MAX_SIZE) throw new ApiError(422, 'sizeInvalid');
  return { page: p, size: s };
}

/**
 * The ids of a comma list (`1,2,3`, spaces allowed around them): 400 when any part is not a
 * whole positive number.
 */
export function idList(text: string): number[] {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.some((part) => !/^\d{1,9}$/.test(part))) throw new ApiError(400, 'idListInvalid');
  return parts.map(Number);
}

const tags = ['coins'];

export const coins: FastifyPluginAsyncTypebox<CoinsOptions> = async (app, options) => {
  const { catalog, follows, reports } = options;
  const listCache = new Map<string, KeptAnswer>();
  let listVersion = -1;

  const language = (request: FastifyRequest) => localeOf(request.headers.language);

  app.get(
    '/api/asset/list',
    {
      schema: {
        tags,
        summary: 'Search the coins',
        description:
          'Coins whose name or symbol matches `keyword`, with their latest quotes. Codes: 422 for a page, size or keyword out of range.',
        ...ROUTES['GET /api/asset/list'],
      },
    },
    async (request, reply) => {
      const { keyword = '', page, size } = request.query;
      if (keyword.length > 100) throw new ApiError(422, 'keywordTooLong');
      const paged = paging(page, size, 20);
      await catalog.ready();
      // The busiest call: the answer (and its compressed bodies) is kept until the quotes change
      // (every 10 s with the demo data), so a repeated search costs no serialization.
      const version = catalog.provider.version();
      if (version !== listVersion) {
        listCache.clear();
        listVersion = version;
      }
      const key = `${language(request)}|${paged.page}|${paged.size}|${normaliseKeyword(keyword)}`;
      let kept = listCache.get(key);
      if (kept === undefined) {
        kept = new KeptAnswer(
          JSON.stringify(ok(request, catalog.search(keyword, paged.page, paged.size))),
        );
        if (listCache.size >= LIST_CACHE_LIMIT) listCache.clear();
        listCache.set(key, kept);
      }
      return kept.send(request, reply);
    },
  );

  app.get(
    '/api/asset/hot',
    {
      schema: {
        tags,
        summary: 'Hot coins',
        description:
          "The biggest movers over 24 hours (up or down) among the 100 largest coins, with their latest quotes: the onboarding robot's hot coins and the assistant's. Codes: 422 for a size outside 1 to 20.",
        ...ROUTES['GET /api/asset/hot'],
      },
    },
    async (request) => {
      const { size = 5 } = request.query;
      if (size < 1 || size > 20) throw new ApiError(422, 'hotSizeInvalid');
      await catalog.ready();
      return ok(request, catalog.hot(size));
    },
  );

  app.get(
    '/api/asset/logo/:file',
    {
      schema: {
        tags,
        summary: "A coin's logo",
        description:
          'The SVG logo the bundled data set names (`<symbol>.svg`, lower case); a monogram for a coin without one.',
        produces: ['image/svg+xml'],
        ...ROUTES['GET /api/asset/logo/:file'],
      },
    },
    async (request, reply) => {
      const match = /^([a-z0-9]{1,20})\.svg$/.exec(request.params.file);
      if (!match) return sendApiNotFound(request, reply);
      return sendSvg(reply, logoSvg(match[1]!));
    },
  );

  app.get(
    '/api/follow/list',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'The coins I follow',
        tags: ['follows'],
        security: bearer,
        ...ROUTES['GET /api/follow/list'],
      },
    },
    async (request) => ok(request, await follows.list(currentUser(request).id)),
  );

  app.post(
    '/api/follow/add',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Follow coins',
        tags: ['follows'],
        security: bearer,
        ...ROUTES['POST /api/follow/add'],
      },
    },
    async (request) =>
      ok(request, await follows.add(currentUser(request).id, request.body.coinIds)),
  );

  app.post(
    '/api/follow/delete',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Unfollow a coin',
        tags: ['follows'],
        description: 'Nothing happens for a coin not followed. Codes: 404 for an unknown id.',
        security: bearer,
        ...ROUTES['POST /api/follow/delete'],
      },
    },
    async (request) =>
      ok(request, await follows.remove(currentUser(request).id, request.body.coinId)),
  );

  app.get(
    '/api/coin/price',
    {
      schema: {
        tags,
        summary: 'Latest prices',
        description:
          'Codes: 400 when the list is not whole numbers separated by commas; 422 for fewer than 1 or more than 100 ids; 404 when any id is unknown.',
        ...ROUTES['GET /api/coin/price'],
      },
    },
    async (request) => {
      const ids = [...new Set(idList(request.query.coinIds))];
      if (ids.length > MAX_PRICE_IDS) throw new ApiError(422, 'priceCount');
      await catalog.ready();
      const prices = ids.map((id) => {
        const coin = catalog.coin(id);
        if (!coin) throw new ApiError(404, 'coinNotFound');
        return {
          coinId: id,
          price: coin.quotes.price,
          percentChange24h: coin.quotes.percentChange24h,
          updatedAt: coin.quotes.updatedAt,
          source: catalog.provider.source,
        };
      });
      return ok(request, prices);
    },
  );

  app.get(
    '/api/analysis/coin',
    {
      schema: {
        summary: 'A report on one coin',
        tags: ['reports'],
        description:
          "Price series, indicators (RSI 14, MACD 12/26/9, SMA 20/50, EMA 12/26, 30-day volatility, high and low, 7- and 30-day change), the signals they give with plain explanations, a short summary in the request's Language, and the completed monitored sources that mention the coin. `source` says whether the numbers are the bundled demo data. Codes: 404 unknown coin; 503 when the market data provider cannot give a history.",
        ...ROUTES['GET /api/analysis/coin'],
      },
    },
    async (request) => {
      try {
        const report = await reports.report(request.query.coinId, language(request));
        if (!report) throw new ApiError(404, 'coinNotFound');
        return ok(request, report);
      } catch (error) {
        if (!(error instanceof HistoryUnavailableError)) throw error;
        request.log.warn({ err: error.cause, coinId: error.coinId }, 'no price history');
        throw new ApiError(503, 'marketUnavailable');
      }
    },
  );
};
