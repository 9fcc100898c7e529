// The page's server-rendered styles through its start (site/src/app/browserStyles.ts): the style
// tags stay where they are, and the browser's style cache writes none of their rules again. Each
// move of a tag made the browser match every element's style again, restart the running
// animations and lay the whole page out again; a rule written again is a style sheet changed.
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { accountFollowing } from './accounts';
import { baseUrl, DEVICES, hydrated, launchChromium, openContext } from './browser';

let browser: Browser;
let token: string;

beforeAll(async () => {
  browser = await launchChromium();
  token = await accountFollowing('Stella Styles', { coins: 2, sources: 1 });
});

afterAll(async () => {
  await browser?.close();
});

interface StyleReport {
  /** The server's style tags taken out of the document (a move is one), by their key and ids. */
  removed: string[];
  /** The server's tags now, in document order, and whether each is still in <head>. */
  tags: Array<{ name: string; inHead: boolean }>;
  /** The server's tags as the page was parsed. */
  parsed: string[];
  /** Classes the server's tags hold whose rules the browser wrote again. */
  writtenAgain: string[];
  /** Whether a style sheet the browser wrote defines the design tokens (a global style again). */
  tokensAgain: boolean;
}

it.each([
  ['/', DEVICES.desktop, false],
  ['/zh/reporting/', DEVICES.desktop, true],
  ['/pt-br/monitoring/', DEVICES.desktop, true],
  ['/welcome/', DEVICES.desktop, true],
  ['/mobile/', DEVICES.android, false],
] as Array<[string, BrowserContextOptions, boolean]>)(
  'starts %s on the styles the server wrote, without moving or writing them again',
  async (path, device, signedIn) => {
    const { context, page } = await openContext(browser, device, signedIn ? token : undefined);
    try {
      await page.addInitScript(() => {
        const removed: string[] = [];
        (window as { __removedStyles?: string[] }).__removedStyles = removed;
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.removedNodes) {
              const name = node instanceof Element ? node.getAttribute('data-server-styles') : null;
              if (name !== null) removed.push(name);
            }
          }
        }).observe(document, { childList: true, subtree: true });
        document.addEventListener('DOMContentLoaded', () => {
          (window as { __parsedStyles?: string[] }).__parsedStyles = [
            ...document.querySelectorAll('style[data-server-styles]'),
          ].map((tag) => tag.getAttribute('data-server-styles') ?? '');
        });
      });
      await page.goto(`${baseUrl()}${path}`, { waitUntil: 'load', timeout: 30_000 });
      expect(new URL(page.url()).pathname).toBe(path);
      await hydrated(page);
      // The areas' data and what it brings (a report's chart, the chat) have come.
      await page.waitForLoadState('networkidle');

      const report = await page.evaluate((): StyleReport => {
        const server = [...document.querySelectorAll('style[data-server-styles]')];
        const held = new Set(
          server.flatMap((tag) =>
            (tag.getAttribute('data-server-styles') ?? '')
              .split(' ')
              .slice(1)
              .map((id) => `css-${id}`),
          ),
        );
        const written = [...document.styleSheets].filter(
          (sheet) => !(sheet.ownerNode as Element | null)?.hasAttribute('data-server-styles'),
        );
        const rulesOf = (rules: CSSRuleList): CSSRule[] =>
          [...rules].flatMap((rule) =>
            'cssRules' in rule ? [rule, ...rulesOf((rule as CSSGroupingRule).cssRules)] : [rule],
          );
        const writtenRules = written.flatMap((sheet) => rulesOf(sheet.cssRules));
        const writtenClasses = writtenRules.flatMap((rule) =>
          rule instanceof CSSStyleRule ? (rule.selectorText.match(/css-[\w-]+/g) ?? []) : [],
        );
        return {
          removed: (window as { __removedStyles?: string[] }).__removedStyles ?? [],
          tags: server.map((tag) => ({
            name: tag.getAttribute('data-server-styles') ?? '',
            inHead: tag.parentNode === document.head,
          })),
          parsed: (window as { __parsedStyles?: string[] }).__parsedStyles ?? [],
          writtenAgain: [...new Set(writtenClasses.filter((name) => held.has(name)))],
          tokensAgain: writtenRules.some((rule) => /--cl-colors-[\w-]+\s*:/.test(rule.cssText)),
        };
      });

      expect(report.parsed.length).toBeGreaterThanOrEqual(2);
      expect(report.removed).toEqual([]);
      expect(report.tags.map(({ name }) => name)).toEqual(report.parsed);
      expect(report.tags.every(({ inHead }) => inHead)).toBe(true);
      expect(report.writtenAgain).toEqual([]);
      expect(report.tokensAgain).toBe(false);
    } finally {
      await context.close();
    }
  },
);
