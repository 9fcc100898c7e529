// The mobile page's watchlist: the coins the user follows, newest follow first, each with its
// latest price and 24h change (fetched again every 30 s while the tab is visible) and leading to
// its report, the time the prices are from, and the way to add coins. The list comes from the follow list; the prices from
// one request for all of them, and a coin keeps the quote of its follow entry until they come.
import type { CoinPrice, FollowEntry } from '@coinlens/contract';
import { Button, EmptyState, PriceChange, PriceText } from '@coinlens/design-system';
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { useMemo } from 'react';
import { apiAssetUrl } from '../../data/client';
import { openAddCoinDialog, useFollows } from '../coins/follows';
import { Link } from '../../i18n/Link';
import { intlLocale } from '../../i18n/locales';
import { formatAsOf } from '../reporting/format';
import { useCoinPrices } from '../reporting/reports';
import { FROM_SITE_STATE } from './fromSite';
import { mobileReportPath } from './reportAddress';
import { LoadFailed } from './LoadFailed';
import { SectionHeader } from './SectionHeader';
import { WatchlistLoading } from './WatchlistLoading';

export interface WatchlistProps {
  /** "Now" in ms since the epoch, for the "as of" time (the clock by default). */
  now?: number;
}

export function Watchlist({ now }: WatchlistProps) {
  const { t, i18n } = useTranslation('mobile');
  const { t: reportingT } = useTranslation('reporting');
  const language = i18n.language;
  const { follows, error, mutate } = useFollows();
  const coinIds = useMemo(() => (follows ?? []).map((entry) => entry.coinId), [follows]);
  const prices = useCoinPrices(coinIds);
  const demo = [...prices.byCoin.values()].some((price) => price.source === 'demo');
  // The prices are as old as the oldest one shown.
  const asOfSeconds = useMemo(() => {
    const times = [...prices.byCoin.values()].map((price) => price.updatedAt);
    return times.length > 0 ? Math.min(...times) : undefined;
  }, [prices.byCoin]);
  const asOf =
    asOfSeconds === undefined
      ? undefined
      : formatAsOf(asOfSeconds, { t: reportingT, language }, { now });

  const add = (
    <Button size="lg" onClick={() => openAddCoinDialog()}>
      {t('coins.add')}
    </Button>
  );

  let body;
  if (follows === undefined && error) {
    body = (
      <LoadFailed
        title={t('coins.error')}
        retryLabel={t('coins.retry')}
        onRetry={() => void mutate()}
      />
    );
  } else if (follows === undefined) {
    body = <WatchlistLoading />;
  } else if (follows.length === 0) {
    body = (
      <EmptyState
        size="sm"
        title={t('coins.empty')}
        description={t('coins.emptyHint')}
        action={add}
      />
    );
  } else {
    body = (
      <>
        <Flex as="ul" direction="column" gap="2" listStyleType="none" margin="0" padding="0">
          {follows.map((entry) => (
            <WatchlistRow
              key={entry.coinId}
              entry={entry}
              price={prices.byCoin.get(entry.coinId)}
              language={language}
            />
          ))}
        </Flex>
        {/* While the prices are on their way, as tall as it will be (the demo badge's height), so
            that the button under it does not move down when they come. */}
        <Flex
          marginTop="3"
          minHeight={prices.error ? undefined : '1.375rem'}
          gap="2"
          alignItems="center"
          wrap="wrap"
          fontSize="xs"
          color="fg.muted"
        >
          {asOf && <span>{asOf}</span>}
          {demo && (
            <chakra.span paddingX="2" paddingY="0.5" borderRadius="full" bg="bg.raised">
              {t('coins.demo')}
            </chakra.span>
          )}
        </Flex>
        {prices.error && (
          <chakra.p role="status" marginTop="2" fontSize="sm" color="status.warning">
            {t('coins.pricesError')}
          </chakra.p>
        )}
        <Box marginTop="4">{add}</Box>
      </>
    );
  }

  return (
    <chakra.section aria-labelledby="mobile-coins">
      <SectionHeader id="mobile-coins">{t('coins.title')}</SectionHeader>
      {body}
    </chakra.section>
  );
}

// A row is one link, the whole of it a target for a finger (at least 64 px tall), in the language
// of the page (the plugin's Link keeps the prefix).
const RowLink = chakra(Link, {
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    minHeight: '16',
    paddingX: '3',
    paddingY: '2',
    bg: 'bg.surface',
    borderWidth: '1px',
    borderColor: 'border.subtle',
    borderRadius: 'lg',
    color: 'inherit',
    textDecoration: 'none',
    WebkitTapHighlightColor: 'transparent',
    transitionProperty: 'background-color, border-color',
    transitionDuration: 'fast',
    _hover: { borderColor: 'border.default' },
    _active: { bg: 'bg.subtle' },
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
    _motionReduce: { transitionDuration: '0s' },
  },
});

interface WatchlistRowProps {
  entry: FollowEntry;
  /** The latest price, once it came; the follow entry's quote until then. */
  price: CoinPrice | undefined;
  language: string;
}

function WatchlistRow({ entry, price, language }: WatchlistRowProps) {
  const { t } = useTranslation('mobile');
  const { coin } = entry;
  const locale = intlLocale(language);
  const value = price?.price ?? coin.quotes.price;
  const change = price?.percentChange24h ?? coin.quotes.percentChange24h;
  return (
    <li>
      <RowLink to={mobileReportPath(entry.coinId)} state={FROM_SITE_STATE}>
        <chakra.img
          src={apiAssetUrl(coin.logo)}
          alt=""
          width="9"
          height="9"
          flexShrink="0"
          borderRadius="full"
          bg="bg.subtle"
        />
        <Box flex="1" minWidth="0">
          <chakra.p fontWeight="semibold" truncate>
            {coin.name}
          </chakra.p>
          <chakra.p fontSize="sm" color="fg.muted">
            {coin.symbol}
          </chakra.p>
        </Box>
        <Flex direction="column" alignItems="flex-end" flexShrink="0">
          <PriceText
            value={value}
            locale={locale}
            unavailableLabel={t('coins.noPrice')}
            fontWeight="semibold"
          />
          <chakra.span srOnly>{t('coins.change')}</chakra.span>
          <PriceChange value={change} locale={locale} unavailableLabel="—" fontSize="sm" />
        </Flex>
      </RowLink>
    </li>
  );
}
