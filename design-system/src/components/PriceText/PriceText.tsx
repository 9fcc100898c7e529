import {
  chakra,
  type HTMLChakraProps,
  type RecipeVariantProps,
} from '@chakra-ui/react/styled-system';
import { forwardRef } from 'react';
import { formatPrice } from '../../format/price';
import { priceTextRecipe } from './PriceText.recipe';

const StyledPriceText = chakra('span', priceTextRecipe);

type PriceTextVariants = RecipeVariantProps<typeof priceTextRecipe>;

export interface PriceTextProps
  extends Omit<HTMLChakraProps<'span'>, 'children'>, PriceTextVariants {
  /** The price in US dollars. Not a finite number (or missing) shows `unavailableLabel`. */
  value: number | null | undefined;
  /** BCP 47 locale for the separators; the site passes the page's locale. */
  locale?: string;
  /** Shown, and read out, when there is no price. */
  unavailableLabel?: string;
}

/**
 * A dollar price as the product shows it (`$64,231.50`, `$0.0001234`), in tabular figures so a
 * column of prices lines up.
 */
export const PriceText = forwardRef<HTMLSpanElement, PriceTextProps>(function PriceText(
  { value, locale = 'en', unavailableLabel = '—', ...rest },
  ref,
) {
  const text = typeof value === 'number' ? formatPrice(value, locale) : null;
  if (text === null) {
    return (
      <StyledPriceText ref={ref} data-unavailable="" {...rest}>
        {unavailableLabel}
      </StyledPriceText>
    );
  }
  return (
    <StyledPriceText ref={ref} {...rest}>
      {text}
    </StyledPriceText>
  );
});
