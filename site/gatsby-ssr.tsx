import { CoinlensProvider, TREND_COLORS_ATTRIBUTE } from '@coinlens/design-system';
import { CacheProvider } from '@emotion/react';
import type { GatsbySSR } from 'gatsby';
import { isValidElement } from 'react';
import { signedInAreaOf } from './src/start/signedOutRedirect';
import { fontHeadComponents } from './src/start/fonts';
import { inlineScripts } from './src/start/inline/scripts';
import { isPageHead } from './src/start/pageHead';
import { createServerStyles, renderToHtml, styleElements } from './src/start/serverStyles';
import { pageEndElement, wholeFirstPaintLink } from './src/start/wholeFirstPaint';
import { ApiProvider } from './src/data/swr';
import {
  withAssistant,
  type GatsbyPageProps,
} from './src/features/assistant/launcher/AssistantProvider';
import { htmlLangOf } from './src/i18n/htmlLang';
import { trendColorsOf } from './src/i18n/trendColors';
// The same frame parts as gatsby-browser.tsx's, so that hydration finds the tree it rendered.
import './src/features/frame';

// The same providers as gatsby-browser.tsx, so that hydration finds the tree it rendered.
// A page's Head needs none of them (src/start/pageHead.ts).
export const wrapRootElement: GatsbySSR['wrapRootElement'] = ({ element }) =>
  isPageHead(element) ? (
    element
  ) : (
    <CoinlensProvider>
      <ApiProvider>{element}</ApiProvider>
    </CoinlensProvider>
  );

// The same wrapper as gatsby-browser.tsx's, so that hydration finds the tree it rendered.
export const wrapPageElement: GatsbySSR['wrapPageElement'] = ({ element, props }) =>
  withAssistant(element, props as unknown as GatsbyPageProps);

// The page's styles go into its <head>, not inline before the elements (src/start/serverStyles.tsx).
export const replaceRenderer: GatsbySSR['replaceRenderer'] = async ({
  bodyComponent,
  replaceBodyHTMLString,
  setHeadComponents,
}) => {
  const { cache, extract } = createServerStyles();
  const { html, styles } = extract(
    await renderToHtml(<CacheProvider value={cache}>{bodyComponent}</CacheProvider>),
  );
  replaceBodyHTMLString(html);
  setHeadComponents(styleElements(styles));
};

// The inline scripts' texts (src/start/inline), the same on every page of a kind: what is a page's
// own (its address), a script reads in the page, from `location` or from its element's
// attributes, which the CSP hash of its text leaves out.
const SCRIPTS = inlineScripts();

export const onRenderBody: GatsbySSR['onRenderBody'] = ({
  pathname,
  setHtmlAttributes,
  setHeadComponents,
  setPostBodyComponents,
}) => {
  // The page's language (src/i18n/htmlLang.ts), and its up and down colours, so that the first
  // paint has the language's (src/i18n/trendColors.ts); a signed-in user's own choice follows.
  // (Gatsby types these as React's <html> props, which name no data-* attribute.)
  const trendColors = { [TREND_COLORS_ATTRIBUTE]: trendColorsOf(pathname) };
  setHtmlAttributes({ lang: htmlLangOf(pathname), ...trendColors });
  const signedInArea = signedInAreaOf(pathname) !== null;
  setHeadComponents([
    // The device redirect, then on a signed-in area's page the login for a visitor without a
    // token (src/start/inline/areaStart.ts); on the other pages, the signed-in mark
    // (src/start/inline/pageStart.ts).
    signedInArea ? (
      <script key="device-redirect" dangerouslySetInnerHTML={{ __html: SCRIPTS.areaStart }} />
    ) : (
      <script key="device-redirect" dangerouslySetInnerHTML={{ __html: SCRIPTS.pageStart }} />
    ),
    // The first paint waits for the whole page's markup (src/start/wholeFirstPaint.tsx).
    wholeFirstPaintLink(),
    // Keeps a press that comes before its part has hydrated (src/start/earlyClicks.ts).
    <script key="early-clicks" dangerouslySetInnerHTML={{ __html: SCRIPTS.earlyClicks }} />,
    // Inter's faces (src/start/fonts.tsx): in the HTML, so no font waits for a script or a shift.
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
    component.props['data-emotion'] !== undefined;
  replaceHeadComponents([
    ...components.filter((component) => !isStyle(component)),
    ...components.filter(isStyle),
  ]);
};
