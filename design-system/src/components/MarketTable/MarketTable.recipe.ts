import { defineSlotRecipe } from '@chakra-ui/react/styled-system';
import { coinCellStyles } from '../../theme/coinCell';
import { COARSE_POINTER } from '../../theme/media';
import { pulseAnimation } from '../../theme/pulse';

/**
 * A table narrower than this (a phone's screen): cells close up, the figures are a size smaller,
 * and the coin's name and ticker each take one line, cut short with an ellipsis.
 */
const NARROW = '@container (max-width: 30rem)';

/**
 * Narrower still (a 320 px phone): the 24 h change goes under the price, as the add dialog's coin
 * table does, or the phone's five columns would leave the name no room (`$0.00001789` and
 * `+12.50%` alone take a third of the width).
 */
const TINY = '@container (max-width: 21rem)';

/** Wider than a phone: every column has room, and the figures' columns keep their widths. */
const WIDE = '@container (min-width: 30.0625rem)';

/**
 * The least width of each figure's column, padding included, on a wide table: a little over what
 * its widest figure takes in any of the three languages (`$0.00001789`, `▼ -25.73%`). The
 * placeholders' bars are narrower, so the columns do not move when the figures replace them, and
 * the name's column, the only one without a width, takes the rest of the line either way. A longer
 * header (Portuguese's market cap) widens its column in both states alike.
 */
const COLUMN_WIDTHS = {
  rank: '3rem',
  price: '7.5rem',
  change1h: '6rem',
  change24h: '6.5rem',
  change7d: '6.5rem',
  marketCap: '6.75rem',
  volume24h: '6.75rem',
  sparkline: '9rem',
  action: '5.5rem',
} as const;

/**
 * The market overview's table: the page scrolls it (the window, not a box of its own), its body
 * drawn a screenful at a time between two spacer rows. With more columns than its width holds,
 * it scrolls sideways in its own box, the coin's name staying put at the left edge.
 */
export const marketTableRecipe = defineSlotRecipe({
  className: 'cl-market-table',
  slots: [
    'root',
    'scroller',
    'table',
    'columnHeader',
    'sortButton',
    'row',
    'rowHeader',
    'cell',
    'coin',
    'logo',
    'label',
    'name',
    'symbol',
    'figure',
    'skeleton',
    'spacer',
    'state',
    'footer',
  ],
  base: {
    root: {
      position: 'relative',
      bg: 'bg.raised',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: 'border.subtle',
      borderRadius: 'md',
      containerType: 'inline-size',
      '& [data-part=stacked-change]': { display: 'none' },
      [NARROW]: {
        '& th, & td': { px: '1' },
        '& th:first-of-type, & td:first-of-type': { ps: '2' },
        '& th:last-of-type, & td:last-of-type': { pe: '2' },
        // The figures (price, changes, compact amounts), over their own components' size.
        '& td[data-align=end] > span': { fontSize: 'xs' },
      },
      [TINY]: {
        '& [data-column=change24h]': { display: 'none' },
        '& [data-part=stacked-change]': { display: 'flex', justifyContent: 'flex-end' },
      },
    },
    scroller: {
      overflowX: 'auto',
      overscrollBehaviorX: 'contain',
      borderRadius: 'inherit',
    },
    table: {
      width: 'full',
      // Separate borders: collapsed ones do not travel with the sticky name column.
      borderCollapse: 'separate',
      borderSpacing: '0',
      fontSize: 'sm',
      color: 'fg.default',
      fontVariantNumeric: 'tabular-nums',
      // The box's own border closes the table (and the footer its top border).
      '& tbody > tr:last-of-type > *': { borderBottomWidth: '0' },
      // The placeholders pulse as one block: a screenful of rows is some 200 bars, and 200
      // animations kept the page's main thread busy while it loaded.
      '&[aria-busy=true] > tbody, & tr[data-part=loading-more]': pulseAnimation,
    },
    columnHeader: {
      px: '3',
      py: '0',
      height: '10',
      bg: 'bg.raised',
      boxShadow: 'inset 0 -1px 0 {colors.border.default}',
      color: 'fg.muted',
      fontSize: 'xs',
      fontWeight: 'medium',
      letterSpacing: 'wide',
      textAlign: 'start',
      whiteSpace: 'nowrap',
      verticalAlign: 'middle',
      '&[data-align=end]': { textAlign: 'end' },
      '&[aria-sort=ascending], &[aria-sort=descending]': { color: 'fg.default' },
      '&[data-column=name]': { position: 'sticky', insetStart: '0', zIndex: 1 },
      [WIDE]: Object.fromEntries(
        Object.entries(COLUMN_WIDTHS).map(([column, width]) => [
          `&[data-column=${column}]`,
          { width },
        ]),
      ),
    },
    sortButton: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1',
      minHeight: '8',
      p: '0',
      bg: 'transparent',
      borderWidth: '0',
      borderRadius: 'sm',
      color: 'inherit',
      font: 'inherit',
      letterSpacing: 'inherit',
      whiteSpace: 'nowrap',
      cursor: 'pointer',
      transitionProperty: 'color',
      transitionDuration: 'fast',
      _hover: { color: 'fg.default' },
      _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
      '& svg': { flexShrink: 0, width: '3', height: '3' },
      [COARSE_POINTER]: { minHeight: '11' },
    },
    row: {
      height: '14',
      '& > *': {
        borderBottomWidth: '1px',
        borderStyle: 'solid',
        borderColor: 'border.subtle',
        transitionProperty: 'background-color',
        transitionDuration: 'fast',
      },
      '&[data-part=row]:hover > *': { bg: 'bg.subtle' },
      '&:nth-of-type(even) [data-shape=name]': { width: '4.5rem' },
    },
    rowHeader: {
      // Stays put while the other columns scroll sideways; a fill of its own hides them under it.
      position: 'sticky',
      insetStart: '0',
      zIndex: 1,
      bg: 'bg.raised',
      minWidth: '10rem',
      px: '3',
      py: '2',
      textAlign: 'start',
      fontWeight: 'normal',
      verticalAlign: 'middle',
      [NARROW]: {
        // Takes the width the figures leave, and no more: the name is cut short instead of
        // pushing the table wider than the phone.
        width: 'full',
        minWidth: '0',
        maxWidth: '0',
      },
    },
    cell: {
      px: '3',
      py: '2',
      verticalAlign: 'middle',
      whiteSpace: 'nowrap',
      '&[data-align=end]': { textAlign: 'end' },
      '&[data-column=rank]': { color: 'fg.muted', fontSize: 'xs' },
      '&[data-column=sparkline] > *': { display: 'inline-block', verticalAlign: 'middle' },
    },
    coin: {
      ...coinCellStyles.coin,
      color: 'inherit',
      [NARROW]: { gap: '1.5' },
    },
    logo: {
      ...coinCellStyles.logo,
      [NARROW]: { width: '5', height: '5' },
    },
    label: {
      ...coinCellStyles.label,
      [NARROW]: {
        lineClamp: 'none',
        '& > *': {
          display: 'block',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        },
      },
    },
    name: coinCellStyles.name,
    symbol: coinCellStyles.symbol,
    figure: {
      fontWeight: 'medium',
      '&[data-unavailable]': { color: 'fg.muted', fontWeight: 'normal' },
    },
    skeleton: {
      ...coinCellStyles.skeleton,
      // Still: the rows around them pulse (the table's styles).
      animationName: 'none',
      '&[data-shape=rank]': { width: '4' },
      '&[data-shape=number]': { width: '3.5rem' },
      '&[data-shape=sparkline]': { width: '7.5rem', height: '6' },
      '&[data-shape=action]': { width: '16', height: '7', borderRadius: 'full' },
    },
    spacer: {
      // The rows drawn neither above nor below the screen take this room, so the page is as tall
      // as the whole list and its scrollbar tells the truth.
      height: 'var(--cl-market-table-spacer)',
      p: '0',
      borderWidth: '0',
    },
    state: {
      px: '4',
      py: '10',
      textAlign: 'center',
      color: 'fg.muted',
      fontSize: 'sm',
      whiteSpace: 'normal',
    },
    footer: {
      px: '3',
      py: '2',
      borderTopWidth: '1px',
      borderStyle: 'solid',
      borderColor: 'border.subtle',
      color: 'fg.muted',
      fontSize: 'xs',
    },
  },
});
