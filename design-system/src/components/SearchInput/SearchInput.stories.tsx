import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, waitFor, within } from '@storybook/test';
import { SearchInput } from './SearchInput';

const meta = {
  title: 'Forms/SearchInput',
  component: SearchInput,
  args: {
    label: 'Search coins',
    placeholder: 'Name or symbol',
    clearLabel: 'Clear search',
    onSearch: fn(),
    onValueChange: fn(),
  },
  argTypes: { size: { control: 'inline-radio', options: ['md', 'lg'] } },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof SearchInput>;

export default meta;
type Story = StoryObj<typeof meta>;

const field = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('searchbox', { name: 'Search coins' });

export const Playground: Story = {};

export const SearchesWhenTypingPauses: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.type(field(canvasElement), '  eth ');
    await expect(args.onSearch).not.toHaveBeenCalled();
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledWith({ value: 'eth' }), {
      timeout: 1500,
    });
    await expect(args.onSearch).toHaveBeenCalledTimes(1);
    await expect(args.onValueChange).toHaveBeenLastCalledWith({ value: '  eth ' });
  },
};

export const SearchesAtOnceOnEnter: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.type(field(canvasElement), 'sol{Enter}');
    await expect(args.onSearch).toHaveBeenCalledWith({ value: 'sol' });
    // The pause that follows finds nothing new to search for.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(args.onSearch).toHaveBeenCalledTimes(1);
  },
};

export const Clearing: Story = {
  args: { defaultValue: 'doge' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Clear search' }));
    await expect(field(canvasElement)).toHaveValue('');
    await expect(field(canvasElement)).toHaveFocus();
    await expect(args.onSearch).toHaveBeenCalledWith({ value: '' });
    await expect(within(canvasElement).queryByRole('button', { name: 'Clear search' })).toBeNull();
  },
};

export const EscapeClears: Story = {
  args: { defaultValue: 'pepe' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(field(canvasElement));
    await userEvent.keyboard('{Escape}');
    await expect(field(canvasElement)).toHaveValue('');
    await expect(args.onSearch).toHaveBeenCalledWith({ value: '' });
  },
};

export const Loading: Story = {
  args: { defaultValue: 'bitcoin', loading: true },
  play: async ({ canvasElement }) => {
    await expect(field(canvasElement)).toHaveAttribute('aria-busy', 'true');
  },
};

export const Disabled: Story = {
  args: { defaultValue: 'ada', disabled: true },
  play: async ({ canvasElement }) => {
    await expect(field(canvasElement)).toBeDisabled();
    await expect(within(canvasElement).queryByRole('button', { name: 'Clear search' })).toBeNull();
  },
};
