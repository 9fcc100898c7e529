import { defineSemanticTokens } from '@chakra-ui/react/styled-system';

/**
 * What each colour is for. The product is dark on screen; on paper (`_print`, `@media print`) the
 * same roles take a light palette, as printers leave backgrounds out and light text on white paper
 * would hardly show. On screen and on paper, contrast of every fg on every bg below is at least
 * 4.5:1 (WCAG 2.2 AA for text), checked in `theme.test.ts`.
 */
export const semanticColors = defineSemanticTokens.colors({
  bg: {
    /** The page behind everything. */
    canvas: { value: { base: '{colors.ink.950}', _print: '{colors.white}' } },
    /** Cards, tables, panels. */
    surface: { value: { base: '{colors.ink.900}', _print: '{colors.white}' } },
    /** Dialogs, menus, popovers: above a surface. */
    raised: { value: { base: '{colors.ink.850}', _print: '{colors.ink.50}' } },
    /** Hovered rows and quiet fills. */
    subtle: { value: { base: '{colors.ink.800}', _print: '{colors.ink.50}' } },
  },
  fg: {
    /** Body text and figures. */
    default: { value: { base: '{colors.ink.50}', _print: '{colors.ink.950}' } },
    /** Labels and secondary text. */
    muted: { value: { base: '{colors.ink.300}', _print: '{colors.ink.600}' } },
    /** Hints and tertiary text; still AA on every bg. */
    subtle: { value: { base: '{colors.ink.400}', _print: '{colors.ink.500}' } },
    /** Text on an accent fill. */
    onAccent: { value: '{colors.white}' },
  },
  border: {
    /** Dividers and input outlines. */
    default: { value: { base: '{colors.ink.700}', _print: '{colors.ink.200}' } },
    /** Hairlines inside a surface. */
    subtle: { value: { base: '{colors.ink.800}', _print: '{colors.ink.100}' } },
  },
  accent: {
    /** Filled primary actions. */
    solid: { value: '{colors.azure.600}' },
    /** Links and accent text on dark backgrounds. */
    fg: { value: { base: '{colors.azure.300}', _print: '{colors.azure.700}' } },
  },
  trend: {
    /**
     * A price going up: always paired with an up arrow and a plus sign. Green, or red where the
     * page asks for red up (`data-trend-colors="red-up"` on an ancestor, see `trendColors.ts`).
     */
    up: {
      value: {
        base: '{colors.trend.green}',
        _greenUp: '{colors.trend.green}',
        _redUp: '{colors.trend.red}',
      },
    },
    /**
     * A price going down: always paired with a down arrow and a minus sign. Red, or green under
     * red up.
     */
    down: {
      value: {
        base: '{colors.trend.red}',
        _greenUp: '{colors.trend.red}',
        _redUp: '{colors.trend.green}',
      },
    },
    /** The green of a rise or a fall, by the convention; components use `trend.up`/`trend.down`. */
    green: { value: { base: '{colors.green.400}', _print: '{colors.green.800}' } },
    /** The red of a fall or a rise, by the convention; components use `trend.up`/`trend.down`. */
    red: { value: { base: '{colors.red.400}', _print: '{colors.red.700}' } },
    /** No change. */
    flat: { value: { base: '{colors.ink.300}', _print: '{colors.ink.600}' } },
  },
  status: {
    /** Error text and outlines. */
    error: { value: { base: '{colors.red.400}', _print: '{colors.red.700}' } },
    /** Success text. */
    success: { value: { base: '{colors.green.400}', _print: '{colors.green.800}' } },
    /** Warning text. */
    warning: { value: { base: '{colors.amber.400}', _print: '{colors.amber.800}' } },
  },
  /** The keyboard focus ring. */
  focusRing: { value: { base: '{colors.azure.400}', _print: '{colors.azure.600}' } },
});
