// One followed coin's report as compound parts (ReportCard.Root, .Header, .Body, .Ranges, .Chart,
// .Summary, .Indicators, .Signals, .Sources, .Error ...) that share the root's coin, status and
// recipe classes through a context.
import {
  chakra,
  type HTMLChakraProps,
  type SystemStyleObject,
} from '@chakra-ui/react/styled-system';
import {
  createContext,
  forwardRef,
  useContext,
  useId,
  type ComponentPropsWithoutRef,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useSlotClasses } from '../../hooks/useSlotClasses';
import { ErrorIcon, Icon, RetryIcon } from '../../icons/icons';
import { Button } from '../Button';
import { InlineRetry } from '../InlineRetry';
import { Logo } from '../Logo';
import { PriceChange } from '../PriceChange';
import { PriceText } from '../PriceText';
import { reportCardRecipe } from './ReportCard.recipe';

/* ------------------------------------------------------------------------------------------------
 * Types
 * ----------------------------------------------------------------------------------------------*/

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
  /** What `onValueChange` reports. */
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

/* ------------------------------------------------------------------------------------------------
 * Context shared by the parts.
 * ----------------------------------------------------------------------------------------------*/

type ReportCardSlot = (typeof reportCardRecipe)['slots'] extends readonly (infer S)[]
  ? S & string
  : never;

interface ReportCardContextValue {
  classes: Record<ReportCardSlot, string>;
  styles: Record<ReportCardSlot, SystemStyleObject>;
  coin: ReportCardCoin;
  status: ReportCardStatus;
  /** Placeholders show in place of the report: it is loading, or not asked for yet. */
  loading: boolean;
  locale: string;
  headingLevel: 2 | 3 | 4 | 5;
  /** The id of the Header's heading, which names the card. */
  headingId: string;
}

const ReportCardContext = createContext<ReportCardContextValue | null>(null);

function useReportCard(part: string): ReportCardContextValue {
  const context = useContext(ReportCardContext);
  if (!context) throw new Error(`ReportCard.${part} must be used inside ReportCard.Root.`);
  return context;
}

/** The part's own class, then the caller's. */
const cx = (own: string, extra: string | undefined) => (extra ? `${own} ${extra}` : own);

/* ------------------------------------------------------------------------------------------------
 * Small shared pieces.
 * ----------------------------------------------------------------------------------------------*/

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

type SectionKind = 'summary' | 'indicators' | 'signals' | 'sources';

interface SectionProps extends Omit<ComponentPropsWithoutRef<'section'>, 'title'> {
  /** Which section: its `data-part`, and the end of its heading's id. */
  kind: SectionKind;
  title: string;
}

/** A section of the body: a heading one level below the card's, named after it. */
const Section = forwardRef<HTMLElement, SectionProps>(function Section(
  { kind, title, className, children, ...rest },
  ref,
) {
  const { classes, headingLevel } = useReportCard(kind);
  const id = `${useId()}-${kind}`;
  const SectionHeading = `h${headingLevel + 1}` as 'h3';
  return (
    <section
      ref={ref}
      className={cx(classes.section, className)}
      aria-labelledby={id}
      data-part={kind}
      {...rest}
    >
      <SectionHeading id={id} className={classes.sectionTitle}>
        {title}
      </SectionHeading>
      {children}
    </section>
  );
});

/* ------------------------------------------------------------------------------------------------
 * Root
 * ----------------------------------------------------------------------------------------------*/

export interface ReportCardRootProps extends HTMLChakraProps<'article'> {
  /** The coin: the Header's heading, logo, live price and 24 h change. */
  coin: ReportCardCoin;
  /**
   * `loading`: the parts show placeholders of the ready layout's size, pulsing, the card busy;
   * `pending`: the same placeholders, still and not busy (a card nobody has scrolled to yet);
   * `error`: the Body gives way to the Error part; `ready`.
   */
  status: ReportCardStatus;
  /** BCP 47 locale for the price and change; the site passes the page's locale. */
  locale?: string;
  /** The level of the card's heading (2 by default); its sections' headings are one below. */
  headingLevel?: 2 | 3 | 4 | 5;
}

/** The card: an article named by the Header's heading, its status as `data-status`. */
const ReportCardRoot = forwardRef<HTMLElement, ReportCardRootProps>(function ReportCardRoot(
  { coin, status, locale = 'en', headingLevel = 2, children, ...rest },
  ref,
) {
  const { classes, styles, rules } = useSlotClasses(reportCardRecipe);
  const headingId = `${useId()}-heading`;
  const loading = status === 'loading' || status === 'pending';
  // Not memoised: the root keeps no state, so it renders only when its parent does, and then
  // the parts it holds render again anyway.
  const context = { classes, styles, coin, status, loading, locale, headingLevel, headingId };
  return (
    <ReportCardContext.Provider value={context}>
      {rules}
      <chakra.article
        ref={ref}
        css={styles.root}
        aria-labelledby={headingId}
        // Busy while its report loads; a pending card is not (it would stay so, unread, for as
        // long as nobody scrolls to it).
        aria-busy={status === 'loading' || undefined}
        data-status={status}
        {...rest}
      >
        {children}
      </chakra.article>
    </ReportCardContext.Provider>
  );
});

/* ------------------------------------------------------------------------------------------------
 * Header
 * ----------------------------------------------------------------------------------------------*/

export type ReportCardHeaderProps = Omit<ComponentPropsWithoutRef<'header'>, 'children'> & {
  /** When the numbers are from, already formatted, e.g. "As of 14:05". */
  asOfLabel?: string;
  /** Shown as a badge when the numbers are demo data, e.g. "Demo data"; absent: no badge. */
  demoLabel?: string;
  /**
   * Shown as a badge when the numbers are older than they should be (the market data provider
   * has not answered for a while), e.g. "Stale"; its `title` says why. Absent: no badge.
   */
  staleLabel?: string;
  /** The stale badge's explanation, its tooltip. */
  staleTitle?: string;
} & (
    | {
        /** The unfollow button's accessible name (and tooltip), e.g. "Unfollow Bitcoin". */
        unfollowLabel: string;
        /** Called when the user presses unfollow. */
        onUnfollow: () => void;
        action?: never;
      }
    | {
        /**
         * The caller's own control in the unfollow button's place (a coin's public page: its follow
         * button).
         */
        action: ReactNode;
        unfollowLabel?: never;
        onUnfollow?: never;
      }
  );

/**
 * The coin (logo, name and ticker as the card's heading), its price and 24 h change, when they
 * are from, the demo badge and the unfollow button. It stays in every status.
 */
const ReportCardHeader = forwardRef<HTMLElement, ReportCardHeaderProps>(function ReportCardHeader(
  {
    asOfLabel,
    demoLabel,
    staleLabel,
    staleTitle,
    unfollowLabel,
    onUnfollow,
    action,
    className,
    ...rest
  },
  ref,
) {
  const { classes, styles, coin, locale, headingLevel, headingId } = useReportCard('Header');
  const Heading = `h${headingLevel}` as const;
  return (
    <header ref={ref} className={cx(classes.header, className)} {...rest}>
      <Logo src={coin.logo} names={[coin.symbol, coin.name]} className={classes.logo} />
      <div className={classes.identity}>
        <Heading id={headingId} className={classes.title}>
          <span className={classes.name}>{coin.name}</span>{' '}
          <span className={classes.symbol}>{coin.symbol}</span>
        </Heading>
        <div className={classes.quote}>
          <PriceText value={coin.price} locale={locale} size="lg" />
          <PriceChange value={coin.change24h} locale={locale} size="md" />
        </div>
        {(asOfLabel || demoLabel || staleLabel) && (
          <p className={classes.meta}>
            {asOfLabel && <span>{asOfLabel}</span>}
            {demoLabel && (
              <span className={classes.badge} data-part="demo">
                {demoLabel}
              </span>
            )}
            {staleLabel && (
              <span className={classes.badge} data-part="stale" title={staleTitle}>
                {staleLabel}
              </span>
            )}
          </p>
        )}
      </div>
      {onUnfollow ? (
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
      ) : (
        <div className={classes.action}>{action}</div>
      )}
    </header>
  );
});

/* ------------------------------------------------------------------------------------------------
 * Body and its areas
 * ----------------------------------------------------------------------------------------------*/

/** The props of the Body and of its areas (Main, Aside, Footer): a `div`'s. */
export type ReportCardAreaProps = ComponentPropsWithoutRef<'div'>;

/**
 * The report under the header, in every status but `error`: one column on a narrow card; from a
 * card 40rem wide, Main and Aside side by side and the Footer across both below them.
 */
const ReportCardBody = forwardRef<HTMLDivElement, ReportCardAreaProps>(function ReportCardBody(
  { className, ...rest },
  ref,
) {
  const { classes, status } = useReportCard('Body');
  if (status === 'error') return null;
  return <div ref={ref} className={cx(classes.body, className)} data-part="body" {...rest} />;
});

/** The Body's wide column: the range switch, the chart and the summary. */
const ReportCardMain = forwardRef<HTMLDivElement, ReportCardAreaProps>(function ReportCardMain(
  { className, ...rest },
  ref,
) {
  const { classes } = useReportCard('Main');
  return <div ref={ref} className={cx(classes.column, className)} data-part="main" {...rest} />;
});

/** The Body's narrow column: the indicators and the signals. */
const ReportCardAside = forwardRef<HTMLDivElement, ReportCardAreaProps>(function ReportCardAside(
  { className, ...rest },
  ref,
) {
  const { classes } = useReportCard('Aside');
  return <div ref={ref} className={cx(classes.column, className)} data-part="aside" {...rest} />;
});

/** The Body's last row, across both columns: the related sources. */
const ReportCardFooter = forwardRef<HTMLDivElement, ReportCardAreaProps>(function ReportCardFooter(
  { className, ...rest },
  ref,
) {
  const { classes } = useReportCard('Footer');
  return <div ref={ref} className={cx(classes.footer, className)} data-part="footer" {...rest} />;
});

/* ------------------------------------------------------------------------------------------------
 * Ranges
 * ----------------------------------------------------------------------------------------------*/

export interface ReportCardRangesProps extends Omit<
  ComponentPropsWithoutRef<'div'>,
  'children' | 'onChange'
> {
  /** The choices, in order. */
  ranges: readonly ReportCardRange[];
  /** The value of the chosen range. */
  value: string;
  /** Called with the range the user picks (click, or arrow keys in the switch). */
  onValueChange: (details: { value: string }) => void;
  /** The switch's accessible name, e.g. "Chart range". */
  label: string;
}

/**
 * The chart's range switch: radio buttons drawn as segments, one stop in the tab order. It stays
 * usable while the report loads.
 */
const ReportCardRanges = forwardRef<HTMLDivElement, ReportCardRangesProps>(
  function ReportCardRanges({ ranges, value, onValueChange, label, className, ...rest }, ref) {
    const { classes } = useReportCard('Ranges');
    const name = `${useId()}-range`;

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
      onValueChange({ value: ranges[nextIndex]!.value });
    };

    return (
      <div
        ref={ref}
        className={cx(classes.ranges, className)}
        role="radiogroup"
        aria-label={label}
        data-part="ranges"
        {...rest}
      >
        {ranges.map((option, index) => (
          <label key={option.value} className={classes.range} data-part="range">
            <input
              type="radio"
              className={classes.rangeInput}
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onValueChange({ value: option.value })}
              onKeyDown={(event) => moveRange(event, index)}
            />
            {option.label}
          </label>
        ))}
      </div>
    );
  },
);

/* ------------------------------------------------------------------------------------------------
 * Chart
 * ----------------------------------------------------------------------------------------------*/

export interface ReportCardChartProps extends ComponentPropsWithoutRef<'div'> {
  /** The chart (the site passes a lazily loaded PriceChart); the part gives it a fixed height. */
  children?: ReactNode;
}

/** The chart's place, of a fixed height: a placeholder block while loading. */
const ReportCardChart = forwardRef<HTMLDivElement, ReportCardChartProps>(function ReportCardChart(
  { className, children, ...rest },
  ref,
) {
  const { classes, loading } = useReportCard('Chart');
  return (
    <div ref={ref} className={cx(classes.chart, className)} data-part="chart" {...rest}>
      {loading ? <Bar className={classes.skeleton} shape="block" /> : children}
    </div>
  );
});

/* ------------------------------------------------------------------------------------------------
 * Summary
 * ----------------------------------------------------------------------------------------------*/

export interface ReportCardSummaryProps extends Omit<ComponentPropsWithoutRef<'section'>, 'title'> {
  /** The section's heading, e.g. "Summary". */
  title: string;
  /** The report's summary, a paragraph of plain text. */
  children?: ReactNode;
}

/** The report's summary under its heading; lines of placeholders while loading. */
const ReportCardSummary = forwardRef<HTMLElement, ReportCardSummaryProps>(
  function ReportCardSummary({ title, children, ...rest }, ref) {
    const { classes, loading } = useReportCard('Summary');
    return (
      <Section ref={ref} kind="summary" title={title} {...rest}>
        {loading ? (
          <p className={classes.summary} aria-hidden="true" data-part="placeholders">
            {SKELETON.summary.map((width, index) => (
              <Bar key={index} className={classes.skeleton} width={width} />
            ))}
          </p>
        ) : (
          <p className={classes.summary}>{children}</p>
        )}
      </Section>
    );
  },
);

/* ------------------------------------------------------------------------------------------------
 * Indicators
 * ----------------------------------------------------------------------------------------------*/

export interface ReportCardIndicatorsProps extends Omit<
  ComponentPropsWithoutRef<'section'>,
  'title' | 'children'
> {
  /** The section's heading, e.g. "Indicators". */
  title: string;
  /** The indicators, in order. */
  indicators: readonly ReportCardIndicator[];
  /**
   * The rows shown while loading, so that the sections under them do not move when the report
   * arrives: how many (each with an explanation line), or each row's shape, as the report's list
   * will have them. 4 by default.
   */
  placeholders?: number | readonly ReportCardIndicatorPlaceholder[];
}

/** The indicators as a definition list: each name, its value and what the value means. */
const ReportCardIndicators = forwardRef<HTMLElement, ReportCardIndicatorsProps>(
  function ReportCardIndicators(
    { title, indicators, placeholders = SKELETON.indicators, ...rest },
    ref,
  ) {
    const { classes, loading } = useReportCard('Indicators');
    return (
      <Section ref={ref} kind="indicators" title={title} {...rest}>
        {loading ? (
          <div className={classes.indicators} aria-hidden="true" data-part="placeholders">
            {indicatorPlaceholders(placeholders).map((row, index) => (
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
        )}
      </Section>
    );
  },
);

/* ------------------------------------------------------------------------------------------------
 * Signals
 * ----------------------------------------------------------------------------------------------*/

export interface ReportCardSignalsProps extends Omit<
  ComponentPropsWithoutRef<'section'>,
  'title' | 'children'
> {
  /** The section's heading, e.g. "Signals". */
  title: string;
  /** The signals, in order. */
  signals: readonly ReportCardSignal[];
  /** Shown when there is no signal, e.g. "No signals right now". */
  emptyLabel: string;
  /** The words for each tone, shown beside the marker's icon, e.g. `{ bullish: 'Bullish', ... }`. */
  toneLabels?: Record<ReportCardSignalTone, string>;
}

/** The signals as a list whose markers carry an icon as well as a colour. */
const ReportCardSignals = forwardRef<HTMLElement, ReportCardSignalsProps>(
  function ReportCardSignals({ title, signals, emptyLabel, toneLabels, ...rest }, ref) {
    const { classes, loading } = useReportCard('Signals');
    let content: ReactNode;
    if (loading) {
      content = (
        <div className={classes.signals} aria-hidden="true" data-part="placeholders">
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
      content = <p className={classes.empty}>{emptyLabel}</p>;
    } else {
      content = (
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
                  {toneLabels?.[signal.tone]}
                </span>{' '}
                <span className={classes.signalTitle}>{signal.title}</span>
              </span>{' '}
              <span className={classes.signalExplanation}>{signal.explanation}</span>
            </li>
          ))}
        </ul>
      );
    }
    return (
      <Section ref={ref} kind="signals" title={title} {...rest}>
        {content}
      </Section>
    );
  },
);

/* ------------------------------------------------------------------------------------------------
 * Sources
 * ----------------------------------------------------------------------------------------------*/

export interface ReportCardSourcesProps extends Omit<
  ComponentPropsWithoutRef<'section'>,
  'title' | 'children'
> {
  /** The section's heading, e.g. "Related sources". */
  title: string;
  /** The related sources, in order. */
  sources: readonly ReportCardSource[];
  /** Shown when there is no related source, e.g. "No related sources yet". */
  emptyLabel: string;
  /**
   * How many placeholders show while loading: as many as a report usually lists (the site's
   * reports list up to 5). 4 by default.
   */
  placeholders?: number;
  /** Renders a source's link (the site passes its router's Link); default: a plain `<a href>`. */
  renderLink?: (source: ReportCardSource, children: ReactNode) => ReactNode;
}

/** The related sources: each a link with its author below, in two columns on a wide card. */
const ReportCardSources = forwardRef<HTMLElement, ReportCardSourcesProps>(
  function ReportCardSources(
    {
      title,
      sources,
      emptyLabel,
      placeholders = SKELETON.sources,
      renderLink = defaultSourceLink,
      ...rest
    },
    ref,
  ) {
    const { classes, loading } = useReportCard('Sources');
    let content: ReactNode;
    if (loading) {
      content = (
        <div className={classes.sources} aria-hidden="true" data-part="placeholders">
          {Array.from({ length: placeholders }, (_, index) => {
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
      content = <p className={classes.empty}>{emptyLabel}</p>;
    } else {
      content = (
        <ul className={classes.sources}>
          {sources.map((source) => (
            <li key={source.id} className={classes.source} data-part="source">
              {renderLink(source, source.title)}
              <span className={classes.sourceAuthor}>{source.author}</span>
            </li>
          ))}
        </ul>
      );
    }
    return (
      <Section ref={ref} kind="sources" title={title} {...rest}>
        {content}
      </Section>
    );
  },
);

/* ------------------------------------------------------------------------------------------------
 * Error
 * ----------------------------------------------------------------------------------------------*/

export interface ReportCardErrorProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** What went wrong, e.g. "The report could not be loaded." */
  text: string;
  /** The retry button's text, e.g. "Retry"; without it (or `onRetry`) there is no button. */
  retryLabel?: string;
  /** Called when the user presses retry. */
  onRetry?: () => void;
}

/**
 * In the Body's place when the status is `error`: an icon over what went wrong and Retry (the
 * design system's InlineRetry, stacked), announced as an alert.
 */
const ReportCardError = forwardRef<HTMLDivElement, ReportCardErrorProps>(function ReportCardError(
  { text, retryLabel, onRetry, className, ...rest },
  ref,
) {
  const { classes, status } = useReportCard('Error');
  if (status !== 'error') return null;
  const canRetry = Boolean(retryLabel && onRetry);
  return (
    <div
      ref={ref}
      className={cx(classes.error, className)}
      // With Retry the retry row is the alert: one announcement, not one inside another.
      role={canRetry ? undefined : 'alert'}
      data-part="error"
      {...rest}
    >
      <ErrorIcon />
      {canRetry ? (
        <InlineRetry
          // The row stands as the panel's centred column: the text over the button.
          flexDirection="column"
          text={<span className={classes.errorText}>{text}</span>}
          retryLabel={
            <>
              <RetryIcon />
              {retryLabel}
            </>
          }
          onRetry={() => onRetry?.()}
        />
      ) : (
        <p className={classes.errorText}>{text}</p>
      )}
    </div>
  );
});

/* ------------------------------------------------------------------------------------------------
 * The compound component
 * ----------------------------------------------------------------------------------------------*/

/**
 * One followed coin's report: the coin with its live price and 24 h change, a range switch over
 * the chart, the summary, the indicators, the signals and the related sources. While loading,
 * each part shows placeholders of its ready size; on error the header stays and the Error part
 * takes the Body's place.
 *
 * ```tsx
 * <ReportCard.Root coin={coin} status={status} locale="en">
 *   <ReportCard.Header asOfLabel="As of 14:05" unfollowLabel="Unfollow Bitcoin" onUnfollow={…} />
 *   <ReportCard.Body>
 *     <ReportCard.Main>
 *       <ReportCard.Ranges ranges={ranges} value={range} onValueChange={…} label="Chart range" />
 *       <ReportCard.Chart>{chart}</ReportCard.Chart>
 *       <ReportCard.Summary title="Summary">{summary}</ReportCard.Summary>
 *     </ReportCard.Main>
 *     <ReportCard.Aside>
 *       <ReportCard.Indicators title="Indicators" indicators={indicators} />
 *       <ReportCard.Signals title="Signals" signals={signals} emptyLabel="No signals" />
 *     </ReportCard.Aside>
 *     <ReportCard.Footer>
 *       <ReportCard.Sources title="Related sources" sources={sources} emptyLabel="None yet" />
 *     </ReportCard.Footer>
 *   </ReportCard.Body>
 *   <ReportCard.Error text="The report could not be loaded." retryLabel="Retry" onRetry={…} />
 * </ReportCard.Root>
 * ```
 */
export const ReportCard = {
  Root: ReportCardRoot,
  Header: ReportCardHeader,
  Body: ReportCardBody,
  Main: ReportCardMain,
  Aside: ReportCardAside,
  Footer: ReportCardFooter,
  Ranges: ReportCardRanges,
  Chart: ReportCardChart,
  Summary: ReportCardSummary,
  Indicators: ReportCardIndicators,
  Signals: ReportCardSignals,
  Sources: ReportCardSources,
  Error: ReportCardError,
};
