// The market overview (/markets/ and the phone's /mobile/markets/), public: every coin of the
// market provider in the design system's MarketTable, sorted on the server by any column, searched
// by name or symbol, a page of 50 more as the table nears its end, the 7-day sparklines of each
// page loaded after its rows, a Follow action per coin, and under the table where the figures come
// from and how old they are. The sort and search live in the page's address (marketAddress.ts).
import type { MarketRow, MarketStatus } from '@coinlens/contract';
import {
  Button,
  EmptyState,
  MarketTable,
  type MarketTableColumn,
  type MarketTableRow,
  type MarketTableSortDetails,
} from '@coinlens/design-system';
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import { useI18next, useTranslation } from 'gatsby-plugin-react-i18next';
import { Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { apiAssetUrl } from '../../data/client';
import { Link } from '../../i18n/Link';
import { lazyChunk } from '../../shell/loadChunk';
import { FollowButton } from './FollowButton';
import {
  isMarketSort,
  marketQueryOf,
  MAX_KEYWORD_LENGTH,
  searchWithQuery,
  type MarketQuery,
} from './marketAddress';
import type { Translate } from './provenance';
import { useMarketFollow } from './useMarketFollow';
import { useMarketList } from './useMarketList';
import { useProvenance, type Provenance } from './useProvenance';
import { useSparklines } from './useSparklines';

const MarketSearch = lazyChunk(() => import('./MarketSearch'));

/** The columns a phone's page shows: the rest are a tap away, on the coin's page. */
export const PHONE_COLUMNS: readonly MarketTableColumn[] = [
  'rank',
  'name',
  'price',
  'change24h',
  'action',
];

export interface MarketsProps {
  /** The address's query string, once the page has hydrated; null before (the static HTML). */
  search: string | null;
  /**
   * Shows another sort or search: the page puts `search` into its address, as a new history entry
   * (a sort) or in place of the current one (`replace`: a search, typed a pause at a time).
   */
  onSearchChange: (event: { search: string; replace: boolean }) => void;
  /** The phone's page: its links go to the phone's pages. */
  phone?: boolean;
}

/** A row for the table: the API's, its logo on the API's origin, and its sparkline so far. */
function toTableRow(row: MarketRow, sparkline: readonly number[] | undefined): MarketTableRow {
  return {
    id: row.id,
    name: row.name,
    symbol: row.symbol,
    logo: apiAssetUrl(row.logo),
    rank: row.rank,
    price: row.price,
    percentChange1h: row.percentChange1h,
    percentChange24h: row.percentChange24h,
    percentChange7d: row.percentChange7d,
    marketCap: row.marketCap,
    volume24h: row.volume24h,
    sparkline,
  };
}

/** What the placeholder of the search box keeps: its room, until its code has come. */
function SearchPlaceholder() {
  return (
    <Box
      aria-hidden="true"
      height="10"
      width="100%"
      maxWidth={{ md: '22rem' }}
      borderWidth="1px"
      borderColor="border.default"
      borderRadius="md"
      bg="bg.surface"
    />
  );
}

/** The id of the stale figures' explanation, in the footnote; the badge points at it. */
const STALE_EXPLANATION_ID = 'markets-stale-explanation';

/** The stale badge; what it means is said in the footnote (not only on hover). */
function StaleBadge({ text, explanation }: { text: string; explanation?: string }) {
  return (
    <chakra.span
      aria-describedby={STALE_EXPLANATION_ID}
      display="inline-flex"
      alignItems="center"
      paddingX="2"
      paddingY="0.5"
      borderRadius="full"
      borderWidth="1px"
      borderColor="status.warning"
      color="status.warning"
      fontSize="xs"
      fontWeight="semibold"
      title={explanation}
    >
      {text}
    </chakra.span>
  );
}

/** The footnote under the table: the figures' source and age, and why they are old if they are. */
function Footnote({
  market,
  t,
  language,
  provenance: { provenanceText, staleExplanation },
}: {
  market: MarketStatus;
  t: Translate;
  language: string;
  provenance: Provenance;
}) {
  const explanation = staleExplanation(market, t, language);
  return (
    <Flex direction="column" gap="1" fontSize="sm" color="fg.muted">
      <chakra.p>{provenanceText(market, t, language)}</chakra.p>
      {market.stale && <chakra.p id={STALE_EXPLANATION_ID}>{explanation}</chakra.p>}
    </Flex>
  );
}

export function Markets({ search, onSearchChange, phone = false }: MarketsProps) {
  const { t } = useTranslation('markets');
  const { language } = useI18next();
  const query = useMemo(() => (search === null ? null : marketQueryOf(search)), [search]);
  const list = useMarketList(query);
  const { seriesOf } = useSparklines(list.pageIds);
  const follow = useMarketFollow(t);
  const provenance = useProvenance();

  // The box's text: what was typed, and the address's search when it changes (back and forth).
  const [text, setText] = useState('');
  const q = query?.q ?? '';
  useEffect(() => setText(q), [q]);

  const show = useCallback(
    (next: MarketQuery, replace: boolean) => {
      if (search === null) return;
      onSearchChange({ search: searchWithQuery(search, next), replace });
    },
    [search, onSearchChange],
  );

  const onSort = ({ sort, order }: MarketTableSortDetails) => {
    if (!query || !isMarketSort(sort)) return;
    if (sort !== query.sort || order !== query.order) show({ ...query, sort, order }, false);
  };

  const onSearch = ({ value }: { value: string }) => {
    if (!query) return;
    const keyword = value.trim().slice(0, MAX_KEYWORD_LENGTH);
    if (keyword !== query.q) show({ ...query, q: keyword }, true);
  };

  const slugs = useMemo(() => new Map(list.rows.map((row) => [row.id, row.slug])), [list.rows]);
  const pathBase = phone ? '/mobile' : '';
  // Kept from render to render: the table draws its rows again when one of these changes.
  const labels = useMemo(
    () => ({
      rank: t('table.rank'),
      name: t('table.name'),
      price: t('table.price'),
      change1h: t('table.change1h'),
      change24h: t('table.change24h'),
      change7d: t('table.change7d'),
      marketCap: t('table.marketCap'),
      volume24h: t('table.volume24h'),
      sparkline: t('table.sparkline'),
      action: t('table.action'),
      loading: t('table.loading'),
      unavailable: t('table.unavailable'),
      sparklineLabel: (row: MarketTableRow) => t('table.sparklineLabel', { name: row.name }),
    }),
    [t],
  );
  const renderName = useCallback(
    (row: MarketTableRow, content: ReactNode) => (
      <Link to={`${pathBase}/coins/${slugs.get(row.id) ?? ''}/`}>{content}</Link>
    ),
    [pathBase, slugs],
  );
  const { isFollowed, isBusy, follow: followCoin } = follow;
  const renderAction = useCallback(
    (row: MarketTableRow) => (
      <FollowButton
        coin={row}
        followed={isFollowed(row.id)}
        busy={isBusy(row.id)}
        onFollow={followCoin}
        reportPath={`${pathBase}/reporting/?coin=${row.id}`}
        t={t}
      />
    ),
    [isFollowed, isBusy, followCoin, pathBase, t],
  );
  const rows = useMemo(
    () => list.rows.map((row) => toTableRow(row, seriesOf(row.id))),
    [list.rows, seriesOf],
  );
  const market = list.market;
  const figureText = market && provenance?.figureTitle(market, t, language);
  const getFigureTitle = useMemo(
    () => (figureText === undefined ? undefined : () => figureText),
    [figureText],
  );

  let status: 'loading' | 'ready' | 'error' = 'ready';
  if (list.error) status = 'error';
  else if (query === null || list.loading) status = 'loading';

  return (
    <chakra.section aria-labelledby="markets-title">
      <chakra.h1
        id="markets-title"
        fontSize={phone ? '2xl' : { base: '2xl', md: '3xl' }}
        fontWeight="bold"
        letterSpacing="tight"
      >
        {t('title')}
      </chakra.h1>
      <chakra.p marginTop="2" color="fg.muted" maxWidth="prose">
        {t('lead')}
      </chakra.p>
      <Flex marginTop={phone ? '4' : '6'} marginBottom="4" gap="3" alignItems="center" wrap="wrap">
        {/* Drawn once the page has hydrated (its query read): a lazy part in the server's HTML
            would take the page's first updates while it still hydrates, which React refuses. */}
        {query === null ? (
          <SearchPlaceholder />
        ) : (
          <Suspense fallback={<SearchPlaceholder />}>
            <MarketSearch
              label={t('search.label')}
              placeholder={t('search.placeholder')}
              clearLabel={t('search.clear')}
              value={text}
              onValueChange={({ value }) => setText(value)}
              onSearch={onSearch}
              loading={list.loading && q !== ''}
            />
          </Suspense>
        )}
        {market?.stale && (
          <Box marginLeft="auto">
            <StaleBadge
              text={t('stale.badge')}
              explanation={provenance?.staleExplanation(market, t, language)}
            />
          </Box>
        )}
      </Flex>
      {list.refreshError && market && (
        <Flex
          role="status"
          marginBottom="3"
          gap="3"
          alignItems="center"
          wrap="wrap"
          padding="3"
          borderWidth="1px"
          borderColor="status.warning"
          borderRadius="md"
          fontSize="sm"
        >
          <chakra.span flex="1">
            {t('notice.refreshFailed', {
              time: provenance?.formatUtcTime(market.asOf, language) ?? '—',
            })}
          </chakra.span>
          <Button size="sm" variant="outline" onClick={list.retry}>
            {t('notice.retry')}
          </Button>
        </Flex>
      )}
      <MarketTable
        label={t('table.label')}
        rows={rows}
        locale={language}
        status={status}
        sort={query?.sort ?? 'rank'}
        order={query?.order ?? 'asc'}
        onSortChange={onSort}
        columns={phone ? PHONE_COLUMNS : undefined}
        labels={labels}
        renderName={renderName}
        renderAction={renderAction}
        getFigureTitle={getFigureTitle}
        emptyState={
          <EmptyState
            size="sm"
            title={q ? t('empty.title', { keyword: q }) : t('table.unavailable')}
            description={q ? t('empty.hint') : undefined}
          />
        }
        errorState={
          <EmptyState
            size="sm"
            role="alert"
            title={t('error.title')}
            description={t('error.hint')}
            action={
              <Button variant="outline" size={phone ? 'lg' : 'md'} onClick={list.retry}>
                {t('error.retry')}
              </Button>
            }
          />
        }
        hasMore={list.hasMore}
        loadingMore={list.loadingMore}
        onLoadMore={list.loadMore}
        footer={
          list.moreError || market ? (
            <>
              {list.moreError && (
                <Flex role="status" gap="3" alignItems="center" justifyContent="center" padding="3">
                  <chakra.span fontSize="sm">{t('notice.moreFailed')}</chakra.span>
                  <Button size="sm" variant="outline" onClick={list.retry}>
                    {t('notice.retry')}
                  </Button>
                </Flex>
              )}
              {market && provenance && (
                <Footnote market={market} t={t} language={language} provenance={provenance} />
              )}
            </>
          ) : undefined
        }
      />
    </chakra.section>
  );
}
