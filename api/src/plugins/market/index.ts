// The market overview and the coin pages: the market list (searched, sorted, paged), the 7-day
// sparklines of a page of coins in one request, and one coin by its slug with its description.
import { MAX_SPARKLINE_IDS, ROUTES } from '@coinlens/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { KeptAnswer } from '../../encoding.js';
import { ApiError, ok } from '../../envelope.js';
import { localeOf } from '../../i18n.js';
import { normaliseKeyword, type CoinCatalog } from '../../market/catalog.js';
import { defaultOrder, type MarketOverview } from '../../market/overview.js';
import { idList, paging } from '../coins/index.js';

export interface MarketOptions {
  catalog: CoinCatalog;
  overview: MarketOverview;
}

/** Market-list answers kept per provider version and status. */
const LIST_CACHE_LIMIT = 2000;

const tags = ['market'];

export const market: FastifyPluginAsyncTypebox<MarketOptions> = async (app, options) => {
  const { catalog, overview } = options;
  const listCache = new Map<string, KeptAnswer>();
  /** What the cached answers were made of: the provider version and the status they carry. */
  let listState = '';

  app.get(
    '/api/market/list',
    {
      schema: {
        tags,
        summary: 'The market list',
        description:
          'Every coin with its price, 1 h, 24 h and 7 d changes, market cap and volume: those whose name or symbol matches `keyword` (as the asset list matches, any tier), sorted by `sort` and `order`, unknown changes last either way, ties by rank. `market` says where the figures come from and how old they are. Codes: 422 for a page, size or keyword out of range; 400 for an unknown sort or order.',
        ...ROUTES['GET /api/market/list'],
      },
    },
    async (request, reply) => {
      const { keyword = '', sort = 'rank', order, page, size } = request.query;
      if (keyword.length > 100) throw new ApiError(422, 'keywordTooLong');
      const paged = paging(page, size, 50);
      await catalog.ready();
      // As the asset list does: the answer is kept, compressed too, until the figures change, or
      // the status they carry does (a refused CoinGecko turns stale without a new version).
      const status = overview.status();
      const state = `${catalog.provider.version()}|${status.asOf}|${status.stale}|${status.retryAt}`;
      if (state !== listState) {
        listCache.clear();
        listState = state;
      }
      const sortOrder = order ?? defaultOrder(sort);
      const normalised = normaliseKeyword(keyword);
      const key = `${localeOf(request.headers.language)}|${sort}|${sortOrder}|${paged.page}|${paged.size}|${normalised}`;
      let kept = listCache.get(key);
      if (kept === undefined) {
        const answer = overview.list({ keyword: normalised, sort, order: sortOrder, ...paged });
        kept = new KeptAnswer(JSON.stringify(ok(request, { ...answer, market: status })));
        if (listCache.size >= LIST_CACHE_LIMIT) listCache.clear();
        listCache.set(key, kept);
      }
      return kept.send(request, reply);
    },
  );

  app.get(
    '/api/market/sparklines',
    {
      schema: {
        tags,
        summary: '7-day sparklines of several coins',
        description: `One price every 4 hours over the last 7 days per coin, ending with the latest price, in the order asked (each distinct id once): a page of the market list in one request. Codes: 400 when the list is not whole numbers separated by commas; 422 for more than ${MAX_SPARKLINE_IDS} ids; 404 when any id is unknown.`,
        ...ROUTES['GET /api/market/sparklines'],
      },
    },
    async (request) => {
      const ids = [...new Set(idList(request.query.coinIds))];
      if (ids.length > MAX_SPARKLINE_IDS) throw new ApiError(422, 'sparklineCount');
      await catalog.ready();
      const series = ids.map((id) => {
        const sparkline = overview.sparkline(id);
        if (!sparkline) throw new ApiError(404, 'coinNotFound');
        return sparkline;
      });
      return ok(request, { series, market: overview.status() });
    },
  );

  app.get(
    '/api/market/coin',
    {
      schema: {
        tags,
        summary: 'One coin for its page',
        description:
          "The coin's figures as a market-list row, what the coin is as plain text in the request's Language (null when the provider has no description in it), and where the figures come from. Codes: 404 for an unknown slug.",
        ...ROUTES['GET /api/market/coin'],
      },
    },
    async (request) => {
      await catalog.ready();
      const answer = await overview.coin(request.query.slug, localeOf(request.headers.language));
      if (!answer) throw new ApiError(404, 'coinNotFound');
      return ok(request, answer);
    },
  );
};
