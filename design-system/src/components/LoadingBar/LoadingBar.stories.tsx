import { Button } from '../Button';
import { chakra } from '@chakra-ui/react/styled-system';
import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from '@storybook/test';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LoadingBar, type LoadingBarProps } from './LoadingBar';
import { createLoadingBar, type LoadingBarStatus } from './loadingBarController';

/** A page-sized frame; its transform makes it the box that the fixed bar is placed in. */
const Frame = chakra('div', {
  base: {
    position: 'relative',
    height: '10rem',
    transform: 'translateZ(0)',
    overflow: 'hidden',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'flex-end',
    gap: '3',
    padding: '4',
    bg: 'bg.canvas',
    color: 'fg.muted',
    fontSize: 'sm',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'border.subtle',
    borderRadius: 'md',
  },
});

function Buttons({ children }: { children: ReactNode }) {
  return (
    <chakra.div display="flex" flexWrap="wrap" gap="2">
      {children}
    </chakra.div>
  );
}

/** The bar under a page's control: its status is React state that buttons change. */
function StatusDemo({
  initialStatus = 'idle',
  ...props
}: LoadingBarProps & { initialStatus?: LoadingBarStatus }) {
  const [status, setStatus] = useState<LoadingBarStatus>(initialStatus);
  const quick = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(quick.current), []);
  return (
    <Frame>
      <LoadingBar {...props} status={status} portalled={false} />
      <chakra.p margin="0">Status: {status}</chakra.p>
      <Buttons>
        <Button size="sm" type="button" onClick={() => setStatus('loading')}>
          Start
        </Button>
        <Button size="sm" type="button" onClick={() => setStatus('done')}>
          Finish
        </Button>
        <Button size="sm" type="button" onClick={() => setStatus('error')}>
          Fail
        </Button>
        <Button
          size="sm"
          type="button"
          onClick={() => {
            // A load that answers in 50 ms, well inside the 200 ms throttle.
            setStatus('loading');
            quick.current = setTimeout(() => setStatus('done'), 50);
          }}
        >
          Quick load
        </Button>
      </Buttons>
    </Frame>
  );
}

/** The bar bound to a `createLoadingBar()` clock, as router events would drive it. */
function ControllerDemo(props: LoadingBarProps) {
  const [pageLoad] = useState(() => createLoadingBar());
  return (
    <Frame>
      <LoadingBar {...props} controller={pageLoad} portalled={false} />
      <Buttons>
        <Button size="sm" type="button" onClick={() => pageLoad.start()}>
          Route change start
        </Button>
        <Button size="sm" type="button" onClick={() => pageLoad.done()}>
          Route change done
        </Button>
      </Buttons>
    </Frame>
  );
}

const meta = {
  title: 'Feedback/LoadingBar',
  component: LoadingBar,
  args: { label: 'Loading page', size: 'sm' },
  argTypes: {
    status: { control: 'inline-radio', options: ['idle', 'loading', 'done', 'error'] },
    size: { control: 'inline-radio', options: ['sm', 'md'] },
    value: { control: { type: 'range', min: 0, max: 100 } },
    controller: { control: false },
  },
} satisfies Meta<typeof LoadingBar>;

export default meta;
type Story = StoryObj<typeof meta>;

const bar = (canvasElement: HTMLElement) =>
  // Hidden from the accessibility tree while idle, so `hidden: true` finds it in every state.
  within(canvasElement).getByRole('progressbar', { hidden: true });

export const Playground: Story = {
  // A fixed value keeps the screenshot still; clear it to watch the estimate creep.
  args: { status: 'loading', throttle: 0, value: 60 },
  render: (args) => (
    <Frame>
      <LoadingBar {...args} portalled={false} />
    </Frame>
  ),
};

export const Loading: Story = {
  args: { status: 'loading', throttle: 0, value: 45 },
  render: (args) => (
    <Frame>
      <LoadingBar {...args} portalled={false} />
    </Frame>
  ),
  play: async ({ canvasElement }) => {
    // The bar's clock starts in an effect, which a browser runs after the first paint.
    const progress = await within(canvasElement).findByRole('progressbar', {
      name: 'Loading page',
    });
    await expect(progress).toHaveAttribute('data-state', 'loading');
    await expect(progress).toHaveAttribute('aria-valuenow', '45');
  },
};

export const Done: Story = {
  args: { throttle: 0 },
  render: (args) => <StatusDemo {...args} initialStatus="loading" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(bar(canvasElement)).toHaveAttribute('data-state', 'loading'));
    await userEvent.click(canvas.getByRole('button', { name: 'Finish' }));
    await expect(bar(canvasElement)).toHaveAttribute('data-state', 'done');
    await expect(bar(canvasElement)).toHaveAttribute('aria-valuenow', '100');
    // Then it fades out and leaves the accessibility tree.
    await waitFor(() => expect(bar(canvasElement)).toHaveAttribute('aria-hidden', 'true'));
    await expect(bar(canvasElement)).toHaveAttribute('data-state', 'hidden');
  },
};

export const Error: Story = {
  args: { throttle: 0 },
  render: (args) => <StatusDemo {...args} initialStatus="loading" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Fail' }));
    await expect(bar(canvasElement)).toHaveAttribute('data-state', 'error');
    await expect(bar(canvasElement)).toHaveAttribute('aria-valuenow', '100');
    await waitFor(() => expect(bar(canvasElement)).toHaveAttribute('data-state', 'hidden'));
  },
};

export const Throttled: Story = {
  render: (args) => <StatusDemo {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      seen.push(bar(canvasElement).getAttribute('data-state') ?? '');
    });
    observer.observe(bar(canvasElement), { attributes: true, attributeFilter: ['data-state'] });
    await userEvent.click(canvas.getByRole('button', { name: 'Quick load' }));
    await waitFor(() => expect(canvas.getByText('Status: done')).toBeInTheDocument());
    // Wait past the throttle: the bar must not show late either.
    await new Promise((resolve) => setTimeout(resolve, 400));
    observer.disconnect();
    await expect(seen).toEqual([]);
    await expect(bar(canvasElement)).toHaveAttribute('aria-hidden', 'true');
  },
};

export const WithController: Story = {
  render: (args) => <ControllerDemo {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Route change start' }));
    await waitFor(() => expect(bar(canvasElement)).toHaveAttribute('data-state', 'loading'));
    await expect(
      within(canvasElement).getByRole('progressbar', { name: 'Loading page' }),
    ).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Route change done' }));
    await expect(bar(canvasElement)).toHaveAttribute('data-state', 'done');
    await waitFor(() => expect(bar(canvasElement)).toHaveAttribute('data-state', 'hidden'));
  },
};
