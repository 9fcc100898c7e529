import { CoinlensProvider } from '@coinlens/design-system';
import { CacheProvider } from '@emotion/react';
import type { GatsbySSR } from 'gatsby';
import { isValidElement } from 'react';
import { earlyClicksScript } from './src/app/earlyClicks';
import { earlyRequestsStatement, startFormatsStatement } from './src/app/earlyRequests';
import { earlyRedirectScript, signedInAreaOf } from './src/app/signedOutRedirect';
import { fontHeadComponents } from './src/app/fonts';
import { isPageHead } from './src/app/pageHead';
import {
  createServerStyleCache,
  renderToHtml,
  styleChunks,
  styleElements,
} from './src/app/serverStyles';
import { pageEndElement, wholeFirstPaintLink } from './src/app/wholeFirstPaint';
import { ApiProvider } from './src/data/swr';
import { htmlLangOf } from './src/i18n/htmlLang';

// The same providers as gatsby-browser.tsx, so that hydration finds the tree it rendered.
// A page's Head needs none of them (src/app/pageHead.ts).
export const wrapRootElement: GatsbySSR['wrapRootElement'] = ({ element }) =>
  isPageHead(element) ? (
    element
  ) : (
    <CoinlensProvider>
      <ApiProvider>{element}</ApiProvider>
    </CoinlensProvider>
  );

// The page's styles go into its <head>, not inline before the elements (src/app/serverStyles.tsx).
export const replaceRenderer: GatsbySSR['replaceRenderer'] = async ({
  bodyComponent,
  replaceBodyHTMLString,
  setHeadComponents,
}) => {
  const cache = createServerStyleCache();
  const html = await renderToHtml(<CacheProvider value={cache}>{bodyComponent}</CacheProvider>);
  replaceBodyHTMLString(html);
  setHeadComponents(styleElements(styleChunks(cache)));
};

const EARLY_CLICKS_SCRIPT = earlyClicksScript();

export const onRenderBody: GatsbySSR['onRenderBody'] = ({
  pathname,
  setHtmlAttributes,
  setHeadComponents,
  setPostBodyComponents,
}) => {
  // The page's language (src/i18n/htmlLang.ts).
  setHtmlAttributes({ lang: htmlLangOf(pathname) });
  setHeadComponents([
    // The device redirect, then a signed-in area's for a visitor without a token, or the area's
    // first requests for one with a token; on the other pages, the formats of a signed-in user's
    // mobile page (src/app/earlyRequests.ts).
    <script
      key="device-redirect"
      dangerouslySetInnerHTML={{
        __html: earlyRedirectScript(
          pathname,
          signedInAreaOf(pathname)
            ? earlyRequestsStatement(pathname, process.env.GATSBY_API_URL ?? '')
            : startFormatsStatement(pathname),
        ),
      }}
    />,
    // The first paint waits for the whole page's markup (src/app/wholeFirstPaint.tsx).
    wholeFirstPaintLink(),
    // Keeps a press that comes before its part has hydrated (src/app/earlyClicks.ts).
    <script key="early-clicks" dangerouslySetInnerHTML={{ __html: EARLY_CLICKS_SCRIPT }} />,
    // Inter's faces (src/app/fonts.tsx): in the HTML, so no font waits for a script or a shift.
    ...fontHeadComponents(),
  ]);
  setPostBodyComponents([pageEndElement()]);
};

// The redirect and the font preloads first: the page's styles (set by replaceRenderer) after them.
export const onPreRenderHTML: GatsbySSR['onPreRenderHTML'] = ({
  getHeadComponents,
  replaceHeadComponents,
}) => {
  const components = getHeadComponents();
  const isStyle = (component: unknown) =>
    isValidElement<Record<string, unknown>>(component) &&
    component.props['data-server-styles'] !== undefined;
  replaceHeadComponents([
    ...components.filter((component) => !isStyle(component)),
    ...components.filter(isStyle),
  ]);
};
