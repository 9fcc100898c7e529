import { Stack } from '@chakra-ui/react/stack';
import { chakra } from '@chakra-ui/react/styled-system';
import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, within } from '@storybook/test';
import type { ReactNode } from 'react';
import {
  CoinTable,
  type CoinTableActionProps,
  type CoinTableHeaderProps,
  type CoinTableRootProps,
  type CoinTableRow,
} from './CoinTable';

/** A round logo as an inline SVG, so stories need no network and render the same every time. */
const logo = (fill: string, mark: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="${fill}"/><path d="${mark}" fill="#fff"/></svg>`,
  )}`;

const coins: CoinTableRow[] = [
  {
    id: 1,
    name: 'Bitcoin',
    symbol: 'BTC',
    logo: logo('#f7931a', 'M11 8h7a4 4 0 0 1 0 8h-7zM11 16h8a4 4 0 0 1 0 8h-8z'),
    price: 64231.5,
    percentChange24h: 2.3456,
  },
  {
    id: 2,
    name: 'Ethereum',
    symbol: 'ETH',
    logo: logo('#627eea', 'M16 5 24 16l-8 5-8-5zM16 23l8-5-8 9-8-9z'),
    price: 3120.42,
    percentChange24h: -1.2,
  },
  {
    id: 3,
    name: 'Tether',
    symbol: 'USDT',
    logo: logo('#26a17b', 'M8 9h16v4h-6v11h-4V13H8z'),
    price: 1.0002,
    percentChange24h: 0.004,
  },
  {
    id: 4,
    name: 'BNB',
    symbol: 'BNB',
    logo: logo(
      '#c99400',
      'M16 7l4 4-4 4-4-4zM9 14l3 2-3 2-3-2zM23 14l3 2-3 2-3-2zM16 17l4 4-4 4-4-4z',
    ),
    price: 581.3,
    percentChange24h: 0.87,
  },
  {
    id: 5,
    name: 'Solana',
    symbol: 'SOL',
    logo: logo('#7a3fe4', 'M9 10h14l-3 3H6zM6 15h14l3 3H9zM9 20h14l-3 3H6z'),
    price: 142.77,
    percentChange24h: -4.561,
  },
  {
    id: 6,
    name: 'XRP',
    symbol: 'XRP',
    logo: logo('#23292f', 'M8 8h4l4 5 4-5h4l-6 7 6 7h-4l-4-5-4 5H8l6-7z'),
    price: 0.5234,
    percentChange24h: 12.5,
  },
  {
    id: 7,
    name: 'Dogecoin',
    symbol: 'DOGE',
    logo: logo('#b59a2a', 'M11 8h6a8 8 0 0 1 0 16h-6zm3 3v10h3a5 5 0 0 0 0-10z'),
    price: 0.1234,
    percentChange24h: -0.35,
  },
  {
    id: 8,
    name: 'Shiba Inu',
    symbol: 'SHIB',
    logo: logo('#e0452a', 'M8 24V10l4-3 4 5 4-5 4 3v14z'),
    price: 0.00001789,
    percentChange24h: 3.21,
  },
  {
    id: 9,
    name: 'Cardano',
    symbol: 'ADA',
    logo: logo('#0033ad', 'M16 9a7 7 0 1 1 0 14a7 7 0 1 1 0-14zm0 4a3 3 0 1 0 0 6a3 3 0 1 0 0-6z'),
    price: 0.4412,
    percentChange24h: -2.05,
  },
  {
    id: 10,
    name: 'Toncoin',
    symbol: 'TON',
    logo: logo('#0088cc', 'M9 9h14l-7 14z'),
    price: 6.92,
    percentChange24h: 1.1,
  },
];

export interface WholeTableArgs extends Omit<
  CoinTableRootProps,
  'children' | 'css' | 'as' | 'asChild'
> {
  columnLabels: CoinTableHeaderProps['labels'];
  actionText: CoinTableActionProps['text'];
  getActionLabel: CoinTableActionProps['getLabel'];
  emptyState?: ReactNode;
  errorState?: ReactNode;
  skeletonRows?: number;
}

/** The whole table as the add-coin dialog writes it: the header, and every cell of each row. The tests render it too. */
export function WholeTable({
  columnLabels,
  actionText,
  getActionLabel,
  emptyState,
  errorState,
  skeletonRows,
  ...root
}: WholeTableArgs) {
  return (
    <CoinTable.Root {...root}>
      <CoinTable.Header labels={columnLabels} />
      <CoinTable.Body emptyState={emptyState} errorState={errorState} skeletonRows={skeletonRows}>
        {(coin) => (
          <CoinTable.Row coin={coin}>
            <CoinTable.Name />
            <CoinTable.Price />
            <CoinTable.Change />
            <CoinTable.Action text={actionText} getLabel={getActionLabel} />
          </CoinTable.Row>
        )}
      </CoinTable.Body>
    </CoinTable.Root>
  );
}

const meta = {
  title: 'Data/CoinTable',
  component: CoinTable.Root,
  subcomponents: {
    'CoinTable.Header': CoinTable.Header,
    'CoinTable.Body': CoinTable.Body,
    'CoinTable.Row': CoinTable.Row,
    'CoinTable.Name': CoinTable.Name,
    'CoinTable.Price': CoinTable.Price,
    'CoinTable.Change': CoinTable.Change,
    'CoinTable.Action': CoinTable.Action,
  },
  excludeStories: ['WholeTable'],
  render: (args) => <WholeTable {...args} />,
  args: {
    coins,
    label: 'Cryptocurrencies',
    columnLabels: { name: 'Name', price: 'Price', change: '24h change', action: 'Add' },
    getActionLabel: ({ coin, state }) =>
      ({
        add: `Add ${coin.name}`,
        selected: `Added ${coin.name}`,
        followed: `Following ${coin.name}`,
      })[state],
    actionText: { add: 'Add', selected: 'Added', followed: 'Following' },
    onSelectionChange: fn(),
    onLimitExceeded: fn(),
    locale: 'en',
    loadingLabel: 'Loading coins',
    unavailableLabel: 'n/a',
    maxH: '20rem',
    maxW: '36rem',
  },
  argTypes: {
    status: { control: 'inline-radio', options: ['ready', 'loading', 'error'] },
    size: { control: 'inline-radio', options: ['sm', 'md'] },
    locale: { control: 'inline-radio', options: ['en', 'zh', 'pt-br'] },
    limit: { control: { type: 'number', min: 0, max: 10 } },
  },
} satisfies Meta<WholeTableArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const table = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('table', { name: 'Cryptocurrencies' });

export const Playground: Story = {
  args: { defaultSelectedIds: [1], disabledIds: [2] },
};

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(table(canvasElement));
    await expect(canvas.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Price',
      '24h change',
      'Add',
    ]);
    const bitcoin = canvas.getByRole('row', { name: /Bitcoin BTC/ });
    await expect(within(bitcoin).getByRole('rowheader')).toHaveTextContent('Bitcoin BTC');
    await expect(within(bitcoin).getByText('$64,231.50')).toBeInTheDocument();
    const change = within(within(bitcoin).getAllByRole('cell')[1]!);
    await expect(change.getByText('+2.35%')).toHaveAttribute('data-trend', 'up');

    const add = canvas.getByRole('button', { name: 'Add Bitcoin', pressed: false });
    await userEvent.click(add);
    await expect(args.onSelectionChange).toHaveBeenCalledWith({ ids: [1] });
    await expect(canvas.getByRole('button', { name: 'Added Bitcoin' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(bitcoin).toHaveAttribute('data-selected');
  },
};

export const Selected: Story = {
  args: { selectedIds: [1, 5] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(table(canvasElement));
    const pressed = canvas.getAllByRole('button', { pressed: true });
    await expect(pressed.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Added Bitcoin',
      'Added Solana',
    ]);
    await expect(canvas.getByRole('row', { name: /Solana SOL/ })).toHaveAttribute('data-selected');
    await userEvent.click(canvas.getByRole('button', { name: 'Added Solana' }));
    await expect(args.onSelectionChange).toHaveBeenCalledWith({ ids: [1] });
  },
};

export const AlreadyFollowed: Story = {
  args: { disabledIds: [1, 2] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(table(canvasElement));
    const following = canvas.getByRole('button', { name: 'Following Bitcoin' });
    await expect(following).toBeDisabled();
    await expect(following).not.toHaveAttribute('aria-pressed');
    await expect(following).toHaveTextContent('Following');
    await expect(canvas.getByRole('row', { name: /Bitcoin BTC/ })).toHaveAttribute('data-disabled');
    await userEvent.click(following);
    await expect(args.onSelectionChange).not.toHaveBeenCalled();
  },
};

export const LimitReached: Story = {
  args: { selectedIds: [1, 2, 3, 4, 5] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(table(canvasElement));
    await expect(canvas.getAllByRole('button', { pressed: true })).toHaveLength(5);
    await userEvent.click(canvas.getByRole('button', { name: 'Add XRP' }));
    await expect(args.onLimitExceeded).toHaveBeenCalledTimes(1);
    await expect(args.onLimitExceeded).toHaveBeenCalledWith({ limit: 5, id: 6 });
    await expect(args.onSelectionChange).not.toHaveBeenCalled();
    await expect(canvas.getByRole('button', { name: 'Add XRP' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(canvas.getAllByRole('button', { pressed: true })).toHaveLength(5);
  },
};

export const KeyboardToggle: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(table(canvasElement));
    canvas.getByRole('button', { name: 'Add Bitcoin' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    const ethereum = canvas.getByRole('button', { name: 'Add Ethereum' });
    await expect(ethereum).toHaveFocus();

    await userEvent.keyboard(' ');
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith({ ids: [2] });
    await expect(ethereum).toHaveAttribute('aria-pressed', 'true');
    await expect(ethereum).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith({ ids: [] });
    await expect(ethereum).toHaveAttribute('aria-pressed', 'false');

    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('button', { name: 'Add Toncoin' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(canvas.getByRole('button', { name: 'Add Bitcoin' })).toHaveFocus();
  },
};

export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvasElement }) => {
    const loading = table(canvasElement);
    await expect(loading).toHaveAttribute('aria-busy', 'true');
    await expect(within(loading).queryAllByRole('button')).toHaveLength(0);
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading coins');
  },
};

// The empty and error states are the caller's nodes; they are passed in render, not as args,
// because a React element is not a serialisable arg.
function NoMatch() {
  return (
    <Stack gap="1" align="center">
      <chakra.p color="fg.default" fontWeight="medium">
        No coins match “dogwifhat”
      </chakra.p>
      <chakra.p color="fg.muted" fontSize="xs">
        Check the spelling or search by ticker, e.g. BTC.
      </chakra.p>
    </Stack>
  );
}

function LoadFailed() {
  return (
    <Stack gap="3" align="center">
      <chakra.p role="alert" color="fg.default">
        The coin list could not be loaded.
      </chakra.p>
      <chakra.button
        type="button"
        px="3"
        h="8"
        borderRadius="md"
        bg="accent.solid"
        color="fg.onAccent"
        fontSize="sm"
        fontWeight="medium"
        cursor="pointer"
      >
        Try again
      </chakra.button>
    </Stack>
  );
}

export const Empty: Story = {
  args: { coins: [] },
  render: (args) => <WholeTable {...args} emptyState={<NoMatch />} />,
  play: async ({ canvasElement }) => {
    const canvas = within(table(canvasElement));
    await expect(canvas.getByText('No coins match “dogwifhat”')).toBeVisible();
    await expect(canvas.queryAllByRole('button')).toHaveLength(0);
    await expect(table(canvasElement).parentElement).toHaveAttribute('data-status', 'empty');
  },
};

// Named after the state; the export shadows the global Error in this module only.
export const Error: Story = {
  args: { status: 'error' },
  render: (args) => <WholeTable {...args} errorState={<LoadFailed />} />,
  play: async ({ canvasElement }) => {
    const canvas = within(table(canvasElement));
    await expect(canvas.getByRole('alert')).toHaveTextContent('The coin list could not be loaded.');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expect(canvas.queryByRole('row', { name: /Bitcoin/ })).not.toBeInTheDocument();
    await expect(table(canvasElement).parentElement).toHaveAttribute('data-status', 'error');
  },
};

export const MissingLogo: Story = {
  args: {
    coins: [
      { ...coins[0]!, logo: undefined },
      { ...coins[1]!, logo: '' },
      { id: 42, name: 'Obscure Token', symbol: 'obs', price: null, percentChange24h: null },
      coins[2]!,
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(table(canvasElement));
    for (const [name, monogram] of [
      [/Bitcoin BTC/, 'B'],
      [/Ethereum ETH/, 'E'],
      [/Obscure Token/, 'O'],
    ] as const) {
      const row = within(canvas.getByRole('row', { name }));
      await expect(row.getByText(monogram)).toHaveAttribute('aria-hidden', 'true');
    }
    const obscure = within(canvas.getByRole('row', { name: /Obscure Token/ }));
    const [price, change] = obscure.getAllByRole('cell');
    await expect(price).toHaveTextContent(/^n\/a/);
    await expect(change).toHaveTextContent('n/a');
  },
};

export const Compact: Story = {
  args: { size: 'sm', selectedIds: [3] },
  play: async ({ canvasElement }) => {
    await expect(within(table(canvasElement)).getAllByRole('row')).toHaveLength(coins.length + 1);
  },
};

/**
 * As wide as a dialog on a 320 px phone: the change column folds under the price and the add
 * buttons show their icon alone, still named "Add Bitcoin".
 */
export const Narrow: Story = {
  args: { maxW: '18rem', selectedIds: [2] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(table(canvasElement));
    const bitcoin = canvas.getByRole('row', { name: /Bitcoin BTC/ });
    const add = within(bitcoin).getByRole('button', { name: 'Add Bitcoin', pressed: false });
    await expect(table(canvasElement).getBoundingClientRect().width).toBeLessThanOrEqual(288);
    await expect(canvas.queryByRole('columnheader', { name: '24h change' })).toBeNull();
    const [price] = within(bitcoin).getAllByRole('cell');
    await expect(within(price!).getByText('+2.35%')).toBeVisible();
    // The label is read out but takes no room: the button is the icon's size.
    await expect(within(add).getByText('Add').getBoundingClientRect().width).toBeLessThanOrEqual(1);
    await expect(add.getBoundingClientRect().width).toBeLessThanOrEqual(44);
    // Nothing is cut off: the table fits its box without scrolling sideways.
    const root = table(canvasElement).parentElement!;
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth);
    await userEvent.click(add);
    await expect(args.onSelectionChange).toHaveBeenCalledWith({ ids: [2, 1] });
  },
};
