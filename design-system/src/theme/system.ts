import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import { semanticColors } from './semantic-tokens/colors';
import { colors } from './tokens/colors';
import { keyframes } from './tokens/keyframes';
import { breakpoints, durations, radii, sizes, spacing } from './tokens/layout';
import { fontSizes, fontWeights, fonts, letterSpacings, lineHeights } from './tokens/typography';

/**
 * Our configuration on top of Chakra's base (conditions and utilities only). Nothing comes from
 * Chakra's default theme: it costs 25-30 KB gz of JS and about 100 KB of inline CSS per page.
 * No recipe is registered here: each component passes its own (the Modal too, to Chakra's
 * Dialog), so a page loads only the recipes of the components it renders.
 */
export const coinlensConfig = defineConfig({
  cssVarsPrefix: 'cl',
  preflight: true,
  globalCss: {
    'html, body': {
      bg: 'bg.canvas',
      color: 'fg.default',
      fontFamily: 'body',
      lineHeight: 'normal',
      colorScheme: 'dark',
    },
    '*::selection': { bg: 'azure.700', color: 'white' },
    ':focus-visible': {
      outline: '2px solid',
      outlineColor: 'focusRing',
      outlineOffset: '2px',
    },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      colors,
      fonts,
      fontSizes,
      fontWeights,
      lineHeights,
      letterSpacings,
      spacing,
      sizes,
      radii,
      durations,
    },
    semanticTokens: {
      colors: semanticColors,
    },
  },
});

/** The Coinlens styling engine: pass it to `CoinlensProvider` (or Chakra's provider). */
export const system = createSystem(defaultBaseConfig, coinlensConfig);
