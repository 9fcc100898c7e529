import { defineSlotRecipe } from '@chakra-ui/react/styled-system';
import { coinCellStyles } from '../../theme/coinCell';
import { COARSE_POINTER } from '../../theme/media';

/**
 * A table narrower than this (a dialog on a phone) drops its change column: the change goes under
 * the price, and the add buttons show their icon alone (their label is still read out).
 */
const NARROW = '@container (max-width: 26rem)';

/**
 * The add-cryptocurrency coin list: a dense table whose header stays put while the body scrolls
 * inside a container the caller sizes. Row and button state come from data and ARIA attributes.
 */
export const coinTableRecipe = defineSlotRecipe({
  className: 'cl-coin-table',
  slots: [
    'root',
    'table',
    'columnHeader',
    'row',
    'rowHeader',
    'cell',
    'coin',
    'logo',
    'label',
    'name',
    'symbol',
    'action',
    'skeleton',
    'state',
  ],
  base: {
    root: {
      position: 'relative',
      overflowY: 'auto',
      overscrollBehavior: 'contain',
      // Keeps a row focused from the keyboard clear of the sticky header.
      scrollPaddingTop: '10',
      bg: 'bg.raised',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: 'border.subtle',
      borderRadius: 'md',
      containerType: 'inline-size',
      '& [data-part=stacked-change]': { display: 'none' },
      [NARROW]: {
        '& [data-column=change]': { display: 'none' },
        '& [data-part=stacked-change]': { display: 'flex', justifyContent: 'flex-end' },
        '& [data-part=action-text]': {
          position: 'absolute',
          width: '1px',
          height: '1px',
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          whiteSpace: 'nowrap',
        },
        '& [data-part=action]': { minWidth: '0', width: '11', px: '0' },
        '& th, & td': { px: '2' },
      },
    },
    table: {
      width: 'full',
      // Separate borders: collapsed ones do not travel with a sticky header.
      borderCollapse: 'separate',
      borderSpacing: '0',
      fontSize: 'sm',
      color: 'fg.default',
    },
    columnHeader: {
      position: 'sticky',
      top: '0',
      zIndex: 1,
      bg: 'bg.raised',
      boxShadow: 'inset 0 -1px 0 {colors.border.default}',
      px: '3',
      py: '2',
      color: 'fg.muted',
      fontSize: 'xs',
      fontWeight: 'medium',
      letterSpacing: 'wide',
      textAlign: 'start',
      whiteSpace: 'nowrap',
      '&[data-numeric]': { textAlign: 'end' },
      // The name column takes the spare width in every state, so the header does not shift
      // when the body holds only the empty or error state.
      '&:first-of-type': { width: 'full' },
    },
    row: {
      transitionProperty: 'background-color',
      transitionDuration: 'fast',
      '& > *': { borderBottomWidth: '1px', borderStyle: 'solid', borderColor: 'border.subtle' },
      '&:last-of-type > *': { borderBottomWidth: '0' },
      '&[data-state]:hover': { bg: 'bg.subtle' },
      '&[data-selected]': { bg: 'bg.subtle' },
      // A bar on the selected row's edge: the selection reads without relying on the fill alone.
      '&[data-selected] > th': { boxShadow: 'inset 2px 0 0 {colors.accent.solid}' },
      '&[data-disabled] [data-part=name]': { color: 'fg.muted' },
      '&:nth-of-type(even) [data-shape=name]': { width: '4.5rem' },
    },
    rowHeader: {
      // Takes the width the figures leave; a long name wraps instead of pushing them out.
      width: 'full',
      px: '3',
      textAlign: 'start',
      fontWeight: 'normal',
      verticalAlign: 'middle',
    },
    cell: {
      px: '3',
      verticalAlign: 'middle',
      whiteSpace: 'nowrap',
      '&[data-numeric]': { textAlign: 'end' },
    },
    coin: coinCellStyles.coin,
    logo: coinCellStyles.logo,
    label: coinCellStyles.label,
    name: coinCellStyles.name,
    symbol: coinCellStyles.symbol,
    action: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      gap: '1',
      height: '7',
      minWidth: '20',
      px: '3',
      borderRadius: 'full',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: 'border.default',
      bg: 'transparent',
      color: 'accent.fg',
      fontSize: 'xs',
      fontWeight: 'medium',
      whiteSpace: 'nowrap',
      cursor: 'pointer',
      transitionProperty: 'background-color, border-color, color',
      transitionDuration: 'fast',
      '& svg': { flexShrink: 0, width: '3', height: '3' },
      [COARSE_POINTER]: { height: '11', minWidth: '11' },
      _hover: { borderColor: 'accent.fg' },
      // At the limit an unselected coin still answers a click (the caller says why it was
      // refused), but it looks quieter.
      '&[data-limit-reached]': { color: 'fg.muted', borderColor: 'border.subtle' },
      '&[aria-pressed=true]': {
        bg: 'accent.solid',
        borderColor: 'accent.solid',
        color: 'fg.onAccent',
      },
      _disabled: {
        cursor: 'not-allowed',
        bg: 'transparent',
        borderColor: 'transparent',
        color: 'fg.subtle',
      },
    },
    skeleton: {
      ...coinCellStyles.skeleton,
      '&[data-shape=number]': { width: '3.5rem' },
      '&[data-shape=action]': { width: '20', height: '7', borderRadius: 'full' },
    },
    state: {
      px: '4',
      py: '10',
      textAlign: 'center',
      color: 'fg.muted',
      fontSize: 'sm',
    },
  },
  variants: {
    size: {
      sm: { rowHeader: { py: '1' }, cell: { py: '1' } },
      md: { rowHeader: { py: '2' }, cell: { py: '2' } },
    },
  },
  defaultVariants: { size: 'md' },
});
