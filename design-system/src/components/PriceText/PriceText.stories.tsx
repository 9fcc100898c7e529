import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from '@storybook/test';
import { PriceText } from './PriceText';

const meta = {
  title: 'Data/PriceText',
  component: PriceText,
  args: { value: 64231.5, locale: 'en', size: 'md', unavailableLabel: 'n/a' },
  argTypes: {
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
    locale: { control: 'inline-radio', options: ['en', 'zh', 'pt-br'] },
  },
} satisfies Meta<typeof PriceText>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const price = within(canvasElement).getByText('$64,231.50');
    await expect(price).not.toHaveAttribute('data-unavailable');
  },
};

export const BelowOneDollar: Story = {
  args: { value: 0.000123456 },
  play: async ({ canvasElement }) => {
    // Four significant digits after the leading zeros: a tiny price never reads $0.00.
    await expect(within(canvasElement).getByText('$0.0001235')).toBeInTheDocument();
  },
};

export const Unavailable: Story = {
  args: { value: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('n/a')).toHaveAttribute('data-unavailable');
  },
};

export const BrazilianPortuguese: Story = {
  args: { value: 1234.5, locale: 'pt-br' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('$ 1.234,50')).toBeInTheDocument();
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 16, alignItems: 'baseline' }}>
      <PriceText {...args} size="sm" value={0.5123} />
      <PriceText {...args} size="md" value={182.4} />
      <PriceText {...args} size="lg" value={64231.5} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('$0.5123')).toBeInTheDocument();
    await expect(canvas.getByText('$182.40')).toBeInTheDocument();
    await expect(canvas.getByText('$64,231.50')).toBeInTheDocument();
  },
};
