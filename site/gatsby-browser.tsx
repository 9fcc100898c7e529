import type { GatsbyBrowser } from 'gatsby';
import { deviceRedirect } from './edge/rules.mjs';
import { installChunkReload } from './src/shell/chunkReload';
import { isPageHead } from './src/start/pageHead';
import { Root, hydrateAsTransition } from './src/start/browserStart';
import {
  withAssistant,
  type GatsbyPageProps,
} from './src/features/assistant/launcher/AssistantProvider';
import { addressChanged } from './src/shell/dialogs';
import { pageLoad } from './src/shell/pageLoad';
import { keepHtmlLang } from './src/i18n/htmlLang';
// What each feature adds to every page's frame: its global dialog, its work when a page loads.
import './src/features/frame';

// A page's Head needs none of the root's providers (src/start/pageHead.ts).
export const wrapRootElement: GatsbyBrowser['wrapRootElement'] = ({ element }) =>
  isPageHead(element) ? element : <Root>{element}</Root>;

// The assistant's side panel and conversation, kept from one page to the next: Gatsby keeps this
// wrapper mounted when the page changes (src/features/assistant/launcher/AssistantProvider.tsx).
export const wrapPageElement: GatsbyBrowser['wrapPageElement'] = ({ element, props }) =>
  withAssistant(element, props as unknown as GatsbyPageProps);

// (Gatsby's own type for this API is React DOM's legacy `render`, which a root does not match.)
export const replaceHydrateFunction = () => hydrateAsTransition;

// A page whose code cannot be fetched (a deploy replaced it) reloads, at most once a minute, and
// only while the site answers (src/shell/chunkReload.ts). Installed when this module runs: Gatsby
// runs it before its navigation module, whose own listener (it reloads for any failed chunk) then
// comes second and never hears of a chunk error.
installChunkReload(window);

// The loading bar follows route changes; loads under 200 ms show nothing.
export const onPreRouteUpdate: GatsbyBrowser['onPreRouteUpdate'] = ({ location, prevLocation }) => {
  if (prevLocation && prevLocation.pathname !== location.pathname) pageLoad.start();
};

export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = ({ location }) => {
  pageLoad.done();
  addressChanged(location.search);
  // A move to another language's page (src/i18n/htmlLang.ts).
  keepHtmlLang(document, location.pathname);
  // The device redirect holds for the site's own links too (the inline script and the server see
  // only full loads): a phone that followed one to a full-site page goes on to the mobile page.
  const target = deviceRedirect(location.pathname, window.navigator.userAgent);
  if (target !== null) window.location.replace(target + location.search + location.hash);
};
