import { chakra } from '@chakra-ui/react/styled-system';
import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, waitFor, within } from '@storybook/test';
import { useState, type ReactNode } from 'react';
import { Button } from '../Button';
import {
  ReportCard,
  type ReportCardCoin,
  type ReportCardIndicator,
  type ReportCardIndicatorPlaceholder,
  type ReportCardRange,
  type ReportCardSignal,
  type ReportCardSignalTone,
  type ReportCardSource,
  type ReportCardStatus,
} from './ReportCard';

/** A round logo as an inline SVG, so stories need no network and render the same every time. */
const logo = (fill: string, mark: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="${fill}"/><path d="${mark}" fill="#fff"/></svg>`,
  )}`;

const BITCOIN = {
  id: 1,
  name: 'Bitcoin',
  symbol: 'BTC',
  logo: logo('#f7931a', 'M11 8h7a4 4 0 0 1 0 8h-7zM11 16h8a4 4 0 0 1 0 8h-8z'),
  price: 93_412.58,
  change24h: 2.4137,
};

const ETHEREUM = {
  id: 2,
  name: 'Ethereum',
  symbol: 'ETH',
  logo: logo('#627eea', 'M16 5 24 16l-8 5-8-5zM16 23l8-5-8 9-8-9z'),
  price: 3_120.42,
  change24h: -3.18,
};

const PEPE = {
  id: 24478,
  name: 'Pepe',
  symbol: 'PEPE',
  logo: null,
  price: 0.0000123,
  change24h: 0.004,
};

const RANGES = [
  { value: '24h', label: '24H' },
  { value: '7d', label: '7D' },
  { value: '30d', label: '30D' },
];

const SIGNALS: ReportCardSignal[] = [
  {
    id: 'golden-cross',
    tone: 'bullish',
    title: 'Golden cross',
    explanation: 'The 50-day average crossed above the 200-day average three days ago.',
  },
  {
    id: 'rsi-high',
    tone: 'neutral',
    title: 'RSI near overbought',
    explanation: 'RSI (14) is 68: strong momentum, but little room before 70.',
  },
];

const SOURCES: ReportCardSource[] = [
  {
    id: 101,
    title: 'Weekly market wrap: ETF inflows lift BTC',
    author: 'Chain Radio',
    href: '/en/sources/101',
  },
  {
    id: 102,
    title: 'On-chain: long-term holders stop selling',
    author: 'Glassnode Insights',
    href: '/en/sources/102',
  },
];

/** What the site passes for the chart in these stories: a still picture, so screenshots hold. */
function ChartPlaceholder({ trend = 'up' }: { trend?: 'up' | 'down' | 'flat' }) {
  const path = {
    up: 'M0 150 40 138 80 142 120 118 160 124 200 96 240 104 280 72 320 80 360 52 400 40',
    down: 'M0 40 40 56 80 48 120 84 160 76 200 104 240 98 280 126 320 118 360 142 400 150',
    flat: 'M0 96 40 92 80 98 120 95 160 100 200 94 240 97 280 93 320 99 360 95 400 96',
  }[trend];
  return (
    <chakra.div
      role="img"
      aria-label="Price chart"
      height="full"
      borderRadius="md"
      bg="bg.subtle"
      color={trend === 'flat' ? 'trend.flat' : `trend.${trend}`}
    >
      <chakra.svg viewBox="0 0 400 192" preserveAspectRatio="none" width="full" height="full">
        <path d={path} fill="none" stroke="currentColor" strokeWidth="2" />
      </chakra.svg>
    </chakra.div>
  );
}

/** Everything a whole card shows, as the site passes it: each story picks its own. */
export interface WholeCardArgs {
  coin: ReportCardCoin;
  locale?: string;
  status: ReportCardStatus;
  headingLevel?: 2 | 3 | 4 | 5;
  asOfLabel?: string;
  demoLabel?: string;
  unfollowLabel: string;
  onUnfollow: () => void;
  chart?: ReactNode;
  ranges: readonly ReportCardRange[];
  range: string;
  onRangeChange: (details: { value: string }) => void;
  rangeLabel: string;
  indicatorsTitle: string;
  indicators: readonly ReportCardIndicator[];
  placeholderIndicators?: number | readonly ReportCardIndicatorPlaceholder[];
  signalsTitle: string;
  signals: readonly ReportCardSignal[];
  noSignalsLabel: string;
  signalToneLabels?: Record<ReportCardSignalTone, string>;
  summaryTitle: string;
  summary: string;
  sourcesTitle: string;
  sources: readonly ReportCardSource[];
  placeholderSources?: number;
  renderSourceLink?: (source: ReportCardSource, children: ReactNode) => ReactNode;
  noSourcesLabel: string;
  errorText: string;
  retryLabel?: string;
  onRetry?: () => void;
  /** In the unfollow button's place (a coin's public page: its follow button). */
  action?: ReactNode;
  staleLabel?: string;
  staleTitle?: string;
  /** The card's widest width, e.g. "56rem". */
  maxW?: string;
}

/**
 * A whole card as the site puts it together: every part, each in its place. The tests render it
 * too.
 */
export function WholeCard({
  coin,
  locale,
  status,
  headingLevel,
  maxW,
  asOfLabel,
  demoLabel,
  unfollowLabel,
  onUnfollow,
  chart,
  ranges,
  range,
  onRangeChange,
  rangeLabel,
  indicatorsTitle,
  indicators,
  placeholderIndicators,
  signalsTitle,
  signals,
  noSignalsLabel,
  signalToneLabels,
  summaryTitle,
  summary,
  sourcesTitle,
  sources,
  placeholderSources,
  renderSourceLink,
  noSourcesLabel,
  errorText,
  retryLabel,
  onRetry,
  action,
  staleLabel,
  staleTitle,
}: WholeCardArgs) {
  return (
    <ReportCard.Root
      coin={coin}
      locale={locale}
      status={status}
      headingLevel={headingLevel}
      maxW={maxW}
    >
      {action === undefined ? (
        <ReportCard.Header
          asOfLabel={asOfLabel}
          demoLabel={demoLabel}
          staleLabel={staleLabel}
          staleTitle={staleTitle}
          unfollowLabel={unfollowLabel}
          onUnfollow={onUnfollow}
        />
      ) : (
        <ReportCard.Header
          asOfLabel={asOfLabel}
          demoLabel={demoLabel}
          staleLabel={staleLabel}
          staleTitle={staleTitle}
          action={action}
        />
      )}
      <ReportCard.Body>
        <ReportCard.Main>
          <ReportCard.Ranges
            ranges={ranges}
            value={range}
            onValueChange={onRangeChange}
            label={rangeLabel}
          />
          <ReportCard.Chart>{chart}</ReportCard.Chart>
          <ReportCard.Summary title={summaryTitle}>{summary}</ReportCard.Summary>
        </ReportCard.Main>
        <ReportCard.Aside>
          <ReportCard.Indicators
            title={indicatorsTitle}
            indicators={indicators}
            placeholders={placeholderIndicators}
          />
          <ReportCard.Signals
            title={signalsTitle}
            signals={signals}
            emptyLabel={noSignalsLabel}
            toneLabels={signalToneLabels}
          />
        </ReportCard.Aside>
        <ReportCard.Footer>
          <ReportCard.Sources
            title={sourcesTitle}
            sources={sources}
            emptyLabel={noSourcesLabel}
            placeholders={placeholderSources}
            renderLink={renderSourceLink}
          />
        </ReportCard.Footer>
      </ReportCard.Body>
      <ReportCard.Error text={errorText} retryLabel={retryLabel} onRetry={onRetry} />
    </ReportCard.Root>
  );
}

const meta = {
  title: 'Data/ReportCard',
  component: ReportCard.Root,
  subcomponents: {
    'ReportCard.Header': ReportCard.Header,
    'ReportCard.Body': ReportCard.Body,
    'ReportCard.Main': ReportCard.Main,
    'ReportCard.Aside': ReportCard.Aside,
    'ReportCard.Footer': ReportCard.Footer,
    'ReportCard.Ranges': ReportCard.Ranges,
    'ReportCard.Chart': ReportCard.Chart,
    'ReportCard.Summary': ReportCard.Summary,
    'ReportCard.Indicators': ReportCard.Indicators,
    'ReportCard.Signals': ReportCard.Signals,
    'ReportCard.Sources': ReportCard.Sources,
    'ReportCard.Error': ReportCard.Error,
  },
  excludeStories: ['WholeCard'],
  render: (args) => <WholeCard {...args} />,
  args: {
    coin: BITCOIN,
    locale: 'en',
    status: 'ready',
    asOfLabel: 'As of 14:05 UTC',
    chart: <ChartPlaceholder />,
    ranges: RANGES,
    range: '7d',
    onRangeChange: fn(),
    rangeLabel: 'Chart range',
    indicatorsTitle: 'Indicators',
    indicators: [
      {
        id: 'rsi14',
        label: 'RSI (14)',
        value: '68.2',
        explanation: 'Above 70 is overbought, below 30 oversold.',
      },
      {
        id: 'macd',
        label: 'MACD',
        value: '+412.7',
        explanation: 'Above its signal line: momentum is rising.',
      },
      { id: 'sma50', label: 'SMA (50)', value: '$88,940.12' },
      {
        id: 'volatility',
        label: 'Volatility (30d)',
        value: '2.9%',
        explanation: 'Average daily move over the last 30 days.',
      },
    ],
    signalsTitle: 'Signals',
    signals: SIGNALS,
    noSignalsLabel: 'No signals right now.',
    signalToneLabels: { bullish: 'Bullish', bearish: 'Bearish', neutral: 'Neutral' },
    summaryTitle: 'Summary',
    summary:
      'Bitcoin rose 2.4% in the last 24 hours and holds above its 50-day average. Momentum is strong but RSI is close to overbought, so a pause near $95,000 would not be unusual.',
    sourcesTitle: 'Related sources',
    sources: SOURCES,
    noSourcesLabel: 'No related sources yet.',
    unfollowLabel: 'Unfollow Bitcoin',
    onUnfollow: fn(),
    errorText: 'The report could not be loaded.',
    retryLabel: 'Retry',
    onRetry: fn(),
    maxW: '56rem',
  },
  argTypes: {
    status: { control: 'inline-radio', options: ['ready', 'loading', 'pending', 'error'] },
    locale: { control: 'inline-radio', options: ['en', 'zh', 'pt-br'] },
    range: { control: 'inline-radio', options: ['24h', '7d', '30d'] },
    chart: { control: false },
    renderSourceLink: { control: false },
  },
} satisfies Meta<WholeCardArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const card = (canvasElement: HTMLElement, name: string | RegExp = /Bitcoin/) =>
  within(canvasElement).getByRole('article', { name });

/** The card with its range kept in state, as the site keeps it, so the switch really moves. */
function StatefulReportCard(args: WholeCardArgs) {
  const [range, setRange] = useState(args.range);
  return (
    <WholeCard
      {...args}
      range={range}
      onRangeChange={(details) => {
        args.onRangeChange(details);
        setRange(details.value);
      }}
    />
  );
}

export const Playground: Story = {};

export const Ready: Story = {
  play: async ({ canvasElement, args }) => {
    const report = within(card(canvasElement, 'Bitcoin BTC'));
    await expect(report.getByRole('heading', { level: 2, name: 'Bitcoin BTC' })).toBeVisible();
    await expect(report.getByText('$93,412.58')).toBeVisible();
    await expect(report.getByText('+2.41%')).toHaveAttribute('data-trend', 'up');
    await expect(report.getByText('As of 14:05 UTC')).toBeVisible();
    await expect(report.queryByText('Demo data')).not.toBeInTheDocument();

    // The range switch: picking 24H reports it.
    const ranges = report.getByRole('radiogroup', { name: 'Chart range' });
    await expect(within(ranges).getByRole('radio', { name: '7D' })).toBeChecked();
    await userEvent.click(within(ranges).getByRole('radio', { name: '24H' }));
    await expect(args.onRangeChange).toHaveBeenCalledWith({ value: '24h' });

    // Indicators as terms and values.
    const indicators = report.getByRole('region', { name: 'Indicators' });
    await expect(
      within(indicators)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['RSI (14)', 'MACD', 'SMA (50)', 'Volatility (30d)']);
    await expect(within(indicators).getByText('68.2')).toBeVisible();

    // Signals carry their tone in words and an icon, not only in colour.
    const signals = within(report.getByRole('region', { name: 'Signals' })).getAllByRole(
      'listitem',
    );
    await expect(signals).toHaveLength(2);
    await expect(signals[0]).toHaveTextContent('Bullish');
    await expect(signals[0]).toHaveTextContent('Golden cross');

    // Sources link where the site says.
    await expect(report.getByRole('link', { name: SOURCES[0]!.title })).toHaveAttribute(
      'href',
      '/en/sources/101',
    );

    await userEvent.click(report.getByRole('button', { name: 'Unfollow Bitcoin' }));
    await expect(args.onUnfollow).toHaveBeenCalledTimes(1);
  },
};

export const ReadyWithDemoBadge: Story = {
  args: {
    coin: ETHEREUM,
    demoLabel: 'Demo data',
    unfollowLabel: 'Unfollow Ethereum',
    range: '24h',
    chart: <ChartPlaceholder trend="down" />,
    indicators: [
      {
        id: 'rsi14',
        label: 'RSI (14)',
        value: '34.6',
        explanation: 'Close to oversold (30).',
      },
      { id: 'macd', label: 'MACD', value: '-18.4', explanation: 'Below its signal line.' },
      { id: 'sma50', label: 'SMA (50)', value: '$3,284.90' },
    ],
    signals: [
      {
        id: 'death-cross',
        tone: 'bearish',
        title: 'Below the 50-day average',
        explanation: 'The price closed under its 50-day average for the second day.',
      },
    ],
    summary:
      'Ethereum fell 3.2% in the last 24 hours and trades below its 50-day average. RSI is near oversold, which often slows a decline.',
    sources: [
      {
        id: 201,
        title: 'Staking flows after the upgrade',
        author: 'The Block',
        href: '/en/sources/201',
      },
    ],
  },
  play: async ({ canvasElement, args }) => {
    const report = within(card(canvasElement, 'Ethereum ETH'));
    await expect(report.getByText('Demo data')).toBeVisible();
    await expect(report.getByText('-3.18%')).toHaveAttribute('data-trend', 'down');
    const signals = within(report.getByRole('region', { name: 'Signals' }));
    await expect(signals.getByRole('listitem')).toHaveAttribute('data-tone', 'bearish');
    await expect(signals.getByRole('listitem')).toHaveTextContent('Bearish');
    await userEvent.click(report.getByRole('button', { name: 'Unfollow Ethereum' }));
    await expect(args.onUnfollow).toHaveBeenCalledTimes(1);
  },
};

const onFollow = fn();

export const StaleWithFollowAction: Story = {
  args: {
    coin: BITCOIN,
    asOfLabel: 'As of 14:05',
    staleLabel: 'Stale',
    staleTitle: 'CoinGecko has not answered since 14:05: these are the last figures it gave.',
    action: (
      <Button size="sm" onClick={() => onFollow()}>
        Follow
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    onFollow.mockClear();
    const report = within(card(canvasElement, 'Bitcoin BTC'));
    await expect(report.getByText('Stale')).toHaveAttribute(
      'title',
      'CoinGecko has not answered since 14:05: these are the last figures it gave.',
    );
    await expect(report.queryByRole('button', { name: /Unfollow/ })).toBeNull();
    await userEvent.click(report.getByRole('button', { name: 'Follow' }));
    await expect(onFollow).toHaveBeenCalledTimes(1);
  },
};

export const NoSignalsNoSources: Story = {
  args: {
    coin: PEPE,
    unfollowLabel: 'Unfollow Pepe',
    chart: <ChartPlaceholder trend="flat" />,
    indicators: [
      {
        id: 'rsi14',
        label: 'RSI (14)',
        value: '51.0',
        explanation: 'Neither overbought nor oversold.',
      },
      { id: 'sma50', label: 'SMA (50)', value: '$0.00001198' },
    ],
    signals: [],
    sources: [],
    summary:
      'Pepe was flat over the last 24 hours at $0.0000123. No indicator gives a signal at the moment.',
  },
  play: async ({ canvasElement }) => {
    const report = within(card(canvasElement, 'Pepe PEPE'));
    await expect(report.getByText('$0.00001230')).toBeVisible();
    // The missing logo is replaced by the ticker's first letter.
    await expect(report.getByText('P')).toHaveAttribute('aria-hidden', 'true');
    const signals = within(report.getByRole('region', { name: 'Signals' }));
    await expect(signals.getByText('No signals right now.')).toBeVisible();
    await expect(signals.queryByRole('list')).not.toBeInTheDocument();
    const sources = within(report.getByRole('region', { name: 'Related sources' }));
    await expect(sources.getByText('No related sources yet.')).toBeVisible();
    await expect(sources.queryByRole('link')).not.toBeInTheDocument();
  },
};

export const ManySignals: Story = {
  args: {
    signals: [
      ...SIGNALS,
      {
        id: 'macd-cross',
        tone: 'bullish',
        title: 'MACD above signal',
        explanation: 'MACD crossed its signal line upwards yesterday.',
      },
      {
        id: 'volume-drop',
        tone: 'bearish',
        title: 'Falling volume',
        explanation: 'Trading volume fell 18% while the price rose: the move has less support.',
      },
      {
        id: 'bollinger',
        tone: 'neutral',
        title: 'Bands narrowing',
        explanation: 'Bollinger bands are the narrowest in 30 days; a larger move often follows.',
      },
      {
        id: 'support',
        tone: 'bullish',
        title: 'Support held',
        explanation: 'The price bounced twice from $90,100 this week.',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const signals = within(
      within(card(canvasElement)).getByRole('region', { name: 'Signals' }),
    ).getAllByRole('listitem');
    await expect(signals.map((signal) => signal.getAttribute('data-tone'))).toEqual([
      'bullish',
      'neutral',
      'bullish',
      'bearish',
      'neutral',
      'bullish',
    ]);
    await expect(signals[3]).toHaveTextContent('Bearish');
  },
};

export const LongNames: Story = {
  args: {
    coin: {
      id: 9001,
      name: 'Wrapped Liquid Staked Ether Restaking Vault Token (Bridged)',
      symbol: 'WSTETHRVBRIDGED',
      logo: logo('#00a3ff', 'M16 6 24 16 16 26 8 16z'),
      price: 3_318.07,
      change24h: 0.35,
    },
    unfollowLabel: 'Unfollow Wrapped Liquid Staked Ether Restaking Vault Token (Bridged)',
    indicators: [
      {
        id: 'rsi14',
        label: 'Relative Strength Index over fourteen daily closes',
        value: '55.9',
        explanation:
          'A reading between 30 and 70 is considered neutral: neither overbought nor oversold.',
      },
      { id: 'sma200', label: 'Simple moving average (200 days)', value: '$2,987,654.32' },
    ],
    sources: [
      {
        id: 301,
        title:
          'An unusually long headline about restaking, bridges, liquidity and what all of it means for the holders of wrapped staking tokens',
        author: 'A research collective with a rather long name',
        href: '/en/sources/301',
      },
      ...SOURCES,
    ],
  },
  play: async ({ canvasElement }) => {
    const report = card(canvasElement, /Wrapped Liquid Staked Ether/);
    // Long text wraps inside the card instead of widening it.
    await expect(report.scrollWidth).toBeLessThanOrEqual(report.clientWidth + 1);
    await expect(
      within(report).getByRole('button', {
        name: 'Unfollow Wrapped Liquid Staked Ether Restaking Vault Token (Bridged)',
      }),
    ).toBeVisible();
  },
};

/** A phone-wide card: one column, the indicators and signals below the summary. */
export const Narrow: Story = {
  args: { maxW: '22.5rem' },
  play: async ({ canvasElement }) => {
    const report = within(card(canvasElement));
    const summary = report.getByRole('region', { name: 'Summary' });
    const indicators = report.getByRole('region', { name: 'Indicators' });
    await expect(indicators.getBoundingClientRect().top).toBeGreaterThanOrEqual(
      summary.getBoundingClientRect().bottom,
    );
    await expect(report.getByRole('radiogroup', { name: 'Chart range' })).toBeVisible();
  },
};

export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvasElement, args }) => {
    const article = card(canvasElement);
    await expect(article).toHaveAttribute('aria-busy', 'true');
    const report = within(article);
    // The header and section headings are real; the figures are placeholders.
    await expect(report.getByRole('heading', { name: 'Bitcoin BTC' })).toBeVisible();
    await expect(report.getByRole('heading', { name: 'Indicators' })).toBeVisible();
    await expect(report.queryByRole('term')).not.toBeInTheDocument();
    await expect(report.queryByRole('link')).not.toBeInTheDocument();
    await expect(report.queryByText(args.summary)).not.toBeInTheDocument();
    // The range switch stays usable, so a range change while loading keeps focus in place.
    await userEvent.click(report.getByRole('radio', { name: '30D' }));
    await expect(args.onRangeChange).toHaveBeenCalledWith({ value: '30d' });
  },
};

/**
 * Not asked for yet (the site's cards below the fold, until the reader nears them): the loading
 * card's placeholders, holding still.
 */
export const Pending: Story = {
  args: { status: 'pending', placeholderIndicators: 13 },
  play: async ({ canvasElement, args }) => {
    const article = card(canvasElement);
    await expect(article).not.toHaveAttribute('aria-busy');
    await expect(article).toHaveAttribute('data-status', 'pending');
    await expect(article.querySelectorAll('[data-part="skeleton"]').length).toBeGreaterThan(13);
    const report = within(article);
    await expect(report.getByRole('heading', { name: 'Bitcoin BTC' })).toBeVisible();
    await expect(report.queryByText(args.summary)).not.toBeInTheDocument();
    // Its controls work as the loading card's do.
    await userEvent.click(report.getByRole('radio', { name: '24H' }));
    await expect(args.onRangeChange).toHaveBeenCalledWith({ value: '24h' });
  },
};

/** The site's 13 indicator rows: the MACD and signal lines and the two changes have no explanation. */
const SITE_INDICATOR_ROWS = [1, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0].map((explained) => ({
  explanation: explained === 1,
}));

/**
 * Loading with the indicator rows the report will have, each in its shape (the site's 13), and as
 * many sources as most reports list (5): the sections under them are where the ready card has
 * them, so nothing moves when the report arrives.
 */
export const LoadingFullList: Story = {
  args: { status: 'loading', placeholderIndicators: SITE_INDICATOR_ROWS, placeholderSources: 5 },
  play: async ({ canvasElement }) => {
    const article = card(canvasElement);
    const rows = article.querySelectorAll('[data-part="indicator-placeholder"]');
    await expect(rows).toHaveLength(13);
    // A row without an explanation has no line for one, as the ready row.
    await expect(rows[1]!.children).toHaveLength(2);
    await expect(rows[4]!.children).toHaveLength(3);
    await expect(article.querySelectorAll('[data-part="source-placeholder"]')).toHaveLength(5);
    const report = within(article);
    const signals = report.getByRole('heading', { name: 'Signals' });
    await expect(signals.getBoundingClientRect().top).toBeGreaterThanOrEqual(
      rows[rows.length - 1]!.getBoundingClientRect().bottom,
    );
  },
};

// Named after the state; the export shadows the global Error in this module only.
export const Error: Story = {
  args: { status: 'error' },
  play: async ({ canvasElement, args }) => {
    const report = within(card(canvasElement));
    await expect(report.getByRole('heading', { name: 'Bitcoin BTC' })).toBeVisible();
    await expect(report.getByRole('alert')).toHaveTextContent('The report could not be loaded.');
    await expect(report.queryByRole('radiogroup')).not.toBeInTheDocument();
    await userEvent.click(report.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    await userEvent.click(report.getByRole('button', { name: 'Unfollow Bitcoin' }));
    await expect(args.onUnfollow).toHaveBeenCalledTimes(1);
  },
};

export const KeyboardRange: Story = {
  render: (args) => <StatefulReportCard {...args} />,
  play: async ({ canvasElement, args }) => {
    const report = within(card(canvasElement));
    report.getByRole('button', { name: 'Unfollow Bitcoin' }).focus();
    // Tab lands on the chosen range, the switch's one stop in the tab order.
    await userEvent.tab();
    const week = report.getByRole('radio', { name: '7D' });
    await expect(week).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    const month = report.getByRole('radio', { name: '30D' });
    await waitFor(() => expect(month).toHaveFocus());
    await expect(month).toBeChecked();
    await expect(args.onRangeChange).toHaveBeenLastCalledWith({ value: '30d' });
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(week).toBeChecked());
    await expect(args.onRangeChange).toHaveBeenLastCalledWith({ value: '7d' });
    // One more Tab leaves the switch for the first source link.
    await userEvent.tab();
    await expect(report.getByRole('link', { name: SOURCES[0]!.title })).toHaveFocus();
  },
};

export const RouterLinks: Story = {
  args: {
    renderSourceLink: (source, children) => (
      <a href={`/app${source.href}`} data-router-link="">
        {children}
      </a>
    ),
  },
  play: async ({ canvasElement }) => {
    const link = within(card(canvasElement)).getByRole('link', { name: SOURCES[1]!.title });
    await expect(link).toHaveAttribute('href', '/app/en/sources/102');
    await expect(link).toHaveAttribute('data-router-link');
  },
};

export const Chinese: Story = {
  args: {
    locale: 'zh',
    coin: { ...BITCOIN, name: '比特币' },
    asOfLabel: '截至 14:05 UTC',
    demoLabel: '演示数据',
    rangeLabel: '图表范围',
    ranges: [
      { value: '24h', label: '24 小时' },
      { value: '7d', label: '7 天' },
      { value: '30d', label: '30 天' },
    ],
    indicatorsTitle: '指标',
    indicators: [
      {
        id: 'rsi14',
        label: 'RSI (14)',
        value: '68.2',
        explanation: '高于 70 为超买,低于 30 为超卖。',
      },
      { id: 'macd', label: 'MACD', value: '+412.7', explanation: '位于信号线上方:动能增强。' },
      { id: 'sma50', label: 'SMA (50)', value: '$88,940.12' },
    ],
    signalsTitle: '信号',
    signals: [
      {
        id: 'golden-cross',
        tone: 'bullish',
        title: '黄金交叉',
        explanation: '三天前 50 日均线上穿 200 日均线。',
      },
      {
        id: 'rsi-high',
        tone: 'neutral',
        title: 'RSI 接近超买',
        explanation: 'RSI (14) 为 68:动能强劲,但距 70 已不远。',
      },
    ],
    noSignalsLabel: '暂无信号。',
    signalToneLabels: { bullish: '看涨', bearish: '看跌', neutral: '中性' },
    summaryTitle: '摘要',
    summary:
      '比特币过去 24 小时上涨 2.4%,价格保持在 50 日均线上方。动能强劲,但 RSI 接近超买区间,在 95,000 美元附近出现停顿并不意外。',
    sourcesTitle: '相关来源',
    sources: [
      {
        id: 101,
        title: '每周市场回顾:ETF 资金流入推高比特币',
        author: 'Chain Radio',
        href: '/zh/sources/101',
      },
    ],
    noSourcesLabel: '暂无相关来源。',
    unfollowLabel: '取消关注比特币',
    errorText: '无法加载报告。',
    retryLabel: '重试',
  },
  play: async ({ canvasElement, args }) => {
    const report = within(card(canvasElement, '比特币 BTC'));
    await expect(report.getByRole('radiogroup', { name: '图表范围' })).toBeVisible();
    await userEvent.click(report.getByRole('radio', { name: '30 天' }));
    await expect(args.onRangeChange).toHaveBeenCalledWith({ value: '30d' });
    await expect(report.getByRole('link', { name: /每周市场回顾/ })).toHaveAttribute(
      'href',
      '/zh/sources/101',
    );
    await userEvent.click(report.getByRole('button', { name: '取消关注比特币' }));
    await expect(args.onUnfollow).toHaveBeenCalledTimes(1);
  },
};

export const BrazilianPortuguese: Story = {
  args: {
    locale: 'pt-br',
    asOfLabel: 'Atualizado às 14:05 UTC',
    rangeLabel: 'Período do gráfico',
    ranges: [
      { value: '24h', label: '24 h' },
      { value: '7d', label: '7 d' },
      { value: '30d', label: '30 d' },
    ],
    indicatorsTitle: 'Indicadores',
    indicators: [
      {
        id: 'rsi14',
        label: 'IFR (14)',
        value: '68,2',
        explanation: 'Acima de 70 é sobrecompra; abaixo de 30, sobrevenda.',
      },
      { id: 'macd', label: 'MACD', value: '+412,7', explanation: 'Acima da linha de sinal.' },
      { id: 'sma50', label: 'MMS (50)', value: '$ 88.940,12' },
    ],
    signalsTitle: 'Sinais',
    signals: [
      {
        id: 'golden-cross',
        tone: 'bullish',
        title: 'Cruz dourada',
        explanation: 'A média de 50 dias cruzou acima da de 200 dias há três dias.',
      },
    ],
    noSignalsLabel: 'Nenhum sinal no momento.',
    signalToneLabels: { bullish: 'Alta', bearish: 'Baixa', neutral: 'Neutro' },
    summaryTitle: 'Resumo',
    summary:
      'O Bitcoin subiu 2,4% nas últimas 24 horas e segue acima da média de 50 dias. O momento é forte, mas o IFR está perto da sobrecompra.',
    sourcesTitle: 'Fontes relacionadas',
    sources: [
      {
        id: 101,
        title: 'Resumo semanal: entradas em ETFs impulsionam o BTC',
        author: 'Chain Radio',
        href: '/pt-br/sources/101',
      },
    ],
    noSourcesLabel: 'Ainda não há fontes relacionadas.',
    unfollowLabel: 'Deixar de seguir Bitcoin',
    errorText: 'Não foi possível carregar o relatório.',
    retryLabel: 'Tentar novamente',
  },
  play: async ({ canvasElement, args }) => {
    const report = within(card(canvasElement));
    await expect(report.getByText('$ 93.412,58')).toBeVisible();
    await expect(report.getByText('+2,41%')).toBeVisible();
    await userEvent.click(report.getByRole('radio', { name: '24 h' }));
    await expect(args.onRangeChange).toHaveBeenCalledWith({ value: '24h' });
    await userEvent.click(report.getByRole('button', { name: 'Deixar de seguir Bitcoin' }));
    await expect(args.onUnfollow).toHaveBeenCalledTimes(1);
  },
};
