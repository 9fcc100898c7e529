import { CoinlensProvider } from '@coinlens/design-system';
import type { GatsbyBrowser } from 'gatsby';
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

// A page whose code cannot be fetched (a deploy replaced it) reloads, at most once a minute.
export const onClientEntry: GatsbyBrowser['onClientEntry'] = () => {
  installChunkReload(window);
};

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
