import { useControllableState } from '@chakra-ui/react/hooks';
import {
  chakra,
  type HTMLChakraProps,
  type RecipeVariantProps,
} from '@chakra-ui/react/styled-system';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import {
  createContext,
  forwardRef,
  Fragment,
  useContext,
  useMemo,
  useRef,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
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

/** The coins with each id once (pages fetched twice must not list a coin twice). */
function uniqueById(coins: CoinTableRow[]): CoinTableRow[] {
  const byId = new Map<number, CoinTableRow>();
  for (const coin of coins) if (!byId.has(coin.id)) byId.set(coin.id, coin);
  return [...byId.values()];
}

/* ------------------------------------------------------------------------------------------------
 * Context shared by the parts: the table's, and each row's.
 * ----------------------------------------------------------------------------------------------*/

interface CoinTableContextValue {
  classes: Record<CoinTableSlot, string>;
  size: CoinTableVariants['size'];
  /** The coins, each id once. */
  rows: CoinTableRow[];
  /** What the body shows: placeholder rows, the error or empty state, or the rows. */
  shown: 'loading' | 'error' | 'empty' | 'ready';
  selected: ReadonlySet<number>;
  followed: ReadonlySet<number>;
  /** Whether the selection holds `limit` coins. */
  full: boolean;
  toggle: (id: number) => void;
  moveFocus: (event: KeyboardEvent<HTMLButtonElement>) => void;
  locale: string;
  unavailableLabel: string | undefined;
}

const CoinTableContext = createContext<CoinTableContextValue | null>(null);

function useCoinTable(part: string): CoinTableContextValue {
  const context = useContext(CoinTableContext);
  if (!context) throw new Error(`CoinTable.${part} must be used inside CoinTable.Root.`);
  return context;
}

interface CoinTableRowContextValue {
  coin: CoinTableRow;
  state: CoinTableActionState;
}

const CoinTableRowContext = createContext<CoinTableRowContextValue | null>(null);

function useCoinTableRow(part: string): CoinTableContextValue & CoinTableRowContextValue {
  const table = useCoinTable(part);
  const row = useContext(CoinTableRowContext);
  if (!row) throw new Error(`CoinTable.${part} must be used inside CoinTable.Row.`);
  return { ...table, ...row };
}

/** A class of the recipe's and the caller's own, if any. */
const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

/* ------------------------------------------------------------------------------------------------
 * Root
 * ----------------------------------------------------------------------------------------------*/

export interface CoinTableRootProps
  extends Omit<HTMLChakraProps<'div'>, 'onChange'>, CoinTableVariants {
  /** The coins to list, in display order; a repeated id is listed once. */
  coins: CoinTableRow[];
  /** The table's accessible name, e.g. "Cryptocurrencies". */
  label: string;
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
  /** `loading` makes the Body show placeholder rows; `error` its `errorState`. */
  status?: CoinTableStatus;
  /** BCP 47 locale for prices and changes; the site passes the page's locale. */
  locale?: string;
  /** Announced to screen readers while the list loads, e.g. "Loading coins". */
  loadingLabel?: string;
  /** Shown for a missing price or change. */
  unavailableLabel?: string;
  /** The Header and the Body. */
  children?: ReactNode;
}

/**
 * The coin list of the add-cryptocurrency dialog: a table that scrolls in a box the caller sizes,
 * holding the coins, the selection and the limit. Selecting past `limit` is refused through
 * `onLimitExceeded`; followed coins are disabled. Up and Down arrows (and Home, End) move between
 * the add buttons.
 */
const CoinTableRoot = forwardRef<HTMLDivElement, CoinTableRootProps>(function CoinTableRoot(
  {
    coins,
    label,
    selectedIds,
    defaultSelectedIds,
    onSelectionChange,
    disabledIds,
    limit = COIN_SELECTION_LIMIT,
    onLimitExceeded,
    status = 'ready',
    locale = 'en',
    loadingLabel,
    unavailableLabel,
    size,
    children,
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
  const shown: CoinTableContextValue['shown'] =
    status === 'ready' && rows.length === 0 ? 'empty' : status;

  const context = useMemo<CoinTableContextValue>(() => {
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
    return {
      classes,
      size,
      rows,
      shown,
      selected,
      followed,
      full,
      toggle,
      moveFocus,
      locale,
      unavailableLabel,
    };
  }, [
    classes,
    size,
    rows,
    shown,
    selected,
    followed,
    full,
    max,
    setSelection,
    onLimitExceeded,
    locale,
    unavailableLabel,
  ]);

  return (
    <CoinTableContext.Provider value={context}>
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
          {children}
        </table>
        {loadingLabel !== undefined && (
          <VisuallyHidden role="status">{shown === 'loading' ? loadingLabel : ''}</VisuallyHidden>
        )}
      </chakra.div>
    </CoinTableContext.Provider>
  );
});

/* ------------------------------------------------------------------------------------------------
 * Header
 * ----------------------------------------------------------------------------------------------*/

export interface CoinTableHeaderProps extends Omit<
  HTMLAttributes<HTMLTableSectionElement>,
  'children'
> {
  /** The column headers, in the cells' order; `action` is read by screen readers only. */
  labels: { name: string; price: string; change: string; action: string };
}

/** The header row, which stays put while the body scrolls. */
const CoinTableHeader = forwardRef<HTMLTableSectionElement, CoinTableHeaderProps>(
  function CoinTableHeader({ labels, ...rest }, ref) {
    const { classes } = useCoinTable('Header');
    return (
      <thead ref={ref} {...rest}>
        <tr>
          <th scope="col" className={classes.columnHeader}>
            {labels.name}
          </th>
          <th scope="col" className={classes.columnHeader} data-numeric="">
            {labels.price}
          </th>
          <th scope="col" className={classes.columnHeader} data-numeric="" data-column="change">
            {labels.change}
          </th>
          <th scope="col" className={classes.columnHeader} data-numeric="">
            <VisuallyHidden>{labels.action}</VisuallyHidden>
          </th>
        </tr>
      </thead>
    );
  },
);

/* ------------------------------------------------------------------------------------------------
 * Body
 * ----------------------------------------------------------------------------------------------*/

export interface CoinTableBodyProps extends Omit<
  HTMLAttributes<HTMLTableSectionElement>,
  'children'
> {
  /** One row of a coin: a Row holding the Name, Price, Change and Action cells. */
  children: (coin: CoinTableRow) => ReactNode;
  /** Shown across the table when the list is ready and holds no coin (a message, maybe a hint). */
  emptyState?: ReactNode;
  /** Shown across the table when the root's `status` is `error` (a message and a retry button). */
  errorState?: ReactNode;
  /** How many placeholder rows show while loading. */
  skeletonRows?: number;
}

/** The rows: a Row per coin while the list is ready, else placeholders, the empty or error state. */
const CoinTableBody = forwardRef<HTMLTableSectionElement, CoinTableBodyProps>(
  function CoinTableBody({ children, emptyState, errorState, skeletonRows = 5, ...rest }, ref) {
    const { classes, rows, shown } = useCoinTable('Body');
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
      body = rows.map((coin) => <Fragment key={coin.id}>{children(coin)}</Fragment>);
    }
    return (
      <tbody ref={ref} {...rest}>
        {body}
      </tbody>
    );
  },
);

/* ------------------------------------------------------------------------------------------------
 * Row and its cells
 * ----------------------------------------------------------------------------------------------*/

export interface CoinTableRowProps extends HTMLAttributes<HTMLTableRowElement> {
  /** The coin of the row (the one the Body's function was called with). */
  coin: CoinTableRow;
}

/** A coin's row, marked selected or followed (`data-state`); its cells read the coin from it. */
const CoinTableRowPart = forwardRef<HTMLTableRowElement, CoinTableRowProps>(function CoinTableRow(
  { coin, className, ...rest },
  ref,
) {
  const { classes, selected, followed } = useCoinTable('Row');
  const state: CoinTableActionState = followed.has(coin.id)
    ? 'followed'
    : selected.has(coin.id)
      ? 'selected'
      : 'add';
  const row = useMemo(() => ({ coin, state }), [coin, state]);
  return (
    <CoinTableRowContext.Provider value={row}>
      <tr
        ref={ref}
        className={join(classes.row, className)}
        data-state={state}
        data-selected={state === 'selected' ? '' : undefined}
        data-disabled={state === 'followed' ? '' : undefined}
        {...rest}
      />
    </CoinTableRowContext.Provider>
  );
});

export type CoinTableNameProps = Omit<HTMLAttributes<HTMLTableCellElement>, 'children'>;

/** The row's header cell: the coin's logo (or monogram), name and ticker. */
const CoinTableName = forwardRef<HTMLTableCellElement, CoinTableNameProps>(function CoinTableName(
  { className, ...rest },
  ref,
) {
  const { classes, coin } = useCoinTableRow('Name');
  return (
    <th ref={ref} scope="row" className={join(classes.rowHeader, className)} {...rest}>
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
  );
});

export type CoinTablePriceProps = Omit<HTMLAttributes<HTMLTableCellElement>, 'children'>;

/** The price in dollars; in a narrow table the 24 h change goes under it. */
const CoinTablePrice = forwardRef<HTMLTableCellElement, CoinTablePriceProps>(
  function CoinTablePrice({ className, ...rest }, ref) {
    const { classes, coin, size, locale, unavailableLabel } = useCoinTableRow('Price');
    return (
      <td ref={ref} className={join(classes.cell, className)} data-numeric="" {...rest}>
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
    );
  },
);

export type CoinTableChangeProps = Omit<HTMLAttributes<HTMLTableCellElement>, 'children'>;

/** The signed 24 h change with its arrow; hidden in a narrow table (the Price cell shows it). */
const CoinTableChange = forwardRef<HTMLTableCellElement, CoinTableChangeProps>(
  function CoinTableChange({ className, ...rest }, ref) {
    const { classes, coin, size, locale, unavailableLabel } = useCoinTableRow('Change');
    return (
      <td
        ref={ref}
        className={join(classes.cell, className)}
        data-numeric=""
        data-column="change"
        {...rest}
      >
        <PriceChange
          value={coin.percentChange24h}
          locale={locale}
          size={size === 'sm' ? 'sm' : 'md'}
          unavailableLabel={unavailableLabel}
        />
      </td>
    );
  },
);

export interface CoinTableActionProps extends Omit<
  HTMLAttributes<HTMLTableCellElement>,
  'children'
> {
  /** The button's visible text in each state, e.g. Add, Added, Following. */
  text: Record<CoinTableActionState, string>;
  /** The button's accessible name: it should name the coin and contain the visible `text`. */
  getLabel: (details: { coin: CoinTableRow; state: CoinTableActionState }) => string;
}

/**
 * The add toggle: pressed while the coin is selected, disabled for a followed coin, quieter (but
 * still answering, so the root can say why it refuses) while the selection is full.
 */
const CoinTableAction = forwardRef<HTMLTableCellElement, CoinTableActionProps>(
  function CoinTableAction({ text, getLabel, className, ...rest }, ref) {
    const { classes, coin, state, full, toggle, moveFocus } = useCoinTableRow('Action');
    return (
      <td ref={ref} className={join(classes.cell, className)} data-numeric="" {...rest}>
        <button
          type="button"
          className={classes.action}
          data-part="action"
          data-limit-reached={state === 'add' && full ? '' : undefined}
          aria-label={getLabel({ coin, state })}
          aria-pressed={state === 'followed' ? undefined : state === 'selected'}
          disabled={state === 'followed'}
          onClick={() => toggle(coin.id)}
          onKeyDown={moveFocus}
        >
          <ActionIcon state={state} />
          <span data-part="action-text">{text[state]}</span>
        </button>
      </td>
    );
  },
);

/* ------------------------------------------------------------------------------------------------
 * The compound component
 * ----------------------------------------------------------------------------------------------*/

/**
 * The coin list of the add-cryptocurrency dialog:
 *
 * ```tsx
 * <CoinTable.Root coins={rows} label="Cryptocurrencies" selectedIds={ids} onSelectionChange={...}>
 *   <CoinTable.Header labels={{ name: 'Name', price: 'Price', change: '24h change', action: 'Add' }} />
 *   <CoinTable.Body emptyState={<NoMatch />} errorState={<LoadFailed />}>
 *     {(coin) => (
 *       <CoinTable.Row coin={coin}>
 *         <CoinTable.Name />
 *         <CoinTable.Price />
 *         <CoinTable.Change />
 *         <CoinTable.Action text={actionText} getLabel={getActionLabel} />
 *       </CoinTable.Row>
 *     )}
 *   </CoinTable.Body>
 * </CoinTable.Root>
 * ```
 */
export const CoinTable = {
  Root: CoinTableRoot,
  Header: CoinTableHeader,
  Body: CoinTableBody,
  Row: CoinTableRowPart,
  Name: CoinTableName,
  Price: CoinTablePrice,
  Change: CoinTableChange,
  Action: CoinTableAction,
};

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
