import { Stack } from '@chakra-ui/react/stack';
import { chakra } from '@chakra-ui/react/styled-system';
import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, waitFor, within } from '@storybook/test';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import {
  MarketTable,
  type MarketTableColumn,
  type MarketTableLabels,
  type MarketTableProps,
  type MarketTableRow,
  type MarketTableSort,
} from './MarketTable';

/* ------------------------------------------------------------------------------------------------
 * Made-up market data: the same on every run, with no network, so screenshots hold.
 * ----------------------------------------------------------------------------------------------*/

/** A round logo as an inline SVG. */
const logo = (fill: string, mark: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="${fill}"/><path d="${mark}" fill="#fff"/></svg>`,
  )}`;

/** A small seeded random generator (mulberry32): made-up figures that are the same every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Hourly prices over 7 days that end at `price` and move by `change7d` percent in all: the week's
 * trend with a few slow swings about as large as the move itself, as a market's week looks.
 */
function sparklineOf(id: number, price: number, change7d: number): number[] {
  const random = seeded(id * 7919);
  const start = price / (1 + change7d / 100);
  const points = 168;
  const swing = Math.max(Math.abs(price - start), price * 0.004);
  const waves = [1, 2.3, 5.1].map((cycles) => ({ cycles, phase: random() * Math.PI * 2 }));
  return Array.from({ length: points }, (_, i) => {
    const t = i / (points - 1);
    const wave = waves.reduce(
      (sum, { cycles, phase }, k) => sum + Math.sin(t * cycles * Math.PI * 2 + phase) / (k + 1),
      0,
    );
    // Pinned at both ends, so the line starts and ends where the change says.
    return start + (price - start) * t + swing * 0.35 * wave * Math.sin(t * Math.PI);
  });
}

type Seed = [
  name: string,
  symbol: string,
  logo: string,
  price: number,
  c1h: number | null,
  c24h: number,
  c7d: number | null,
  cap: number,
  volume: number,
];

const SEEDS: Seed[] = [
  [
    'Bitcoin',
    'BTC',
    logo('#f7931a', 'M11 8h7a4 4 0 0 1 0 8h-7zM11 16h8a4 4 0 0 1 0 8h-8z'),
    64231.5,
    0.42,
    2.3456,
    4.2,
    1.265e12,
    32.4e9,
  ],
  [
    'Ethereum',
    'ETH',
    logo('#627eea', 'M16 5 24 16l-8 5-8-5zM16 23l8-5-8 9-8-9z'),
    3120.42,
    -0.18,
    -1.2,
    -3.61,
    374.9e9,
    15.1e9,
  ],
  [
    'Tether',
    'USDT',
    logo('#26a17b', 'M8 9h16v4h-6v11h-4V13H8z'),
    1.0002,
    0.01,
    0.004,
    0.02,
    112.3e9,
    48.7e9,
  ],
  [
    'BNB',
    'BNB',
    logo('#c99400', 'M16 7l4 4-4 4-4-4zM9 14l3 2-3 2-3-2zM23 14l3 2-3 2-3-2zM16 17l4 4-4 4-4-4z'),
    581.3,
    0.07,
    0.87,
    6.1,
    84.8e9,
    1.9e9,
  ],
  [
    'Solana',
    'SOL',
    logo('#7a3fe4', 'M9 10h14l-3 3H6zM6 15h14l3 3H9zM9 20h14l-3 3H6z'),
    142.77,
    -0.9,
    -4.561,
    -9.8,
    66.1e9,
    3.2e9,
  ],
  [
    'XRP',
    'XRP',
    logo('#23292f', 'M8 8h4l4 5 4-5h4l-6 7 6 7h-4l-4-5-4 5H8l6-7z'),
    0.5234,
    1.3,
    12.5,
    18.25,
    29.2e9,
    2.4e9,
  ],
  [
    'Dogecoin',
    'DOGE',
    logo('#b59a2a', 'M11 8h6a8 8 0 0 1 0 16h-6zm3 3v10h3a5 5 0 0 0 0-10z'),
    0.1234,
    null,
    -0.35,
    2.05,
    17.8e9,
    812.5e6,
  ],
  [
    'Shiba Inu',
    'SHIB',
    logo('#e0452a', 'M8 24V10l4-3 4 5 4-5 4 3v14z'),
    0.00001789,
    0.25,
    3.21,
    null,
    10.5e9,
    301.2e6,
  ],
  [
    'Cardano',
    'ADA',
    logo('#0033ad', 'M16 9a7 7 0 1 1 0 14a7 7 0 1 1 0-14zm0 4a3 3 0 1 0 0 6a3 3 0 1 0 0-6z'),
    0.4412,
    -0.05,
    -2.05,
    -1.1,
    15.6e9,
    402.8e6,
  ],
  ['Toncoin', 'TON', logo('#0088cc', 'M9 9h14l-7 14z'), 6.92, 0.6, 1.1, 3.3, 17.1e9, 251.9e6],
];

const SYLLABLES = [
  'ar',
  'bit',
  'co',
  'dex',
  'el',
  'fi',
  'gal',
  'hy',
  'io',
  'ka',
  'lum',
  'mo',
  'nex',
  'or',
  'pol',
  'qu',
  'ra',
  'sol',
  'ta',
  'vex',
];

/** `count` coins by rank: the ten above, then made-up ones with smaller and smaller caps. */
export function makeRows(count: number): MarketTableRow[] {
  const random = seeded(count);
  return Array.from({ length: count }, (_, index) => {
    const rank = index + 1;
    const seed = SEEDS[index];
    if (seed) {
      const [name, symbol, picture, price, c1h, c24h, c7d, cap, volume] = seed;
      return {
        id: rank,
        name,
        symbol,
        logo: picture,
        rank,
        price,
        percentChange1h: c1h,
        percentChange24h: c24h,
        percentChange7d: c7d,
        marketCap: cap,
        volume24h: volume,
        sparkline: c7d === null ? [] : sparklineOf(rank, price, c7d),
      };
    }
    const syllable = () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]!;
    const name = `${syllable()}${syllable()}${syllable()}`.replace(/^./, (c) => c.toUpperCase());
    const price = Math.round(10 ** (random() * 6 - 3) * 10000) / 10000;
    const c7d = Math.round((random() - 0.45) * 4000) / 100;
    return {
      id: rank,
      name: `${name} ${rank}`,
      symbol: `${name.slice(0, 3).toUpperCase()}${rank}`,
      logo: '',
      rank,
      price,
      percentChange1h: Math.round((random() - 0.5) * 400) / 100,
      percentChange24h: Math.round((random() - 0.5) * 1600) / 100,
      percentChange7d: c7d,
      marketCap: 9e9 / rank ** 1.2,
      volume24h: (9e9 / rank ** 1.2) * (0.02 + random() * 0.1),
      sparkline: sparklineOf(rank, price, c7d),
    };
  });
}

const ROWS = makeRows(10);
const MANY_ROWS = makeRows(250);

/** The caller's sort (the API sorts the real list): a figure nobody knows goes last either way. */
export function sortRows(
  rows: readonly MarketTableRow[],
  sort: MarketTableSort,
  order: 'asc' | 'desc',
): MarketTableRow[] {
  const valueOf = (row: MarketTableRow): number | string | null =>
    ({
      rank: row.rank,
      name: row.name,
      price: row.price,
      change1h: row.percentChange1h,
      change24h: row.percentChange24h,
      change7d: row.percentChange7d,
      marketCap: row.marketCap,
      volume24h: row.volume24h,
    })[sort];
  const direction = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = valueOf(a);
    const y = valueOf(b);
    if (x === null || y === null) return x === y ? a.rank - b.rank : x === null ? 1 : -1;
    if (typeof x === 'string' && typeof y === 'string') return direction * x.localeCompare(y);
    return direction * ((x as number) - (y as number)) || a.rank - b.rank;
  });
}

/* ------------------------------------------------------------------------------------------------
 * Texts in the site's three languages
 * ----------------------------------------------------------------------------------------------*/

const percent = (value: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(Math.abs(value));

export const LABELS: Record<'en' | 'zh' | 'pt-br', MarketTableLabels> = {
  en: {
    rank: '#',
    name: 'Name',
    price: 'Price',
    change1h: '1h',
    change24h: '24h',
    change7d: '7d',
    marketCap: 'Market cap',
    volume24h: 'Volume (24h)',
    sparkline: 'Last 7 days',
    action: 'Follow',
    loading: 'Loading the market',
    unavailable: '—',
    sparklineLabel: (row) =>
      row.percentChange7d === null
        ? `${row.name}, 7 days`
        : `${row.name}, 7 days: ${row.percentChange7d >= 0 ? 'up' : 'down'} ${percent(row.percentChange7d, 'en')} %`,
  },
  zh: {
    rank: '#',
    name: '名称',
    price: '价格',
    change1h: '1小时',
    change24h: '24小时',
    change7d: '7天',
    marketCap: '市值',
    volume24h: '24小时成交量',
    sparkline: '最近7天',
    action: '关注',
    loading: '正在加载行情',
    unavailable: '—',
    sparklineLabel: (row) =>
      row.percentChange7d === null
        ? `${row.name},7天`
        : `${row.name},7天:${row.percentChange7d >= 0 ? '上涨' : '下跌'} ${percent(row.percentChange7d, 'zh')}%`,
  },
  'pt-br': {
    rank: '#',
    name: 'Nome',
    price: 'Preço',
    change1h: '1h',
    change24h: '24h',
    change7d: '7d',
    marketCap: 'Capitalização',
    volume24h: 'Volume (24h)',
    sparkline: 'Últimos 7 dias',
    action: 'Seguir',
    loading: 'Carregando o mercado',
    unavailable: '—',
    sparklineLabel: (row) =>
      row.percentChange7d === null
        ? `${row.name}, 7 dias`
        : `${row.name}, 7 dias: ${row.percentChange7d >= 0 ? 'alta' : 'queda'} de ${percent(row.percentChange7d, 'pt-br')} %`,
  },
};

const TABLE_LABEL = {
  en: 'Cryptocurrency prices',
  zh: '加密货币价格',
  'pt-br': 'Preços de criptomoedas',
};

/** The phone's columns, as the site passes them. */
export const PHONE_COLUMNS: readonly MarketTableColumn[] = [
  'rank',
  'name',
  'price',
  'change24h',
  'action',
];

/* ------------------------------------------------------------------------------------------------
 * What the site puts in the slots: a link to the coin's page and a Follow toggle
 * ----------------------------------------------------------------------------------------------*/

const coinPath = (row: MarketTableRow) => `/coins/${row.symbol.toLowerCase()}`;

function CoinLink({ row, children }: { row: MarketTableRow; children: ReactNode }) {
  return (
    <chakra.a
      href={coinPath(row)}
      color="inherit"
      textDecoration="none"
      borderRadius="sm"
      _hover={{ color: 'accent.fg' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' }}
    >
      {children}
    </chakra.a>
  );
}

function FollowButton({
  row,
  followed,
  onToggle,
  label,
}: {
  row: MarketTableRow;
  followed: boolean;
  onToggle: (row: MarketTableRow) => void;
  label: string;
}) {
  return (
    <chakra.button
      type="button"
      aria-label={`${label} ${row.name}`}
      aria-pressed={followed}
      onClick={() => onToggle(row)}
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      width="8"
      height="8"
      borderRadius="full"
      bg="transparent"
      color={followed ? 'accent.fg' : 'fg.subtle'}
      cursor="pointer"
      _hover={{ color: 'accent.fg', bg: 'bg.subtle' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' }}
    >
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <path
          d="m8 1.9 1.85 3.9 4.25.55-3.1 2.95.78 4.2L8 11.45 4.22 13.5 5 9.3 1.9 6.35l4.25-.55z"
          fill={followed ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.3"
          strokeLinejoin="round"
        />
      </svg>
    </chakra.button>
  );
}

/* ------------------------------------------------------------------------------------------------
 * The caller: it keeps the sort, sorts the rows, and loads pages
 * ----------------------------------------------------------------------------------------------*/

export interface MarketTableDemoProps extends MarketTableProps {
  /** Sorts `rows` by the current sort, as the API would (off: the rows' order is shown as is). */
  sortLocally?: boolean;
  /** Shows the link and Follow slots (and hover texts on the figures). */
  withSlots?: boolean;
  /** Coins followed from the start. */
  followedIds?: number[];
  /** Called with a coin whose Follow toggle was pressed. */
  onFollowChange?: (details: { id: number; followed: boolean }) => void;
  /** Loads rows a page at a time: the first `pageSize` of `rows`, then the next after `delay` ms. */
  pageSize?: number;
  delay?: number;
}

/** The table as the market page drives it. The tests render it too. */
export function MarketTableDemo({
  sortLocally = true,
  withSlots = false,
  followedIds = [],
  onFollowChange,
  pageSize,
  delay = 150,
  rows,
  sort: initialSort,
  order: initialOrder,
  onSortChange,
  onLoadMore,
  hasMore: hasMoreArg,
  loadingMore: loadingMoreArg,
  ...props
}: MarketTableDemoProps) {
  const [{ sort, order }, setSort] = useState({ sort: initialSort, order: initialOrder });
  const [followed, setFollowed] = useState(() => new Set(followedIds));
  const [loaded, setLoaded] = useState(pageSize ?? rows.length);
  const [loadingMore, setLoadingMore] = useState(false);
  const sorted = useMemo(
    () => (sortLocally ? sortRows(rows, sort, order) : [...rows]).slice(0, loaded),
    [rows, sort, order, sortLocally, loaded],
  );
  const loadMore = useCallback(() => {
    onLoadMore?.();
    if (pageSize === undefined) return;
    setLoadingMore(true);
    setTimeout(() => {
      setLoaded((current) => current + pageSize);
      setLoadingMore(false);
    }, delay);
  }, [onLoadMore, pageSize, delay]);
  const toggle = useCallback(
    (row: MarketTableRow) => {
      setFollowed((current) => {
        const next = new Set(current);
        if (next.has(row.id)) next.delete(row.id);
        else next.add(row.id);
        onFollowChange?.({ id: row.id, followed: next.has(row.id) });
        return next;
      });
    },
    [onFollowChange],
  );
  return (
    <MarketTable
      {...props}
      rows={sorted}
      sort={sort}
      order={order}
      onSortChange={(details) => {
        onSortChange(details);
        setSort(details);
      }}
      hasMore={pageSize === undefined ? hasMoreArg : loaded < rows.length}
      loadingMore={pageSize === undefined ? loadingMoreArg : loadingMore}
      onLoadMore={loadMore}
      renderName={
        withSlots ? (row, content) => <CoinLink row={row}>{content}</CoinLink> : undefined
      }
      renderAction={
        withSlots
          ? (row) => (
              <FollowButton
                row={row}
                followed={followed.has(row.id)}
                onToggle={toggle}
                label={props.labels.action}
              />
            )
          : undefined
      }
      getFigureTitle={withSlots ? () => 'CoinGecko, updated 14:05 UTC' : props.getFigureTitle}
    />
  );
}

/* ------------------------------------------------------------------------------------------------
 * The stories
 * ----------------------------------------------------------------------------------------------*/

const meta = {
  title: 'Data/MarketTable',
  component: MarketTable,
  excludeStories: ['makeRows', 'sortRows', 'LABELS', 'PHONE_COLUMNS', 'MarketTableDemo'],
  render: (args) => <MarketTableDemo {...args} />,
  args: {
    label: TABLE_LABEL.en,
    rows: ROWS,
    locale: 'en',
    status: 'ready',
    sort: 'rank',
    order: 'asc',
    onSortChange: fn(),
    onLoadMore: fn(),
    onFollowChange: fn(),
    labels: LABELS.en,
    hasMore: false,
    loadingMore: false,
  },
  argTypes: {
    status: { control: 'inline-radio', options: ['ready', 'loading', 'error'] },
    locale: { control: 'inline-radio', options: ['en', 'zh', 'pt-br'] },
    sort: {
      control: 'select',
      options: [
        'rank',
        'name',
        'price',
        'change1h',
        'change24h',
        'change7d',
        'marketCap',
        'volume24h',
      ],
    },
    order: { control: 'inline-radio', options: ['asc', 'desc'] },
  },
} satisfies Meta<MarketTableDemoProps>;

export default meta;
type Story = StoryObj<typeof meta>;

const table = (canvasElement: HTMLElement, name = TABLE_LABEL.en) =>
  within(canvasElement).getByRole('table', { name });

/** The rows of coins (not the header row, nor the spacer and placeholder rows, which are hidden). */
const coinRows = (canvasElement: HTMLElement, name?: string) =>
  within(table(canvasElement, name)).getAllByRole('row').slice(1);

/** The row headers (name and ticker) of the coin rows, top to bottom. */
const headsInOrder = (canvasElement: HTMLElement, name?: string) =>
  coinRows(canvasElement, name).map((row) => within(row).getByRole('rowheader').textContent);

/** A row's cell of a column (a 320 px table repeats the 24 h change under the price). */
const cellIn = (row: HTMLElement, column: string) =>
  within(row.querySelector<HTMLElement>(`[data-column="${column}"]`)!);

const sortHeader = (canvasElement: HTMLElement, name: string) =>
  within(table(canvasElement)).getByRole('columnheader', { name });

export const Playground: Story = { args: { withSlots: true } };

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const grid = within(table(canvasElement));
    await expect(grid.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '#',
      'Name',
      'Price',
      '1h',
      '24h',
      '7d',
      'Market cap',
      'Volume (24h)',
      'Last 7 days',
    ]);
    const bitcoin = grid.getByRole('row', { name: /Bitcoin BTC/ });
    await expect(within(bitcoin).getByRole('rowheader')).toHaveTextContent('Bitcoin BTC');
    await expect(within(bitcoin).getByText('$64,231.50')).toBeInTheDocument();
    await expect(cellIn(bitcoin, 'change24h').getByText('+2.35%')).toHaveAttribute(
      'data-trend',
      'up',
    );
    await expect(within(bitcoin).getByText('$1.27T')).toBeInTheDocument();
    await expect(within(bitcoin).getByText('$32.40B')).toBeInTheDocument();
    await expect(
      within(bitcoin).getByRole('img', { name: 'Bitcoin, 7 days: up 4.2 %' }),
    ).toBeInTheDocument();
    await expect(table(canvasElement)).toHaveAttribute('aria-rowcount', '11');
    await expect(bitcoin).toHaveAttribute('aria-rowindex', '2');
    // Rank is sorted, top first; every other sortable column says it is not.
    await expect(sortHeader(canvasElement, '#')).toHaveAttribute('aria-sort', 'ascending');
    for (const name of ['Name', 'Price', '1h', '24h', '7d', 'Market cap', 'Volume (24h)']) {
      await expect(sortHeader(canvasElement, name)).toHaveAttribute('aria-sort', 'none');
    }
    await expect(sortHeader(canvasElement, 'Last 7 days')).not.toHaveAttribute('aria-sort');
    await expect(table(canvasElement).closest('[data-status]')).toHaveAttribute(
      'data-status',
      'ready',
    );
  },
};

export const Loading: Story = {
  args: { status: 'loading', rows: [] },
  play: async ({ canvasElement }) => {
    const loading = table(canvasElement);
    await expect(loading).toHaveAttribute('aria-busy', 'true');
    await expect(within(loading).queryAllByRole('rowheader')).toHaveLength(0);
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading the market');
    await expect(loading.closest('[data-status]')).toHaveAttribute('data-status', 'loading');
  },
};

/** The table loading until a press on the story's own button brings its rows. */
function RowsArriving(props: MarketTableDemoProps) {
  const [status, setStatus] = useState<MarketTableProps['status']>('loading');
  return (
    <Stack gap="3" align="start">
      <chakra.button type="button" onClick={() => setStatus('ready')} px="3" h="8">
        Bring the rows
      </chakra.button>
      <chakra.div alignSelf="stretch">
        <MarketTableDemo {...props} status={status} />
      </chakra.div>
    </Stack>
  );
}

/** Where each column header is, to the half pixel. */
const headerBoxes = (canvasElement: HTMLElement) =>
  within(table(canvasElement))
    .getAllByRole('columnheader')
    .map((header) => {
      const { left, width } = header.getBoundingClientRect();
      return `${header.dataset.column}: ${Math.round(left * 2) / 2} +${Math.round(width * 2) / 2}`;
    });

// Nothing moves when the figures replace the placeholders (no layout shift): the columns keep
// their places, and the placeholders fill a tall screen as the rows will, so nothing under the
// table shows and is then pushed away.
export const RowsArrive: Story = {
  render: (args) => <RowsArriving {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(table(canvasElement)).toHaveAttribute('aria-busy', 'true');
    // Measured in the page's own font: one that comes late moves everything by itself.
    await canvasElement.ownerDocument.fonts.ready;
    const before = headerBoxes(canvasElement);
    await expect(table(canvasElement).getBoundingClientRect().height).toBeGreaterThanOrEqual(1080);
    await userEvent.click(canvas.getByRole('button', { name: 'Bring the rows' }));
    await canvas.findByRole('rowheader', { name: /Bitcoin/ });
    await expect(headerBoxes(canvasElement).join('; ')).toBe(before.join('; '));
  },
};

// The empty and error states are the caller's nodes, passed in render: a React element is not a
// serialisable arg.
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
        The market could not be loaded.
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
  args: { rows: [] },
  render: (args) => <MarketTableDemo {...args} emptyState={<NoMatch />} />,
  play: async ({ canvasElement }) => {
    const empty = table(canvasElement);
    await expect(within(empty).getByText('No coins match “dogwifhat”')).toBeVisible();
    await expect(within(empty).queryAllByRole('rowheader')).toHaveLength(0);
    await expect(empty.closest('[data-status]')).toHaveAttribute('data-status', 'empty');
  },
};

// Named after the state; the export shadows the global Error in this module only.
export const Error: Story = {
  args: { status: 'error' },
  render: (args) => <MarketTableDemo {...args} errorState={<LoadFailed />} />,
  play: async ({ canvasElement }) => {
    const failed = table(canvasElement);
    await expect(within(failed).getByRole('alert')).toHaveTextContent(
      'The market could not be loaded.',
    );
    await expect(within(failed).queryByRole('row', { name: /Bitcoin/ })).not.toBeInTheDocument();
    await expect(failed.closest('[data-status]')).toHaveAttribute('data-status', 'error');
  },
};

export const LoadingMore: Story = {
  args: { hasMore: true, loadingMore: true },
  play: async ({ canvasElement, args }) => {
    const grid = table(canvasElement);
    // The loading row is drawn, hidden from screen readers, which hear the status instead.
    await expect(grid.querySelector('[data-part="loading-more"]')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading the market');
    // While more can come the total is unknown.
    await expect(grid).toHaveAttribute('aria-rowcount', '-1');
    await expect(grid).not.toHaveAttribute('aria-busy');
    await expect(args.onLoadMore).not.toHaveBeenCalled();
  },
};

export const MissingFigures: Story = {
  args: {
    rows: [
      { ...ROWS[0]!, sparkline: undefined },
      { ...ROWS[6]!, percentChange1h: null, sparkline: [] },
      { ...ROWS[7]!, percentChange7d: null, marketCap: Number.NaN, logo: '' },
    ],
  },
  play: async ({ canvasElement }) => {
    const grid = within(table(canvasElement));
    const cells = (name: RegExp) => within(grid.getByRole('row', { name })).getAllByRole('cell');
    // Cells: rank, price, 1h, 24h, 7d, market cap, volume, sparkline.
    await expect(cells(/Dogecoin/)[2]).toHaveTextContent('—');
    await expect(cells(/Dogecoin/)[7]).toHaveTextContent('—');
    await expect(cells(/Shiba Inu/)[4]).toHaveTextContent('—');
    await expect(cells(/Shiba Inu/)[5]).toHaveTextContent('—');
    // Bitcoin's sparkline is on its way: a placeholder, nothing read out yet.
    await expect(within(grid.getByRole('row', { name: /Bitcoin/ })).queryByRole('img')).toBeNull();
    await expect(
      within(grid.getByRole('row', { name: /Shiba Inu/ })).getByText('S'),
    ).toHaveAttribute('aria-hidden', 'true');
  },
};

/* Sorted by each kind of column: the caller sorts, the header says how. */

export const SortedByName: Story = {
  args: { sort: 'name', order: 'asc' },
  play: async ({ canvasElement }) => {
    await expect(sortHeader(canvasElement, 'Name')).toHaveAttribute('aria-sort', 'ascending');
    await expect(sortHeader(canvasElement, '#')).toHaveAttribute('aria-sort', 'none');
    await expect(headsInOrder(canvasElement).slice(0, 3)).toEqual([
      'Bitcoin BTC',
      'BNB BNB',
      'Cardano ADA',
    ]);
  },
};

export const SortedByPrice: Story = {
  args: { sort: 'price', order: 'desc' },
  play: async ({ canvasElement }) => {
    await expect(sortHeader(canvasElement, 'Price')).toHaveAttribute('aria-sort', 'descending');
    await expect(headsInOrder(canvasElement).slice(0, 3)).toEqual([
      'Bitcoin BTC',
      'Ethereum ETH',
      'BNB BNB',
    ]);
  },
};

export const SortedByChange: Story = {
  args: { sort: 'change24h', order: 'asc' },
  play: async ({ canvasElement }) => {
    await expect(sortHeader(canvasElement, '24h')).toHaveAttribute('aria-sort', 'ascending');
    await expect(headsInOrder(canvasElement).slice(0, 2)).toEqual(['Solana SOL', 'Cardano ADA']);
  },
};

export const SortedByMarketCap: Story = {
  args: { sort: 'marketCap', order: 'asc' },
  play: async ({ canvasElement }) => {
    await expect(sortHeader(canvasElement, 'Market cap')).toHaveAttribute('aria-sort', 'ascending');
    await expect(headsInOrder(canvasElement).slice(0, 2)).toEqual([
      'Shiba Inu SHIB',
      'Cardano ADA',
    ]);
  },
};

/* Interactions */

export const ClickToSort: Story = {
  play: async ({ canvasElement, args }) => {
    const grid = within(table(canvasElement));
    // A figure sorts high to low first.
    await userEvent.click(grid.getByRole('button', { name: 'Price' }));
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ sort: 'price', order: 'desc' });
    await expect(sortHeader(canvasElement, 'Price')).toHaveAttribute('aria-sort', 'descending');
    await expect(sortHeader(canvasElement, '#')).toHaveAttribute('aria-sort', 'none');
    await expect(headsInOrder(canvasElement)[0]).toBe('Bitcoin BTC');
    // A second press turns it around.
    await userEvent.click(grid.getByRole('button', { name: 'Price' }));
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ sort: 'price', order: 'asc' });
    await expect(sortHeader(canvasElement, 'Price')).toHaveAttribute('aria-sort', 'ascending');
    await expect(headsInOrder(canvasElement)[0]).toBe('Shiba Inu SHIB');
    // The name sorts A to Z first.
    await userEvent.click(grid.getByRole('button', { name: 'Name' }));
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ sort: 'name', order: 'asc' });
    await expect(sortHeader(canvasElement, 'Name')).toHaveAttribute('aria-sort', 'ascending');
    await expect(sortHeader(canvasElement, 'Price')).toHaveAttribute('aria-sort', 'none');
    // The sparkline column has no sort button.
    await expect(grid.queryByRole('button', { name: 'Last 7 days' })).toBeNull();
  },
};

export const KeyboardSort: Story = {
  play: async ({ canvasElement, args }) => {
    const grid = within(table(canvasElement));
    const volume = grid.getByRole('button', { name: 'Volume (24h)' });
    volume.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ sort: 'volume24h', order: 'desc' });
    await expect(sortHeader(canvasElement, 'Volume (24h)')).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(volume).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ sort: 'volume24h', order: 'asc' });
    await expect(sortHeader(canvasElement, 'Volume (24h)')).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    // Tab reaches the next header's button, and Space sorts the rank from the top.
    await userEvent.click(grid.getByRole('button', { name: '#' }));
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ sort: 'rank', order: 'asc' });
    await userEvent.tab();
    await expect(grid.getByRole('button', { name: 'Name' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ sort: 'name', order: 'asc' });
  },
};

export const LinksAndFollow: Story = {
  args: { withSlots: true, followedIds: [2] },
  play: async ({ canvasElement, args }) => {
    const grid = within(table(canvasElement));
    const bitcoin = within(grid.getByRole('row', { name: /Bitcoin/ }));
    await expect(bitcoin.getByRole('link', { name: 'Bitcoin BTC' })).toHaveAttribute(
      'href',
      '/coins/btc',
    );
    const follow = bitcoin.getByRole('button', { name: 'Follow Bitcoin' });
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(follow);
    await expect(args.onFollowChange).toHaveBeenCalledWith({ id: 1, followed: true });
    await expect(follow).toHaveAttribute('aria-pressed', 'true');
    await expect(grid.getByRole('button', { name: 'Follow Ethereum' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The action column is named for screen readers.
    await expect(grid.getByRole('columnheader', { name: 'Follow' })).toBeInTheDocument();
    // The figures tell where they come from on hover.
    const [, price] = bitcoin.getAllByRole('cell');
    await expect(price).toHaveAttribute('title', 'CoinGecko, updated 14:05 UTC');
  },
};

export const LoadsMore: Story = {
  args: { rows: makeRows(24), pageSize: 8, withSlots: true },
  play: async ({ canvasElement, args }) => {
    // The first page does not reach the end of the screen: the next is asked for at once.
    await waitFor(() => expect(args.onLoadMore).toHaveBeenCalled());
    // The second page still ends within a few rows of the screen's edge: the third follows.
    await waitFor(() => expect(table(canvasElement)).toHaveAttribute('aria-rowcount', '25'));
    await expect(args.onLoadMore).toHaveBeenCalledTimes(2);
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('');
    await expect(table(canvasElement).querySelector('[data-part="loading-more"]')).toBeNull();
  },
};

export const ManyRows: Story = {
  args: { rows: MANY_ROWS },
  // As tall as 250 rows: the states are shot in the shorter stories.
  parameters: { screenshot: { disable: true } },
  play: async ({ canvasElement }) => {
    const grid = table(canvasElement);
    await expect(grid).toHaveAttribute('aria-rowcount', '251');
    const drawn = coinRows(canvasElement);
    await expect(drawn.length).toBeGreaterThan(5);
    await expect(drawn.length).toBeLessThan(60);
    await expect(drawn[0]).toHaveAttribute('aria-rowindex', '2');
    // The page scrolls, not the table: half way down, the rows there are drawn instead.
    window.scrollTo(0, grid.getBoundingClientRect().top + window.scrollY + 125 * 56);
    await waitFor(() =>
      expect(Number(coinRows(canvasElement)[0]!.getAttribute('aria-rowindex'))).toBeGreaterThan(
        100,
      ),
    );
    await expect(coinRows(canvasElement).length).toBeLessThan(60);
    await expect(within(grid).queryByRole('row', { name: /Bitcoin/ })).toBeNull();
    window.scrollTo(0, 0);
  },
};

/* Languages: the compact figures follow the locale */

export const Chinese: Story = {
  args: { locale: 'zh', labels: LABELS.zh, label: TABLE_LABEL.zh, withSlots: true },
  play: async ({ canvasElement }) => {
    const grid = within(table(canvasElement, TABLE_LABEL.zh));
    const bitcoin = within(grid.getByRole('row', { name: /Bitcoin/ }));
    await expect(bitcoin.getByText('$1.27万亿')).toBeInTheDocument();
    await expect(bitcoin.getByText('$324.00亿')).toBeInTheDocument();
    await expect(bitcoin.getByRole('img', { name: 'Bitcoin,7天:上涨 4.2%' })).toBeInTheDocument();
    await expect(grid.getByRole('columnheader', { name: '市值' })).toHaveAttribute(
      'aria-sort',
      'none',
    );
  },
};

export const BrazilianPortuguese: Story = {
  args: { locale: 'pt-br', labels: LABELS['pt-br'], label: TABLE_LABEL['pt-br'], withSlots: true },
  play: async ({ canvasElement }) => {
    const grid = within(table(canvasElement, TABLE_LABEL['pt-br']));
    const row = grid.getByRole('row', { name: /Bitcoin/ });
    const bitcoin = within(row);
    // Intl separates "$", the number and the unit with no-break spaces, which the queries read
    // as plain ones.
    await expect(bitcoin.getByText('$ 1,27 tri').textContent).toBe('$\u00a01,27\u00a0tri');
    await expect(bitcoin.getByText('$ 32,40 bi')).toBeInTheDocument();
    await expect(bitcoin.getByText('$ 64.231,50')).toBeInTheDocument();
    await expect(cellIn(row, 'change24h').getByText('+2,35%')).toBeInTheDocument();
  },
};

/* Screens */

/** The phone's five columns fit the screen: nothing scrolls sideways. */
async function fitsWithoutSidewaysScroll(canvasElement: HTMLElement) {
  const scroller = table(canvasElement).parentElement!;
  await expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
}

export const Phone: Story = {
  args: { columns: PHONE_COLUMNS, withSlots: true, followedIds: [1] },
  parameters: { screenshot: { size: { width: 390, height: 844 } } },
  play: async ({ canvasElement }) => {
    await expect(within(table(canvasElement)).getAllByRole('columnheader')).toHaveLength(5);
    await fitsWithoutSidewaysScroll(canvasElement);
    // The name has room: "Ethereum" shows whole, not cut short.
    const ethereum = within(table(canvasElement)).getByRole('row', { name: /Ethereum/ });
    const name = within(ethereum).getByText('Ethereum');
    await expect(name.scrollWidth).toBeLessThanOrEqual(name.clientWidth);
  },
};

export const SmallPhone: Story = {
  args: { columns: PHONE_COLUMNS, withSlots: true, rows: makeRows(12) },
  parameters: { screenshot: { size: { width: 320, height: 640 } } },
  play: async ({ canvasElement }) => {
    await fitsWithoutSidewaysScroll(canvasElement);
    const grid = within(table(canvasElement));
    // The 24 h change goes under the price; its own column is hidden.
    await expect(grid.queryByRole('columnheader', { name: '24h' })).toBeNull();
    const bitcoin = grid.getByRole('row', { name: /Bitcoin/ });
    await expect(cellIn(bitcoin, 'price').getByText('+2.35%')).toBeVisible();
    await expect(cellIn(bitcoin, 'change24h').getByText('+2.35%')).not.toBeVisible();
    // A name too long for the screen is cut short on screen but read out whole.
    const shiba = grid.getByRole('row', { name: /Shiba Inu/ });
    await expect(within(shiba).getByRole('rowheader')).toHaveAccessibleName(/Shiba Inu SHIB/);
    const name = within(shiba).getByText('Shiba Inu');
    await expect(name.getBoundingClientRect().width).toBeGreaterThan(40);
  },
};

/** All columns on a narrow desktop window: the table scrolls sideways in its box, the name stays. */
export const NarrowDesktop: Story = {
  args: { withSlots: true, maxW: '40rem' },
  play: async ({ canvasElement }) => {
    const grid = table(canvasElement);
    const scroller = grid.parentElement!;
    await expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth);
    const name = within(grid).getByRole('rowheader', { name: /Bitcoin/ });
    scroller.scrollLeft = 160;
    await waitFor(() => expect(scroller.scrollLeft).toBe(160));
    await expect(Math.round(name.getBoundingClientRect().left)).toBe(
      Math.round(scroller.getBoundingClientRect().left),
    );
    scroller.scrollLeft = 0;
  },
};

export const WithFooter: Story = {
  args: {
    withSlots: true,
    footer: 'Prices from CoinGecko, updated 14:05 UTC. Figures in US dollars.',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Prices from CoinGecko/)).toBeVisible();
  },
};
