import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createRef, StrictMode } from 'react';
import { CoinlensProvider } from '../../provider';
import {
  PriceChart,
  priceAxisWidth,
  priceStepOf,
  FRAME_WAIT_MS,
  TYPEFACE_WAIT_MS,
  type PriceChartProps,
} from './PriceChart';

// jsdom has no canvas: the library is replaced by a fake that records what the chart asks of it
// and puts an empty <canvas> where the real one would draw.
interface FakeSeries {
  setData: jest.Mock;
  applyOptions: jest.Mock;
}
interface FakeChart {
  host: HTMLElement;
  /** The figure's data-state at each setData call. */
  statesAtSetData: (string | null)[];
  options: Record<string, unknown>;
  series: FakeSeries[];
  addSeries: jest.Mock;
  applyOptions: jest.Mock;
  fitContent: jest.Mock;
  remove: jest.Mock;
}
const mockCharts: FakeChart[] = [];
const mockImported = jest.fn();

jest.mock(
  'lightweight-charts',
  () => {
    mockImported();
    return {
      AreaSeries: { type: 'Area' },
      ColorType: { Solid: 'solid', VerticalGradient: 'gradient' },
      createChart: (host: HTMLElement, options: Record<string, unknown>) => {
        const canvas = document.createElement('canvas');
        canvas.dataset.testid = 'canvas';
        host.appendChild(canvas);
        const fitContent = jest.fn();
        const chart: FakeChart = {
          host,
          options,
          statesAtSetData: [],
          series: [],
          addSeries: jest.fn(() => {
            const setData = jest.fn(() => {
              chart.statesAtSetData.push(
                // eslint-disable-next-line testing-library/no-node-access -- the fake library's view
                host.closest('[data-state]')?.getAttribute('data-state') ?? null,
              );
            });
            const series = { setData, applyOptions: jest.fn() };
            chart.series.push(series);
            return series;
          }),
          applyOptions: jest.fn(),
          fitContent,
          remove: jest.fn(() => canvas.remove()),
        };
        mockCharts.push(chart);
        return { ...chart, timeScale: () => ({ fitContent }) };
      },
    };
  },
  // The real package is ESM-only; the fake stands in without resolving it.
  { virtual: true },
);

const DAY = 86_400;
const points = [
  { time: 1_000 * DAY, price: 91_200 },
  { time: 1_001 * DAY, price: 92_050.5 },
  { time: 1_002 * DAY, price: 93_400 },
];

const baseProps: PriceChartProps = {
  points,
  label: 'Bitcoin price, last 3 days',
  summary: 'From $91,200 to $93,400 over 3 days',
  loadingLabel: 'Loading chart',
};

function renderChart(props: Partial<PriceChartProps> & { ref?: React.Ref<HTMLDivElement> } = {}) {
  const view = render(
    <CoinlensProvider>
      <PriceChart {...baseProps} {...props} />
    </CoinlensProvider>,
  );
  const rerender = (next: Partial<PriceChartProps>) =>
    view.rerender(
      <CoinlensProvider>
        <PriceChart {...baseProps} {...props} {...next} />
      </CoinlensProvider>,
    );
  return { ...view, rerender };
}

const figure = () => screen.getByRole('figure', { name: baseProps.label });
/** Waits until the chart is ready with its points set. */
// The first test's chart imports the library for real: Jest compiles it first, which can take
// more than waitFor's default second on a busy machine.
const ready = () =>
  waitFor(
    () => {
      expect(figure()).toHaveAttribute('data-state', 'ready');
      expect(mockCharts[mockCharts.length - 1]?.series[0]?.setData).toHaveBeenCalled();
    },
    { timeout: 10_000 },
  );
const lastChart = () => mockCharts[mockCharts.length - 1]!;
/** The element the library draws in, whose computed style the chart reads for its theme. */
// eslint-disable-next-line testing-library/no-node-access -- a part no user reaches
const canvasHost = () => figure().querySelector('[data-part="canvas"]');

beforeEach(() => {
  mockCharts.length = 0;
});

describe('PriceChart', () => {
  it('sets the points as it makes the chart, before the ready render (no axis shift)', async () => {
    renderChart();
    await ready();
    // Set while the figure still said "loading": in the task that made the chart, before the
    // library's first frame, so its price axis is drawn once, at the width the prices need.
    expect(lastChart().statesAtSetData).toEqual(['loading']);
  });

  it('shows a busy skeleton of the same height until the library has loaded', async () => {
    let resolve: (library: unknown) => void = () => {};
    const loadLibrary = jest.fn(() => new Promise((r) => (resolve = r)));
    renderChart({ loadLibrary: loadLibrary as PriceChartProps['loadLibrary'], height: 300 });
    expect(figure()).toHaveAttribute('aria-busy', 'true');
    expect(figure()).toHaveTextContent('Loading chart');
    expect(figure().style.getPropertyValue('--cl-price-chart-height')).toBe('300px');
    expect(within(figure()).queryByTestId('canvas')).not.toBeInTheDocument();

    await act(async () => resolve(await import('lightweight-charts')));
    await ready();
    expect(figure()).not.toHaveAttribute('aria-busy');
    expect(figure()).not.toHaveTextContent('Loading chart');
    expect(within(figure()).getByTestId('canvas')).toBeInTheDocument();
    expect(loadLibrary).toHaveBeenCalledTimes(1);
  });

  it('makes the chart in a task after the one in which the library arrived', async () => {
    const library = await import('lightweight-charts');
    jest.useFakeTimers();
    try {
      let resolve: (loaded: unknown) => void = () => {};
      const loadLibrary = () => new Promise((r) => (resolve = r));
      renderChart({ loadLibrary: loadLibrary as PriceChartProps['loadLibrary'] });
      // The next frame, after which the chart reads its theme.
      await act(async () => {
        await jest.advanceTimersByTimeAsync(FRAME_WAIT_MS);
      });
      await act(async () => {
        resolve(library);
        for (let step = 0; step < 10; step++) await Promise.resolve();
      });
      // Everything that comes with the library's own task has run: no chart yet.
      expect(mockCharts).toHaveLength(0);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(0);
      });
      expect(mockCharts).toHaveLength(1);
      expect(figure()).toHaveAttribute('data-state', 'ready');
    } finally {
      jest.useRealTimers();
    }
  });

  describe('its theme', () => {
    // The reads of the computed style of the element the library draws in, with a fake clock.
    const renderCountingReads = ({ frames = true } = {}) => {
      jest.useFakeTimers();
      if (!frames) jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
      const read = jest.spyOn(window, 'getComputedStyle');
      const view = renderChart();
      const host = canvasHost();
      return { ...view, reads: () => read.mock.calls.filter(([element]) => element === host) };
    };
    const advance = (ms: number) =>
      act(async () => {
        await jest.advanceTimersByTimeAsync(ms);
      });
    afterEach(() => {
      jest.restoreAllMocks();
      jest.useRealTimers();
    });

    it('is read in the task after the next frame, not in the task of the first render', async () => {
      const { reads } = renderCountingReads();
      await act(async () => {
        for (let step = 0; step < 10; step++) await Promise.resolve();
      });
      expect(reads()).toHaveLength(0);
      // The frame (jsdom's, every 16 ms), then the task after it (a timer of 0 ms, which the
      // fake clock runs 1 ms on).
      await advance(16);
      expect(reads()).toHaveLength(0);
      await advance(1);
      expect(reads()).toHaveLength(1);
      await ready();
    });

    it(`is read after ${FRAME_WAIT_MS} ms where no frame comes (a tab in the background)`, async () => {
      const { reads } = renderCountingReads({ frames: false });
      await advance(FRAME_WAIT_MS - 1);
      expect(reads()).toHaveLength(0);
      await advance(1);
      expect(reads()).toHaveLength(1);
      await ready();
    });

    it('is not read, and no chart made, when the chart unmounts before the next frame', async () => {
      const { reads, unmount } = renderCountingReads();
      unmount();
      await advance(FRAME_WAIT_MS * 2);
      expect(reads()).toHaveLength(0);
      expect(mockCharts).toHaveLength(0);
    });
  });

  it('loads lightweight-charts only when a chart mounts', async () => {
    const before = mockImported.mock.calls.length;
    // A fresh module registry: importing the component there does not import the library.
    await jest.isolateModulesAsync(async () => {
      await import('./PriceChart');
    });
    expect(mockImported.mock.calls.length).toBe(before);
    // Mounting one does, and draws with it.
    renderChart();
    await ready();
    expect(mockCharts).toHaveLength(1);
  });

  it('is named by its label and described by the summary', async () => {
    renderChart();
    expect(figure()).toHaveAccessibleDescription('From $91,200 to $93,400 over 3 days');
    await ready();
    expect(figure()).toHaveAccessibleDescription('From $91,200 to $93,400 over 3 days');
    // The summary is for screen readers; the canvas is what sighted users get.
    expect(screen.getByText(baseProps.summary)).toHaveAttribute('data-part', 'summary');
  });

  it('makes the chart once with an area series and sets the points as data', async () => {
    renderChart({ tone: 'up' });
    await ready();
    expect(mockCharts).toHaveLength(1);
    const chart = lastChart();
    expect(chart.host).toHaveAttribute('data-part', 'canvas');
    expect(chart.addSeries).toHaveBeenCalledTimes(1);
    expect(chart.addSeries).toHaveBeenCalledWith(
      { type: 'Area' },
      expect.objectContaining({ lineColor: expect.any(String), lineWidth: 2 }),
    );
    expect(chart.options).toMatchObject({
      autoSize: true,
      grid: { vertLines: { visible: false }, horzLines: { visible: false } },
      layout: { attributionLogo: true, background: { type: 'solid', color: 'transparent' } },
      localization: { locale: 'en' },
    });
    const series = chart.series[0]!;
    expect(series.setData).toHaveBeenCalledTimes(1);
    expect(series.setData).toHaveBeenCalledWith([
      { time: 1_000 * DAY, value: 91_200 },
      { time: 1_001 * DAY, value: 92_050.5 },
      { time: 1_002 * DAY, value: 93_400 },
    ]);
    expect(chart.fitContent).toHaveBeenCalled();
  });

  it('formats prices on the axis by the product rule in the given locale', async () => {
    renderChart({ locale: 'pt-br' });
    await ready();
    const { localization } = lastChart().options as {
      localization: { priceFormatter: (price: number) => string };
    };
    // Intl puts a no-break space after the sign in pt-BR.
    expect(localization.priceFormatter(64_231.5)).toBe('$\u00a064.231,50');
    expect(localization.priceFormatter(0.0000123)).toBe('$\u00a00,00001230');
  });

  it('gives repeated axis labels the decimals of the price step', async () => {
    renderChart({
      points: [
        { time: DAY, price: 0.9996 },
        { time: 2 * DAY, price: 1.0004 },
      ],
    });
    await ready();
    const chart = lastChart();
    const { localization } = chart.applyOptions.mock.calls
      .map(([options]) => options)
      .find((options) => options.localization?.tickmarksPriceFormatter);
    const ticks = localization.tickmarksPriceFormatter as (prices: number[]) => string[];
    expect(ticks([0.9998, 1.0, 1.0002])).toEqual(['$0.9998', '$1.0000', '$1.0002']);
    // Labels that do not repeat keep the product rule.
    expect(ticks([90_000, 92_000])).toEqual(['$90,000.00', '$92,000.00']);
  });

  it('sorts the points, drops repeated times and values that are not numbers', async () => {
    renderChart({
      points: [
        { time: 3 * DAY, price: 3 },
        { time: DAY, price: 1 },
        { time: 2 * DAY, price: Number.NaN },
        { time: 3 * DAY, price: 3.5 },
      ],
    });
    await ready();
    expect(lastChart().series[0]!.setData).toHaveBeenLastCalledWith([
      { time: DAY, value: 1 },
      { time: 3 * DAY, value: 3.5 },
    ]);
  });

  it('updates the data of the same chart when the points change', async () => {
    const { rerender } = renderChart();
    await ready();
    const next = [...points, { time: 1_003 * DAY, price: 94_000 }];
    rerender({ points: next });
    const chart = lastChart();
    expect(mockCharts).toHaveLength(1);
    expect(chart.series[0]!.setData).toHaveBeenCalledTimes(2);
    expect(chart.series[0]!.setData).toHaveBeenLastCalledWith(
      expect.arrayContaining([{ time: 1_003 * DAY, value: 94_000 }]),
    );
    expect(chart.fitContent).toHaveBeenCalledTimes(2);
  });

  it('recolours the series when the tone changes, without a new chart', async () => {
    const { rerender } = renderChart({ tone: 'up' });
    await ready();
    const series = lastChart().series[0]!;
    const up = lastChart().addSeries.mock.calls[0]![1].lineColor;
    rerender({ tone: 'down' });
    expect(mockCharts).toHaveLength(1);
    const down = series.applyOptions.mock.calls.at(-1)![0].lineColor;
    expect(down).toEqual(expect.any(String));
    expect(down).not.toBe(up);
  });

  it('removes the chart when it unmounts', async () => {
    const { unmount } = renderChart();
    await ready();
    const chart = lastChart();
    expect(chart.remove).not.toHaveBeenCalled();
    unmount();
    expect(chart.remove).toHaveBeenCalledTimes(1);
  });

  it('makes no chart when it unmounts before the library arrives', async () => {
    let resolve: (library: unknown) => void = () => {};
    const loadLibrary = () => new Promise((r) => (resolve = r));
    const { unmount } = renderChart({
      loadLibrary: loadLibrary as PriceChartProps['loadLibrary'],
    });
    unmount();
    await act(async () => resolve(await import('lightweight-charts')));
    expect(mockCharts).toHaveLength(0);
  });

  it('leaves one chart standing under StrictMode', async () => {
    render(
      <StrictMode>
        <CoinlensProvider>
          <PriceChart {...baseProps} />
        </CoinlensProvider>
      </StrictMode>,
    );
    await ready();
    const standing = mockCharts.filter((chart) => !chart.remove.mock.calls.length);
    expect(standing).toHaveLength(1);
    expect(within(figure()).getAllByTestId('canvas')).toHaveLength(1);
  });

  it('shows the summary instead of the chart when the library cannot be loaded', async () => {
    renderChart({ loadLibrary: () => Promise.reject(new Error('offline')) });
    await waitFor(() => expect(figure()).toHaveAttribute('data-state', 'failed'));
    expect(figure()).not.toHaveAttribute('aria-busy');
    expect(screen.getByText(baseProps.summary)).toBeVisible();
    expect(figure()).toHaveAccessibleDescription(baseProps.summary);
  });

  it('forwards its ref and passes other props to the figure', async () => {
    const ref = createRef<HTMLDivElement>();
    renderChart({ ref, 'data-testid': 'chart' } as Partial<PriceChartProps>);
    expect(ref.current).toBe(screen.getByTestId('chart'));
    expect(ref.current).toBe(figure());
    await ready();
  });
});

describe('PriceChart and its typeface', () => {
  // jsdom loads no fonts: a stand-in for document.fonts whose load the test settles.
  let settle: { resolve: (faces: unknown[]) => void; reject: (error: Error) => void };
  const load = jest.fn(
    () => new Promise<unknown[]>((resolve, reject) => (settle = { resolve, reject })),
  );
  beforeEach(() => {
    load.mockClear();
    Object.defineProperty(document, 'fonts', { configurable: true, value: { load } });
  });
  afterEach(() => {
    delete (document as { fonts?: unknown }).fonts;
    jest.useRealTimers();
  });

  /** Waits until the chart has asked for its typeface (after the next frame). */
  const typefaceAsked = () => waitFor(() => expect(load).toHaveBeenCalled());

  const fontFamilyApplied = () =>
    lastChart()
      .applyOptions.mock.calls.map(([options]) => options?.layout?.fontFamily)
      .filter(Boolean);

  it('draws once its typeface has loaded, so the axes are measured in it', async () => {
    renderChart();
    // After the next frame the chart asks for its typeface (however long a busy machine takes).
    await typefaceAsked();
    expect(load).toHaveBeenCalledWith(expect.stringMatching(/^\d+px \S/));
    // The library is there a moment later; the typeface is not yet.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(mockCharts).toHaveLength(0);
    expect(figure()).toHaveAttribute('aria-busy', 'true');

    await act(async () => settle.resolve([{}]));
    await ready();
    expect(mockCharts).toHaveLength(1);
    expect(fontFamilyApplied()).toEqual([]);
  });

  it(`draws with the fallback after ${TYPEFACE_WAIT_MS} ms, and measures again when the typeface arrives`, async () => {
    jest.useFakeTimers();
    renderChart();
    // The next frame and the task after it, in which the chart reads its theme and asks for its
    // typeface.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(17);
    });
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(TYPEFACE_WAIT_MS - 1);
    });
    expect(mockCharts).toHaveLength(0);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    await ready();
    expect(mockCharts).toHaveLength(1);
    expect(fontFamilyApplied()).toEqual([]);

    await act(async () => settle.resolve([{}]));
    const family = (lastChart().options as { layout: { fontFamily: string } }).layout.fontFamily;
    // Another string for the library, which then measures its labels again; the same font.
    expect(fontFamilyApplied()).toEqual([`${family} `]);
  });

  it('draws at once when the typeface cannot load, and does not draw again', async () => {
    renderChart();
    await typefaceAsked();
    await act(async () => settle.reject(new Error('NetworkError')));
    await ready();
    expect(mockCharts).toHaveLength(1);
    expect(fontFamilyApplied()).toEqual([]);
  });

  it('makes no chart when it unmounts while the typeface loads', async () => {
    const { unmount } = renderChart();
    await typefaceAsked();
    unmount();
    await act(async () => settle.resolve([{}]));
    expect(mockCharts).toHaveLength(0);
  });
});

describe('priceStepOf', () => {
  it.each([
    [[91_200, 93_400], 0.01],
    [[1, 1.5], 0.01],
    [[0.9996, 1.0004], 0.0001],
    [[0.5234], 0.0001],
    [[0.0000123, 0.0000131], 1e-8],
    [[], 0.01],
    [[0, Number.NaN], 0.01],
  ])('steps through %p by %p', (prices, step) => {
    expect(priceStepOf(prices)).toBeCloseTo(step, 12);
  });
});

describe('PriceChart stories', () => {});

describe('priceAxisWidth', () => {
  // A canvas whose text is 7 px a character, but a 1 that is 4 px: the widest figure is what counts.
  const measuring = {
    createElement: () => ({
      getContext: () => ({
        font: '',
        measureText: (text: string) => ({
          width: [...text].reduce((sum, char) => sum + (char === '1' ? 4 : 7), 0),
        }),
      }),
    }),
  } as unknown as Document;
  const theme = { fontFamily: 'Inter', fontSize: 12 };

  it('holds a price a quarter above the highest, every figure at its widest', () => {
    // 92,705.31 x 1.25 = $115,881.64: 11 characters at 7 px, then the library's 22 px around.
    expect(priceAxisWidth([91_480.57, 92_705.31], 'en', 0.01, theme, measuring)).toBe(11 * 7 + 22);
  });

  it('keeps room for a new high that adds a figure (the plot beside the axis stays put)', () => {
    const below = priceAxisWidth([92_000, 99_000], 'en', 0.01, theme, measuring);
    const label = '$100,000.00';
    expect(below).toBeGreaterThanOrEqual(label.length * 7 + 22);
  });

  it('measures the small prices with their decimals', () => {
    // $0.0001234 x 1.25 at the step's digits.
    const width = priceAxisWidth([0.0001234], 'en', 0.0000001, theme, measuring);
    expect(width).toBeGreaterThan(9 * 7 + 22);
  });

  it('is 0 without prices or where text cannot be measured (jsdom has no canvas)', () => {
    expect(priceAxisWidth([], 'en', 0.01, theme, measuring)).toBe(0);
    expect(priceAxisWidth([100], 'en', 0.01, theme, document)).toBe(0);
  });
});
