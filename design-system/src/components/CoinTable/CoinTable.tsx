import {
  chakra,
  useControllableState,
  VisuallyHidden,
  type HTMLChakraProps,
  type RecipeVariantProps,
} from '@chakra-ui/react';
import { forwardRef, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Logo } from '../Logo';
import { PriceChange } from '../PriceChange';
import { PriceText } from '../PriceText';
import { coinTableRecipe } from './CoinTable.recipe';
import { useSlotClasses } from '../../hooks/useSlotClasses';

/** How many coins one add may select (the product's rule). */
export const COIN_SELECTION_LIMIT = 5;

/** One coin as the table lists it. */
export interface CoinTableRow {
  /** The coin's id (the API's `Coin.id`); selection callbacks report these. */
  id: number;
  /** The coin's name, e.g. "Bitcoin". */
  name: string;
  /** The ticker, e.g. "BTC". */
  symbol: string;
  /** The logo's URL; a monogram stands in when it is missing or fails to load. */
  logo?: string | null;
  /** The price in US dollars; missing shows the unavailable label. */
  price: number | null | undefined;
  /** The 24 h change in percent (2.5 means +2.50 %); missing shows the unavailable label. */
  percentChange24h: number | null | undefined;
}

/** What a row's action does: add the coin, it is selected (press again to drop it), or it is already followed. */
export type CoinTableActionState = 'add' | 'selected' | 'followed';

/** Whether the list is ready, being fetched, or failed to load. */
export type CoinTableStatus = 'ready' | 'loading' | 'error';

type CoinTableVariants = RecipeVariantProps<typeof coinTableRecipe>;
type CoinTableSlot = (typeof coinTableRecipe.slots)[number];

export interface CoinTableProps
  extends Omit<HTMLChakraProps<'div'>, 'children' | 'onChange'>, CoinTableVariants {
  /** The coins to list, in display order; a repeated id is listed once. */
  coins: CoinTableRow[];
  /** The table's accessible name, e.g. "Cryptocurrencies". */
  label: string;
  /** The column headers; `action` is read by screen readers only. */
  columnLabels: { name: string; price: string; change: string; action: string };
  /** The action button's accessible name: it should name the coin and contain the visible `actionText`. */
  getActionLabel: (details: { coin: CoinTableRow; state: CoinTableActionState }) => string;
  /** The action button's visible text in each state, e.g. Add, Added, Following. */
  actionText: Record<CoinTableActionState, string>;
  /** The selected coin ids, when the parent owns the selection (ids not in `coins` still count). */
  selectedIds?: number[];
  /** The starting selection, when the table owns it. */
  defaultSelectedIds?: number[];
  /** Called with the new selection after a coin is added or dropped. */
  onSelectionChange?: (details: { ids: number[] }) => void;
  /** Ids of coins already followed: their rows cannot be selected. */
  disabledIds?: number[];
  /** The most coins that may be selected at once. */
  limit?: number;
  /** Called when a coin is refused because the selection is full; the selection stays as it is. */
  onLimitExceeded?: (details: { limit: number; id: number }) => void;
  /** `loading` shows placeholder rows; `error` shows `errorState`. */
  status?: CoinTableStatus;
  /** BCP 47 locale for prices and changes; the site passes the page's locale. */
  locale?: string;
  /** Shown in the table area when the list is ready and holds no coin (a message, maybe a hint). */
  emptyState?: ReactNode;
  /** Shown in the table area when `status` is `error` (a message and a retry button). */
  errorState?: ReactNode;
  /** Announced to screen readers while the list loads, e.g. "Loading coins". */
  loadingLabel?: string;
  /** Shown for a missing price or change. */
  unavailableLabel?: string;
  /** How many placeholder rows show while loading. */
  skeletonRows?: number;
}

/** The coins with each id once (pages fetched twice must not list a coin twice). */
function uniqueById(coins: CoinTableRow[]): CoinTableRow[] {
  const byId = new Map<number, CoinTableRow>();
  for (const coin of coins) if (!byId.has(coin.id)) byId.set(coin.id, coin);
  return [...byId.values()];
}

/**
 * The coin list of the add-cryptocurrency dialog: name, price, 24 h change and an add toggle per
 * row. Selecting past `limit` is refused through `onLimitExceeded`; followed coins are disabled.
 * Up and Down arrows (and Home, End) move between the add buttons.
 */
export const CoinTable = forwardRef<HTMLDivElement, CoinTableProps>(function CoinTable(
  {
    coins,
    label,
    columnLabels,
    getActionLabel,
    actionText,
    selectedIds,
    defaultSelectedIds,
    onSelectionChange,
    disabledIds,
    limit = COIN_SELECTION_LIMIT,
    onLimitExceeded,
    status = 'ready',
    locale = 'en',
    emptyState,
    errorState,
    loadingLabel,
    unavailableLabel,
    skeletonRows = 5,
    size,
    ...rest
  },
  ref,
) {
  const { classes, styles, rules } = useSlotClasses(coinTableRecipe, { size });
  const tableRef = useRef<HTMLTableElement>(null);
  const [selection, setSelection] = useControllableState<number[]>({
    value: selectedIds,
    defaultValue: defaultSelectedIds ?? [],
    onChange: (ids) => onSelectionChange?.({ ids }),
  });
  const selected = useMemo(() => new Set(selection), [selection]);
  const followed = useMemo(() => new Set(disabledIds), [disabledIds]);
  const rows = useMemo(() => uniqueById(coins), [coins]);
  const max = Number.isNaN(limit) ? COIN_SELECTION_LIMIT : Math.max(0, Math.floor(limit));
  const full = selected.size >= max;

  const toggle = (id: number) => {
    if (followed.has(id)) return;
    if (selected.has(id)) {
      setSelection([...selected].filter((other) => other !== id));
    } else if (full) {
      onLimitExceeded?.({ limit: max, id });
    } else {
      setSelection([...selected, id]);
    }
  };

  const moveFocus = (event: KeyboardEvent<HTMLButtonElement>) => {
    const actions = Array.from(
      tableRef.current?.querySelectorAll<HTMLButtonElement>(
        'button[data-part="action"]:not(:disabled)',
      ) ?? [],
    );
    const index = actions.indexOf(event.currentTarget);
    const targets: Record<string, HTMLButtonElement | undefined> = {
      ArrowDown: actions[index + 1],
      ArrowUp: actions[index - 1],
      Home: actions[0],
      End: actions[actions.length - 1],
    };
    const target = targets[event.key];
    if (!target) return;
    event.preventDefault();
    target.focus();
  };

  const shown: 'loading' | 'error' | 'empty' | 'ready' =
    status === 'ready' && rows.length === 0 ? 'empty' : status;

  let body: ReactNode;
  if (shown === 'loading') {
    body = Array.from({ length: Math.max(0, Math.floor(skeletonRows) || 0) }, (_, index) => (
      <SkeletonRow key={index} classes={classes} />
    ));
  } else if (shown === 'error' || shown === 'empty') {
    body = (
      <tr>
        <td colSpan={4} className={classes.state} data-part="state">
          {shown === 'error' ? errorState : emptyState}
        </td>
      </tr>
    );
  } else {
    body = rows.map((coin) => {
      const state: CoinTableActionState = followed.has(coin.id)
        ? 'followed'
        : selected.has(coin.id)
          ? 'selected'
          : 'add';
      return (
        <tr
          key={coin.id}
          className={classes.row}
          data-state={state}
          data-selected={state === 'selected' ? '' : undefined}
          data-disabled={state === 'followed' ? '' : undefined}
        >
          <th scope="row" className={classes.rowHeader}>
            <span className={classes.coin}>
              <Logo src={coin.logo} names={[coin.symbol, coin.name]} className={classes.logo} />
              <span className={classes.label}>
                <span className={classes.name} data-part="name">
                  {coin.name}
                </span>{' '}
                <span className={classes.symbol}>{coin.symbol}</span>
              </span>
            </span>
          </th>
          <td className={classes.cell} data-numeric="">
            <PriceText
              value={coin.price}
              locale={locale}
              size={size === 'sm' ? 'sm' : 'md'}
              unavailableLabel={unavailableLabel}
            />
            {/* In a narrow table the change goes under the price (its own column is hidden). */}
            <PriceChange
              value={coin.percentChange24h}
              locale={locale}
              size="sm"
              unavailableLabel={unavailableLabel}
              data-part="stacked-change"
            />
          </td>
          <td className={classes.cell} data-numeric="" data-column="change">
            <PriceChange
              value={coin.percentChange24h}
              locale={locale}
              size={size === 'sm' ? 'sm' : 'md'}
              unavailableLabel={unavailableLabel}
            />
          </td>
          <td className={classes.cell} data-numeric="">
            <button
              type="button"
              className={classes.action}
              data-part="action"
              data-limit-reached={state === 'add' && full ? '' : undefined}
              aria-label={getActionLabel({ coin, state })}
              aria-pressed={state === 'followed' ? undefined : state === 'selected'}
              disabled={state === 'followed'}
              onClick={() => toggle(coin.id)}
              onKeyDown={moveFocus}
            >
              <ActionIcon state={state} />
              <span data-part="action-text">{actionText[state]}</span>
            </button>
          </td>
        </tr>
      );
    });
  }

  return (
    <>
      {rules}
      <chakra.div
        ref={ref}
        css={styles.root}
        data-status={shown}
        data-limit-reached={full || undefined}
        {...rest}
      >
        <table
          ref={tableRef}
          className={classes.table}
          aria-label={label}
          aria-busy={shown === 'loading' || undefined}
        >
          <thead>
            <tr>
              <th scope="col" className={classes.columnHeader}>
                {columnLabels.name}
              </th>
              <th scope="col" className={classes.columnHeader} data-numeric="">
                {columnLabels.price}
              </th>
              <th scope="col" className={classes.columnHeader} data-numeric="" data-column="change">
                {columnLabels.change}
              </th>
              <th scope="col" className={classes.columnHeader} data-numeric="">
                <VisuallyHidden>{columnLabels.action}</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
        {loadingLabel !== undefined && (
          <VisuallyHidden role="status">{shown === 'loading' ? loadingLabel : ''}</VisuallyHidden>
        )}
      </chakra.div>
    </>
  );
});

function SkeletonRow({ classes }: { classes: Record<CoinTableSlot, string> }) {
  return (
    <tr className={classes.row} aria-hidden="true" data-part="skeleton-row">
      <td className={classes.rowHeader}>
        <span className={classes.coin}>
          <span className={classes.skeleton} data-shape="logo" />
          <span className={classes.skeleton} data-shape="name" />
        </span>
      </td>
      <td className={classes.cell} data-numeric="">
        <span className={classes.skeleton} data-shape="number" />
      </td>
      <td className={classes.cell} data-numeric="" data-column="change">
        <span className={classes.skeleton} data-shape="number" />
      </td>
      <td className={classes.cell} data-numeric="">
        <span className={classes.skeleton} data-shape="action" />
      </td>
    </tr>
  );
}

function ActionIcon({ state }: { state: CoinTableActionState }) {
  return (
    <svg viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      {state === 'add' ? (
        <path
          d="M6 1.5v9M1.5 6h9"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
        />
      ) : (
        <path
          d="m2 6.25 2.5 2.5L10 3.25"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      )}
    </svg>
  );
}
