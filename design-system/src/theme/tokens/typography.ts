import { defineTokens } from '@chakra-ui/react/styled-system';

/** Inter is self-hosted by the app (@fontsource/inter); CJK falls back to the system's fonts. */
export const fonts = defineTokens.fonts({
  body: {
    value:
      "'Inter', 'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', system-ui, -apple-system, 'Segoe UI', sans-serif",
  },
  heading: { value: "'Inter', 'Noto Sans CJK SC', 'PingFang SC', system-ui, sans-serif" },
  mono: { value: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace" },
});

export const fontSizes = defineTokens.fontSizes({
  '2xs': { value: '0.6875rem' },
  xs: { value: '0.75rem' },
  sm: { value: '0.875rem' },
  md: { value: '1rem' },
  lg: { value: '1.125rem' },
  xl: { value: '1.25rem' },
  '2xl': { value: '1.5rem' },
  '3xl': { value: '1.875rem' },
  '4xl': { value: '2.25rem' },
  '5xl': { value: '3rem' },
});

export const fontWeights = defineTokens.fontWeights({
  normal: { value: '400' },
  medium: { value: '500' },
  semibold: { value: '600' },
  bold: { value: '700' },
});

export const lineHeights = defineTokens.lineHeights({
  none: { value: '1' },
  tight: { value: '1.25' },
  normal: { value: '1.5' },
  relaxed: { value: '1.625' },
});

export const letterSpacings = defineTokens.letterSpacings({
  tight: { value: '-0.01em' },
  normal: { value: '0' },
  wide: { value: '0.02em' },
});
