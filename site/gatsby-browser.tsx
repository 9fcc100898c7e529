import { CoinlensProvider, getSystem } from '@coinlens/design-system';
import type { GatsbyBrowser } from 'gatsby';
import { startTransition, type ReactElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { deviceRedirect } from './edge/rules.mjs';
import { ApiProvider } from './src/data/swr';
import { installChunkReload } from './src/app/chunkReload';
import { pageLoad, trackLoadMiddleware } from './src/features/shell/pageLoad';

// Long requests show the loading bar too (quick ones, under 200 ms, show nothing).
const SWR_CONFIG = { use: [trackLoadMiddleware] };

export const wrapRootElement: GatsbyBrowser['wrapRootElement'] = ({ element }) => (
  <CoinlensProvider>
    <ApiProvider config={SWR_CONFIG}>{element}</ApiProvider>
  </CoinlensProvider>
);

// Hydration as a transition: React does it in slices of a few milliseconds and lets the browser
// answer in between, instead of in one long task (Lighthouse's TBT); a click or a key on the page
// meanwhile makes React finish it at once. A page without server markup is rendered instead.
function hydrateAsTransition(element: ReactElement, container: Element | null): void {
  if (!container) return;
  // As Gatsby decides: server markup is there when its focus wrapper has children.
  if (!document.getElementById('gatsby-focus-wrapper')?.children.length) {
    createRoot(container).render(element);
    return;
  }
  startTransition(() => {
    hydrateRoot(container, element);
  });
}

// (Gatsby's own type for this API is React DOM's legacy `render`, which a root does not match.)
export const replaceHydrateFunction = () => hydrateAsTransition;

// A page whose code cannot be fetched (a deploy replaced it) reloads, at most once a minute.
// While the page's data loads, two things the hydration would otherwise do in its long task are
// done in tasks of their own: Chakra's styling engine is made (its token dictionary and CSS
// variables: about 60 ms on a slow phone), and the browser starts its string collator (ICU's:
// 12 ms, 48 ms on a slow phone, the first time a page compares two strings; Chakra sorts each
// element's media queries with it).
export const onClientEntry: GatsbyBrowser['onClientEntry'] = () => {
  installChunkReload(window);
  setTimeout(getSystem, 0);
  setTimeout(warmUpCollator, 0);
};

function warmUpCollator(): void {
  'a'.localeCompare('b');
}

// The loading bar follows route changes; loads under 200 ms show nothing.
export const onPreRouteUpdate: GatsbyBrowser['onPreRouteUpdate'] = ({ location, prevLocation }) => {
  if (prevLocation && prevLocation.pathname !== location.pathname) pageLoad.start();
};

export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = ({ location }) => {
  pageLoad.done();
  // The device redirect holds for the site's own links too (the inline script and the server see
  // only full loads): a phone that followed one to a full-site page goes on to the mobile page.
  const target = deviceRedirect(location.pathname, window.navigator.userAgent);
  if (target !== null) window.location.replace(target + location.search + location.hash);
};
