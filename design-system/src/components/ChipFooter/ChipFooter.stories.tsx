import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, within } from '@storybook/test';
import { useState } from 'react';
import { ChipFooter, type ChipFooterItem, type ChipFooterProps } from './ChipFooter';

const logo = (background: string, mark: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="${background}"/><rect x="10" y="10" width="12" height="12" rx="3" fill="${mark}"/></svg>`,
  )}`;

const COINS: ChipFooterItem[] = [
  { id: 1, label: 'BTC', sublabel: 'Bitcoin', logo: logo('#f7931a', '#ffffff') },
  { id: 1027, label: 'ETH', sublabel: 'Ethereum', logo: logo('#627eea', '#ffffff') },
  { id: 5426, label: 'SOL', sublabel: 'Solana', logo: logo('#14f195', '#0b0e14') },
  { id: 52, label: 'XRP', sublabel: 'XRP', logo: logo('#23292f', '#ffffff') },
  { id: 74, label: 'DOGE', sublabel: 'Dogecoin' },
];

const SOURCES: ChipFooterItem[] = [
  { id: 11, label: 'Bitcoin halving: what the miners expect', logo: logo('#1d4fb0', '#b9d3ff') },
  { id: 12, label: 'ETH staking AMA', logo: logo('#1fae6f', '#0d2e20') },
  { id: 13, label: 'Solana builders weekly' },
];

const meta = {
  title: 'Forms/ChipFooter',
  component: ChipFooter,
  args: {
    items: COINS.slice(0, 3),
    variant: 'card',
    limit: 5,
    listLabel: 'Selected',
    getRemoveLabel: ({ item }) => `Remove ${item.label}`,
    getCountLabel: ({ count, limit }) => `${count}/${limit}`,
    emptyLabel: 'Nothing selected yet',
    saveLabel: 'Save',
    saving: false,
    onSave: fn(),
    onRemove: fn(),
  },
  argTypes: {
    variant: { control: 'inline-radio', options: ['card', 'chip'] },
  },
  decorators: [
    (Story) => (
      // The add-monitoring dialog's list width, or a phone's.
      <div style={{ width: 580, maxWidth: '100%' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ChipFooter>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Nothing selected yet')).toBeVisible();
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.getByRole('status')).toHaveTextContent('0/5');
    const save = canvas.getByRole('button', { name: 'Save' });
    await expect(save).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(save);
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

export const Coins: Story = {
  args: { variant: 'card', items: COINS.slice(0, 3) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Selected' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await expect(within(list).getByText('Bitcoin')).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('3/5');
    await expect(canvas.getByRole('status')).not.toHaveAttribute('data-full');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(args.onSave).toHaveBeenCalledTimes(1);
  },
};

export const Sources: Story = {
  args: { variant: 'chip', items: SOURCES },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Selected' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await expect(
      within(list).getByRole('button', { name: 'Remove ETH staking AMA' }),
    ).toBeInTheDocument();
  },
};

export const Full: Story = {
  args: { variant: 'card', items: COINS },
  play: async ({ canvasElement }) => {
    const count = within(canvasElement).getByRole('status');
    await expect(count).toHaveTextContent('5/5');
    await expect(count).toHaveAttribute('data-full');
  },
};

/** Five sources with long titles, as the add-monitoring dialog holds them: two chips a row. */
export const SourcesFull: Story = {
  args: {
    variant: 'chip',
    items: [
      ...SOURCES,
      { id: 14, label: 'Layer-2 rollups and the coming liquidity crunch: a deep dive' },
      { id: 15, label: 'Macro Monday: rates, the dollar and what it means for bitcoin' },
    ],
  },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Selected' });
    const chips = within(list).getAllByRole('listitem');
    await expect(chips).toHaveLength(5);
    await expect(within(canvasElement).getByRole('status')).toHaveAttribute('data-full');
    // The chips wrap in rows, not one under the other.
    const rows = new Set(chips.map((chip) => Math.round(chip.getBoundingClientRect().top)));
    await expect(rows.size).toBeLessThanOrEqual(3);
  },
};

/**
 * Five coins on the narrowest phone (320 px, a finger's remove buttons): the cards wrap in rows,
 * and the count and Save go under them, within the width.
 */
export const FullOnSmallPhone: Story = {
  args: { variant: 'card', items: COINS },
  parameters: { screenshot: { size: { width: 320, height: 640 } } },
  play: async ({ canvasElement }) => {
    const root = within(canvasElement).getByRole('list', { name: 'Selected' }).parentElement!;
    await expect(within(root).getAllByRole('listitem')).toHaveLength(5);
    const save = within(root).getByRole('button', { name: 'Save' });
    const box = save.getBoundingClientRect();
    await expect(box.right).toBeLessThanOrEqual(window.innerWidth);
    await expect(box.bottom).toBeLessThanOrEqual(window.innerHeight);
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth);
    // The picks keep one line, which scrolls sideways instead of pushing the list away.
    const list = within(root).getByRole('list', { name: 'Selected' });
    const tops = within(list)
      .getAllByRole('listitem')
      .map((item) => item.getBoundingClientRect().top);
    await expect(new Set(tops).size).toBe(1);
    await expect(list.scrollWidth).toBeGreaterThan(list.clientWidth);
    const last = within(list).getByRole('button', { name: 'Remove DOGE' });
    last.focus();
    await expect(last.getBoundingClientRect().right).toBeLessThanOrEqual(
      list.getBoundingClientRect().right + 1,
    );
  },
};

export const Saving: Story = {
  args: { variant: 'chip', items: SOURCES.slice(0, 2), saving: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // The label stays (hidden behind the spinner), so the name and the width do not change.
    const save = canvas.getByRole('button', { name: 'Save' });
    await expect(save).toHaveAttribute('aria-busy', 'true');
    await expect(save).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(save);
    await expect(args.onSave).not.toHaveBeenCalled();
    await expect(
      canvas.getByRole('button', { name: 'Remove Bitcoin halving: what the miners expect' }),
    ).toBeDisabled();
  },
};

/** Owns the items as a dialog would, so removing really removes. */
function RemovableFooter({ items: initial, onRemove, ...props }: ChipFooterProps) {
  const [items, setItems] = useState(initial);
  return (
    <ChipFooter
      {...props}
      items={items}
      onRemove={(details) => {
        onRemove(details);
        setItems((current) => current.filter((item) => item.id !== details.id));
      }}
    />
  );
}

export const Removing: Story = {
  args: { variant: 'chip', items: SOURCES },
  render: (args) => <RemovableFooter {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const removeLabel = (item: ChipFooterItem) => `Remove ${item.label}`;
    const [first, second, third] = SOURCES as [ChipFooterItem, ChipFooterItem, ChipFooterItem];

    // The middle chip: focus goes on to the next chip.
    await userEvent.click(canvas.getByRole('button', { name: removeLabel(second) }));
    await expect(args.onRemove).toHaveBeenLastCalledWith({ id: second.id });
    await expect(canvas.queryByText(second.label)).toBeNull();
    await expect(canvas.getByRole('button', { name: removeLabel(third) })).toHaveFocus();
    await expect(canvas.getByRole('status')).toHaveTextContent('2/5');

    // The last chip: focus goes back to the one before it.
    await userEvent.keyboard('{Enter}');
    await expect(args.onRemove).toHaveBeenLastCalledWith({ id: third.id });
    await expect(canvas.getByRole('button', { name: removeLabel(first) })).toHaveFocus();

    // The only chip: focus lands on Save, which now has nothing to save.
    await userEvent.keyboard(' ');
    await expect(args.onRemove).toHaveBeenLastCalledWith({ id: first.id });
    const save = canvas.getByRole('button', { name: 'Save' });
    await expect(save).toHaveFocus();
    await expect(save).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByText('Nothing selected yet')).toBeVisible();
  },
};
