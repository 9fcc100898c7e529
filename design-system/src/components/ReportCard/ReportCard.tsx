import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import { forwardRef, useId, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { useSlotClasses } from '../../hooks/useSlotClasses';
import { ErrorIcon, Icon, RetryIcon } from '../../icons/icons';
import { Button } from '../Button';
import { Logo } from '../Logo';
import { PriceChange } from '../PriceChange';
import { PriceText } from '../PriceText';
import { reportCardRecipe } from './ReportCard.recipe';

/** The followed coin the report is about. */
export interface ReportCardCoin {
  /** The coin's id (the API's `Coin.id`). */
  id: number;
  /** The coin's name, e.g. "Bitcoin"; the card's heading. */
  name: string;
  /** The ticker, e.g. "BTC". */
  symbol: string;
  /** The logo's URL; a monogram stands in when it is missing or fails to load. */
  logo?: string | null;
  /** The live price in US dollars; null shows "—". */
  price: number | null;
  /** The 24 h change in percent (2.5 means +2.50 %); null shows "—". */
  change24h: number | null;
}

/**
 * Whether the report is not asked for yet (a card far below the fold), being fetched, there, or
 * failed to load.
 */
export type ReportCardStatus = 'pending' | 'loading' | 'ready' | 'error';

/** One choice of the range switch, e.g. `{ value: '7d', label: '7D' }`. */
export interface ReportCardRange {
  /** What `onRangeChange` reports. */
  value: string;
  /** What the switch shows (and reads out). */
  label: string;
}

/** One indicator of the report, already formatted. */
export interface ReportCardIndicator {
  /** A stable key, e.g. "rsi14". */
  id: string;
  /** Its name, e.g. "RSI (14)". */
  label: string;
  /** Its value as shown, e.g. "58.2". */
  value: string;
  /** What the value means, in a sentence, shown smaller below. */
  explanation?: string;
}

/** Which way a signal points. */
export type ReportCardSignalTone = 'bullish' | 'bearish' | 'neutral';

/** One signal the report draws from the indicators. */
export interface ReportCardSignal {
  /** A stable key. */
  id: string;
  /** Which way it points: the marker's colour and icon. */
  tone: ReportCardSignalTone;
  /** The signal in a few words, e.g. "Golden cross". */
  title: string;
  /** What it means, in a sentence. */
  explanation: string;
}

/** A placeholder indicator row, in the shape of the row the report will have there. */
export interface ReportCardIndicatorPlaceholder {
  /** Whether that row has an explanation line under its label and value. */
  explanation: boolean;
}

/** A related source (an article, a stream, a space) the report links to. */
export interface ReportCardSource {
  /** The source's id. */
  id: number;
  /** Its title: the link's text. */
  title: string;
  /** Who made it, shown below the link. */
  author: string;
  /** Where the link goes (the site's route to the source). */
  href: string;
}

export interface ReportCardProps extends Omit<HTMLChakraProps<'article'>, 'children'> {
  /** The coin: heading, logo, live price and 24 h change. */
  coin: ReportCardCoin;
  /** BCP 47 locale for the price and change; the site passes the page's locale. */
  locale?: string;
  /**
   * `loading`: placeholders of the ready layout's size, pulsing, the card busy; `pending`: the
   * same placeholders, still and not busy (a card nobody has scrolled to yet); `error`:
   * `errorText` and Retry; `ready`.
   */
  status: ReportCardStatus;
  /** When the numbers are from, already formatted, e.g. "As of 14:05". */
  asOfLabel?: string;
  /** Shown as a badge when the numbers are demo data, e.g. "Demo data"; absent: no badge. */
  demoLabel?: string;
  /** The chart (the site passes a lazily loaded PriceChart); the card gives it a fixed height. */
  chart?: ReactNode;
  /** The choices of the range switch, in order. */
  ranges: readonly ReportCardRange[];
  /** The value of the chosen range. */
  range: string;
  /** Called with the range the user picks (click, or arrow keys in the switch). */
  onRangeChange: (details: { value: string }) => void;
  /** The range switch's accessible name, e.g. "Chart range". */
  rangeLabel: string;
  /** The indicators section's heading, e.g. "Indicators". */
  indicatorsTitle: string;
  /** The indicators, in order. */
  indicators: readonly ReportCardIndicator[];
  /**
   * The indicator rows the loading state shows, so that the sections under them do not move when
   * the report arrives: how many (each with an explanation line), or each row's shape, as the
   * report's list will have them. 4 by default.
   */
  placeholderIndicators?: number | readonly ReportCardIndicatorPlaceholder[];
  /** The signals section's heading, e.g. "Signals". */
  signalsTitle: string;
  /** The signals, in order. */
  signals: readonly ReportCardSignal[];
  /** Shown when there is no signal, e.g. "No signals right now". */
  noSignalsLabel: string;
  /** The words for each tone, shown beside the marker's icon, e.g. `{ bullish: 'Bullish', ... }`. */
  signalToneLabels?: Record<ReportCardSignalTone, string>;
  /** The summary section's heading, e.g. "Summary". */
  summaryTitle: string;
  /** The report's summary, a paragraph of plain text. */
  summary: string;
  /** The sources section's heading, e.g. "Related sources". */
  sourcesTitle: string;
  /** The related sources, in order. */
  sources: readonly ReportCardSource[];
  /**
   * How many source placeholders the loading state shows: as many as a report usually lists
   * (the site's reports list up to 5). 4 by default.
   */
  placeholderSources?: number;
  /** Renders a source's link (the site passes its router's Link); default: a plain `<a href>`. */
  renderSourceLink?: (source: ReportCardSource, children: ReactNode) => ReactNode;
  /** Shown when there is no related source, e.g. "No related sources yet". */
  noSourcesLabel: string;
  /** The unfollow button's accessible name (and tooltip), e.g. "Unfollow Bitcoin". */
  unfollowLabel: string;
  /** Called when the user presses unfollow. */
  onUnfollow: () => void;
  /** What went wrong, shown when `status` is `error`, e.g. "The report could not be loaded." */
  errorText?: string;
  /** The retry button's text, e.g. "Retry"; without it (or `onRetry`) there is no button. */
  retryLabel?: string;
  /** Called when the user presses retry. */
  onRetry?: () => void;
  /** The level of the card's heading (2 by default); its sections' headings are one below. */
  headingLevel?: 2 | 3 | 4 | 5;
}

/**
 * How many placeholders stand in for indicators and sources (by default) and signals while
 * loading, and the summary's lines: about what a report has, so that the card hardly grows when
 * it arrives.
 */
const SKELETON = {
  indicators: 4,
  signals: 2,
  sources: 4,
  summary: ['100%', '97%', '100%', '94%', '45%'],
} as const;

/** Each placeholder indicator row's shape: `count` rows with an explanation, or as given. */
const indicatorPlaceholders = (
  rows: number | readonly ReportCardIndicatorPlaceholder[],
): readonly ReportCardIndicatorPlaceholder[] =>
  typeof rows === 'number' ? Array.from({ length: rows }, () => ({ explanation: true })) : rows;

const defaultSourceLink = (source: ReportCardSource, children: ReactNode) => (
  <a href={source.href}>{children}</a>
);

function UnfollowIcon() {
  return (
    <Icon>
      <circle cx="8" cy="8" r="6.25" />
      <path d="M5.25 8h5.5" />
    </Icon>
  );
}

/** An arrow up and right, down and right, or level: the tone in shape, beside its colour. */
function ToneIcon({ tone }: { tone: ReportCardSignalTone }) {
  const paths = {
    bullish: 'M3 11.5 7 7.5l2 2 4-4.5M9.5 5H13v3.5',
    bearish: 'M3 4.5 7 8.5l2-2 4 4.5M9.5 11H13V7.5',
    neutral: 'M2.75 8h10.5M10.25 5l3 3-3 3',
  };
  return (
    <Icon strokeWidth={1.75}>
      <path d={paths[tone]} />
    </Icon>
  );
}

/** A placeholder bar; `width` is a share of the line, e.g. "60%". */
function Bar({ className, width, shape }: { className: string; width?: string; shape?: string }) {
  return (
    <span
      className={className}
      data-part="skeleton"
      data-shape={shape}
      style={width ? ({ '--cl-report-card-skeleton-width': width } as CSSProperties) : undefined}
    />
  );
}

/**
 * One followed coin's report: the coin with its live price and 24 h change, a range switch over
 * the chart slot, the summary, the indicators (a definition list), the signals (a list whose
 * markers carry an icon as well as a colour) and the related sources. One column on a narrow
 * card, two from 40rem. While loading, placeholders keep the ready layout's size; on error the
 * header stays and the body offers Retry.
 */
export const ReportCard = forwardRef<HTMLElement, ReportCardProps>(function ReportCard(
  {
    coin,
    locale = 'en',
    status,
    asOfLabel,
    demoLabel,
    chart,
    ranges,
    range,
    onRangeChange,
    rangeLabel,
    indicatorsTitle,
    indicators,
    placeholderIndicators = SKELETON.indicators,
    placeholderSources = SKELETON.sources,
    signalsTitle,
    signals,
    noSignalsLabel,
    signalToneLabels,
    summaryTitle,
    summary,
    sourcesTitle,
    sources,
    renderSourceLink = defaultSourceLink,
    noSourcesLabel,
    unfollowLabel,
    onUnfollow,
    errorText,
    retryLabel,
    onRetry,
    headingLevel = 2,
    ...rest
  },
  ref,
) {
  const { classes, styles, rules } = useSlotClasses(reportCardRecipe);
  const id = useId();
  const ids = {
    heading: `${id}-heading`,
    summary: `${id}-summary`,
    indicators: `${id}-indicators`,
    signals: `${id}-signals`,
    sources: `${id}-sources`,
  };
  const loading = status === 'loading' || status === 'pending';
  const Heading = `h${headingLevel}` as const;
  const SectionHeading = `h${headingLevel + 1}` as 'h3';

  const section = (
    key: 'summary' | 'indicators' | 'signals' | 'sources',
    title: string,
    content: ReactNode,
  ) => (
    <section className={classes.section} aria-labelledby={ids[key]} data-part={key}>
      <SectionHeading id={ids[key]} className={classes.sectionTitle}>
        {title}
      </SectionHeading>
      {content}
    </section>
  );

  // Arrow keys move one step through the ranges, wrapping at the ends, and pick the range they
  // land on: done here rather than left to the browser so that every browser, and the testing
  // library's simulation of one, moves exactly one step and reports exactly one change.
  const moveRange = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step || ranges.length < 2) return;
    event.preventDefault();
    const nextIndex = (index + step + ranges.length) % ranges.length;
    const radios = event.currentTarget.closest('[role=radiogroup]')?.querySelectorAll('input');
    radios?.[nextIndex]?.focus();
    onRangeChange({ value: ranges[nextIndex]!.value });
  };

  const rangeSwitch = (
    <div className={classes.ranges} role="radiogroup" aria-label={rangeLabel} data-part="ranges">
      {ranges.map((option, index) => (
        <label key={option.value} className={classes.range} data-part="range">
          <input
            type="radio"
            className={classes.rangeInput}
            name={`${id}-range`}
            value={option.value}
            checked={option.value === range}
            onChange={() => onRangeChange({ value: option.value })}
            onKeyDown={(event) => moveRange(event, index)}
          />
          {option.label}
        </label>
      ))}
    </div>
  );

  let body: ReactNode;
  if (status === 'error') {
    body = (
      <div className={classes.error} role="alert" data-part="error">
        <ErrorIcon />
        {errorText && <p className={classes.errorText}>{errorText}</p>}
        {retryLabel && onRetry && (
          <Button variant="outline" size="sm" onClick={() => onRetry()}>
            <RetryIcon />
            {retryLabel}
          </Button>
        )}
      </div>
    );
  } else {
    const summaryContent = loading ? (
      <p className={classes.summary} aria-hidden="true">
        {SKELETON.summary.map((width, index) => (
          <Bar key={index} className={classes.skeleton} width={width} />
        ))}
      </p>
    ) : (
      <p className={classes.summary}>{summary}</p>
    );

    const indicatorRows = loading ? (
      <div className={classes.indicators} aria-hidden="true">
        {indicatorPlaceholders(placeholderIndicators).map((row, index) => (
          <div key={index} className={classes.indicator} data-part="indicator-placeholder">
            <span className={classes.indicatorLabel}>
              <Bar className={classes.skeleton} width={index % 2 ? '45%' : '60%'} />
            </span>
            <span className={classes.indicatorValue}>
              <Bar className={classes.skeleton} width="3.5rem" />
            </span>
            {row.explanation && (
              <span className={classes.indicatorExplanation}>
                <Bar className={classes.skeleton} width="80%" />
              </span>
            )}
          </div>
        ))}
      </div>
    ) : (
      <dl className={classes.indicators}>
        {indicators.map((indicator) => (
          <div key={indicator.id} className={classes.indicator} data-part="indicator">
            <dt className={classes.indicatorLabel}>{indicator.label}</dt>
            <dd className={classes.indicatorValue}>{indicator.value}</dd>
            {indicator.explanation && (
              <dd className={classes.indicatorExplanation}>{indicator.explanation}</dd>
            )}
          </div>
        ))}
      </dl>
    );

    let signalList: ReactNode;
    if (loading) {
      signalList = (
        <div className={classes.signals} aria-hidden="true">
          {Array.from({ length: SKELETON.signals }, (_, index) => (
            <div key={index} className={classes.signal}>
              <span className={classes.signalHeader}>
                <span className={classes.signalMarker}>
                  <Bar className={classes.skeleton} shape="marker" />
                </span>
                <span className={classes.signalTitle}>
                  <Bar className={classes.skeleton} width={index ? '50%' : '65%'} />
                </span>
              </span>
              {/* A signal's sentence takes two lines in a card of any width. */}
              <span className={classes.signalExplanation}>
                <Bar className={classes.skeleton} width="100%" />
                <Bar className={classes.skeleton} width={index ? '40%' : '60%'} />
              </span>
            </div>
          ))}
        </div>
      );
    } else if (signals.length === 0) {
      signalList = <p className={classes.empty}>{noSignalsLabel}</p>;
    } else {
      signalList = (
        <ul className={classes.signals}>
          {signals.map((signal) => (
            <li
              key={signal.id}
              className={classes.signal}
              data-tone={signal.tone}
              data-part="signal"
            >
              <span className={classes.signalHeader}>
                <span className={classes.signalMarker} data-part="tone">
                  <ToneIcon tone={signal.tone} />
                  {signalToneLabels?.[signal.tone]}
                </span>{' '}
                <span className={classes.signalTitle}>{signal.title}</span>
              </span>{' '}
              <span className={classes.signalExplanation}>{signal.explanation}</span>
            </li>
          ))}
        </ul>
      );
    }

    let sourceList: ReactNode;
    if (loading) {
      sourceList = (
        <div className={classes.sources} aria-hidden="true">
          {Array.from({ length: placeholderSources }, (_, index) => {
            // Half the titles take two lines, as long titles do: the 2nd and 3rd of every 4, so
            // that in two columns each row has one.
            const long = index % 4 === 1 || index % 4 === 2;
            return (
              <span key={index} className={classes.source} data-part="source-placeholder">
                <span>
                  <Bar className={classes.skeleton} width={long ? '100%' : '75%'} />
                  {long && <Bar className={classes.skeleton} width="35%" />}
                </span>
                <span className={classes.sourceAuthor}>
                  <Bar className={classes.skeleton} width="30%" />
                </span>
              </span>
            );
          })}
        </div>
      );
    } else if (sources.length === 0) {
      sourceList = <p className={classes.empty}>{noSourcesLabel}</p>;
    } else {
      sourceList = (
        <ul className={classes.sources}>
          {sources.map((source) => (
            <li key={source.id} className={classes.source} data-part="source">
              {renderSourceLink(source, source.title)}
              <span className={classes.sourceAuthor}>{source.author}</span>
            </li>
          ))}
        </ul>
      );
    }

    body = (
      <>
        <div className={classes.column} data-part="main">
          {rangeSwitch}
          <div className={classes.chart} data-part="chart">
            {loading ? <Bar className={classes.skeleton} shape="block" /> : chart}
          </div>
          {section('summary', summaryTitle, summaryContent)}
        </div>
        <div className={classes.column} data-part="aside">
          {section('indicators', indicatorsTitle, indicatorRows)}
          {section('signals', signalsTitle, signalList)}
        </div>
        <div className={classes.footer} data-part="footer">
          {section('sources', sourcesTitle, sourceList)}
        </div>
      </>
    );
  }

  return (
    <>
      {rules}
      <chakra.article
        ref={ref}
        css={styles.root}
        aria-labelledby={ids.heading}
        // Busy while its report loads; a pending card is not (it would stay so, unread, for as
        // long as nobody scrolls to it).
        aria-busy={status === 'loading' || undefined}
        data-status={status}
        {...rest}
      >
        <header className={classes.header}>
          <Logo src={coin.logo} names={[coin.symbol, coin.name]} className={classes.logo} />
          <div className={classes.identity}>
            <Heading id={ids.heading} className={classes.title}>
              <span className={classes.name}>{coin.name}</span>{' '}
              <span className={classes.symbol}>{coin.symbol}</span>
            </Heading>
            <div className={classes.quote}>
              <PriceText value={coin.price} locale={locale} size="lg" />
              <PriceChange value={coin.change24h} locale={locale} size="md" />
            </div>
            {(asOfLabel || demoLabel) && (
              <p className={classes.meta}>
                {asOfLabel && <span>{asOfLabel}</span>}
                {demoLabel && (
                  <span className={classes.badge} data-part="demo">
                    {demoLabel}
                  </span>
                )}
              </p>
            )}
          </div>
          <Button
            variant="ghost"
            size="sm"
            css={styles.unfollow}
            aria-label={unfollowLabel}
            title={unfollowLabel}
            onClick={() => onUnfollow()}
            data-part="unfollow"
          >
            <UnfollowIcon />
          </Button>
        </header>
        {status === 'error' ? (
          body
        ) : (
          <div className={classes.body} data-part="body">
            {body}
          </div>
        )}
      </chakra.article>
    </>
  );
});
