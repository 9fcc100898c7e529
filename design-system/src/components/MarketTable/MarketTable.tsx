import { chakra, type HTMLChakraProps } from '@chakra-ui/react/styled-system';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import {
  forwardRef,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useSlotClasses } from '../../hooks/useSlotClasses';
import { Icon } from '../../icons/icons';
import { marketTableRecipe } from './MarketTable.recipe';
import {
  INITIAL_WINDOW,
  ROW_HEIGHT,
  StaticRows,
  type Classes,
  type RowContext,
  type RowsProps,
} from './rows';

/** The virtualizer's module (VirtualRows.tsx), loaded once, by the first table to mount. */
let virtualRows: Promise<ComponentType<RowsProps>> | null = null;
/** Its component once it has come. */
let loadedRows: ComponentType<RowsProps> | null = null;
const loadVirtualRows = () =>
  (virtualRows ??= import('./VirtualRows').then(
    (module) => (loadedRows = module.default),
    (error: unknown) => {
      // The next table to mount asks again.
      virtualRows = null;
      throw error;
    },
  ));

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

/** More rows are asked for when the last one drawn is this close to the end. */
const LOAD_MORE_WITHIN = 5;
/**
 * Placeholder rows while the list loads: a tall screen's worth, as the list will fill, so that
 * nothing under the table is seen at first and then pushed away when the rows come.
 */
const SKELETON_ROWS = Math.ceil(INITIAL_WINDOW.height / ROW_HEIGHT);

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

  const [lastDrawn, setLastDrawn] = useState(-1);
  // The virtualizer's code is asked for as the table mounts, while its placeholders show, and is
  // used once it has come: rows that came first are drawn as they are (StaticRows), and redrawn by
  // it then; a table still loading is not drawn again for it. Not React.lazy: that would draw the
  // rows twice even when the code was there first. Should the code not come, the first screenful
  // stays, as a page without scripts shows it.
  const [, redraw] = useReducer((count: number) => count + 1, 0);
  const staticRows = shown === 'ready' && loadedRows === null;
  const drawsStatic = useRef(staticRows);
  useEffect(() => {
    drawsStatic.current = staticRows;
    // The code came between this render and now.
    if (staticRows && loadedRows !== null) redraw();
  }, [staticRows]);
  useEffect(() => {
    let mounted = true;
    loadVirtualRows().then(
      () => {
        if (mounted && drawsStatic.current) redraw();
      },
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, []);

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
    const Rows = loadedRows ?? StaticRows;
    const rowsProps: RowsProps = {
      rows: unique,
      context: rowContext,
      span,
      scrollMargin,
      onLastDrawn: setLastDrawn,
    };
    body = (
      <>
        <Rows {...rowsProps} />
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
