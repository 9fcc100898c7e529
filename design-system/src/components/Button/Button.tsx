import {
  chakra,
  type HTMLChakraProps,
  type RecipeVariantProps,
} from '@chakra-ui/react/styled-system';
import { forwardRef, type MouseEvent } from 'react';
import { Spinner } from '../Spinner';
import { buttonRecipe } from './Button.recipe';

const StyledButton = chakra('button', buttonRecipe);

type ButtonVariants = RecipeVariantProps<typeof buttonRecipe>;

export interface ButtonProps extends HTMLChakraProps<'button'>, ButtonVariants {
  /** Busy with what the button started: it keeps its focus and width, ignores clicks, and says so. */
  loading?: boolean;
  /** Shown instead of the children while loading, e.g. "Saving…"; the children otherwise. */
  loadingText?: string;
}

/**
 * A button in one of the product's variants. `type` defaults to `button` (never an accidental
 * submit). While `loading` it stays focusable and announced as busy (`aria-busy`), so keyboard
 * users do not lose their place, and clicks do nothing.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { loading = false, loadingText, type = 'button', children, onClick, ...rest },
  ref,
) {
  return (
    <StyledButton
      ref={ref}
      type={type}
      aria-busy={loading || undefined}
      data-loading={loading ? '' : undefined}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...rest}
    >
      {loading && <Spinner />}
      {loading && loadingText ? loadingText : children}
    </StyledButton>
  );
});
