// The coin cell both coin tables draw (the add dialog's CoinTable and the market overview's
// MarketTable): the logo, then the name over the ticker, and the placeholders while rows load.
// One set of styles, so that the two tables show a coin alike; each recipe adds what its own
// layout needs.
import type { SystemStyleObject } from '@chakra-ui/react/styled-system';
import { placeholderPulse } from './pulse';

export const coinCellStyles = {
  coin: {
    display: 'flex',
    alignItems: 'center',
    gap: '2',
    minWidth: '0',
  },
  logo: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: '6',
    height: '6',
    borderRadius: 'full',
    objectFit: 'cover',
    overflow: 'hidden',
    bg: 'bg.subtle',
    color: 'fg.muted',
    fontSize: '2xs',
    fontWeight: 'semibold',
    lineHeight: 'none',
    textTransform: 'uppercase',
  },
  label: {
    minWidth: '0',
    lineClamp: '2',
    overflowWrap: 'break-word',
    lineHeight: 'tight',
  },
  name: {
    fontWeight: 'medium',
    color: 'fg.default',
  },
  symbol: {
    color: 'fg.subtle',
    fontSize: 'xs',
    whiteSpace: 'nowrap',
    textTransform: 'uppercase',
    letterSpacing: 'wide',
  },
  /** A placeholder bar while the rows load; each table adds its own shapes' sizes. */
  skeleton: {
    display: 'inline-block',
    verticalAlign: 'middle',
    height: '3',
    borderRadius: 'sm',
    ...placeholderPulse,
    '&[data-shape=logo]': { width: '6', height: '6', borderRadius: 'full', flexShrink: 0 },
    '&[data-shape=name]': { width: '6rem' },
  },
} satisfies Record<string, SystemStyleObject>;
