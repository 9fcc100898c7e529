import { Button } from '../Button';
import { chakra } from '@chakra-ui/react/styled-system';
import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from '@storybook/test';
import { useState, type ReactNode } from 'react';
import { Toaster, type ToasterProps } from './Toast';
import { createToaster, type ToastOptions, type ToastType } from './toaster';

interface DemoProps extends Omit<ToasterProps, 'toaster'> {
  /** Toasts shown from the start (give them `duration: Infinity` to keep screenshots still). */
  toasts?: ToastOptions[];
  /** Adds a button per type that raises a toast with the texts and duration below. */
  withButtons?: boolean;
  /** The title of a toast raised by a button. */
  toastTitle?: string;
  /** The description of a toast raised by a button. */
  toastDescription?: string;
  /** The duration of a toast raised by a button, in milliseconds. */
  toastDuration?: number;
}

const TYPES: ToastType[] = ['success', 'error', 'warning', 'info'];

/** A page-sized frame; its transform makes it the box that the fixed stack is placed in. */
const Frame = chakra('div', {
  base: {
    position: 'relative',
    height: '22rem',
    transform: 'translateZ(0)',
    overflow: 'hidden',
    display: 'flex',
    alignItems: 'flex-end',
    padding: '4',
    bg: 'bg.canvas',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'border.subtle',
    borderRadius: 'md',
  },
});

function ToastDemo({
  toasts = [],
  withButtons = false,
  toastTitle = 'Saved',
  toastDescription,
  toastDuration,
  ...props
}: DemoProps) {
  // Each story gets its own store, filled once, so stories never share or leak toasts.
  const [store] = useState(() => {
    const own = createToaster();
    for (const toast of toasts) own.create(toast);
    return own;
  });
  const buttons: ReactNode = withButtons && (
    <chakra.div display="flex" flexWrap="wrap" gap="2">
      {TYPES.map((type) => (
        <Button
          size="sm"
          key={type}
          type="button"
          onClick={() =>
            store.create({
              type,
              title: toastTitle,
              description: toastDescription,
              duration: toastDuration,
            })
          }
        >
          Show {type}
        </Button>
      ))}
    </chakra.div>
  );
  return (
    <Frame>
      {buttons}
      <Toaster toaster={store} portalled={false} {...props} />
    </Frame>
  );
}

const meta = {
  title: 'Feedback/Toast',
  component: Toaster,
  render: (args) => <ToastDemo {...args} />,
  args: {
    closeLabel: 'Dismiss notification',
    label: 'Notifications',
    max: 3,
    typeLabels: { success: 'Success', error: 'Error', warning: 'Warning', info: 'Information' },
  },
  argTypes: {
    max: { control: { type: 'number', min: 1, max: 6 } },
    toasts: { control: false },
  },
  parameters: { layout: 'padded' },
} satisfies Meta<DemoProps>;

export default meta;
type Story = StoryObj<DemoProps>;

// Stories that show toasts keep them until closed, so each screenshot is one still state.
const still = (toast: Omit<ToastOptions, 'duration'>): ToastOptions => ({
  ...toast,
  duration: Infinity,
});

export const Success: Story = {
  args: { toasts: [still({ type: 'success', title: 'Login successful' })] },
  play: async ({ canvasElement }) => {
    const toast = within(canvasElement).getByRole('status');
    await expect(toast).toHaveTextContent('Login successful');
    await expect(within(toast).getByRole('img', { name: 'Success' })).toBeInTheDocument();
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
  },
};

export const Error: Story = {
  args: { toasts: [still({ type: 'error', title: 'That email address is not valid' })] },
  play: async ({ canvasElement }) => {
    const toast = within(canvasElement).getByRole('alert');
    await expect(toast).toHaveTextContent('That email address is not valid');
    await expect(within(toast).getByRole('img', { name: 'Error' })).toBeInTheDocument();
  },
};

export const Warning: Story = {
  args: { toasts: [still({ type: 'warning', title: 'You can add up to 5 coins at a time' })] },
  play: async ({ canvasElement }) => {
    const toast = within(canvasElement).getByRole('status');
    await expect(toast).toHaveTextContent('You can add up to 5 coins at a time');
    await expect(within(toast).getByRole('img', { name: 'Warning' })).toBeInTheDocument();
  },
};

export const Info: Story = {
  args: { toasts: [still({ type: 'info', title: 'Switching language…' })] },
  play: async ({ canvasElement }) => {
    const toast = within(canvasElement).getByRole('status');
    await expect(toast).toHaveTextContent('Switching language…');
    await expect(within(toast).getByRole('img', { name: 'Information' })).toBeInTheDocument();
  },
};

export const WithDescription: Story = {
  args: {
    toasts: [
      still({
        type: 'success',
        title: 'Sources added',
        description: 'New items from CoinDesk and The Block will appear in Monitoring.',
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const toast = within(canvasElement).getByRole('status');
    await expect(toast).toHaveTextContent('Sources added');
    await expect(toast).toHaveTextContent(
      'New items from CoinDesk and The Block will appear in Monitoring.',
    );
  },
};

export const Stacked: Story = {
  args: {
    max: 3,
    toasts: [
      still({ type: 'info', title: 'Verification code sent' }),
      still({ type: 'success', title: 'Nickname saved' }),
      still({ type: 'warning', title: 'You can add up to 5 coins at a time' }),
      still({
        type: 'error',
        title: 'Network error',
        description: 'The request could not be sent. Check your connection and try again.',
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole('listitem');
    // At most three at once, the newest on top; the oldest waits for a free place.
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveTextContent('Network error');
    await expect(items[2]).toHaveTextContent('Nickname saved');
    await expect(within(canvasElement).queryByText('Verification code sent')).toBeNull();
  },
};

export const Dismiss: Story = {
  args: {
    toasts: [
      still({ type: 'info', title: 'Verification code sent' }),
      still({ type: 'success', title: 'Nickname saved' }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [newest] = canvas.getAllByRole('listitem');
    await userEvent.click(within(newest!).getByRole('button', { name: 'Dismiss notification' }));
    await expect(canvas.queryByText('Nickname saved')).toBeNull();
    // The keyboard stays in the stack: the next toast's close button has the focus.
    const close = canvas.getByRole('button', { name: 'Dismiss notification' });
    await expect(close).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.queryByRole('listitem')).toBeNull();
  },
};

export const AutoDismiss: Story = {
  args: { withButtons: true, toastTitle: 'Saved', toastDuration: 400 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show success' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('Saved');
    await waitFor(() => expect(canvas.queryByRole('status')).toBeNull(), { timeout: 3000 });
  },
};

export const Playground: Story = {
  args: {
    withButtons: true,
    toastTitle: 'Saved',
    toastDescription: 'Your changes are live.',
    toastDuration: 3000,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show error' }));
    const toast = canvas.getByRole('alert');
    await expect(toast).toHaveTextContent('Saved');
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss notification' }));
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};
