import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import type * as ReactDOMServer from 'react-dom/server';
import { CoinlensProvider } from '../../provider';
import {
  MarketTable,
  nextSort,
  type MarketTableProps,
  type MarketTableRow,
  type MarketTableSort,
} from './MarketTable';
import { marketTableRecipe } from './MarketTable.recipe';
import { LABELS, makeRows, PHONE_COLUMNS } from './MarketTable.stories';

// Node's build of the server renderer: jsdom's globals lack the TextEncoder the browser build needs.
const { renderToString: serverHtml } =
  jest.requireActual<typeof ReactDOMServer>('react-dom/server.node');

const ROWS = makeRows(10);
const MANY = makeRows(250);

function renderTable(props: Partial<MarketTableProps> = {}) {
  const onSortChange = jest.fn();
  const view = render(
    <CoinlensProvider>
      <MarketTable
        label="Prices"
        rows={ROWS}
        locale="en"
        status="ready"
        sort="rank"
        order="asc"
        onSortChange={onSortChange}
        labels={LABELS.en}
        {...props}
      />
    </CoinlensProvider>,
  );
  return { ...view, onSortChange };
}

/** The rows of coins drawn now (the header row, spacers and placeholders left out). */
const coinRows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .filter((row) => within(row).queryByRole('rowheader'));

/** Scrolls jsdom's window (which lays nothing out) to `y` and tells the page. */
function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  fireEvent.scroll(window);
}

beforeEach(() => {
  // jsdom has no scrolling: the virtualizer puts the window where it already is on mount.
  jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
  // Nor layout: the table's body is at the top of the page, and moves up as the window scrolls.
  jest
    .spyOn(HTMLTableSectionElement.prototype, 'getBoundingClientRect')
    .mockImplementation(() =>
      DOMRect.fromRect({ x: 0, y: -window.scrollY, width: 1024, height: 0 }),
    );
});

afterEach(() => {
  scrollWindowTo(0);
  jest.restoreAllMocks();
});

describe('nextSort', () => {
  it.each<[MarketTableSort, MarketTableSort, 'asc' | 'desc', 'asc' | 'desc']>([
    ['price', 'rank', 'asc', 'desc'],
    ['change1h', 'rank', 'asc', 'desc'],
    ['change24h', 'price', 'desc', 'desc'],
    ['change7d', 'rank', 'asc', 'desc'],
    ['marketCap', 'name', 'asc', 'desc'],
    ['volume24h', 'rank', 'asc', 'desc'],
    ['rank', 'price', 'desc', 'asc'],
    ['name', 'price', 'asc', 'asc'],
  ])('first press on %s (sorted by %s %s) sorts it %s', (column, sort, order, expected) => {
    expect(nextSort(column, { sort, order })).toEqual({ sort: column, order: expected });
  });

  it.each<[MarketTableSort, 'asc' | 'desc', 'asc' | 'desc']>([
    ['price', 'desc', 'asc'],
    ['price', 'asc', 'desc'],
    ['rank', 'asc', 'desc'],
    ['name', 'desc', 'asc'],
  ])('a second press on %s (%s) turns it to %s', (column, order, expected) => {
    expect(nextSort(column, { sort: column, order })).toEqual({ sort: column, order: expected });
  });
});

describe('MarketTable', () => {
  it('heads each row with the coin and shows its figures in the locale', () => {
    renderTable({ locale: 'pt-br' });
    const bitcoin = screen.getByRole('row', { name: /Bitcoin BTC/ });
    expect(within(bitcoin).getByRole('rowheader')).toHaveAttribute('scope', 'row');
    // Intl writes no-break spaces there; the queries read every space as a plain one.
    expect(within(bitcoin).getByText('$ 64.231,50')).toBeInTheDocument();
    const [, , , bitcoin24h] = within(bitcoin).getAllByRole('cell');
    expect(within(bitcoin24h!).getByText('+2,35%')).toHaveAttribute('data-trend', 'up');
    expect(within(bitcoin).getByText('$ 1,27 tri').textContent).toBe('$\u00a01,27\u00a0tri');
    expect(within(bitcoin).getByText('$ 32,40 bi')).toBeInTheDocument();
    const ethereum = screen.getByRole('row', { name: /Ethereum ETH/ });
    const [, , , ethereum24h] = within(ethereum).getAllByRole('cell');
    expect(within(ethereum24h!).getByText('-1,20%')).toHaveAttribute('data-trend', 'down');
  });

  it('marks the sorted column with aria-sort and every other sortable one with none', () => {
    renderTable({ sort: 'change7d', order: 'desc' });
    const sorts = Object.fromEntries(
      screen
        .getAllByRole('columnheader')
        .map((header) => [header.textContent, header.getAttribute('aria-sort')]),
    );
    expect(sorts).toEqual({
      '#': 'none',
      Name: 'none',
      Price: 'none',
      '1h': 'none',
      '24h': 'none',
      '7d': 'descending',
      'Market cap': 'none',
      'Volume (24h)': 'none',
      'Last 7 days': null,
    });
    // Only the sorted column shows the arrow (hidden from screen readers: aria-sort says it).
    const arrows = screen
      .getAllByRole('columnheader')
      // eslint-disable-next-line testing-library/no-node-access
      .filter((header) => within(header).queryByRole('button')?.querySelector('svg'));
    expect(arrows.map((header) => header.textContent)).toEqual(['7d']);
  });

  it('gives the sparkline and action columns no sort button', () => {
    renderTable({ renderAction: () => <button type="button">Follow</button> });
    expect(screen.queryByRole('button', { name: 'Last 7 days' })).toBeNull();
    const action = screen.getByRole('columnheader', { name: 'Follow' });
    expect(action).not.toHaveAttribute('aria-sort');
    expect(within(action).queryByRole('button')).toBeNull();
  });

  it('shows the columns asked for, in their order, and the action only with something in it', () => {
    const { rerender } = renderTable({ columns: PHONE_COLUMNS });
    const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers()).toEqual(['#', 'Name', 'Price', '24h']);
    const props = {
      label: 'Prices',
      rows: ROWS,
      locale: 'en',
      status: 'ready' as const,
      sort: 'rank' as const,
      order: 'asc' as const,
      onSortChange: () => {},
      labels: LABELS.en,
    };
    rerender(
      <CoinlensProvider>
        <MarketTable
          {...props}
          columns={PHONE_COLUMNS}
          renderAction={(row) => <button type="button">Follow {row.name}</button>}
        />
      </CoinlensProvider>,
    );
    expect(headers()).toEqual(['#', 'Name', 'Price', '24h', 'Follow']);
    expect(screen.getByRole('button', { name: 'Follow Bitcoin' })).toBeInTheDocument();
    // Every row needs its header: a list without the name gets it first.
    rerender(
      <CoinlensProvider>
        <MarketTable {...props} columns={['price', 'change24h']} />
      </CoinlensProvider>,
    );
    expect(headers()).toEqual(['Name', 'Price', '24h']);
  });

  it('puts the name cell content in the caller’s link and hover texts on the price and changes', () => {
    renderTable({
      renderName: (row, content) => <a href={`/coins/${row.id}`}>{content}</a>,
      getFigureTitle: (row) => `CoinGecko, ${row.symbol}`,
    });
    const bitcoin = within(screen.getByRole('row', { name: /Bitcoin BTC/ }));
    expect(bitcoin.getByRole('link', { name: 'Bitcoin BTC' })).toHaveAttribute('href', '/coins/1');
    const [rank, price, h1, h24, d7, cap] = bitcoin.getAllByRole('cell');
    for (const cell of [price, h1, h24, d7])
      expect(cell).toHaveAttribute('title', 'CoinGecko, BTC');
    for (const cell of [rank, cap]) expect(cell).not.toHaveAttribute('title');
  });

  it('shows the unavailable label for a figure that is null or not a number', () => {
    const row: MarketTableRow = {
      ...ROWS[0]!,
      percentChange1h: null,
      percentChange7d: null,
      marketCap: Number.NaN,
      volume24h: Number.POSITIVE_INFINITY,
      price: Number.NaN,
      sparkline: [],
    };
    renderTable({ rows: [row], labels: { ...LABELS.en, unavailable: 'n/a' } });
    const [, price, h1, , d7, cap, volume, sparkline] = within(
      screen.getByRole('row', { name: /Bitcoin/ }),
    ).getAllByRole('cell');
    for (const cell of [price, h1, d7, cap, volume, sparkline])
      expect(cell).toHaveTextContent('n/a');
  });

  it('draws a placeholder while a sparkline loads, and names the picture once it is in', () => {
    const { rerender } = renderTable({ rows: [{ ...ROWS[0]!, sparkline: undefined }] });
    expect(screen.queryByRole('img')).toBeNull();
    rerender(
      <CoinlensProvider>
        <MarketTable
          label="Prices"
          rows={[ROWS[0]!]}
          locale="en"
          status="ready"
          sort="rank"
          order="asc"
          onSortChange={() => {}}
          labels={LABELS.en}
        />
      </CoinlensProvider>,
    );
    expect(screen.getByRole('img', { name: 'Bitcoin, 7 days: up 4.2 %' })).toHaveAttribute(
      'data-tone',
      'up',
    );
  });

  it('draws only the rows near the screen out of 250, and says how many there are', () => {
    renderTable({ rows: MANY });
    const table = screen.getByRole('table');
    expect(table).toHaveAttribute('aria-rowcount', '251');
    const drawn = coinRows();
    // jsdom's window is 768 px tall: 14 rows of 56 px, and a few beyond its edge.
    expect(drawn.length).toBeGreaterThan(10);
    expect(drawn.length).toBeLessThan(40);
    expect(drawn.map((row) => row.getAttribute('aria-rowindex'))).toEqual(
      drawn.map((_, index) => String(index + 2)),
    );
    // The rows not drawn keep their room, so the page is as tall as the list.
    const [after] = Array.from(
      table.querySelectorAll<HTMLElement>('[data-part="spacer"] td'), // eslint-disable-line testing-library/no-node-access
    );
    expect(after!.style.getPropertyValue('--cl-market-table-spacer')).toBe(
      `${(250 - drawn.length) * 56}px`,
    );
  });

  it('draws the rows where the window has scrolled to, between two spacers', () => {
    renderTable({ rows: MANY });
    act(() => scrollWindowTo(100 * 56));
    const drawn = coinRows();
    const first = Number(drawn[0]!.getAttribute('aria-rowindex'));
    expect(first).toBeGreaterThan(90);
    expect(first).toBeLessThanOrEqual(102);
    expect(drawn.length).toBeLessThan(40);
    expect(screen.queryByRole('row', { name: /Bitcoin/ })).toBeNull();
    // eslint-disable-next-line testing-library/no-node-access
    const spacers = screen.getByRole('table').querySelectorAll('[data-part="spacer"]');
    expect(spacers).toHaveLength(2);
    for (const spacer of spacers) expect(spacer).toHaveAttribute('aria-hidden', 'true');
  });

  it('does not draw a row again when the window scrolls, only the rows that come into view', () => {
    const renderAction = jest.fn((row: MarketTableRow) => (
      <button type="button">Follow {row.name}</button>
    ));
    renderTable({ rows: MANY, renderAction });
    const drawn = () => coinRows().map((row) => row.getAttribute('aria-rowindex'));
    const before = drawn();
    const calls = renderAction.mock.calls.length;
    act(() => scrollWindowTo(3 * 56));
    // Three rows came in at the bottom; the rows still on screen were not drawn again.
    const after = drawn();
    const added = after.filter((index) => !before.includes(index));
    expect(added).toHaveLength(3);
    expect(renderAction).toHaveBeenCalledTimes(calls + 3);
    expect(renderAction.mock.calls.slice(calls).map(([row]) => String(row.rank + 1))).toEqual(
      added,
    );
  });

  it('asks for more once the last rows come near, once, and again when more have come', () => {
    const onLoadMore = jest.fn();
    const { rerender } = renderTable({ rows: MANY.slice(0, 100), hasMore: true, onLoadMore });
    expect(onLoadMore).not.toHaveBeenCalled();
    act(() => scrollWindowTo(80 * 56));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    // Scrolling on at the end while nothing new came asks for nothing more.
    act(() => scrollWindowTo(82 * 56));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    const props = {
      label: 'Prices',
      locale: 'en',
      status: 'ready' as const,
      sort: 'rank' as const,
      order: 'asc' as const,
      onSortChange: () => {},
      labels: LABELS.en,
      hasMore: true,
      onLoadMore,
    };
    rerender(
      <CoinlensProvider>
        <MarketTable {...props} rows={MANY.slice(0, 100)} loadingMore />
      </CoinlensProvider>,
    );
    // While the next page loads, a loading row shows and the status says so.
    // eslint-disable-next-line testing-library/no-node-access
    expect(screen.getByRole('table').querySelector('[data-part="loading-more"]')).not.toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the market');
    rerender(
      <CoinlensProvider>
        <MarketTable {...props} rows={MANY.slice(0, 150)} />
      </CoinlensProvider>,
    );
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    act(() => scrollWindowTo(135 * 56));
    expect(onLoadMore).toHaveBeenCalledTimes(2);
    // Nothing more to come: the end asks for nothing.
    rerender(
      <CoinlensProvider>
        <MarketTable {...props} rows={MANY.slice(0, 150)} hasMore={false} />
      </CoinlensProvider>,
    );
    act(() => scrollWindowTo(140 * 56));
    expect(onLoadMore).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '151');
  });

  it('asks for nothing while a page is loading', () => {
    const onLoadMore = jest.fn();
    renderTable({ rows: ROWS, hasMore: true, loadingMore: true, onLoadMore });
    act(() => scrollWindowTo(200));
    expect(onLoadMore).not.toHaveBeenCalled();
  });

  it('lists a coin once when its id arrives twice', () => {
    renderTable({ rows: [...ROWS.slice(0, 3), ROWS[0]!] });
    expect(screen.getAllByRole('row', { name: /Bitcoin BTC/ })).toHaveLength(1);
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '4');
  });

  it('renders the first screenful of rows on a server, and the room of the others', () => {
    // The site's pages are built to HTML: the top of the list is in it before any script runs.
    // Modules here picked their layout effects for jsdom's document, which a real server lacks:
    // React's warning about them on a server is this test's own.
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const html = serverHtml(
      <CoinlensProvider>
        <MarketTable
          label="Prices"
          rows={MANY}
          locale="en"
          status="ready"
          sort="rank"
          order="asc"
          onSortChange={() => {}}
          labels={LABELS.en}
        />
      </CoinlensProvider>,
    );
    expect(html).toContain('aria-rowcount="251"');
    const indexes = [...html.matchAll(/aria-rowindex="(\d+)"/g)].map(([, index]) => Number(index));
    // The header, then the rows from the first: as many as a tall screen shows, and a few more.
    expect(indexes.slice(0, 4)).toEqual([1, 2, 3, 4]);
    expect(indexes.length).toBeGreaterThan(15);
    expect(indexes.length).toBeLessThan(40);
    expect(html).toMatch(/--cl-market-table-spacer:\s*\d+px/);
    const others = error.mock.calls.filter(
      ([message]) => !String(message).includes('useLayoutEffect does nothing on the server'),
    );
    expect(others).toEqual([]);
  });

  it('repeats the 24 h change under the price for a phone, only when the column is shown', () => {
    const { rerender } = renderTable({ columns: PHONE_COLUMNS });
    const priceCell = () =>
      within(screen.getByRole('row', { name: /Bitcoin/ })).getAllByRole('cell')[1]!;
    // Hidden by the stylesheet but at 21 rem and below, where the change column is.
    expect(within(priceCell()).getByText('+2.35%')).toHaveAttribute('data-part', 'stacked-change');
    rerender(
      <CoinlensProvider>
        <MarketTable
          label="Prices"
          rows={ROWS}
          locale="en"
          status="ready"
          sort="rank"
          order="asc"
          onSortChange={() => {}}
          labels={LABELS.en}
          columns={['rank', 'name', 'price']}
        />
      </CoinlensProvider>,
    );
    expect(priceCell()).toHaveTextContent(/^\$64,231\.50$/);
  });

  it('pulses its placeholders as one block, not bar by bar', () => {
    // Each element that pulses is an animation for the browser to run: a screenful of placeholder
    // rows is some 200 bars, and animating each kept the page's main thread busy as it loaded.
    // jsdom computes no animations, so the recipe's rules are matched against the table here.
    expect(marketTableRecipe.base?.skeleton).toMatchObject({ animationName: 'none' });
    const [pulsing] = Object.entries(marketTableRecipe.base?.table ?? {}).filter(
      ([, style]) => (style as { animationName?: string } | undefined)?.animationName === 'pulse',
    );
    const selector = pulsing![0].replaceAll('&', ':scope');
    const tableProps = {
      label: 'Prices',
      locale: 'en',
      sort: 'rank',
      order: 'asc',
      onSortChange: jest.fn(),
      labels: LABELS.en,
    } as const;
    const { rerender } = renderTable({ status: 'loading', rows: [] });
    const table = screen.getByRole('table');
    // eslint-disable-next-line testing-library/no-node-access -- the placeholders have no role
    expect(table.querySelectorAll('tbody [data-shape]').length).toBeGreaterThan(100);
    // eslint-disable-next-line testing-library/no-node-access -- the body has no role of its own
    expect([...table.querySelectorAll(selector)]).toEqual([table.querySelector('tbody')]);

    // Loading more: the one placeholder row pulses, the coins' rows do not.
    rerender(
      <CoinlensProvider>
        <MarketTable {...tableProps} rows={ROWS} status="ready" hasMore loadingMore />
      </CoinlensProvider>,
    );
    // eslint-disable-next-line testing-library/no-node-access -- the placeholder row is hidden
    const loadingMore = table.querySelector('[data-part="loading-more"]');
    // eslint-disable-next-line testing-library/no-node-access -- as above
    expect([...table.querySelectorAll(selector)]).toEqual([loadingMore]);
  });

  it('forwards its ref and passes other props to the root', () => {
    const ref = createRef<HTMLDivElement>();
    render(
      <CoinlensProvider>
        <MarketTable
          ref={ref}
          data-testid="market"
          label="Prices"
          rows={ROWS}
          locale="en"
          status="ready"
          sort="rank"
          order="asc"
          onSortChange={() => {}}
          labels={LABELS.en}
          footer="Prices from CoinGecko"
        />
      </CoinlensProvider>,
    );
    expect(ref.current).toBe(screen.getByTestId('market'));
    expect(ref.current).toHaveAttribute('data-status', 'ready');
    expect(within(ref.current!).getByText('Prices from CoinGecko')).toBeInTheDocument();
  });
});
