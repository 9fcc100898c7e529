// One followed coin's report card: its report (in the page's language), the live price the page
// fetched for every card, the chart of the chosen range with a text alternative, the formatted
// indicators, the API's signals and summary, related sources, unfollowing with a confirmation,
// and "Alert me" on a followed coin.
import type { CoinPrice, FollowEntry } from '@coinlens/contract';
import { PriceChart, ReportCard } from '@coinlens/design-system';
import { Box } from '@chakra-ui/react/box';
import { chakra } from '@chakra-ui/react/styled-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { lazyChunk } from '../../shell/loadChunk';
import { AlertMeButton } from '../alerts/AlertMeButton';
import { apiAssetUrl } from '../../data/client';
import { Link } from '../../i18n/Link';
import { intlLocale } from '../../i18n/locales';
import {
  chartSummary,
  chartTone,
  DEFAULT_RANGE,
  formatAsOf,
  formatIndicators,
  INDICATOR_PLACEHOLDERS,
  isRange,
  RANGES,
  REPORT_SOURCES_MAX,
  type FormatContext,
  type RangeKey,
} from './format';
import { useCoinReport } from './reports';
import { TOUCH_SIZES } from './touchSizes';

// The confirmation's code (the modal) loads when an unfollow button is first pressed.
const UnfollowDialog = lazyChunk(() =>
  import('./UnfollowDialog').then((module) => ({ default: module.UnfollowDialog })),
);

const SourceLink = chakra(Link, {
  base: {
    color: 'inherit',
    textDecoration: 'none',
    _hover: { textDecoration: 'underline' },
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  },
});

/** The path of a monitored source's page, without the locale prefix (the Link adds it). */
export function sourcePath(sourceId: number): string {
  return `/monitoring/detail/?id=${sourceId}`;
}

export interface CoinReportCardProps {
  /** The coin, as the follow list has it (a coin's page: as the market list has it). */
  entry: Pick<FollowEntry, 'coinId' | 'coin'>;
  /** The coin's latest price from the page's shared price request, when it has come. */
  livePrice?: CoinPrice;
  /**
   * Called once the coin is unfollowed, with the new follow list: the card has an unfollow button,
   * which asks first. Without it, `action` stands in the button's place.
   */
  onUnfollowed?: (follows: FollowEntry[]) => void;
  /** In the unfollow button's place when there is no `onUnfollowed` (a coin page's follow button). */
  action?: ReactNode;
  /** The level of the card's heading (2 by default). */
  headingLevel?: 2 | 3;
  /**
   * Whether the card is near the viewport: until then its report is not asked for, and it shows
   * its coin and price with still placeholders (`pending`). Near by default.
   */
  near?: boolean;
  /** The path of a related source's page (the desktop's by default; the phone passes its own). */
  sourceHref?: (sourceId: number) => string;
  /** Touch-sized controls (the phone's report view): 44 px buttons, ranges and source links. */
  touch?: boolean;
}

export function CoinReportCard({
  entry,
  livePrice,
  onUnfollowed,
  near = true,
  sourceHref = sourcePath,
  touch = false,
  action,
  headingLevel,
}: CoinReportCardProps) {
  const { t, i18n } = useTranslation('reporting');
  const language = i18n.language;
  const context: FormatContext = useMemo(() => ({ t, language }), [t, language]);
  const { data: report, error, mutate } = useCoinReport(entry.coinId, near);
  const [range, setRange] = useState<RangeKey>(DEFAULT_RANGE);
  const [confirming, setConfirming] = useState(false);
  // Once loaded, the dialog stays mounted and closes as a dialog does (focus back, page unlocked).
  const [asked, setAsked] = useState(false);

  const coin = report?.coin ?? entry.coin;
  // Every figure of a card with its report comes from that report, which computes them all on
  // one price history (docs/api.md, "Report figures"): the header's price and 24 h change too, so
  // that they agree with the 24 H chart and the summary. A live price newer than the report has
  // the report fetched again, and the whole card moves on together; before the report comes,
  // the header shows the live price, else the follow list's quote.
  const quote = report ? report.coin.quotes : (livePrice ?? coin.quotes);
  const { price, percentChange24h: change24h, updatedAt } = quote;
  const liveIsNewer =
    report !== undefined && livePrice !== undefined && livePrice.updatedAt > report.generatedAt;
  const liveTime = livePrice?.updatedAt;
  useEffect(() => {
    if (liveIsNewer) void mutate();
  }, [liveIsNewer, liveTime, mutate]);
  const source = livePrice?.source ?? report?.source;
  const demo = source === 'demo';
  const asOf = formatAsOf(updatedAt, context);
  // Real market figures say whose they are; the demo data's badge says so already.
  const asOfLabel =
    asOf !== undefined && source === 'coingecko'
      ? t('card.provenance', { source: t(`card.providers.${source}`), asOf })
      : asOf;
  const market = report?.market;
  const staleSince = market?.stale ? formatAsOf(market.asOf, context) : undefined;

  const points = report?.series[range] ?? [];
  const indicators = useMemo(
    () => (report ? formatIndicators(report.indicators, report.coin.quotes.price, context) : []),
    [report, context],
  );

  const status = report ? 'ready' : error ? 'error' : near ? 'loading' : 'pending';
  const chart: ReactNode = report ? (
    <PriceChart
      points={points}
      label={t('chart.label', { name: coin.name, range: t(`chart.rangeName.${range}`) })}
      summary={chartSummary(points, range, context)}
      locale={intlLocale(language)}
      tone={chartTone(points)}
      loadingLabel={t('chart.loading')}
    />
  ) : undefined;

  const card = (
    <ReportCard.Root
      coin={{
        id: coin.id,
        name: coin.name,
        symbol: coin.symbol,
        logo: coin.logo ? apiAssetUrl(coin.logo) : null,
        price: Number.isFinite(price) ? price : null,
        change24h: Number.isFinite(change24h) ? change24h : null,
      }}
      locale={intlLocale(language)}
      status={status}
      headingLevel={headingLevel}
    >
      {onUnfollowed ? (
        <ReportCard.Header
          asOfLabel={asOfLabel}
          demoLabel={demo ? t('card.demo') : undefined}
          staleLabel={market?.stale ? t('card.stale') : undefined}
          staleTitle={staleSince && t('card.staleTitle', { asOf: staleSince })}
          unfollowLabel={t('card.unfollowNamed', { name: coin.name })}
          onUnfollow={() => {
            setAsked(true);
            setConfirming(true);
          }}
        />
      ) : (
        <ReportCard.Header
          asOfLabel={asOfLabel}
          demoLabel={demo ? t('card.demo') : undefined}
          staleLabel={market?.stale ? t('card.stale') : undefined}
          staleTitle={staleSince && t('card.staleTitle', { asOf: staleSince })}
          action={action}
        />
      )}
      <ReportCard.Body>
        <ReportCard.Main>
          <ReportCard.Ranges
            ranges={RANGES.map((value) => ({ value, label: t(`card.ranges.${value}`) }))}
            value={range}
            onValueChange={({ value }) => {
              if (isRange(value)) setRange(value);
            }}
            label={t('card.range')}
          />
          <ReportCard.Chart>{chart}</ReportCard.Chart>
          <ReportCard.Summary title={t('card.summary')}>{report?.summary}</ReportCard.Summary>
        </ReportCard.Main>
        <ReportCard.Aside>
          <ReportCard.Indicators
            title={t('card.indicators')}
            indicators={indicators}
            placeholders={INDICATOR_PLACEHOLDERS}
          />
          <ReportCard.Signals
            title={t('card.signals')}
            signals={report?.signals ?? []}
            emptyLabel={t('card.noSignals')}
            toneLabels={{
              bullish: t('card.tones.bullish'),
              bearish: t('card.tones.bearish'),
              neutral: t('card.tones.neutral'),
            }}
          />
        </ReportCard.Aside>
        <ReportCard.Footer>
          <ReportCard.Sources
            title={t('card.sources')}
            sources={(report?.sources ?? []).map((source) => ({
              id: source.id,
              title: source.title,
              author: source.author,
              href: sourceHref(source.id),
            }))}
            emptyLabel={t('card.noSources', { name: coin.name })}
            placeholders={REPORT_SOURCES_MAX}
            renderLink={(source, children) => <SourceLink to={source.href}>{children}</SourceLink>}
          />
          {onUnfollowed && (
            <Box marginTop="3">
              <AlertMeButton
                subject={{
                  kind: 'coin',
                  id: coin.id,
                  name: coin.name,
                  symbol: coin.symbol,
                  logo: coin.logo,
                }}
                phone={touch}
              />
            </Box>
          )}
        </ReportCard.Footer>
      </ReportCard.Body>
      <ReportCard.Error
        text={t('card.error', { name: coin.name })}
        retryLabel={t('card.retry')}
        onRetry={() => void mutate()}
      />
    </ReportCard.Root>
  );

  return (
    <>
      {touch ? (
        <Box display="contents" css={TOUCH_SIZES}>
          {card}
        </Box>
      ) : (
        card
      )}
      {asked && onUnfollowed && (
        <Suspense fallback={null}>
          <UnfollowDialog
            open={confirming}
            coinId={entry.coinId}
            coinName={coin.name}
            onClose={() => setConfirming(false)}
            onUnfollowed={onUnfollowed}
          />
        </Suspense>
      )}
    </>
  );
}
