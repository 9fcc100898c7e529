import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, within } from '@storybook/test';
import { useState } from 'react';
import { AlertBell, type AlertBellProps } from './AlertBell';

/** The badge of a bell: drawn by CSS from `data-shown`, so it is no text a query finds. */
const badgeOf = (bell: HTMLElement) => bell.querySelector('[data-part="badge"]');

/** The bell's name in the site's three languages, with the count in it. */
export const BELL_LABELS: Record<'en' | 'zh' | 'pt-br', AlertBellProps['getLabel']> = {
  en: ({ count }) => (count ? `Alerts, ${count} unread` : 'Alerts'),
  zh: ({ count }) => (count ? `提醒,${count} 条未读` : '提醒'),
  'pt-br': ({ count }) =>
    count ? `Alertas, ${count} ${count === 1 ? 'não lido' : 'não lidos'}` : 'Alertas',
};

const meta = {
  title: 'Alerts/AlertBell',
  component: AlertBell,
  excludeStories: ['BELL_LABELS'],
  args: { count: 3, getLabel: BELL_LABELS.en, locale: 'en', onClick: fn() },
  argTypes: {
    count: { control: { type: 'number', min: 0 } },
    locale: { control: 'inline-radio', options: ['en', 'zh', 'pt-br'] },
    getLabel: { control: false },
  },
  decorators: [
    (Story) => (
      // Room for the badge, which sits over the button's corner.
      <div style={{ padding: 8 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AlertBell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

/** Nothing unread: no badge, and the name says only "Alerts". */
export const NoUnread: Story = {
  args: { count: 0 },
  play: async ({ canvasElement, args }) => {
    const bell = within(canvasElement).getByRole('button', { name: 'Alerts' });
    await expect(badgeOf(bell)).toBeNull();
    await userEvent.click(bell);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Unread: Story = {
  args: { count: 7 },
  play: async ({ canvasElement }) => {
    const bell = within(canvasElement).getByRole('button', { name: 'Alerts, 7 unread' });
    await expect(badgeOf(bell)).toHaveAttribute('data-shown', '7');
    await expect(badgeOf(bell)).toBeVisible();
    // The keyboard reaches it and shows where it is.
    await userEvent.tab();
    await expect(bell).toHaveFocus();
  },
};

/** Past 99 the badge reads "99+"; the name keeps the whole count. */
export const ManyUnread: Story = {
  args: { count: 128 },
  play: async ({ canvasElement }) => {
    const bell = within(canvasElement).getByRole('button', { name: 'Alerts, 128 unread' });
    await expect(badgeOf(bell)).toHaveAttribute('data-shown', '99+');
  },
};

interface RisingArgs extends AlertBellProps {
  newAlertLabel: string;
}

/** A story's stand-in for the socket: each press is one more alert, and the bell pulses once. */
function RisingBell({ newAlertLabel, count: start, ...bell }: RisingArgs) {
  const [count, setCount] = useState(start);
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
      <AlertBell {...bell} count={count} />
      <button type="button" onClick={() => setCount(count + 1)}>
        {newAlertLabel}
      </button>
    </div>
  );
}

/** A new alert arrives: the badge swells and the bell swings once (still with reduced motion). */
export const CountRises: StoryObj<RisingArgs> = {
  args: { count: 1, newAlertLabel: 'Simulate a new alert' },
  render: (args) => <RisingBell {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bell = canvas.getByRole('button', { name: 'Alerts, 1 unread' });
    await expect(bell.querySelector('[data-pulse]')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Simulate a new alert' }));
    await expect(bell).toHaveAccessibleName('Alerts, 2 unread');
    await expect(badgeOf(bell)).toHaveAttribute('data-pulse');
  },
};

interface InboxArgs extends AlertBellProps {
  inboxLabel: string;
  inboxText: string;
}

/** The site's header: the bell opens the inbox (a popover there; a plain panel here). */
function BellWithInbox({ inboxLabel, inboxText, ...bell }: InboxArgs) {
  const [open, setOpen] = useState(false);
  return (
    <div style={{ position: 'relative', display: 'inline-block', minHeight: 120 }}>
      <AlertBell {...bell} expanded={open} aria-controls="inbox" onClick={() => setOpen(!open)} />
      {open && (
        <div
          id="inbox"
          role="dialog"
          aria-label={inboxLabel}
          style={{ position: 'absolute', top: 48, width: 240, padding: 12 }}
        >
          {inboxText}
        </div>
      )}
    </div>
  );
}

export const OpensInbox: StoryObj<InboxArgs> = {
  args: { count: 4, inboxLabel: 'Alerts', inboxText: 'Bitcoin: price above $60,000.00' },
  render: (args) => <BellWithInbox {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bell = canvas.getByRole('button', { name: 'Alerts, 4 unread' });
    await expect(bell).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(bell).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(bell);
    await expect(bell).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('dialog', { name: 'Alerts' })).toBeVisible();
    await userEvent.click(bell);
    await expect(bell).toHaveAttribute('aria-expanded', 'false');
  },
};

export const Chinese: Story = {
  args: { count: 12, locale: 'zh', getLabel: BELL_LABELS.zh },
  play: async ({ canvasElement }) => {
    const bell = within(canvasElement).getByRole('button', { name: '提醒,12 条未读' });
    await expect(badgeOf(bell)).toHaveAttribute('data-shown', '12');
  },
};

export const BrazilianPortuguese: Story = {
  args: { count: 1, locale: 'pt-br', getLabel: BELL_LABELS['pt-br'] },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Alertas, 1 não lido' }),
    ).toBeVisible();
  },
};
