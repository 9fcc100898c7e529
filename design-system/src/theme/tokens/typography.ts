import { defineTokens } from '@chakra-ui/react';

/**
 * Inter is self-hosted by the app (@fontsource/inter); CJK falls back to the system's fonts. The
 * system's Latin fonts come before the CJK ones: until Inter has loaded (or where it never does),
 * Latin text is in the system's own font rather than in a CJK font's Latin letters (Microsoft
 * YaHei's on Windows, PingFang's on a Mac, Noto Sans CJK's on Linux, which also made the browser
 * open a 20 MB font for an English page), and CJK text still finds a CJK font.
 */
export const fonts = defineTokens.fonts({
  body: {
    value:
      "'Inter', system-ui, -apple-system, 'Segoe UI', 'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', sans-serif",
  },
  heading: {
    value:
      "'Inter', system-ui, -apple-system, 'Segoe UI', 'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', sans-serif",
  },
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
