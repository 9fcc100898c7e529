/**
 * @jest-environment node
 */
// The third place the device redirect runs: the script gatsby-ssr.tsx puts in every page's head,
// for hosts without the edge handler. Run here with a stand-in location and navigator.
import type { ReactElement } from 'react';
import { onRenderBody } from '../gatsby-ssr';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

type ScriptElement = ReactElement<{ dangerouslySetInnerHTML: { __html: string } }>;

/**
 * Everything gatsby-ssr.tsx puts in the head: the redirect script, the link that holds the first
 * paint (src/start/wholeFirstPaint.tsx), the early-click script (src/start/earlyClicks.ts), then the
 * fonts.
 */
function headComponents(): ScriptElement[] {
  const setHeadComponents = jest.fn();
  const setHtmlAttributes = jest.fn();
  // Only these are used; the rest of Gatsby's arguments do not matter here.
  const args = {
    pathname: '/pt-br/',
    setHtmlAttributes,
    setHeadComponents,
    setPostBodyComponents: jest.fn(),
  } as unknown as Parameters<NonNullable<typeof onRenderBody>>[0];
  onRenderBody?.(args, { plugins: [] });
  expect(setHeadComponents).toHaveBeenCalledTimes(1);
  // The page's language and its price colours, on <html> (src/i18n/htmlLang.ts, trendColors.ts).
  expect(setHtmlAttributes).toHaveBeenCalledWith({
    lang: 'pt-BR',
    'data-trend-colors': 'green-up',
  });
  return setHeadComponents.mock.calls[0]?.[0] as ScriptElement[];
}

const headScripts = () => headComponents().filter((element) => element.type === 'script');

/** Runs the page script at `href` for `userAgent`; returns where it sent the page, if anywhere. */
function runAt(href: string, userAgent: string): string | null {
  const [script] = headScripts();
  const url = new URL(href);
  let replacedWith: string | null = null;
  const location = {
    pathname: url.pathname,
    search: url.search,
    hash: url.hash,
    replace: (target: string) => {
      replacedWith = target;
    },
  };
  new Function('location', 'navigator', script?.props.dangerouslySetInnerHTML.__html ?? '')(
    location,
    { userAgent },
  );
  return replacedWith;
}

describe('the inline device redirect', () => {
  it('is the first element of the head; the only other inline script keeps early presses', () => {
    expect(headComponents()[0]?.key).toBe('device-redirect');
    expect(headScripts().map((script) => script.key)).toEqual(['device-redirect', 'early-clicks']);
  });

  it('sends a phone to the mobile home page of its language, keeping query and fragment', () => {
    expect(runAt('https://coinlens.example/zh/monitoring/?t=login#top', IPHONE)).toBe(
      '/zh/mobile/?t=login#top',
    );
    expect(runAt('https://coinlens.example/', IPHONE)).toBe('/mobile/');
  });

  it('keeps the page where the other side has it too', () => {
    expect(runAt('https://coinlens.example/zh/terms/?x=1#top', IPHONE)).toBe(
      '/zh/mobile/terms/?x=1#top',
    );
    expect(runAt('https://coinlens.example/privacy/', IPHONE)).toBe('/mobile/privacy/');
  });

  it('sends a desktop from a mobile page to the same page of the full site', () => {
    expect(runAt('https://coinlens.example/pt-br/mobile/privacy/', DESKTOP)).toBe(
      '/pt-br/privacy/',
    );
    expect(runAt('https://coinlens.example/mobile/', DESKTOP)).toBe('/');
  });

  it('leaves a page that fits the device alone', () => {
    expect(runAt('https://coinlens.example/mobile/', IPHONE)).toBeNull();
    expect(runAt('https://coinlens.example/reporting/', DESKTOP)).toBeNull();
  });
});
