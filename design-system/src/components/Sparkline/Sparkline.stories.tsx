import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from '@storybook/test';
import { TREND_COLORS_ATTRIBUTE } from '../../theme/trendColors';
import { Sparkline } from './Sparkline';

/** Seven days of made-up hourly prices from `from` to `to`, with slow swings that die out at both ends. */
function week(from: number, to: number): number[] {
  return Array.from({ length: 168 }, (_, i) => {
    const t = i / 167;
    const swing = (Math.sin(t * 9.4) + Math.sin(t * 23.1) / 2) * Math.sin(t * Math.PI);
    return from + (to - from) * t + swing * 0.3 * Math.abs(to - from);
  });
}

const RISING = week(61_600, 64_231.5);
const FALLING = week(3_237, 3_120.42);
const FLAT = Array.from({ length: 168 }, () => 1);

const meta = {
  title: 'Data/Sparkline',
  component: Sparkline,
  args: { prices: RISING, label: 'Bitcoin, 7 days: up 4.3 %' },
  argTypes: {
    tone: { control: 'inline-radio', options: [undefined, 'up', 'down', 'neutral'] },
  },
} satisfies Meta<typeof Sparkline>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Up: Story = {
  play: async ({ canvasElement }) => {
    const picture = within(canvasElement).getByRole('img', { name: 'Bitcoin, 7 days: up 4.3 %' });
    await expect(picture).toHaveAttribute('data-tone', 'up');
    await expect(
      picture.querySelector('polyline')?.getAttribute('points')?.split(' '),
    ).toHaveLength(168);
  },
};

export const Down: Story = {
  args: { prices: FALLING, label: 'Ethereum, 7 days: down 3.6 %' },
  play: async ({ canvasElement }) => {
    const picture = within(canvasElement).getByRole('img', { name: /Ethereum/ });
    await expect(picture).toHaveAttribute('data-tone', 'down');
  },
};

export const Neutral: Story = {
  args: { prices: FLAT, label: 'Tether, 7 days: no change' },
  play: async ({ canvasElement }) => {
    const picture = within(canvasElement).getByRole('img', { name: /Tether/ });
    await expect(picture).toHaveAttribute('data-tone', 'neutral');
    // Level prices draw a level line across the middle.
    const points = picture.querySelector('polyline')?.getAttribute('points')?.split(' ') ?? [];
    await expect(new Set(points.map((point) => point.split(',')[1]))).toEqual(new Set(['18']));
  },
};

/** The caller's tone wins: here the 7-day change the site shows beside it. */
export const ToneGiven: Story = {
  args: { prices: RISING, tone: 'down', label: 'Bitcoin, 7 days' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img')).toHaveAttribute('data-tone', 'down');
  },
};

export const GapsInTheData: Story = {
  args: {
    prices: RISING.map((price, i) => (i >= 60 && i < 80 ? Number.NaN : price)),
    label: 'Bitcoin, 7 days: up 4.3 %',
  },
  play: async ({ canvasElement }) => {
    const points = within(canvasElement)
      .getByRole('img')
      .querySelector('polyline')
      ?.getAttribute('points')
      ?.split(' ');
    await expect(points).toHaveLength(148);
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 24, alignItems: 'end' }}>
      <Sparkline {...args} width={64} height={20} label="Bitcoin, small" />
      <Sparkline {...args} label="Bitcoin, default" />
      <Sparkline {...args} width={240} height={72} label="Bitcoin, large" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const large = within(canvasElement).getByRole('img', { name: 'Bitcoin, large' });
    await expect(large).toHaveAttribute('width', '240');
    await expect(large).toHaveAttribute('viewBox', '0 0 240 72');
  },
};

/** Red up and green down, as Chinese markets show prices: the page's convention, no prop. */
export const RedUp: Story = {
  render: (args) => (
    <div {...{ [TREND_COLORS_ATTRIBUTE]: 'red-up' }} style={{ display: 'flex', gap: 24 }}>
      <Sparkline {...args} />
      <Sparkline {...args} prices={FALLING} label="Ethereum, 7 days: down 3.6 %" />
    </div>
  ),
};
