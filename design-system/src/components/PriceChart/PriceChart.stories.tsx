import type { Meta, StoryObj } from '@storybook/react';
import { expect, waitFor, within } from '@storybook/test';
import { PriceChart, type PriceChartPoint } from './PriceChart';

const HOUR = 3600;
// 2026-11-22 12:00 UTC: every story ends here, so the axes read the same on every run.
const END = Date.UTC(2026, 10, 22, 12) / 1000;

/**
 * A seeded random walk from `from` to `to`: `count` points `step` seconds apart, with `noise`
 * (a share of the price) on top of the straight line, so the charts look real and never change.
 */
function walk(options: {
  from: number;
  to: number;
  count: number;
  step: number;
  noise: number;
  seed: number;
}): PriceChartPoint[] {
  const { from, to, count, step, noise } = options;
  let seed = options.seed;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  let drift = 0;
  return Array.from({ length: count }, (_, index) => {
    const share = index / (count - 1);
    drift = drift * 0.8 + (random() - 0.5) * noise;
    // The ends are exact, so the summary's first and last prices are the chart's.
    const wobble = index === 0 || index === count - 1 ? 0 : drift;
    return {
      time: END - (count - 1 - index) * step,
      price: (from + (to - from) * share) * (1 + wobble),
    };
  });
}

const bitcoinDay = walk({
  from: 91_200,
  to: 93_400,
  count: 97,
  step: HOUR / 4,
  noise: 0.006,
  seed: 7,
});
const ethereumWeek = walk({
  from: 3_412.5,
  to: 3_120.42,
  count: 169,
  step: HOUR,
  noise: 0.02,
  seed: 11,
});
const tetherMonth = walk({
  from: 1.0001,
  to: 0.9998,
  count: 181,
  step: 4 * HOUR,
  noise: 0.0006,
  seed: 3,
});
const pepeWeek = walk({
  from: 0.00001171,
  to: 0.0000123,
  count: 169,
  step: HOUR,
  noise: 0.05,
  seed: 5,
});

/** A loader that never settles: the chart stays in its loading state. */
const neverLoads = () => new Promise<never>(() => {});
/** A loader that fails, as a chunk that cannot be fetched offline would. */
const failsToLoad = () => Promise.reject(new Error('chunk failed to load'));

const meta = {
  title: 'Data/PriceChart',
  component: PriceChart,
  args: {
    points: bitcoinDay,
    label: 'Bitcoin price, last 24 hours',
    summary: 'From $91,200 to $93,400 over 24 hours, high $94,010, low $90,650',
    tone: 'up',
    locale: 'en',
    loadingLabel: 'Loading chart',
    maxW: '40rem',
  },
  argTypes: {
    tone: { control: 'inline-radio', options: ['up', 'down', 'neutral'] },
    locale: { control: 'inline-radio', options: ['en', 'zh', 'pt-br'] },
    height: { control: { type: 'number', min: 120, max: 480, step: 20 } },
    points: { control: false },
    loadLibrary: { control: false },
  },
} satisfies Meta<typeof PriceChart>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Waits until the chart has drawn: its canvas is there and the figure is no longer busy, then
 * gives the library a few frames to paint, so a screenshot catches the finished picture.
 */
async function chartDrawn(canvasElement: HTMLElement, name: string) {
  const figure = within(canvasElement).getByRole('figure', { name });
  await waitFor(() => expect(figure).toHaveAttribute('data-state', 'ready'), { timeout: 10_000 });
  await waitFor(() => expect(figure.querySelector('canvas')).not.toBeNull());
  await document.fonts?.ready;
  await new Promise((resolve) => setTimeout(resolve, 300));
  return figure;
}

export const Rising24h: Story = {
  play: async ({ canvasElement, args }) => {
    const figure = await chartDrawn(canvasElement, args.label);
    await expect(figure).toHaveAccessibleDescription(args.summary);
    await expect(figure).not.toHaveAttribute('aria-busy');
    await expect(figure).toHaveAttribute('data-tone', 'up');
  },
};

export const Falling7d: Story = {
  args: {
    points: ethereumWeek,
    label: 'Ethereum price, last 7 days',
    summary: 'From $3,412.50 to $3,120.42 over 7 days, high $3,498.10, low $3,064.77',
    tone: 'down',
  },
  play: async ({ canvasElement, args }) => {
    const figure = await chartDrawn(canvasElement, args.label);
    await expect(figure).toHaveAccessibleDescription(args.summary);
    await expect(figure).toHaveAttribute('data-tone', 'down');
  },
};

export const FlatStablecoin30d: Story = {
  args: {
    points: tetherMonth,
    label: 'Tether price, last 30 days',
    summary: 'From $1.00 to $0.9998 over 30 days, high $1.00, low $0.9994',
    tone: 'neutral',
  },
  play: async ({ canvasElement, args }) => {
    const figure = await chartDrawn(canvasElement, args.label);
    await expect(figure).toHaveAttribute('data-tone', 'neutral');
  },
};

export const TinyPrice: Story = {
  args: {
    points: pepeWeek,
    label: 'Pepe price, last 7 days',
    summary: 'From $0.00001171 to $0.00001230 over 7 days, high $0.00001302, low $0.00001105',
    tone: 'up',
  },
  play: async ({ canvasElement, args }) => {
    await chartDrawn(canvasElement, args.label);
  },
};

export const PortugueseLocale: Story = {
  args: {
    points: ethereumWeek,
    locale: 'pt-br',
    label: 'Preço do Ethereum, últimos 7 dias',
    summary: 'De $ 3.412,50 a $ 3.120,42 em 7 dias, máxima $ 3.498,10, mínima $ 3.064,77',
    loadingLabel: 'Carregando gráfico',
    tone: 'down',
  },
  play: async ({ canvasElement, args }) => {
    const figure = await chartDrawn(canvasElement, args.label);
    await expect(figure).toHaveAccessibleDescription(args.summary);
  },
};

export const Loading: Story = {
  args: { loadLibrary: neverLoads },
  play: async ({ canvasElement, args }) => {
    const figure = within(canvasElement).getByRole('figure', { name: args.label });
    await expect(figure).toHaveAttribute('aria-busy', 'true');
    await expect(figure).toHaveTextContent('Loading chart');
    await expect(figure).toHaveAccessibleDescription(args.summary);
    await expect(figure.querySelector('canvas')).toBeNull();
    // The skeleton fills the figure, which has the chart's height from the start, so nothing
    // moves when the chart arrives.
    await expect(figure.querySelector('[data-part=skeleton]')).not.toBeNull();
    await expect(figure.style.getPropertyValue('--cl-price-chart-height')).toBe('240px');
  },
};

export const LoadFailed: Story = {
  args: { loadLibrary: failsToLoad },
  play: async ({ canvasElement, args }) => {
    const figure = within(canvasElement).getByRole('figure', { name: args.label });
    // Without the library the summary is the chart, for everyone.
    await waitFor(() => expect(figure).toHaveAttribute('data-state', 'failed'));
    await expect(within(figure).getByText(args.summary)).toBeVisible();
    await expect(figure).toHaveAccessibleDescription(args.summary);
    await expect(figure).not.toHaveAttribute('aria-busy');
  },
};

export const Playground: Story = {
  args: { height: 320 },
  // The same picture as Rising24h, taller: one canvas screenshot of it is enough.
  parameters: { screenshot: { disable: true } },
  play: async ({ canvasElement, args }) => {
    await chartDrawn(canvasElement, args.label);
  },
};
