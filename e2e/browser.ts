import type { BrowserContextOptions, CDPSession, Page } from '@playwright/test';
import type { EarlyClicks } from '../site/src/start/earlyClicks';

/** The started product's origin (set by global-setup.ts). */
export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through e2e/playwright.config.ts');
  return url;
}

/** User agents the device redirect reads (site/edge/rules.mjs): two phones and a computer. */
export const USER_AGENTS = {
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  desktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
} as const;

/** A computer and two phones, as the browser tests emulate them (viewport, touch, user agent). */
export const DEVICES = {
  desktop: { userAgent: USER_AGENTS.desktop, viewport: { width: 1280, height: 900 } },
  iPhone: {
    userAgent: USER_AGENTS.iPhone,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  },
  android: {
    userAgent: USER_AGENTS.android,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  },
} satisfies Record<string, BrowserContextOptions>;

/** A phone held upright at `width` x `height` CSS px, as a browser context emulates it. */
export function phone(
  width: number,
  height: number,
  userAgent: string = USER_AGENTS.iPhone,
): BrowserContextOptions & { viewport: { width: number; height: number } } {
  return {
    userAgent,
    viewport: { width, height },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  };
}

/** How far the page scrolls sideways (0 when it fits the screen). */
export const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * The visible controls inside `within` a finger has to hit that are smaller than 44x44 CSS px
 * (WCAG 2.5.5), by their text or label. Exempt: links inside running text (a link in a sentence),
 * and the chart library's own attribution logo inside a chart, which the design system's chart
 * keeps. A radio button counts by its label, which is what a finger hits.
 */
export const smallTargets = (page: Page, within = 'body') =>
  page.evaluate((scope) => {
    const small: string[] = [];
    for (const element of document
      .querySelector(scope)!
      .querySelectorAll<HTMLElement>('a[href], button, select, input, textarea, [role="tab"]')) {
      const target = element.matches('input[type="radio"]') ? element.parentElement! : element;
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= 0) continue;
      if (getComputedStyle(element).visibility === 'hidden') continue;
      if (element.tagName === 'A' && element.closest('p, li:not([class])') !== null) continue;
      if (element.closest('[data-part="chart"]') !== null) continue;
      if (box.width < 44 || box.height < 44) {
        const name =
          element.getAttribute('aria-label') || element.textContent?.trim() || element.tagName;
        small.push(`${name} (${Math.round(box.width)}x${Math.round(box.height)})`);
      }
    }
    return small;
  }, within);

/**
 * Waits until the page's server markup has hydrated: the page around its parts and every part
 * (as the page's early-click listener records them: site/src/start/earlyClicks.ts). A hover, say,
 * is only heard after that.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const clicks = (window as { __coinlensEarlyClicks?: EarlyClicks }).__coinlensEarlyClicks;
    return (
      clicks !== undefined &&
      clicks.rootHydrated &&
      Array.from(document.querySelectorAll('[data-island]')).every((part) =>
        clicks.hydrated.has(part),
      )
    );
  });
}

/**
 * Waits until nothing on the page changes for a moment and no animation runs: a dialog fading in
 * (too little contrast for a moment), a list arriving, a robot adding a line every second.
 */
export async function still(page: Page, quietMs = 600): Promise<void> {
  await page.evaluate(
    (quiet) =>
      new Promise<void>((resolve, reject) => {
        const giveUp = setTimeout(() => reject(new Error('The page never came to rest')), 15_000);
        let timer = 0;
        const moving = () =>
          document
            .getAnimations()
            .some(
              (animation) =>
                animation.playState === 'running' &&
                animation.effect?.getComputedTiming().iterations !== Infinity,
            );
        const wait = () => {
          clearTimeout(timer);
          timer = window.setTimeout(() => {
            if (moving()) return wait();
            observer.disconnect();
            clearTimeout(giveUp);
            resolve();
          }, quiet);
        };
        const observer = new MutationObserver(wait);
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        });
        wait();
      }),
    quietMs,
  );
}

/** The element that has the keyboard focus, as assistive technology and a reader see it. */
export interface Focused {
  /** The computed role (Chromium's accessibility tree), e.g. `button`, `textbox`, `link`. */
  role: string;
  /** The computed accessible name. */
  name: string;
  /** The tag name, lower case (`body` when nothing has the focus). */
  tag: string;
  /** A short CSS selector to find the element in a failure report. */
  selector: string;
  /** The accessible name of the `[role=dialog]` it is in, or null outside any dialog. */
  dialog: string | null;
  /** Its `aria-pressed` (a toggle button), or null. */
  pressed: string | null;
  /** Its value (a text field), or null. */
  value: string | null;
  /** The same number for the same element throughout a page's life: tells a cycle is complete. */
  key: number;
}

const cdpSessions = new WeakMap<Page, Promise<CDPSession>>();

/** Reads `document.activeElement` and its computed role and name (through the DevTools protocol). */
export async function focused(page: Page): Promise<Focused> {
  let session = cdpSessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    cdpSessions.set(page, session);
  }
  const cdp = await session;
  const { result } = await cdp.send('Runtime.evaluate', {
    expression: 'document.activeElement || document.body',
  });
  const objectId = result.objectId!;
  const { result: dom } = await cdp.send('Runtime.callFunctionOn', {
    objectId,
    returnByValue: true,
    functionDeclaration: `function () {
      const part = (el) => {
        let s = el.tagName.toLowerCase();
        if (el.id && !/^[:«]|^radix|^react/.test(el.id) && !/[:«]/.test(el.id)) return s + '#' + CSS.escape(el.id);
        for (const a of ['data-part', 'data-scope', 'role', 'name', 'type']) {
          const v = el.getAttribute(a);
          if (v) s += '[' + a + '="' + v + '"]';
        }
        const label = el.getAttribute('aria-label');
        if (label) s += '[aria-label="' + label.slice(0, 40) + '"]';
        return s;
      };
      const path = [];
      for (let el = this; el && el !== document.documentElement && path.length < 3; el = el.parentElement) {
        path.unshift(part(el));
      }
      const dialog = this.closest('[role="dialog"], [role="alertdialog"]');
      let dialogName = null;
      if (dialog) {
        const labelIds = (dialog.getAttribute('aria-labelledby') || '').split(/\\s+/).filter(Boolean);
        dialogName = dialog.getAttribute('aria-label') ||
          labelIds.map((id) => document.getElementById(id)?.textContent?.trim() ?? '').join(' ').trim();
      }
      const ids = (window.__e2eFocusKeys = window.__e2eFocusKeys || new WeakMap());
      if (!ids.has(this)) ids.set(this, (window.__e2eFocusNext = (window.__e2eFocusNext || 0) + 1));
      return {
        tag: this.tagName.toLowerCase(),
        selector: path.join(' > '),
        dialog: dialogName,
        pressed: this.getAttribute('aria-pressed'),
        value: 'value' in this && typeof this.value === 'string' ? this.value : null,
        key: ids.get(this),
      };
    }`,
  });
  const info = dom.value as Omit<Focused, 'role' | 'name'>;
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', {
    objectId,
    fetchRelatives: false,
  });
  await cdp.send('Runtime.releaseObject', { objectId });
  const node = nodes[0];
  return {
    ...info,
    role: String(node?.role?.value ?? ''),
    name: String(node?.name?.value ?? '').trim(),
  };
}

/** How a test names the element it expects to have the focus; a missing part matches anything. */
export interface FocusMatch {
  role?: string;
  name?: string | RegExp;
  /** The dialog's name, or true for any dialog, or null for outside every dialog. */
  dialog?: string | RegExp | true | null;
}

/** Whether `found` is the element `match` describes. */
export function focusMatches(found: Focused, match: FocusMatch): boolean {
  const same = (value: string | null, want: string | RegExp) =>
    value !== null && (typeof want === 'string' ? value === want : want.test(value));
  if (match.role !== undefined && found.role !== match.role) return false;
  if (match.name !== undefined && !same(found.name, match.name)) return false;
  if (match.dialog === null && found.dialog !== null) return false;
  if (match.dialog === true && found.dialog === null) return false;
  if (
    match.dialog !== undefined &&
    match.dialog !== null &&
    match.dialog !== true &&
    !same(found.dialog, match.dialog)
  ) {
    return false;
  }
  return true;
}

/**
 * Waits (up to `timeout` ms) until the focused element is the one `match` describes, and answers
 * it; a focus that moves a moment after a key press (a dialog that loads, a list that renders) is
 * waited for. Throws with where the focus is instead.
 */
export async function waitForFocus(
  page: Page,
  match: FocusMatch,
  timeout = 5_000,
): Promise<Focused> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = await focused(page);
    if (focusMatches(found, match)) return found;
    if (Date.now() > deadline) {
      throw new Error(
        `Expected the focus on ${JSON.stringify(match, (_, v: unknown) =>
          v instanceof RegExp ? String(v) : v,
        )}, but it is on ${JSON.stringify(found)}`,
      );
    }
    await page.waitForTimeout(50);
  }
}

/**
 * Presses `key` (Tab, or Shift+Tab) until the focus is on what `match` describes, at most `max`
 * times; answers every element the focus passed through, the last one being the match.
 */
export async function tabTo(
  page: Page,
  match: FocusMatch,
  { key = 'Tab', max = 40 }: { key?: 'Tab' | 'Shift+Tab'; max?: number } = {},
): Promise<Focused[]> {
  const path: Focused[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(key);
    const found = await focused(page);
    path.push(found);
    if (focusMatches(found, match)) return path;
  }
  throw new Error(
    `${key} ${max} times never reached ${JSON.stringify(match, (_, v: unknown) =>
      v instanceof RegExp ? String(v) : v,
    )}; it went through ${path.map((f) => `${f.role} "${f.name}"`).join(', ')}`,
  );
}

/**
 * Keeps the text of every toast `page` shows from now on (until it loads another document), and
 * answers a wait for one with a given text: a toast stays 3 s, which a loaded machine can let
 * pass between two looks of a plain `waitFor`.
 */
export async function recordToasts(page: Page): Promise<(text: string) => Promise<void>> {
  await page.evaluate(() => {
    const held = window as unknown as { __toastsShown?: string[] };
    if (held.__toastsShown) return;
    const shown: string[] = [];
    held.__toastsShown = shown;
    const LIVE = '[role="status"], [role="alert"]';
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.closest(LIVE) || node.querySelector(LIVE)) shown.push(node.textContent ?? '');
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  return async (text) => {
    await page.waitForFunction(
      (wanted) =>
        (window as unknown as { __toastsShown?: string[] }).__toastsShown?.some((shown) =>
          shown.includes(wanted),
        ) ?? false,
      text,
    );
  };
}
