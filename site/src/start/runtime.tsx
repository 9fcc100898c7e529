// The browser's root: Chakra and Emotion (through the design system) and the data layer.
import { CoinlensProvider } from '@coinlens/design-system';
import { useLayoutEffect, type ReactNode } from 'react';
import { ApiProvider } from '../data/swr';
import { trackLoadMiddleware } from '../shell/pageLoad';
import { rootHydrated } from './earlyClicks';

// Long requests show the loading bar too (quick ones, under 200 ms, show nothing).
const SWR_CONFIG = { use: [trackLoadMiddleware] };

/**
 * The providers every page renders in (gatsby-ssr.tsx renders the same ones); Emotion's own cache
 * takes over the page's server-rendered styles (src/start/serverStyles.tsx). Once the
 * page outside its parts has hydrated, a press there that came too early is made again
 * (src/start/earlyClicks.ts).
 */
export function RuntimeRoot({ children }: { children: ReactNode }) {
  useLayoutEffect(rootHydrated, []);
  return (
    <CoinlensProvider>
      <ApiProvider config={SWR_CONFIG}>{children}</ApiProvider>
    </CoinlensProvider>
  );
}
