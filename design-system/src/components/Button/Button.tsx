import { chakra, type HTMLChakraProps, type RecipeVariantProps } from '@chakra-ui/react';
import { forwardRef, type MouseEvent } from 'react';
import { buttonRecipe } from './Button.recipe';

const StyledButton = chakra('button', buttonRecipe);

type ButtonVariants = RecipeVariantProps<typeof buttonRecipe>;

export interface ButtonProps extends HTMLChakraProps<'button'>, ButtonVariants {
  /** Busy with what the button started: it keeps its focus and width, ignores clicks, and says so. */
  loading?: boolean;
  /** Shown instead of the children while loading, e.g. "Saving…"; the children otherwise. */
  loadingText?: string;
}

function Spinner() {
  return (
    <chakra.svg
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
      animation="spin 0.8s linear infinite"
      data-part="spinner"
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
    </chakra.svg>
  );
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
