import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, within } from '@storybook/test';
import { InlineRetry } from './InlineRetry';

const meta = {
  title: 'Building blocks/InlineRetry',
  component: InlineRetry,
  args: {
    text: 'The summary could not be loaded.',
    retryLabel: 'Retry',
    onRetry: fn(),
  },
} satisfies Meta<typeof InlineRetry>;

export default meta;
type Story = StoryObj<typeof meta>;

/** In a section's body: the text, then the button, wrapping on a narrow screen. */
export const Row: Story = {
  play: async ({ canvasElement, args }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveTextContent('The summary could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** Under a list whose next page failed: centred, in small print. */
export const ListEnd: Story = {
  args: { placement: 'listEnd', text: 'More coins could not be loaded.' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Retry' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** A long message on the narrowest phone: the button goes under the text, nothing is cut. */
export const Narrow: Story = {
  args: {
    text: 'The transcript could not be loaded. Check your connection and try again.',
  },
  parameters: { screenshot: { viewport: true, size: { width: 320, height: 240 } } },
};

export const Chinese: Story = {
  args: { text: '摘要加载失败。', retryLabel: '重试' },
};

export const Portuguese: Story = {
  args: {
    placement: 'listEnd',
    text: 'Não foi possível carregar mais moedas.',
    retryLabel: 'Tentar novamente',
  },
};
