import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import {
  createSystem,
  defineConfig,
  defineRecipe,
  type SystemContext,
} from '@chakra-ui/react/styled-system';
import { semanticColors } from './semantic-tokens/colors';
import { colors } from './tokens/colors';
import { keyframes } from './tokens/keyframes';
import { TREND_COLORS_ATTRIBUTE } from './trendColors';
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
  // The up and down colours of everything inside an element with the attribute. Green up needs
  // its own condition too: a green-up part inside a red-up page (a preview of the choice).
  conditions: {
    greenUp: `[${TREND_COLORS_ATTRIBUTE}=green-up] &`,
    redUp: `[${TREND_COLORS_ATTRIBUTE}=red-up] &`,
  },
  globalCss: {
    'html, body': {
      bg: 'bg.canvas',
      color: 'fg.default',
      fontFamily: 'body',
      lineHeight: 'normal',
      colorScheme: 'dark',
      // On paper the colours are the light palette (the semantic tokens' `_print`), so the
      // backgrounds can print as they are: a filled button's white text stays on its fill.
      _print: { colorScheme: 'light', printColorAdjust: 'exact' },
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

let made: SystemContext | undefined;

/**
 * A miniature of `coinlensConfig`, made into a throwaway engine before the real one: the same
 * shapes (a scale, a reference to it, breakpoints, keyframes, global styles), a handful of tokens.
 * Making it runs, and so compiles, the code of Chakra's token dictionary and CSS variables.
 */
const WARM_UP_CONFIG = defineConfig({
  cssVarsPrefix: 'cl',
  globalCss: { 'html, body': { bg: 'bg.canvas', fontFamily: 'body' } },
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      colors: { ink: { 950: { value: '#0b0e14' } } },
      fonts: { body: { value: 'Inter, sans-serif' } },
      spacing: { 1: { value: '0.25rem' } },
    },
    semanticTokens: { colors: { bg: { canvas: { value: '{colors.ink.950}' } } } },
  },
});

/** A recipe with what our components' recipes use: states, a breakpoint, tokens, variants. */
const WARM_UP_RECIPE = defineRecipe({
  base: {
    display: 'flex',
    bg: 'bg.canvas',
    px: '1',
    borderRadius: 'md',
    _hover: { bg: 'bg.canvas' },
    _focusVisible: { outline: '2px solid' },
    md: { px: '1' },
  },
  variants: { size: { md: { fontSize: 'sm', h: '10' } } },
});

/** Waits for the next task, so that the browser can paint and answer input in between. */
export type YieldToMain = () => Promise<void>;

const nextTask: YieldToMain = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The Coinlens styling engine, made on the first call: Chakra builds its token dictionary, CSS
 * variables and conditions then, a long task on a slow phone (120-150 ms at 4x CPU slowdown).
 * `CoinlensProvider` calls it when it first renders; an app can call it earlier, in a task of its
 * own (the site does, while the page's data loads), so that neither its scripts' start nor its
 * first render pays for it.
 */
export function getSystem(): SystemContext {
  made ??= createSystem(defaultBaseConfig, coinlensConfig);
  return made;
}

/**
 * Makes the engine as `getSystem()` does, in four tasks instead of one, for a page's start on a
 * slow phone. Most of a first engine's time is the browser compiling Chakra's code: two throwaway
 * engines, Chakra's base alone and a miniature of ours, compile it, each in a task of its own,
 * then a recipe on the second compiles the style pipeline, and the real engine is then made in
 * half the time (at 4x CPU slowdown: one task of 96-149 ms before; tasks of about 40, 30, 5 and
 * 55 ms after). Resolves to the engine; once it is made, at once.
 */
export async function prepareSystem(yieldToMain: YieldToMain = nextTask): Promise<SystemContext> {
  // Each step only while nothing has made the engine meanwhile (a render calls getSystem()).
  let throwaway: SystemContext | undefined;
  for (const warmUp of [defaultBaseConfig, WARM_UP_CONFIG]) {
    if (made) return made;
    throwaway = createSystem(warmUp);
    await yieldToMain();
  }
  // The style pipeline too (conditions, breakpoints, tokens, recipes): a page's first components
  // would otherwise compile it in their render.
  if (made) return made;
  throwaway?.cva(WARM_UP_RECIPE)({ size: 'md' });
  await yieldToMain();
  return getSystem();
}

/**
 * The Coinlens styling engine, for Chakra's own provider (`CoinlensProvider` passes it for you).
 * Importing it costs nothing: the engine is made (`getSystem()`) when it is first used.
 */
export const system: SystemContext = new Proxy({} as SystemContext, {
  get: (_target, key) => Reflect.get(getSystem(), key),
  has: (_target, key) => Reflect.has(getSystem(), key),
  ownKeys: () => Reflect.ownKeys(getSystem()),
  getOwnPropertyDescriptor: (_target, key) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(getSystem(), key);
    // The proxy's target lacks the key: the proxy may only report it as configurable.
    return descriptor && { ...descriptor, configurable: true };
  },
});
