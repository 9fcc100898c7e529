import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, within } from '@storybook/test';
import { MonitorCard, type MonitorCardRootProps } from './MonitorCard';
import type { MonitorCardSource, MonitorStatusLabels } from './monitorState';

// 2026-11-22 12:00 UTC: every time below is read against this, so the stories never drift.
const NOW = Date.UTC(2026, 10, 22, 12, 0);
const at = (iso: string) => Date.parse(iso) / 1000;

const logo = (background: string, mark: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="${background}"/><circle cx="20" cy="20" r="10" fill="${mark}"/><circle cx="20" cy="20" r="4" fill="${background}"/></svg>`,
  )}`;

const TITLE = 'Bitcoin halving: what the miners expect';
// An interactive card's name holds all it shows, the title among it.
const TITLE_IN_NAME = new RegExp(TITLE);

const source = (overrides: Partial<MonitorCardSource> = {}): MonitorCardSource => ({
  id: 42,
  logo: logo('#1d4fb0', '#b9d3ff'),
  author: 'Satoshi Street',
  title: TITLE,
  status: 5,
  time: at('2026-11-22T15:30:00Z'),
  heat: 12345,
  link: 'https://x.com/i/spaces/1YqKDqDXAbwKV',
  ...overrides,
});

// The detail page a source that has started leads to; never followed in a story (it would leave
// the canvas).
const DETAIL_HREF = '/monitoring/detail/?id=42';

/** The English state names, which the tests use too. */
export const STATUS_LABELS: MonitorStatusLabels = {
  unStarted: 'Upcoming',
  inProgress: 'Live',
  finished: 'Ended',
  parsing: 'Summarising',
  completed: 'Completed',
  cancelled: 'Cancelled',
  invalid: 'Unavailable',
};

export interface WholeCardArgs extends Omit<MonitorCardRootProps, 'children' | 'as' | 'asChild'> {
  statusLabels: MonitorStatusLabels;
  heatLabel: string;
  checkLabel: string;
  newTabLabel?: string;
}

/** A whole card as the site writes it: every part, each showing in its own states. The tests render it too. */
export function WholeCard({
  statusLabels,
  heatLabel,
  checkLabel,
  newTabLabel,
  ...root
}: WholeCardArgs) {
  return (
    <MonitorCard.Root {...root}>
      <MonitorCard.Control>
        <MonitorCard.Logo />
        <MonitorCard.Body>
          <MonitorCard.Author />
          <MonitorCard.Title />
          <MonitorCard.Status labels={statusLabels}>
            <MonitorCard.Time />
            <MonitorCard.Heat label={heatLabel} />
          </MonitorCard.Status>
        </MonitorCard.Body>
        <MonitorCard.Indicator />
      </MonitorCard.Control>
      <MonitorCard.Details checkLabel={checkLabel} newTabLabel={newTabLabel} />
    </MonitorCard.Root>
  );
}

const meta = {
  title: 'Monitoring/MonitorCard',
  component: MonitorCard.Root,
  subcomponents: {
    'MonitorCard.Control': MonitorCard.Control,
    'MonitorCard.Logo': MonitorCard.Logo,
    'MonitorCard.Body': MonitorCard.Body,
    'MonitorCard.Author': MonitorCard.Author,
    'MonitorCard.Title': MonitorCard.Title,
    'MonitorCard.Status': MonitorCard.Status,
    'MonitorCard.Time': MonitorCard.Time,
    'MonitorCard.Heat': MonitorCard.Heat,
    'MonitorCard.Indicator': MonitorCard.Indicator,
    'MonitorCard.Details': MonitorCard.Details,
  },
  excludeStories: ['WholeCard', 'STATUS_LABELS'],
  render: (args) => <WholeCard {...args} />,
  args: {
    source: source(),
    statusLabels: STATUS_LABELS,
    heatLabel: 'Heat',
    checkLabel: 'GoCheck',
    newTabLabel: '(opens in a new tab)',
    unreadLabel: 'New content',
    now: NOW,
    todayLabel: 'Today',
    locale: 'en',
    size: 'md',
  },
  argTypes: {
    size: { control: 'inline-radio', options: ['sm', 'md'] },
    locale: { control: 'inline-radio', options: ['en', 'zh', 'pt-br'] },
  },
  decorators: [
    (Story) => (
      <div style={{ width: 320 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<WholeCardArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const UnStarted: Story = {
  args: { source: source({ status: 1 }), onOpenChange: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByRole('button', { name: TITLE_IN_NAME });
    await expect(card).toHaveAttribute('aria-expanded', 'false');
    await expect(card).toHaveAccessibleName(
      /^Satoshi Street\s+Bitcoin halving: what the miners expect\s+Upcoming\s+Today 15:30$/,
    );
    // Its state is on screen, not only read out.
    const status = within(card).getByText('Upcoming');
    await expect(status).toBeVisible();
    await expect(status).toHaveAttribute('data-state', 'unStarted');

    await userEvent.click(card);
    await expect(card).toHaveAttribute('aria-expanded', 'true');
    await expect(args.onOpenChange).toHaveBeenLastCalledWith({ open: true });
    const box = canvas.getByRole('region', { name: TITLE });
    await expect(within(box).getByText('Satoshi Street')).toBeVisible();
    const link = within(box).getByRole('link', { name: 'GoCheck (opens in a new tab)' });
    await expect(link).toHaveAttribute('href', 'https://x.com/i/spaces/1YqKDqDXAbwKV');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    await userEvent.keyboard('{Escape}');
    await expect(card).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('region')).toBeNull();
    await expect(card).toHaveFocus();
  },
};

export const UnStartedOpen: Story = {
  args: { source: source({ status: 1 }), defaultOpen: true },
  decorators: [
    (Story) => (
      // Room for the box, which floats below the card.
      <div style={{ paddingBottom: 200 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: TITLE_IN_NAME })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(canvas.getByRole('region', { name: TITLE })).toBeVisible();
  },
};

export const InProgress: Story = {
  args: { source: source({ status: 2 }), href: DETAIL_HREF },
  play: async ({ canvasElement }) => {
    // A live source leads to its page, where its transcript grows.
    const card = within(canvasElement).getByRole('link', { name: TITLE_IN_NAME });
    await expect(card).toHaveAttribute('href', DETAIL_HREF);
    await expect(card).toHaveAccessibleName(
      /^Satoshi Street\s+Bitcoin halving: what the miners expect\s+Live$/,
    );
    await expect(within(card).getByText('Live')).toHaveAttribute('data-state', 'inProgress');
  },
};

export const Finished: Story = {
  args: { source: source({ status: 3 }), onOpen: fn() },
  play: async ({ canvasElement, args }) => {
    const card = within(canvasElement).getByRole('button', { name: TITLE_IN_NAME });
    await expect(within(card).getByText('Ended')).toHaveAttribute('data-state', 'finished');
    await userEvent.click(card);
    await expect(args.onOpen).toHaveBeenCalledWith({ id: 42 });
  },
};

export const Parsing: Story = {
  args: { source: source({ status: 4 }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Summarising')).toHaveAttribute(
      'data-state',
      'parsing',
    );
  },
};

export const Completed: Story = {
  args: { source: source({ status: 5 }), onOpen: fn() },
  play: async ({ canvasElement, args }) => {
    const card = within(canvasElement).getByRole('button', { name: TITLE_IN_NAME });
    await expect(card).toHaveAccessibleName(
      /^Satoshi Street\s+Bitcoin halving: what the miners expect\s+Completed\s+12\.3K\s+Heat$/,
    );
    const status = within(card).getByText('Completed');
    await expect(status).toBeVisible();
    await expect(status).toHaveAttribute('data-state', 'completed');
    await userEvent.click(card);
    await expect(args.onOpen).toHaveBeenCalledWith({ id: 42 });
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpen).toHaveBeenCalledTimes(2);
  },
};

export const Cancelled: Story = {
  args: { source: source({ status: 6 }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Cancelled')).toHaveAttribute(
      'data-state',
      'cancelled',
    );
  },
};

export const Invalid: Story = {
  args: { source: source({ status: 7 }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Unavailable')).toHaveAttribute(
      'data-state',
      'invalid',
    );
  },
};

export const Unread: Story = {
  // A live source whose transcript has grown since the user last read it.
  args: { source: source({ status: 2 }), unread: true, href: DETAIL_HREF },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('link', { name: TITLE_IN_NAME });
    await expect(card).toHaveAccessibleName(
      /^Satoshi Street\s+Bitcoin halving: what the miners expect\s+Live\s+New content$/,
    );
    await expect(card).toHaveAttribute('href', DETAIL_HREF);
    await expect(card).toHaveAttribute('data-unread');
  },
};

export const CompletedUnread: Story = {
  args: { source: source({ status: 5 }), unread: true, onOpen: fn() },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: TITLE_IN_NAME }),
    ).toHaveAccessibleName(
      /^Satoshi Street\s+Bitcoin halving: what the miners expect\s+Completed\s+12\.3K\s+Heat\s+New content$/,
    );
  },
};

export const Selectable: Story = {
  args: { source: source({ status: 1 }), selectable: true, onSelectedChange: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByRole('button', { name: TITLE_IN_NAME });
    await expect(card).toHaveAttribute('aria-pressed', 'false');
    // A selectable card picks; it does not open the box of a source that has not started.
    await expect(card).not.toHaveAttribute('aria-expanded');

    await userEvent.click(card);
    await expect(card).toHaveAttribute('aria-pressed', 'true');
    await expect(card).toHaveAttribute('data-selected');
    await expect(args.onSelectedChange).toHaveBeenLastCalledWith({ id: 42, selected: true });

    await userEvent.keyboard(' ');
    await expect(card).toHaveAttribute('aria-pressed', 'false');
    await expect(card).not.toHaveAttribute('data-selected');
    await expect(args.onSelectedChange).toHaveBeenLastCalledWith({ id: 42, selected: false });
  },
};

export const Selected: Story = {
  args: { source: source({ status: 3 }), selectable: true, selected: true },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('button', { name: TITLE_IN_NAME });
    await expect(card).toHaveAttribute('aria-pressed', 'true');
    await expect(card).toHaveAttribute('data-selected');
  },
};

export const MissingLogo: Story = {
  args: { source: source({ status: 2, logo: '' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('img')).toBeNull();
    // The initial is drawn by CSS, so it is no text of the card.
    const monogram = canvasElement.querySelector('[data-part="monogram"]');
    await expect(monogram).toHaveAttribute('data-initial', 'S');
    await expect(monogram).toHaveAttribute('aria-hidden', 'true');
  },
};

export const LongTitle: Story = {
  args: {
    source: source({
      status: 1,
      author: 'The Extremely Long-Named Decentralised Finance Research Collective',
      title:
        'Layer-2 rollups, restaking and the coming liquidity crunch: a four-hour deep dive with founders, auditors and market makers',
    }),
  },
  play: async ({ canvasElement }) => {
    // The title is clamped on screen but whole in the card's name and in its tooltip.
    const card = within(canvasElement).getByRole('button', {
      name: /Layer-2 rollups.*market makers\s+Upcoming\s+Today 15:30$/,
    });
    await expect(card).toBeVisible();
    await expect(within(card).getByTitle(/market makers$/)).toBeInTheDocument();
  },
};
