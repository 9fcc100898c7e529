import { chakra, type HTMLChakraProps } from '@chakra-ui/react/styled-system';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import type * as LightweightCharts from 'lightweight-charts';
import type {
  AreaSeriesPartialOptions,
  BarPrice,
  DeepPartial,
  IChartApi,
  ISeriesApi,
  TimeChartOptions,
  UTCTimestamp,
} from 'lightweight-charts';
import {
  forwardRef,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import { formatPrice } from '../../format/price';
import { colors } from '../../theme/tokens/colors';
import { fonts } from '../../theme/tokens/typography';
import { TREND_COLORS_ATTRIBUTE } from '../../theme/trendColors';
import { priceChartRecipe } from './PriceChart.recipe';
import { useSlotClasses } from '../../hooks/useSlotClasses';

/** One price of the series. */
export interface PriceChartPoint {
  /** The moment, in Unix seconds (UTC). */
  time: number;
  /** The price in US dollars at that moment. */
  price: number;
}

/** Which way the shown period went: picks the line's colour (`trend.up`, `trend.down`, `trend.flat`). */
export type PriceChartTone = 'up' | 'down' | 'neutral';

/** The parts of lightweight-charts the chart uses; `loadLibrary` resolves to them. */
export type PriceChartLibrary = Pick<
  typeof LightweightCharts,
  'createChart' | 'AreaSeries' | 'ColorType'
>;

export interface PriceChartProps extends Omit<HTMLChakraProps<'div'>, 'children'> {
  /** The prices to draw, oldest first (they are sorted, and a repeated time is kept once). */
  points: readonly PriceChartPoint[];
  /** The chart's accessible name, e.g. "Bitcoin price, last 7 days". */
  label: string;
  /** The chart in words, e.g. "From $91,200 to $93,400 over 7 days, high $95,000, low $90,100". */
  summary: string;
  /** BCP 47 locale for the price axis and dates; the site passes the page's locale. */
  locale?: string;
  /** The colour of the line and area: `trend.up`, `trend.down` or `trend.flat` (grey). */
  tone?: PriceChartTone;
  /** The chart's height in CSS pixels; the skeleton shown while it loads has the same height. */
  height?: number;
  /** Read by screen readers while the chart loads, e.g. "Loading chart". */
  loadingLabel: string;
  /**
   * Loads the chart library; `import('lightweight-charts')` by default. For stories and tests
   * (a loader that never resolves shows the loading state); apps leave it out.
   */
  loadLibrary?: () => Promise<PriceChartLibrary>;
}

const loadLightweightCharts = (): Promise<PriceChartLibrary> => import('lightweight-charts');

/** The series as the library wants it: finite values, ascending times, each time once. */
function toSeriesData(points: readonly PriceChartPoint[]) {
  const byTime = new Map<number, number>();
  for (const { time, price } of points) {
    if (Number.isFinite(time) && Number.isFinite(price)) byTime.set(Math.floor(time), price);
  }
  return [...byTime.entries()]
    .sort(([a], [b]) => a - b)
    .map(([time, value]) => ({ time: time as UTCTimestamp, value }));
}

/**
 * The price step the axis works in: cents from 1 dollar up, else the 4th significant digit of the
 * smallest price, as `formatPrice` shows it (0.0000123 moves in steps of 0.00000001).
 */
export function priceStepOf(prices: readonly number[]): number {
  const positive = prices.map(Math.abs).filter((price) => price > 0 && Number.isFinite(price));
  const smallest = positive.length ? Math.min(...positive) : 1;
  if (smallest >= 1) return 0.01;
  return Number(`1e${Math.floor(Math.log10(smallest)) - 3}`);
}

const fixedFormatters = new Map<string, Intl.NumberFormat>();

/**
 * The axis labels: each tick as `formatPrice` shows it, unless that repeats a label (a stablecoin
 * whose ticks straddle $1 would read "$0.9998, $1.00, $1.00"): then every tick gets the decimals
 * of the price step, so the scale stays readable.
 */
function tickLabels(prices: readonly number[], locale: string, step: number): string[] {
  const labels = prices.map((price) => formatPrice(price, locale) ?? '');
  if (new Set(labels).size === labels.length) return labels;
  const digits = Math.min(20, Math.max(2, Math.round(-Math.log10(step))));
  const key = `${locale}|${digits}`;
  let formatter = fixedFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    fixedFormatters.set(key, formatter);
  }
  return prices.map((price) => formatter.format(price));
}

// What the chart paints with, read from the system's CSS variables at run time so that a theme
// override reaches the canvas too. The fallbacks are the same tokens' values, for a chart drawn
// outside the provider.
const THEME = {
  up: ['trend-up', colors.green[400].value],
  down: ['trend-down', colors.red[400].value],
  neutral: ['trend-flat', colors.ink[300].value],
  text: ['fg-muted', colors.ink[300].value],
  crosshair: ['fg-subtle', colors.ink[400].value],
  label: ['bg-raised', colors.ink[850].value],
  border: ['border-subtle', colors.ink[800].value],
} as const;

type ThemeColor = keyof typeof THEME;

function readTheme(element: Element) {
  const style = getComputedStyle(element);
  const read = (name: string) => style.getPropertyValue(`--cl-${name}`).trim();
  const color = Object.fromEntries(
    Object.entries(THEME).map(([key, [name, fallback]]) => [
      key,
      read(`colors-${name}`) || fallback,
    ]),
  ) as Record<ThemeColor, string>;
  const rem = Number.parseFloat(read('font-sizes-xs')) || 0.75;
  const rootSize = Number.parseFloat(
    getComputedStyle(element.ownerDocument.documentElement).fontSize,
  );
  return {
    color,
    fontFamily: read('fonts-body') || fonts.body.value,
    fontSize: Math.round(rem * (rootSize || 16)),
  };
}

type Theme = ReturnType<typeof readTheme>;

/**
 * What the library lays out around the price axis's widest label: its border, tick, inner and
 * outer paddings and label offset (1 + 5 + 5 + 5 + 5 px at our 12 px type), and a pixel of
 * rounding.
 */
const PRICE_AXIS_SPACE = 22;

/**
 * The price axis's width for any label the data can bring: the library sizes the axis to its
 * labels of the moment, so a tick or a live price one character wider (a new high above $100,000)
 * made it wider and moved the plot beside it. This is the width of the widest price within a
 * quarter above the data's highest, every figure its widest, so that the axis keeps its width as
 * the prices move. 0 where text cannot be measured (no canvas): the library's own sizing then.
 */
export function priceAxisWidth(
  prices: readonly number[],
  locale: string,
  step: number,
  theme: Pick<Theme, 'fontFamily' | 'fontSize'>,
  document: Document,
): number {
  const context = document.createElement('canvas').getContext?.('2d');
  if (!context || prices.length === 0) return 0;
  context.font = `${theme.fontSize}px ${theme.fontFamily}`;
  const figures = [...'0123456789'].map((figure) => [figure, context.measureText(figure).width]);
  const widest = figures.reduce((a, b) => (b[1]! > a[1]! ? b : a))[0] as string;
  const highest = Math.max(...prices.map(Math.abs)) * 1.25;
  const labels = [formatPrice(highest, locale) ?? '', ...tickLabels([highest], locale, step)];
  const text = Math.max(
    ...labels.map((label) => context.measureText(label.replace(/\d/g, widest)).width),
  );
  return Math.ceil(text) + PRICE_AXIS_SPACE;
}

/**
 * How long the chart waits for its typeface before it draws with the fallback. The library
 * measures its axis labels once per font, so drawing after the typeface has arrived gives the
 * axes their right widths at once; the library's chunk is loading meanwhile.
 */
export const TYPEFACE_WAIT_MS = 2_000;

/**
 * The chart's typeface, as it loads: `loaded` settles with whether it arrived (false where the
 * document cannot load fonts or the font failed), `within(ms)` with the same or false once `ms`
 * have passed first.
 */
function loadTypeface(document: Document, theme: Theme) {
  const fontSet = document.fonts as FontFaceSet | undefined;
  const loaded: Promise<boolean> = fontSet
    ? fontSet.load(`${theme.fontSize}px ${theme.fontFamily}`).then(
        (faces) => faces.length > 0,
        () => false,
      )
    : Promise.resolve(false);
  const within = (ms: number) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      void loaded.then((arrived) => {
        clearTimeout(timer);
        resolve(arrived);
      });
    });
  return { loaded, within };
}

/**
 * How long the chart waits for the browser's next frame before it reads its theme: a document
 * that draws no frames (a tab in the background) reads it after this.
 */
export const FRAME_WAIT_MS = 100;

/**
 * Settles in the task after the browser's next frame, or after `FRAME_WAIT_MS` where no frame
 * comes. The theme is read from the computed style, which makes the browser compute the style of
 * everything the page has changed since its last frame; in the frame, that is the frame's own
 * work, and the read afterwards costs next to nothing. Read at once, in the effect after the
 * render that made the chart's element, that style was computed inside the render's task (on
 * /reporting/, 2-40 ms, by how much the page had changed since its last frame).
 */
function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, FRAME_WAIT_MS);
    if (typeof requestAnimationFrame !== 'function') return;
    requestAnimationFrame(() => {
      clearTimeout(fallback);
      setTimeout(resolve, 0);
    });
  });
}

/** `color` at `alpha` opacity, for the area's fill; hex and rgb() colours, else as given. */
function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  let rgb: number[] | undefined;
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    rgb = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16));
  } else {
    rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(color)?.slice(1, 4).map(Number);
  }
  return rgb ? `rgba(${rgb.join(', ')}, ${alpha})` : alpha === 0 ? 'transparent' : color;
}

function seriesOptions(theme: Theme, tone: PriceChartTone): AreaSeriesPartialOptions {
  const line = theme.color[tone];
  return {
    lineColor: line,
    topColor: withAlpha(line, 0.28),
    bottomColor: withAlpha(line, 0),
    lineWidth: 2,
    priceLineVisible: false,
    crosshairMarkerBorderColor: theme.color.label,
  };
}

function chartOptions(
  library: PriceChartLibrary,
  theme: Theme,
  locale: string,
): DeepPartial<TimeChartOptions> {
  const line = { color: theme.color.crosshair, labelBackgroundColor: theme.color.label };
  return {
    autoSize: true,
    layout: {
      background: { type: library.ColorType.Solid, color: 'transparent' },
      textColor: theme.color.text,
      fontFamily: theme.fontFamily,
      fontSize: theme.fontSize,
      // The TradingView logo stays: the library's Apache-2.0 licence asks for the attribution.
      attributionLogo: true,
    },
    grid: { vertLines: { visible: false }, horzLines: { visible: false } },
    crosshair: { vertLine: line, horzLine: line },
    rightPriceScale: { borderColor: theme.color.border, scaleMargins: { top: 0.15, bottom: 0.1 } },
    timeScale: { borderColor: theme.color.border, lockVisibleTimeRangeOnResize: true },
    // A report chart is read, not explored: no wheel or drag capture, so the page scrolls freely.
    handleScroll: false,
    handleScale: false,
    localization: {
      locale,
      priceFormatter: (price: BarPrice) => formatPrice(price, locale) ?? '',
    },
  };
}

type ChartState = 'loading' | 'ready' | 'failed';

/**
 * A price series as an area chart (TradingView's lightweight-charts). The library is loaded on
 * demand when the chart mounts, so an app pays for it only on pages that draw a chart; until then
 * a skeleton of the same height holds the place. The chart is named by `label` and described by
 * `summary`, which screen readers get instead of the canvas (and everyone gets if the library
 * cannot be loaded).
 */
export const PriceChart = forwardRef<HTMLDivElement, PriceChartProps>(function PriceChart(
  {
    points,
    label,
    summary,
    locale = 'en',
    tone = 'neutral',
    height = 240,
    loadingLabel,
    loadLibrary,
    style,
    ...rest
  },
  ref,
) {
  const { classes, styles, rules } = useSlotClasses(priceChartRecipe);
  const summaryId = `${useId()}-summary`;
  const hostRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<{
    chart: IChartApi;
    series: ISeriesApi<'Area'>;
    library: PriceChartLibrary;
    theme: Theme;
    /** The price axis's width so far: it grows with the data, never shrinks. */
    axisWidth: number;
    /** The chart's document, whose canvas measures the axis's labels. */
    document: Document;
  } | null>(null);
  const [state, setState] = useState<ChartState>('loading');
  // The loader is read once, when the chart is made: a new function on each render must not
  // make a new chart.
  const loadRef = useRef(loadLibrary ?? loadLightweightCharts);
  // The latest props, for the chart made once the library arrives.
  const latest = useRef({ locale, tone, points });
  latest.current = { locale, tone, points };
  // The points and locale the series shows, so that the data effect does not set them again.
  const shown = useRef<{ points: readonly PriceChartPoint[]; locale: string } | null>(null);

  // The data: the axis steps follow the prices, the view fits them all.
  const show = useCallback((current: NonNullable<typeof chartRef.current>) => {
    const { points: nextPoints, locale: nextLocale } = latest.current;
    if (shown.current?.points === nextPoints && shown.current.locale === nextLocale) return;
    shown.current = { points: nextPoints, locale: nextLocale };
    const data = toSeriesData(nextPoints);
    const prices = data.map((item) => item.value);
    const step = priceStepOf(prices);
    current.axisWidth = Math.max(
      current.axisWidth,
      priceAxisWidth(prices, nextLocale, step, current.theme, current.document),
    );
    const span = data.length > 1 ? data[data.length - 1]!.time - data[0]!.time : 0;
    current.series.applyOptions({
      priceFormat: {
        type: 'price',
        minMove: step,
        precision: Math.max(2, Math.round(-Math.log10(step))),
      },
    });
    current.chart.applyOptions({
      localization: {
        tickmarksPriceFormatter: (prices: BarPrice[]) => tickLabels(prices, nextLocale, step),
      },
      rightPriceScale: { minimumWidth: current.axisWidth },
      // Hours on the axis for a day or two of data, dates beyond.
      timeScale: { timeVisible: span <= 2 * 86_400, secondsVisible: false },
    });
    current.series.setData(data);
    current.chart.timeScale().fitContent();
  }, []);

  // Make the chart once, when the library and the typeface have loaded; remove it on unmount.
  useEffect(() => {
    let cancelled = false;
    let chart: IChartApi | null = null;
    const host = hostRef.current;
    // The theme and the typeface after the next frame; the library loads meanwhile.
    const look = host
      ? afterNextFrame().then(async () => {
          if (cancelled) return null;
          const theme = readTheme(host);
          const typeface = loadTypeface(host.ownerDocument, theme);
          return { theme, typeface, typefaceReady: await typeface.within(TYPEFACE_WAIT_MS) };
        })
      : Promise.resolve(null);
    Promise.all([loadRef.current(), look])
      // The library's code has just run, at the end of its chunk's evaluation: the chart is made
      // in a task of its own after it, so that the two are not one long task (Lighthouse's TBT
      // counts each task's time over 50 ms).
      .then((loaded) => new Promise<typeof loaded>((resolve) => setTimeout(resolve, 0, loaded)))
      .then(
        ([library, found]) => {
          if (cancelled || !host || !found) return;
          const { theme, typeface, typefaceReady } = found;
          chart = library.createChart(host, chartOptions(library, theme, latest.current.locale));
          const series = chart.addSeries(
            library.AreaSeries,
            seriesOptions(theme, latest.current.tone),
          );
          // The library lays its canvases out in a table; it holds no data, so it is not read out.
          host.querySelector('table')?.setAttribute('role', 'presentation');
          chartRef.current = {
            chart,
            series,
            library,
            theme,
            axisWidth: 0,
            document: host.ownerDocument,
          };
          // The data goes in before the library first draws (its next frame), so the price axis
          // takes its width once and the plot beside it does not move.
          show(chartRef.current);
          setState('ready');
          if (typefaceReady) return;
          // The typeface came late: the axes were laid out with the fallback's widths, which the
          // library keeps until its font string changes. The same family with a trailing space is
          // another string for the library and the same font for the canvas.
          const made = chart;
          void typeface.loaded.then((loaded) => {
            if (!cancelled && loaded) {
              made.applyOptions({ layout: { fontFamily: `${theme.fontFamily} ` } });
            }
          });
        },
        () => {
          if (!cancelled) setState('failed');
        },
      );
    return () => {
      cancelled = true;
      chart?.remove();
      chartRef.current = null;
      shown.current = null;
    };
  }, [show]);

  // The data, whenever it changes.
  useEffect(() => {
    const current = chartRef.current;
    if (state !== 'ready' || !current) return;
    show(current);
  }, [state, points, locale, show]);

  // Locale and tone after the chart is made.
  useEffect(() => {
    const current = chartRef.current;
    if (state !== 'ready' || !current) return;
    const { chart, series, library, theme } = current;
    chart.applyOptions({ localization: chartOptions(library, theme, locale).localization });
    series.applyOptions(seriesOptions(theme, tone));
  }, [state, locale, tone]);

  // The page can switch its up and down colours (`data-trend-colors` on an ancestor) without a
  // render of the chart: the canvas reads them again then, as the rest of the page restyles.
  useEffect(() => {
    const host = hostRef.current;
    if (state !== 'ready' || !host || typeof MutationObserver !== 'function') return;
    const observer = new MutationObserver(() => {
      const current = chartRef.current;
      if (!current) return;
      current.theme = { ...current.theme, color: readTheme(host).color };
      current.series.applyOptions(seriesOptions(current.theme, latest.current.tone));
    });
    observer.observe(host.ownerDocument.documentElement, {
      attributes: true,
      attributeFilter: [TREND_COLORS_ATTRIBUTE],
      subtree: true,
    });
    return () => observer.disconnect();
  }, [state]);

  const size = Number.isFinite(height) && height > 0 ? height : 240;
  return (
    <>
      {rules}
      <chakra.div
        ref={ref}
        role="figure"
        aria-label={label}
        aria-describedby={summaryId}
        aria-busy={state === 'loading' || undefined}
        data-state={state}
        data-tone={tone}
        css={styles.root}
        style={{ ...style, '--cl-price-chart-height': `${size}px` } as CSSProperties}
        {...rest}
      >
        <div ref={hostRef} className={classes.canvas} data-part="canvas" />
        {state === 'loading' && (
          <div className={classes.skeleton} data-part="skeleton">
            <VisuallyHidden>{loadingLabel}</VisuallyHidden>
          </div>
        )}
        {state === 'failed' ? (
          <p className={classes.fallback} id={summaryId} data-part="summary">
            {summary}
          </p>
        ) : (
          <VisuallyHidden id={summaryId} data-part="summary">
            {summary}
          </VisuallyHidden>
        )}
      </chakra.div>
    </>
  );
});
