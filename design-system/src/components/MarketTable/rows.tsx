// A market table's coin rows, and the first screenful of them drawn as they are, without the
// virtualizer: what the table shows until the virtualizer's code (VirtualRows.tsx), which loads on
// demand, has come, and what a server renders. Both draw the rows with MarketTableRowView.
import { memo, useEffect, type CSSProperties, type ReactNode } from 'react';
import { formatCompactUsd } from '../../format/compact';
import { Logo } from '../Logo';
import { PriceChange } from '../PriceChange';
import { PriceText } from '../PriceText';
import { Sparkline } from '../Sparkline';
import type {
  MarketTableColumn,
  MarketTableLabels,
  MarketTableProps,
  MarketTableRow,
} from './MarketTable';
import type { marketTableRecipe } from './MarketTable.recipe';

/** A row's height in px: the recipe's `row` height (3.5rem) at the browser's default text size. */
export const ROW_HEIGHT = 56;
/** Rows drawn beyond each edge of the screen, so a quick scroll does not show blank space. */
export const OVERSCAN = 8;
/**
 * The window assumed before it can be measured (on the server, and in the first render in the
 * browser, which must match it): a tall screen's worth of rows is drawn, so the page's HTML holds
 * the top of the list.
 */
export const INITIAL_WINDOW = { width: 0, height: 1080 };
/** The rows drawn before the window is measured: a tall screen's worth, and the overscan. */
export const FIRST_ROWS = Math.ceil(INITIAL_WINDOW.height / ROW_HEIGHT) + OVERSCAN;

export type Classes = Record<(typeof marketTableRecipe.slots)[number], string>;

/** What every row needs, the same object while none of it changes (rows are memoised on it). */
export interface RowContext {
  classes: Classes;
  columns: readonly MarketTableColumn[];
  locale: string;
  labels: MarketTableLabels;
  renderName?: MarketTableProps['renderName'];
  renderAction?: MarketTableProps['renderAction'];
  getFigureTitle?: MarketTableProps['getFigureTitle'];
}

/** What draws a table's coin rows: StaticRows, or VirtualRows once its code has come. */
export interface RowsProps {
  /** Every coin of the list, each once. */
  rows: readonly MarketTableRow[];
  context: RowContext;
  /** How many columns a spacer row spans. */
  span: number;
  /** Where the table's body starts on the page, in px: the window's scroll counts from there. */
  scrollMargin: number;
  /** Told the index of the last row drawn (-1 for none) whenever it changes. */
  onLastDrawn(index: number): void;
}

/**
 * The first screenful of rows (as many as the virtualizer draws before it has measured anything)
 * and the room of the others under them.
 */
export function StaticRows({ rows, context, span, onLastDrawn }: RowsProps) {
  const drawn = Math.min(rows.length, FIRST_ROWS);
  useEffect(() => onLastDrawn(drawn - 1), [drawn, onLastDrawn]);
  const rest = (rows.length - drawn) * ROW_HEIGHT;
  return (
    <>
      {rows.slice(0, drawn).map((row, index) => (
        <MarketTableRowView key={row.id} row={row} index={index} context={context} />
      ))}
      {rest > 0 && <SpacerRow classes={context.classes} span={span} height={rest} />}
    </>
  );
}

interface RowViewProps {
  row: MarketTableRow;
  index: number;
  context: RowContext;
  /** The virtualizer's measure of the row's height; none for the first screenful (StaticRows). */
  measure?: (element: HTMLTableRowElement | null) => void;
}

/** A coin's row: drawn again only when its coin, its place or the table's texts change. */
export const MarketTableRowView = memo(function MarketTableRowView({
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
export function SpacerRow({
  classes,
  span,
  height,
}: {
  classes: Classes;
  span: number;
  height: number;
}) {
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
