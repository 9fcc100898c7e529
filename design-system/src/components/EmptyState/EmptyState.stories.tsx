import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, within } from '@storybook/test';
import { EmptyState } from './EmptyState';

const meta = {
  title: 'Feedback/EmptyState',
  component: EmptyState,
  args: { title: 'No coins found', description: 'Try another name or symbol.' },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md'] } },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const TitleOnly: Story = {
  args: { description: undefined, size: 'sm' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No coins found')).toBeVisible();
  },
};

const onAdd = fn();

export const WithAction: Story = {
  args: {
    title: 'You follow no coins yet',
    description: 'Add up to five coins to see their reports here.',
    action: (
      <button type="button" onClick={() => onAdd()}>
        Add coins
      </button>
    ),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Add coins' }));
    await expect(onAdd).toHaveBeenCalled();
  },
};

export const NoIllustration: Story = {
  args: { illustration: null },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('svg')).toBeNull();
  },
};
