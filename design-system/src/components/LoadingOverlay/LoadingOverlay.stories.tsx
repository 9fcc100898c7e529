import { Button } from '../Button';
import { chakra } from '@chakra-ui/react/styled-system';
import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, within } from '@storybook/test';
import type { ReactNode } from 'react';
import { LoadingOverlay } from './LoadingOverlay';

/** A page-sized frame; its transform makes it the box that the fixed overlay covers. */
const Frame = chakra('div', {
  base: {
    position: 'relative',
    height: '14rem',
    transform: 'translateZ(0)',
    overflow: 'hidden',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: '3',
    padding: '4',
    bg: 'bg.canvas',
    color: 'fg.default',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'border.subtle',
    borderRadius: 'md',
  },
});

/** Some page under the overlay, so the dimming and the blocked button can be seen. */
function Page({ children }: { children: ReactNode }) {
  return (
    <Frame>
      <chakra.p margin="0" fontSize="lg" fontWeight="semibold">
        Bitcoin BTC
      </chakra.p>
      <chakra.p margin="0" fontSize="sm" color="fg.muted">
        $64,231.50 · 24h +2.35%
      </chakra.p>
      <Button size="sm" type="button">
        Add to watchlist
      </Button>
      {children}
    </Frame>
  );
}

const meta = {
  title: 'Feedback/LoadingOverlay',
  component: LoadingOverlay,
  args: { open: true, text: 'Loading…', backdrop: 'dim' },
  argTypes: {
    backdrop: { control: 'inline-radio', options: ['dim', 'opaque'] },
  },
  render: (args) => (
    <Page>
      <LoadingOverlay {...args} portalled={false} />
    </Page>
  ),
} satisfies Meta<typeof LoadingOverlay>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Open: Story = {
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent('Loading…');
    await expect(status).toHaveAttribute('aria-live', 'polite');
    await expect(status).toHaveAttribute('data-state', 'open');
    // The spinner is decoration: only the text is read out.
    await expect(status.querySelector('[data-part="spinner"]')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
  },
};

export const WithCustomText: Story = {
  args: {
    text: 'Switching to Português Brasil. The page will reload in a moment.',
    backdrop: 'opaque',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Switching to Português Brasil. The page will reload in a moment.',
    );
  },
};

export const Closed: Story = {
  args: { open: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The live region waits, empty, so that opening it later is announced.
    const status = canvas.getByRole('status');
    await expect(status).toBeEmptyDOMElement();
    await expect(status).toHaveAttribute('data-state', 'closed');
    const button = canvas.getByRole('button', { name: 'Add to watchlist' });
    await userEvent.click(button);
    await expect(button).toHaveFocus();
  },
};

/**
 * Closed and rendered in place (as the server's markup has it, before the portal moves it to the
 * body): it takes no room and no gap in a flex row, so nothing moves when the portal takes it.
 */
export const ClosedInARow: Story = {
  args: { open: false, portalled: false },
  render: (args) => (
    <chakra.div display="flex" gap="4" alignItems="center" padding="4" color="fg.default">
      <chakra.span data-testid="before">English</chakra.span>
      <LoadingOverlay {...args} />
      <chakra.span data-testid="after">Log in</chakra.span>
    </chakra.div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveAttribute('data-state', 'closed');
    const before = canvas.getByTestId('before').getBoundingClientRect();
    const after = canvas.getByTestId('after').getBoundingClientRect();
    // The two neighbours are one gap (16 px) apart.
    await expect(after.left - before.right).toBe(16);
  },
};
