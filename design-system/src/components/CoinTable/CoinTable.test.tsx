import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { CoinlensProvider } from '../../provider';
import { CoinTable, type CoinTableRow } from './CoinTable';
import { WholeTable, type WholeTableArgs } from './CoinTable.stories';

const coin = (id: number, name: string, symbol: string, price = 10, change = 1): CoinTableRow => ({
  id,
  name,
  symbol,
  logo: `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E`,
  price,
  percentChange24h: change,
});

const coins = [
  coin(1, 'Bitcoin', 'BTC', 64231.5, 2.3456),
  coin(2, 'Ethereum', 'ETH', 3120.42, -1.2),
  coin(3, 'Tether', 'USDT', 1, 0),
  coin(4, 'BNB', 'BNB'),
  coin(5, 'Solana', 'SOL'),
  coin(6, 'XRP', 'XRP', 0.5234, 12.5),
  coin(7, 'Dogecoin', 'DOGE'),
];

/** The 24h change column's cell of a row (a narrow table repeats the change under the price). */
const changeCell = (row: HTMLElement) => within(within(row).getAllByRole('cell')[1]!);

describe('CoinTable', () => {
  it('lists each coin with its name, symbol, price and signed 24h change', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Coins' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Price', '24h change', 'Action']);
    const bitcoin = within(table).getByRole('row', { name: /Bitcoin BTC/ });
    expect(within(bitcoin).getByRole('rowheader')).toHaveTextContent('Bitcoin BTC');
    expect(within(bitcoin).getByText('$64,231.50')).toBeInTheDocument();
    expect(changeCell(bitcoin).getByText('+2.35%')).toHaveAttribute('data-trend', 'up');
    const ethereum = within(table).getByRole('row', { name: /Ethereum ETH/ });
    expect(changeCell(ethereum).getByText('-1.20%')).toHaveAttribute('data-trend', 'down');
    // One header row plus one row per coin.
    expect(within(table).getAllByRole('row')).toHaveLength(coins.length + 1);
  });

  it('formats prices and changes in the given locale', () => {
    renderTable({ locale: 'pt-br' });
    const bitcoin = screen.getByRole('row', { name: /Bitcoin BTC/ });
    expect(within(bitcoin).getByText('$ 64.231,50')).toBeInTheDocument();
    expect(changeCell(bitcoin).getByText('+2,35%')).toBeInTheDocument();
  });

  it('adds a coin and drops it again with the same toggle button', async () => {
    const user = userEvent.setup();
    const onSelectionChange = jest.fn();
    renderTable({ onSelectionChange });
    await user.click(screen.getByRole('button', { name: 'Add Bitcoin', pressed: false }));
    expect(onSelectionChange).toHaveBeenLastCalledWith({ ids: [1] });
    expect(screen.getByRole('row', { name: /Bitcoin BTC/ })).toHaveAttribute('data-selected');
    await user.click(screen.getByRole('button', { name: 'Added Bitcoin', pressed: true }));
    expect(onSelectionChange).toHaveBeenLastCalledWith({ ids: [] });
    expect(screen.getByRole('row', { name: /Bitcoin BTC/ })).not.toHaveAttribute('data-selected');
  });

  it('refuses a sixth coin and says why', async () => {
    const user = userEvent.setup();
    const onSelectionChange = jest.fn();
    const onLimitExceeded = jest.fn();
    renderTable({ defaultSelectedIds: [1, 2, 3, 4, 5], onSelectionChange, onLimitExceeded });
    await user.click(screen.getByRole('button', { name: 'Add XRP' }));
    expect(onLimitExceeded).toHaveBeenCalledTimes(1);
    expect(onLimitExceeded).toHaveBeenCalledWith({ limit: 5, id: 6 });
    expect(onSelectionChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Add XRP' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getAllByRole('button', { pressed: true })).toHaveLength(5);
  });

  it('still drops a coin from a full selection, which makes room for another', async () => {
    const user = userEvent.setup();
    const onSelectionChange = jest.fn();
    const onLimitExceeded = jest.fn();
    renderTable({ defaultSelectedIds: [1, 2, 3, 4, 5], onSelectionChange, onLimitExceeded });
    await user.click(screen.getByRole('button', { name: 'Added Ethereum' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith({ ids: [1, 3, 4, 5] });
    await user.click(screen.getByRole('button', { name: 'Add XRP' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith({ ids: [1, 3, 4, 5, 6] });
    expect(onLimitExceeded).not.toHaveBeenCalled();
  });

  it('applies a custom limit', async () => {
    const user = userEvent.setup();
    const onLimitExceeded = jest.fn();
    renderTable({ limit: 2, onLimitExceeded });
    await user.click(screen.getByRole('button', { name: 'Add Bitcoin' }));
    await user.click(screen.getByRole('button', { name: 'Add Ethereum' }));
    await user.click(screen.getByRole('button', { name: 'Add Tether' }));
    expect(onLimitExceeded).toHaveBeenCalledWith({ limit: 2, id: 3 });
    expect(screen.getAllByRole('button', { pressed: true })).toHaveLength(2);
  });

  it('counts selected coins that the current list does not show against the limit', async () => {
    const user = userEvent.setup();
    const onLimitExceeded = jest.fn();
    // Five coins picked before the search narrowed the list.
    renderTable({ selectedIds: [101, 102, 103, 104, 105], onLimitExceeded });
    await user.click(screen.getByRole('button', { name: 'Add Bitcoin' }));
    expect(onLimitExceeded).toHaveBeenCalledWith({ limit: 5, id: 1 });
  });

  it('marks coins at the limit as quieter but keeps them answering', () => {
    renderTable({ selectedIds: [1, 2, 3, 4, 5] });
    expect(screen.getByRole('button', { name: 'Add XRP' })).toHaveAttribute('data-limit-reached');
    expect(screen.getByRole('button', { name: 'Add XRP' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Added Bitcoin' })).not.toHaveAttribute(
      'data-limit-reached',
    );
  });

  it('keeps followed coins out of the selection and says they are followed', async () => {
    const user = userEvent.setup();
    const onSelectionChange = jest.fn();
    renderTable({ disabledIds: [2], defaultSelectedIds: [2], onSelectionChange });
    const following = screen.getByRole('button', { name: 'Following Ethereum' });
    expect(following).toBeDisabled();
    expect(following).toHaveTextContent('Following');
    expect(following).not.toHaveAttribute('aria-pressed');
    expect(screen.getByRole('row', { name: /Ethereum ETH/ })).toHaveAttribute('data-disabled');
    await user.click(following);
    expect(onSelectionChange).not.toHaveBeenCalled();
  });

  it('follows a controlled selection and only reports changes', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [ids, setIds] = useState<number[]>([3]);
      return (
        <>
          <WholeTable {...baseProps} selectedIds={ids} onSelectionChange={(d) => setIds(d.ids)} />
          <output>{ids.join(',')}</output>
          <button type="button" onClick={() => setIds([])}>
            Clear
          </button>
        </>
      );
    }
    render(
      <CoinlensProvider>
        <Controlled />
      </CoinlensProvider>,
    );
    expect(screen.getByRole('button', { name: 'Added Tether' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Add Bitcoin' }));
    expect(screen.getByRole('status')).toHaveTextContent('3,1');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryAllByRole('button', { pressed: true })).toHaveLength(0);
  });

  it('does not change a controlled selection the parent does not update', async () => {
    const user = userEvent.setup();
    const onSelectionChange = jest.fn();
    renderTable({ selectedIds: [], onSelectionChange });
    await user.click(screen.getByRole('button', { name: 'Add Bitcoin' }));
    expect(onSelectionChange).toHaveBeenCalledWith({ ids: [1] });
    expect(screen.getByRole('button', { name: 'Add Bitcoin' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('toggles with Space and Enter and moves between coins with the arrow keys', async () => {
    const user = userEvent.setup();
    const onSelectionChange = jest.fn();
    renderTable({ disabledIds: [2], onSelectionChange });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Add Bitcoin' })).toHaveFocus();
    // Ethereum is followed: the arrow skips it.
    await user.keyboard('{ArrowDown}');
    const tether = screen.getByRole('button', { name: 'Add Tether' });
    expect(tether).toHaveFocus();
    await user.keyboard(' ');
    expect(onSelectionChange).toHaveBeenLastCalledWith({ ids: [3] });
    expect(tether).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{Enter}');
    expect(onSelectionChange).toHaveBeenLastCalledWith({ ids: [] });
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('button', { name: 'Add Bitcoin' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('button', { name: 'Add Bitcoin' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Add Dogecoin' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Add Dogecoin' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('button', { name: 'Add Bitcoin' })).toHaveFocus();
  });

  it('shows placeholder rows and tells screen readers it is loading', () => {
    renderTable({ status: 'loading', loadingLabel: 'Loading coins', skeletonRows: 3 });
    const table = screen.getByRole('table', { name: 'Coins' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    // The placeholder rows are hidden from assistive technology: only the header row is read.
    expect(within(table).getAllByRole('row')).toHaveLength(1);
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(4);
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading coins');
  });

  it('clears the loading announcement once the coins are in', () => {
    const { rerender } = renderTable({ status: 'loading', loadingLabel: 'Loading coins' });
    rerender(
      <CoinlensProvider>
        <WholeTable {...baseProps} status="ready" loadingLabel="Loading coins" />
      </CoinlensProvider>,
    );
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('table', { name: 'Coins' })).not.toHaveAttribute('aria-busy');
  });

  it('shows the empty state in the table area when no coin matches', () => {
    renderTable({ coins: [], emptyState: <p>No coins match “zzz”</p> });
    const table = screen.getByRole('table', { name: 'Coins' });
    expect(within(table).getByText('No coins match “zzz”')).toBeInTheDocument();
    expect(within(table).getAllByRole('columnheader')).toHaveLength(4);
    expect(within(table).getByRole('cell')).toHaveAttribute('colspan', '4');
  });

  it('shows the error state instead of stale rows when loading failed', async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    renderTable({
      status: 'error',
      errorState: (
        <>
          <p>Could not load coins.</p>
          <button type="button" onClick={onRetry}>
            Retry
          </button>
        </>
      ),
    });
    expect(screen.getByText('Could not load coins.')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Bitcoin/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows a monogram when the logo is missing or fails to load', () => {
    renderTable({
      coins: [{ ...coins[0]!, logo: undefined }, coins[1]!, { ...coins[2]!, logo: '  ' }],
    });
    const bitcoin = within(screen.getByRole('row', { name: /Bitcoin/ }));
    expect(bitcoin.getByText('B')).toHaveAttribute('aria-hidden', 'true');
    expect(within(screen.getByRole('row', { name: /Tether/ })).getByText('U')).toBeInTheDocument();

    const ethereum = within(screen.getByRole('row', { name: /Ethereum/ }));
    // The logo is decorative (empty alt), so it has the presentation role.
    const logo = ethereum.getByRole('presentation');
    expect(logo).toHaveAttribute('alt', '');
    fireEvent.error(logo);
    expect(ethereum.queryByRole('presentation')).not.toBeInTheDocument();
    expect(ethereum.getByText('E')).toHaveAttribute('aria-hidden', 'true');
  });

  it('gives a new logo its own chance after an old one failed', () => {
    const broken = { ...coins[0]!, logo: 'https://example.invalid/btc.png' };
    const { rerender } = renderTable({ coins: [broken] });
    fireEvent.error(screen.getByRole('presentation'));
    expect(screen.queryByRole('presentation')).not.toBeInTheDocument();
    rerender(
      <CoinlensProvider>
        <WholeTable {...baseProps} coins={[coins[0]!]} />
      </CoinlensProvider>,
    );
    expect(screen.getByRole('presentation')).toHaveAttribute('src', coins[0]!.logo);
  });

  it('shows the unavailable label for a missing price or change', () => {
    renderTable({
      coins: [{ ...coins[0]!, price: null, percentChange24h: Number.NaN }],
      unavailableLabel: 'n/a',
    });
    const bitcoin = screen.getByRole('row', { name: /Bitcoin/ });
    expect(within(bitcoin).getAllByRole('cell')[0]).toHaveTextContent(/^n\/a/);
    expect(changeCell(bitcoin).getByText('n/a')).toBeInTheDocument();
  });

  it('lists a coin once when its id arrives twice', () => {
    renderTable({ coins: [coins[0]!, coins[1]!, { ...coins[0]!, name: 'Bitcoin again' }] });
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByText('Bitcoin again')).not.toBeInTheDocument();
  });

  it('forwards its ref and passes other props to the scrolling root', () => {
    const ref = createRef<HTMLDivElement>();
    render(
      <CoinlensProvider>
        <CoinTable.Root ref={ref} data-testid="coin-table" coins={coins} label="Coins">
          <CoinTable.Header labels={baseProps.columnLabels} />
        </CoinTable.Root>
      </CoinlensProvider>,
    );
    expect(ref.current).toBe(screen.getByTestId('coin-table'));
    expect(ref.current).toContainElement(screen.getByRole('table', { name: 'Coins' }));
    expect(ref.current).toHaveAttribute('data-status', 'ready');
  });

  it('lets a caller compose the cells it needs, and give a row its own attributes', () => {
    render(
      <CoinlensProvider>
        <CoinTable.Root coins={coins.slice(0, 2)} label="Coins" selectedIds={[2]}>
          <CoinTable.Body>
            {(coin) => (
              <CoinTable.Row coin={coin} data-rank={coin.id}>
                <CoinTable.Name />
                <CoinTable.Change />
              </CoinTable.Row>
            )}
          </CoinTable.Body>
        </CoinTable.Root>
      </CoinlensProvider>,
    );
    const ethereum = screen.getByRole('row', { name: /Ethereum ETH/ });
    expect(ethereum).toHaveAttribute('data-rank', '2');
    expect(ethereum).toHaveAttribute('data-selected');
    expect(within(ethereum).getByText('-1.20%')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says which part was put outside its root or row', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <CoinlensProvider>
          <CoinTable.Header labels={baseProps.columnLabels} />
        </CoinlensProvider>,
      ),
    ).toThrow('CoinTable.Header must be used inside CoinTable.Root.');
    expect(() =>
      render(
        <CoinlensProvider>
          <CoinTable.Root coins={coins} label="Coins">
            <tbody>
              <tr>
                <CoinTable.Price />
              </tr>
            </tbody>
          </CoinTable.Root>
        </CoinlensProvider>,
      ),
    ).toThrow('CoinTable.Price must be used inside CoinTable.Row.');
    jest.mocked(console.error).mockRestore();
  });
});

describe('CoinTable stories', () => {});

const baseProps: WholeTableArgs = {
  coins,
  label: 'Coins',
  columnLabels: { name: 'Name', price: 'Price', change: '24h change', action: 'Action' },
  getActionLabel: ({ coin: { name }, state }) =>
    ({ add: `Add ${name}`, selected: `Added ${name}`, followed: `Following ${name}` })[state],
  actionText: { add: 'Add', selected: 'Added', followed: 'Following' },
};

function renderTable(props: Partial<WholeTableArgs> = {}) {
  return render(
    <CoinlensProvider>
      <WholeTable {...baseProps} {...props} />
    </CoinlensProvider>,
  );
}
