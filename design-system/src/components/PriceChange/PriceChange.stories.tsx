import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from '@storybook/test';
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
