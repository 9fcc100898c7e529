import {
  chakra,
  type HTMLChakraProps,
  type RecipeVariantProps,
} from '@chakra-ui/react/styled-system';
import { forwardRef } from 'react';
import { formatPercentChange, trendOf } from '../../format/percent';
import { priceChangeRecipe } from './PriceChange.recipe';

const StyledPriceChange = chakra('span', priceChangeRecipe);

type PriceChangeVariants = RecipeVariantProps<typeof priceChangeRecipe>;

export interface PriceChangeProps
  extends Omit<HTMLChakraProps<'span'>, 'children'>, PriceChangeVariants {
  /** The change in percent: 2.5 means +2.50 %. Not a finite number shows `unavailableLabel`. */
  value: number | null | undefined;
  /** BCP 47 locale for the number (decimal separator); the site passes the page's locale. */
  locale?: string;
  /** Shown, and read out, when there is no value. */
  unavailableLabel?: string;
}

function TrendArrow({ direction }: { direction: 'up' | 'down' }) {
  return (
    <svg viewBox="0 0 10 10" aria-hidden="true" focusable="false" data-part="arrow">
      {direction === 'up' ? (
        <path d="M5 1.5 9.5 8.5h-9z" fill="currentColor" />
      ) : (
        <path d="M5 8.5.5 1.5h9z" fill="currentColor" />
      )}
    </svg>
  );
}

/**
 * A percentage change (e.g. a coin's 24 h change) with 2 decimals. Up and down are told by an
 * arrow and a sign as well as by colour, so the reading never depends on colour alone.
 */
export const PriceChange = forwardRef<HTMLSpanElement, PriceChangeProps>(function PriceChange(
  { value, locale = 'en', unavailableLabel = '—', ...rest },
  ref,
) {
  const text = typeof value === 'number' ? formatPercentChange(value, locale) : null;
  if (text === null || typeof value !== 'number') {
    return (
      <StyledPriceChange ref={ref} data-trend="none" {...rest}>
        {unavailableLabel}
      </StyledPriceChange>
    );
  }
  const trend = trendOf(value);
  return (
    <StyledPriceChange ref={ref} data-trend={trend} {...rest}>
      {trend !== 'flat' && <TrendArrow direction={trend} />}
      {text}
    </StyledPriceChange>
  );
});
