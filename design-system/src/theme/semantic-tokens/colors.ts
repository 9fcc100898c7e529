import { defineSemanticTokens } from '@chakra-ui/react';

/**
 * What each colour is for. The product is dark only; contrast of every fg on every bg below is
 * at least 4.5:1 (WCAG 2.2 AA for text), checked in `theme.test.ts`.
 */
export const semanticColors = defineSemanticTokens.colors({
  bg: {
    /** The page behind everything. */
    canvas: { value: '{colors.ink.950}' },
    /** Cards, tables, panels. */
    surface: { value: '{colors.ink.900}' },
    /** Dialogs, menus, popovers: above a surface. */
    raised: { value: '{colors.ink.850}' },
    /** Hovered rows and quiet fills. */
    subtle: { value: '{colors.ink.800}' },
  },
  fg: {
    /** Body text and figures. */
    default: { value: '{colors.ink.50}' },
    /** Labels and secondary text. */
    muted: { value: '{colors.ink.300}' },
    /** Hints and tertiary text; still AA on every bg. */
    subtle: { value: '{colors.ink.400}' },
    /** Text on an accent fill. */
    onAccent: { value: '{colors.white}' },
  },
  border: {
    /** Dividers and input outlines. */
    default: { value: '{colors.ink.700}' },
    /** Hairlines inside a surface. */
    subtle: { value: '{colors.ink.800}' },
  },
  accent: {
    /** Filled primary actions. */
    solid: { value: '{colors.azure.600}' },
    /** Links and accent text on dark backgrounds. */
    fg: { value: '{colors.azure.300}' },
  },
  trend: {
    /** A price going up: always paired with an up arrow and a plus sign. */
    up: { value: '{colors.green.400}' },
    /** A price going down: always paired with a down arrow and a minus sign. */
    down: { value: '{colors.red.400}' },
    /** No change. */
    flat: { value: '{colors.ink.300}' },
  },
  status: {
    /** Error text and outlines. */
    error: { value: '{colors.red.400}' },
    /** Success text. */
    success: { value: '{colors.green.400}' },
    /** Warning text. */
    warning: { value: '{colors.amber.400}' },
  },
  /** The keyboard focus ring. */
  focusRing: { value: '{colors.azure.400}' },
});
