import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from '@storybook/test';
import type { ReactNode } from 'react';
import { TREND_COLORS_ATTRIBUTE, type TrendColors } from '../../theme/trendColors';
import { PriceChange } from './PriceChange';

const meta = {
  title: 'Data/PriceChange',
  component: PriceChange,
  args: { value: 2.3456, locale: 'en', size: 'md' },
  argTypes: {
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
    locale: { control: 'inline-radio', options: ['en', 'zh', 'pt-br'] },
  },
} satisfies Meta<typeof PriceChange>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Up: Story = {
  args: { value: 2.3456 },
  play: async ({ canvasElement }) => {
    const change = within(canvasElement).getByText('+2.35%');
    await expect(change).toHaveAttribute('data-trend', 'up');
    await expect(change.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  },
};

export const Down: Story = {
  args: { value: -12.5 },
  play: async ({ canvasElement }) => {
    const change = within(canvasElement).getByText('-12.50%');
    await expect(change).toHaveAttribute('data-trend', 'down');
    await expect(change.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  },
};

export const Flat: Story = {
  args: { value: -0.004 },
  play: async ({ canvasElement }) => {
    const change = within(canvasElement).getByText('0.00%');
    await expect(change).toHaveAttribute('data-trend', 'flat');
    await expect(change.querySelector('svg')).toBeNull();
  },
};

export const Unavailable: Story = {
  args: { value: null, unavailableLabel: 'n/a' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('n/a')).toHaveAttribute('data-trend', 'none');
  },
};

export const BrazilianPortuguese: Story = {
  args: { value: 1234.5, locale: 'pt-br' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('+1.234,50%')).toBeInTheDocument();
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 16, alignItems: 'baseline' }}>
      <PriceChange {...args} size="sm" value={1.2} />
      <PriceChange {...args} size="md" value={-3.4} />
      <PriceChange {...args} size="lg" value={5.6} />
    </div>
  ),
};

/** A rise and a fall inside an element that picks the convention (the site sets it on <html>). */
function InConvention({ colors, children }: { colors: TrendColors; children: ReactNode }) {
  return (
    <div
      {...{ [TREND_COLORS_ATTRIBUTE]: colors }}
      data-testid={colors}
      style={{ display: 'flex', gap: 16, alignItems: 'baseline' }}
    >
      {children}
    </div>
  );
}

/**
 * Red up, green down, as Chinese markets show prices: the same arrows and signs, the colours
 * swapped by the attribute alone.
 */
export const RedUp: Story = {
  render: (args) => (
    <InConvention colors="red-up">
      <PriceChange {...args} value={2.3456} />
      <PriceChange {...args} value={-12.5} />
    </InConvention>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('+2.35%')).toHaveAttribute('data-trend', 'up');
    await expect(canvas.getByText('-12.50%')).toHaveAttribute('data-trend', 'down');
    for (const text of ['+2.35%', '-12.50%']) {
      await expect(canvas.getByText(text).querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    }
  },
};

/** Both conventions, one above the other: the rise of one is the colour of the other's fall. */
export const Conventions: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 12 }}>
      {(['green-up', 'red-up'] as const).map((colors) => (
        <InConvention key={colors} colors={colors}>
          <span style={{ width: 80 }}>{colors}</span>
          <PriceChange {...args} value={1.2} />
          <PriceChange {...args} value={-3.4} />
        </InConvention>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const colour = (colors: TrendColors, text: string) =>
      getComputedStyle(within(canvas.getByTestId(colors)).getByText(text)).color;
    // The colours swap.
    await expect(colour('green-up', '+1.20%')).toMatch(/^rgb/);
    await expect(colour('red-up', '+1.20%')).toBe(colour('green-up', '-3.40%'));
    await expect(colour('red-up', '-3.40%')).toBe(colour('green-up', '+1.20%'));
    await expect(colour('green-up', '+1.20%')).not.toBe(colour('green-up', '-3.40%'));
    for (const colors of ['green-up', 'red-up'] as const) {
      const row = within(canvas.getByTestId(colors));
      await expect(row.getByText('+1.20%')).toHaveAttribute('data-trend', 'up');
      await expect(row.getByText('-3.40%')).toHaveAttribute('data-trend', 'down');
    }
  },
};
