import { chakra, type HTMLChakraProps } from '@chakra-ui/react/styled-system';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import { measureElement, useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  forwardRef,
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { formatCompactUsd } from '../../format/compact';
import { useSlotClasses } from '../../hooks/useSlotClasses';
import { Icon } from '../../icons/icons';
import { Logo } from '../Logo';
import { PriceChange } from '../PriceChange';
import { PriceText } from '../PriceText';
import { Sparkline } from '../Sparkline';
import { marketTableRecipe } from './MarketTable.recipe';

/** The columns the table sorts by (the market list's sorts). */
export type MarketTableSort =
  'rank' | 'name' | 'price' | 'change1h' | 'change24h' | 'change7d' | 'marketCap' | 'volume24h';

/** Every column the table can show: the sortable ones, the 7-day sparkline and the caller's action. */
export type MarketTableColumn = MarketTableSort | 'sparkline' | 'action';

/** One coin as the market table lists it, in US dollars. */
export interface MarketTableRow {
  /** The coin's id (the API's `MarketRow.id`); rows are keyed by it. */
  id: number;
  /** The coin's name, e.g. "Bitcoin": it heads the row. */
  name: string;
  /** The ticker, e.g. "BTC". */
  symbol: string;
  /** The logo's URL; a monogram stands in when it is empty or fails to load. */
  logo: string;
  /** Position by market cap, 1 = largest. */
  rank: number;
  /** The price in US dollars. */
  price: number;
  /** The 1 h change in percent (2.5 means +2.50 %); null when unknown. */
  percentChange1h: number | null;
  /** The 24 h change in percent. */
  percentChange24h: number;
  /** The 7-day change in percent; null when unknown. */
  percentChange7d: number | null;
  /** Market capitalisation in US dollars. */
  marketCap: number;
  /** The last 24 hours' trading volume in US dollars. */
  volume24h: number;
  /** The 7-day prices, oldest first: undefined while they load, empty when unknown. */
  sparkline?: readonly number[];
}

/** Every text the table shows or reads out: the site passes them in the page's language. */
export interface MarketTableLabels {
  /** The rank column's header, e.g. "#". */
  rank: string;
  /** The name column's header. */
  name: string;
  /** The price column's header. */
  price: string;
  /** The 1 h change column's header. */
  change1h: string;
  /** The 24 h change column's header. */
  change24h: string;
  /** The 7-day change column's header. */
  change7d: string;
  /** The market cap column's header. */
  marketCap: string;
  /** The 24 h volume column's header. */
  volume24h: string;
  /** The sparkline column's header, e.g. "Last 7 days". */
  sparkline: string;
  /** The action column's header, read by screen readers only. */
  action: string;
  /** Read with the table while it loads. */
  loading: string;
  /** A figure that is not a finite number / null. */
  unavailable: string;
  /** The sparkline's accessible name, e.g. "Bitcoin, 7 days: up 4.2 %". */
  sparklineLabel(row: MarketTableRow): string;
}

/** What a sort header reports: the column and the direction to sort it in. */
export interface MarketTableSortDetails {
  /** The column to sort by. */
  sort: MarketTableSort;
  /** `asc` or `desc`. */
  order: 'asc' | 'desc';
}

interface MarketTableOwnProps {
  /** The table's accessible name. */
  label: string;
  /** The coins in the order to show them (the caller sorts; a repeated id is listed once). */
  rows: readonly MarketTableRow[];
  /** BCP 47 locale of the figures (`en`, `zh`, `pt-br`); the site passes the page's. */
  locale: string;
  /** Whether the list is being fetched, is ready (maybe empty), or failed. */
  status: 'loading' | 'ready' | 'error';
  /** The column the rows are sorted by: its header shows an arrow and `aria-sort`. */
  sort: MarketTableSort;
  /** The direction of `sort`. */
  order: 'asc' | 'desc';
  /**
   * A sort header was pressed: the first press sorts a figure high to low and the rank or the
   * name A to Z; a press on the sorted column turns its order around.
   */
  onSortChange(details: MarketTableSortDetails): void;
  /**
   * Which columns, in this order; default all (the action column only with `renderAction`). A
   * phone passes ['rank', 'name', 'price', 'change24h', 'action']. The name heads each row, so it
   * is put first when missing.
   */
  columns?: readonly MarketTableColumn[];
  /** Every text of the table. */
  labels: MarketTableLabels;
  /** Wraps a row's name cell content (logo, name, symbol) in the caller's link to the coin's page. */
  renderName?(row: MarketTableRow, content: ReactNode): ReactNode;
  /** The action cell (the site's Follow button). */
  renderAction?(row: MarketTableRow): ReactNode;
  /** Hover text of the price and change cells (where the figure comes from and how old it is). */
  getFigureTitle?(row: MarketTableRow): string | undefined;
  /** Shown across the table when it is ready and holds no row. */
  emptyState?: ReactNode;
  /** Shown across the table when `status` is `error`. */
  errorState?: ReactNode;
  /** Whether there are more rows to load. */
  hasMore?: boolean;
  /** Whether more rows are loading now: a loading row shows, and nothing more is asked for. */
  loadingMore?: boolean;
  /**
   * Infinite loading: called when the last rows come near the viewport, once for each number of
   * rows (a failed load is retried by the caller, e.g. from a button in `footer`).
   */
  onLoadMore?(): void;
  /** Under the table: the site's provenance footnote and stale badge. */
  footer?: ReactNode;
}

export interface MarketTableProps
  extends
    MarketTableOwnProps,
    Omit<HTMLChakraProps<'div'>, keyof MarketTableOwnProps | 'children'> {}

/** Every column, in the order a wide screen shows them. */
const ALL_COLUMNS: readonly MarketTableColumn[] = [
  'rank',
  'name',
  'price',
  'change1h',
  'change24h',
  'change7d',
  'marketCap',
  'volume24h',
  'sparkline',
  'action',
];

const SORTABLE = new Set<MarketTableColumn>(
  ALL_COLUMNS.filter((c) => c !== 'sparkline' && c !== 'action'),
);

/** Columns whose cells line up at the end (figures, the picture and the action). */
const END_ALIGNED = new Set<MarketTableColumn>(ALL_COLUMNS.filter((c) => c !== 'name'));

/** A row's height in px: the recipe's `row` height (3.5rem) at the browser's default text size. */
const ROW_HEIGHT = 56;
/** Rows drawn beyond each edge of the screen, so a quick scroll does not show blank space. */
const OVERSCAN = 8;
/** More rows are asked for when the last one drawn is this close to the end. */
const LOAD_MORE_WITHIN = 5;
/**
 * The window assumed before it can be measured (on the server, and in the first render in the
 * browser, which must match it): a tall screen's worth of rows is drawn, so the page's HTML holds
 * the top of the list.
 */
const INITIAL_WINDOW = { width: 0, height: 1080 };
/**
 * Placeholder rows while the list loads: a tall screen's worth, as the list will fill, so that
 * nothing under the table is seen at first and then pushed away when the rows come.
 */
const SKELETON_ROWS = Math.ceil(INITIAL_WINDOW.height / ROW_HEIGHT);

const estimateRow = () => ROW_HEIGHT;

/** A row's height as laid out; one with no layout (hidden, or a DOM without one) keeps its estimate. */
const measureRow: typeof measureElement<HTMLTableRowElement> = (element, entry, instance) => {
  const size = measureElement(element, entry, instance);
  return size > 0 ? size : ROW_HEIGHT;
};

// useLayoutEffect warns in a server render, where neither runs.
const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * The sort after a press on `column`'s header: the sorted column turns around; another starts high
 * to low, but the rank and the name start at the top (1, A).
 */
export function nextSort(
  column: MarketTableSort,
  current: MarketTableSortDetails,
): MarketTableSortDetails {
  if (column === current.sort) {
    return { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' };
  }
  return { sort: column, order: column === 'rank' || column === 'name' ? 'asc' : 'desc' };
}

/** The columns to draw: the caller's (or all), the action only with something to draw in it. */
function columnsToShow(
  columns: readonly MarketTableColumn[] | undefined,
  hasAction: boolean,
): MarketTableColumn[] {
  const wanted = columns ?? ALL_COLUMNS;
  const shown = wanted.filter(
    (column, index) =>
      ALL_COLUMNS.includes(column) &&
      wanted.indexOf(column) === index &&
      (column !== 'action' || hasAction),
  );
  return shown.includes('name') ? shown : ['name', ...shown];
}

/** The rows with each id once (a page fetched twice must not list a coin twice). */
function uniqueById(rows: readonly MarketTableRow[]): readonly MarketTableRow[] {
  const seen = new Set<number>();
  const unique: MarketTableRow[] = [];
  for (const row of rows) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    unique.push(row);
  }
  return unique.length === rows.length ? rows : unique;
}

type Classes = Record<(typeof marketTableRecipe.slots)[number], string>;

/** What every row needs, the same object while none of it changes (rows are memoised on it). */
interface RowContext {
  classes: Classes;
  columns: readonly MarketTableColumn[];
  locale: string;
  labels: MarketTableLabels;
  renderName?: MarketTableOwnProps['renderName'];
  renderAction?: MarketTableOwnProps['renderAction'];
  getFigureTitle?: MarketTableOwnProps['getFigureTitle'];
}

/**
 * The market overview's table: every coin's rank, name, price, 1 h, 24 h and 7-day changes,
 * market cap, volume, 7-day sparkline and the caller's action, sorted by the caller through the
 * headers. Only the rows near the screen are drawn (the page scrolls, not the table), and more
 * are asked for as the end comes near.
 */
export const MarketTable = forwardRef<HTMLDivElement, MarketTableProps>(function MarketTable(
  {
    label,
    rows,
    locale,
    status,
    sort,
    order,
    onSortChange,
    columns,
    labels,
    renderName,
    renderAction,
    getFigureTitle,
    emptyState,
    errorState,
    hasMore = false,
    loadingMore = false,
    onLoadMore,
    footer,
    ...rest
  },
  ref,
) {
  const { classes, styles, rules } = useSlotClasses(marketTableRecipe);
  // Keyed by the names, so a caller's new array of the same columns keeps the rows memoised.
  const columnsKey = (columns ?? ALL_COLUMNS).join(',');
  const hasAction = renderAction !== undefined;
  const shownColumns = useMemo(
    () => columnsToShow(columnsKey.split(',') as MarketTableColumn[], hasAction),
    [columnsKey, hasAction],
  );
  const unique = useMemo(() => uniqueById(rows), [rows]);
  const shown = status === 'ready' && unique.length === 0 ? 'empty' : status;
  const count = shown === 'ready' ? unique.length : 0;

  // Where the body starts on the page: the virtualizer counts the window's scroll from there.
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const measureMargin = useCallback(() => {
    const body = bodyRef.current;
    if (!body) return;
    const top = Math.round(body.getBoundingClientRect().top + window.scrollY);
    setScrollMargin((previous) => (previous === top ? previous : top));
  }, []);
  // After every render (the header's height, the rows above it); one read of a layout the browser
  // makes before painting anyway.
  useIsomorphicLayoutEffect(measureMargin);
  // And when something above it changes size without this table rendering again.
  useEffect(() => {
    window.addEventListener('resize', measureMargin);
    const observer =
      typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measureMargin);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measureMargin);
      observer?.disconnect();
    };
  }, [measureMargin]);

  const getItemKey = useCallback((index: number) => unique[index]?.id ?? index, [unique]);
  const virtualizer = useWindowVirtualizer<HTMLTableRowElement>({
    count,
    estimateSize: estimateRow,
    measureElement: measureRow,
    getItemKey,
    overscan: OVERSCAN,
    scrollMargin,
    initialRect: INITIAL_WINDOW,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const spaceBefore = first ? first.start - scrollMargin : 0;
  const spaceAfter = last ? Math.max(0, virtualizer.getTotalSize() - (last.end - scrollMargin)) : 0;
  const lastDrawn = last?.index ?? -1;

  // Asks for more once the last row drawn is near the end, once per number of rows: a load that
  // failed is not asked for again and again as the page scrolls. A shorter list (a new sort, a
  // new search) starts over.
  const askedAt = useRef<number | null>(null);
  useEffect(() => {
    if (shown !== 'ready') {
      askedAt.current = null;
      return;
    }
    if (askedAt.current !== null && count < askedAt.current) askedAt.current = null;
    if (!hasMore || loadingMore || !onLoadMore) return;
    if (lastDrawn < count - 1 - LOAD_MORE_WITHIN || askedAt.current === count) return;
    askedAt.current = count;
    onLoadMore();
  }, [shown, count, hasMore, loadingMore, onLoadMore, lastDrawn]);

  const rowContext = useMemo<RowContext>(
    () => ({
      classes,
      columns: shownColumns,
      locale,
      labels,
      renderName,
      renderAction,
      getFigureTitle,
    }),
    [classes, shownColumns, locale, labels, renderName, renderAction, getFigureTitle],
  );

  const span = shownColumns.length;
  let body: ReactNode;
  if (shown === 'loading') {
    body = Array.from({ length: SKELETON_ROWS }, (_, index) => (
      <SkeletonRow key={index} classes={classes} columns={shownColumns} />
    ));
  } else if (shown === 'empty' || shown === 'error') {
    body = (
      <tr>
        <td colSpan={span} className={classes.state} data-part="state">
          {shown === 'error' ? errorState : emptyState}
        </td>
      </tr>
    );
  } else {
    body = (
      <>
        {spaceBefore > 0 && <SpacerRow classes={classes} span={span} height={spaceBefore} />}
        {items.map((item) => (
          <MarketTableRowView
            key={item.key}
            row={unique[item.index]!}
            index={item.index}
            context={rowContext}
            measure={virtualizer.measureElement}
          />
        ))}
        {spaceAfter > 0 && <SpacerRow classes={classes} span={span} height={spaceAfter} />}
        {loadingMore && (
          <SkeletonRow classes={classes} columns={shownColumns} part="loading-more" />
        )}
      </>
    );
  }

  return (
    <>
      {rules}
      <chakra.div ref={ref} css={styles.root} data-status={shown} {...rest}>
        <div className={classes.scroller}>
          <table
            className={classes.table}
            aria-label={label}
            aria-busy={shown === 'loading' || undefined}
            // The rows drawn are a window on the list: the count says how many there are in all,
            // or -1 (unknown) while more can be loaded.
            aria-rowcount={
              shown === 'ready' || shown === 'empty' ? (hasMore ? -1 : count + 1) : undefined
            }
          >
            <thead>
              <tr aria-rowindex={1}>
                {shownColumns.map((column) => (
                  <HeaderCell
                    key={column}
                    column={column}
                    classes={classes}
                    labels={labels}
                    sort={sort}
                    order={order}
                    onSortChange={onSortChange}
                  />
                ))}
              </tr>
            </thead>
            <tbody ref={bodyRef}>{body}</tbody>
          </table>
        </div>
        {footer !== undefined && <div className={classes.footer}>{footer}</div>}
        <VisuallyHidden role="status">
          {shown === 'loading' || (shown === 'ready' && loadingMore) ? labels.loading : ''}
        </VisuallyHidden>
      </chakra.div>
    </>
  );
});

/* ------------------------------------------------------------------------------------------------
 * The header
 * ----------------------------------------------------------------------------------------------*/

interface HeaderCellProps {
  column: MarketTableColumn;
  classes: Classes;
  labels: MarketTableLabels;
  sort: MarketTableSort;
  order: 'asc' | 'desc';
  onSortChange: MarketTableOwnProps['onSortChange'];
}

/** A column's header: a sort button with `aria-sort` for a sortable column, else its name. */
function HeaderCell({ column, classes, labels, sort, order, onSortChange }: HeaderCellProps) {
  const end = END_ALIGNED.has(column);
  if (!SORTABLE.has(column)) {
    return (
      <th
        scope="col"
        className={classes.columnHeader}
        data-column={column}
        data-align={end ? 'end' : undefined}
      >
        {column === 'action' ? <VisuallyHidden>{labels.action}</VisuallyHidden> : labels[column]}
      </th>
    );
  }
  const sortable = column as MarketTableSort;
  const active = sortable === sort;
  // The arrow sits on the side away from the column's edge, so the text keeps its place.
  const arrow = active ? <SortArrow order={order} /> : null;
  return (
    <th
      scope="col"
      className={classes.columnHeader}
      data-column={column}
      data-align={end ? 'end' : undefined}
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        className={classes.sortButton}
        data-active={active || undefined}
        onClick={() => onSortChange(nextSort(sortable, { sort, order }))}
      >
        {end && arrow}
        {labels[sortable]}
        {!end && arrow}
      </button>
    </th>
  );
}

function SortArrow({ order }: { order: 'asc' | 'desc' }) {
  return (
    <Icon strokeWidth={2}>
      {order === 'asc' ? <path d="M8 13V3M4 7l4-4 4 4" /> : <path d="M8 3v10m-4-4 4 4 4-4" />}
    </Icon>
  );
}

/* ------------------------------------------------------------------------------------------------
 * The rows
 * ----------------------------------------------------------------------------------------------*/

interface RowViewProps {
  row: MarketTableRow;
  index: number;
  context: RowContext;
  measure: (element: HTMLTableRowElement | null) => void;
}

/** A coin's row: drawn again only when its coin, its place or the table's texts change. */
const MarketTableRowView = memo(function MarketTableRowView({
  row,
  index,
  context,
  measure,
}: RowViewProps) {
  const { classes, columns } = context;
  return (
    <tr
      ref={measure}
      className={classes.row}
      data-part="row"
      data-index={index}
      aria-rowindex={index + 2}
    >
      {columns.map((column) => cellOf(column, row, context))}
    </tr>
  );
});

/** One cell of a row. */
function cellOf(column: MarketTableColumn, row: MarketTableRow, context: RowContext): ReactNode {
  const { classes, locale, labels } = context;
  const unavailable = labels.unavailable;
  switch (column) {
    case 'name': {
      const content = (
        <span className={classes.coin}>
          <Logo src={row.logo} names={[row.symbol, row.name]} className={classes.logo} />
          <span className={classes.label}>
            <span className={classes.name}>{row.name}</span>{' '}
            <span className={classes.symbol}>{row.symbol}</span>
          </span>
        </span>
      );
      return (
        <th key={column} scope="row" className={classes.rowHeader} data-column={column}>
          {context.renderName ? context.renderName(row, content) : content}
        </th>
      );
    }
    case 'rank':
      return (
        <td key={column} className={classes.cell} data-column={column} data-align="end">
          {Number.isFinite(row.rank) ? row.rank : unavailable}
        </td>
      );
    case 'price':
      return (
        <td
          key={column}
          className={classes.cell}
          data-column={column}
          data-align="end"
          title={context.getFigureTitle?.(row)}
        >
          <PriceText value={row.price} locale={locale} unavailableLabel={unavailable} />
          {/* On a 320 px phone the 24 h change goes under the price (its own column is hidden). */}
          {context.columns.includes('change24h') && (
            <PriceChange
              value={row.percentChange24h}
              locale={locale}
              unavailableLabel={unavailable}
              data-part="stacked-change"
            />
          )}
        </td>
      );
    case 'change1h':
    case 'change24h':
    case 'change7d': {
      const value =
        column === 'change1h'
          ? row.percentChange1h
          : column === 'change24h'
            ? row.percentChange24h
            : row.percentChange7d;
      return (
        <td
          key={column}
          className={classes.cell}
          data-column={column}
          data-align="end"
          title={context.getFigureTitle?.(row)}
        >
          <PriceChange value={value} locale={locale} unavailableLabel={unavailable} />
        </td>
      );
    }
    case 'marketCap':
    case 'volume24h': {
      const text = formatCompactUsd(column === 'marketCap' ? row.marketCap : row.volume24h, locale);
      return (
        <td key={column} className={classes.cell} data-column={column} data-align="end">
          <span className={classes.figure} data-unavailable={text === null ? '' : undefined}>
            {text ?? unavailable}
          </span>
        </td>
      );
    }
    case 'sparkline':
      return (
        <td key={column} className={classes.cell} data-column={column} data-align="end">
          {row.sparkline === undefined ? (
            <span className={classes.skeleton} data-shape="sparkline" aria-hidden="true" />
          ) : row.sparkline.length === 0 ? (
            <span className={classes.figure} data-unavailable="">
              {unavailable}
            </span>
          ) : (
            <Sparkline prices={row.sparkline} label={labels.sparklineLabel(row)} />
          )}
        </td>
      );
    case 'action':
      return (
        <td key={column} className={classes.cell} data-column={column} data-align="end">
          {context.renderAction?.(row)}
        </td>
      );
  }
}

/** The room of the rows not drawn, above or below those that are; nothing to read. */
function SpacerRow({ classes, span, height }: { classes: Classes; span: number; height: number }) {
  return (
    <tr aria-hidden="true" data-part="spacer">
      <td
        colSpan={span}
        className={classes.spacer}
        style={{ '--cl-market-table-spacer': `${height}px` } as CSSProperties}
      />
    </tr>
  );
}

/** A placeholder row while the list (or its next page) loads; hidden from screen readers. */
function SkeletonRow({
  classes,
  columns,
  part = 'skeleton-row',
}: {
  classes: Classes;
  columns: readonly MarketTableColumn[];
  part?: string;
}) {
  return (
    <tr className={classes.row} aria-hidden="true" data-part={part}>
      {columns.map((column) =>
        column === 'name' ? (
          <td key={column} className={classes.rowHeader} data-column={column}>
            <span className={classes.coin}>
              <span className={classes.skeleton} data-shape="logo" />
              <span className={classes.skeleton} data-shape="name" />
            </span>
          </td>
        ) : (
          <td key={column} className={classes.cell} data-column={column} data-align="end">
            <span className={classes.skeleton} data-shape={skeletonShape(column)} />
          </td>
        ),
      )}
    </tr>
  );
}

function skeletonShape(column: MarketTableColumn): string {
  if (column === 'rank' || column === 'sparkline' || column === 'action') return column;
  return 'number';
}
