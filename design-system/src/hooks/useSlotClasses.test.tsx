import { chakra, defineSlotRecipe } from '@chakra-ui/react/styled-system';
import { render, screen } from '@testing-library/react';
import { CoinlensProvider } from '../provider';
import { getSystem } from '../theme/system';
import { cssRulesOf } from '../testing/cssRules';
import { useSlotClasses, variantKey } from './useSlotClasses';

const recipe = defineSlotRecipe({
  slots: ['root', 'label', 'empty'],
  base: {
    root: { display: 'flex', gap: '2', color: 'fg.default', _hover: { bg: 'bg.subtle' } },
    label: { fontSize: 'sm', md: { fontSize: 'md' }, '&[data-tone=up]': { color: 'trend.up' } },
    empty: {},
  },
  variants: {
    size: {
      sm: { root: { padding: '1' } },
      lg: { root: { padding: '4' }, label: { fontWeight: 'semibold' } },
    },
  },
  defaultVariants: { size: 'sm' },
});

function Both({ size }: { size?: 'sm' | 'lg' }) {
  const { classes, styles } = useSlotClasses(recipe, { size });
  return (
    <>
      <div data-testid="plain-root" className={classes.root}>
        <span data-testid="plain-label" className={classes.label} data-tone="up" />
        <span data-testid="plain-empty" className={classes.empty} />
      </div>
      <chakra.div data-testid="chakra-root" css={styles.root}>
        <chakra.span data-testid="chakra-label" css={styles.label} data-tone="up" />
        <chakra.span data-testid="chakra-empty" css={styles.empty} />
      </chakra.div>
    </>
  );
}

describe('useSlotClasses', () => {
  it.each([['sm' as const], ['lg' as const], [undefined]])(
    'gives each slot the class Chakra gives the same styles (size %s)',
    (size) => {
      render(
        <CoinlensProvider>
          <Both size={size} />
        </CoinlensProvider>,
      );
      for (const slot of ['root', 'label', 'empty']) {
        const plain = screen.getByTestId(`plain-${slot}`);
        const styled = screen.getByTestId(`chakra-${slot}`);
        expect(plain.getAttribute('class') ?? '').toBe(styled.getAttribute('class') ?? '');
      }
      // And the rules are in the page: conditions, tokens and the variant's own.
      const label = cssRulesOf(screen.getByTestId('plain-label'));
      expect(label).toContain('[data-tone=up]');
      // sm below the md breakpoint, md from it (jsdom prints the @media rule's inside alone).
      expect(label).toContain('var(--cl-font-sizes-sm)');
      expect(label).toContain('var(--cl-font-sizes-md)');
      const root = cssRulesOf(screen.getByTestId('plain-root'));
      expect(root).toMatch(
        size === 'lg' ? /padding:\s*var\(--cl-spacing-4\)/ : /padding:\s*var\(--cl-spacing-1\)/,
      );
      expect(root).toContain(':hover');
      expect(screen.getByTestId('plain-empty').getAttribute('class') ?? '').toBe('');
    },
  );

  it('makes a recipe and variant choice once, however many elements and renders show it', () => {
    const system = getSystem();
    const css = jest.spyOn(system, 'css');
    const sva = jest.spyOn(system, 'sva');
    function Many() {
      return (
        <>
          {Array.from({ length: 20 }, (_, index) => (
            <Row key={index} />
          ))}
        </>
      );
    }
    function Row() {
      const { classes } = useSlotClasses(recipe, { size: 'lg', extra: undefined });
      return <span className={classes.label}>row</span>;
    }
    const { rerender } = render(
      <CoinlensProvider>
        <Many />
      </CoinlensProvider>,
    );
    rerender(
      <CoinlensProvider>
        <Many />
      </CoinlensProvider>,
    );
    // The sm and undefined choices of the test above were made already; lg too. Nothing new.
    expect(sva).not.toHaveBeenCalled();
    expect(css).not.toHaveBeenCalled();
    css.mockRestore();
    sva.mockRestore();
  });
});

describe('variantKey', () => {
  it.each([
    [{}, ''],
    [{ size: 'sm' }, 'size=sm'],
    [{ tone: 'up', size: 'sm' }, 'size=sm&tone=up'],
    [{ size: 'sm', tone: undefined }, 'size=sm'],
    [{ open: false, count: 2, none: null }, 'count=2&none=null&open=false'],
    [{ size: ['sm', null, 'md'] }, 'size=[sm,null,md]'],
    [{ size: { md: 'md', base: 'sm', lg: undefined } }, 'size={base:sm,md:md}'],
  ])('keys %p as %p', (variants, key) => {
    expect(variantKey(variants)).toBe(key);
  });
});
