import {
  chakra,
  type HTMLChakraProps,
  type RecipeVariantProps,
} from '@chakra-ui/react/styled-system';
import { forwardRef } from 'react';
import { spinnerRecipe } from './Spinner.recipe';

const StyledSpinner = chakra('svg', spinnerRecipe);

export interface SpinnerProps
  extends HTMLChakraProps<'svg'>, RecipeVariantProps<typeof spinnerRecipe> {}

/**
 * Work under way, beside the words that say what (a spinner alone says nothing to a screen
 * reader): hidden from assistive technology. Its colour is the text's (`color` to change it).
 */
export const Spinner = forwardRef<SVGSVGElement, SpinnerProps>(function Spinner(props, ref) {
  return (
    <StyledSpinner
      ref={ref}
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
      data-part="spinner"
      {...props}
    >
      <circle
        cx="8"
        cy="8"
        r="6"
        fill="none"
        stroke="currentColor"
        strokeOpacity="0.3"
        strokeWidth="2"
      />
      <path
        d="M14 8a6 6 0 0 0-6-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </StyledSpinner>
  );
});
