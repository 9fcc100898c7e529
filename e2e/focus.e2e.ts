// Visible focus everywhere (what axe cannot check). On every English page, signed out and signed
// in, on the phone's page, and in each global dialog: Tab goes through every tab stop, and each one
// shows a focus indicator (an outline of at least 2 px in a visible colour, or a box shadow it has
// only when focused) with a contrast of at least 3:1 against what is behind it (WCAG 2.4.7, 2.4.13,
// 1.4.11), is in the viewport and not hidden behind something else (2.4.11), and the focus never
// falls onto the page's body or an element that cannot be seen.
import { callApi, createAccount, type Account } from './accounts';
import { baseUrl, focused, still, tabTo, DEVICES, waitForFocus } from './browser';
import { expect, test, type Page } from './fixtures';
import { siteStrings } from './strings';

const DESKTOP = DEVICES.desktop;
const PHONE = DEVICES.iPhone;

/** The most tab stops walked on one page or in one dialog. */
const MAX_STOPS = 80;
/** WCAG 1.4.11: a focus indicator against the colours next to it. */
const MIN_CONTRAST = 3;

let account: Account;
let sourceId: number;

test.beforeAll(async () => {
  account = await createAccount('Fay');
  await callApi('/api/follow/add', account.token, { coinIds: [1, 2, 3] });
  const { records } = await callApi<{ records: Array<{ id: number }> }>(
    '/api/monitor/source/list?page=1&size=1&status=5',
    account.token,
  );
  sourceId = records[0]!.id;
  await callApi(`/api/monitor/user/source/add?sourceIds=${sourceId}`, account.token);
});

/** Goes to `path` and waits until its content has come (no busy region, nothing moving). */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl()}${path}`);
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, {
    timeout: 15_000,
  });
  await still(page, 400);
}

/** What the page found wrong with the focused element; `key` tells one element from another. */
interface Step {
  key: number;
  body: boolean;
  problems: string[];
}

/**
 * In the page: checks the focused element (once its transitions have ended) and then remembers
 * how every other focusable element looks unfocused, which is what the next focused one is
 * compared with.
 */
function checkFocused([minContrast]: [number]): Promise<Step> {
  type Remembered = { boxShadow: string; outline: string };
  const w = window as unknown as {
    __e2eUnfocused?: WeakMap<Element, Remembered>;
    __e2eFocusKeys?: WeakMap<Element, number>;
    __e2eFocusNext?: number;
  };
  const unfocused = (w.__e2eUnfocused ??= new WeakMap());
  const keys = (w.__e2eFocusKeys ??= new WeakMap());
  const FOCUSABLE =
    'a[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable]';

  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  /** Any CSS colour as sRGB 0-255 and alpha 0-1 (the canvas converts oklch and the rest). */
  const rgba = (color: string): [number, number, number, number] => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = '#000';
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    return [r!, g!, b!, a! / 255];
  };
  const over = (
    [r, g, b, a]: [number, number, number, number],
    [R, G, B]: [number, number, number, number],
  ): [number, number, number, number] => [
    r * a + R * (1 - a),
    g * a + G * (1 - a),
    b * a + B * (1 - a),
    1,
  ];
  /** The opaque colour behind `from`: its own and its ancestors' backgrounds, composited. */
  const backgroundOf = (from: Element | null): [number, number, number, number] => {
    const layers: Array<[number, number, number, number]> = [];
    for (let el = from; el; el = el.parentElement) {
      const color = rgba(getComputedStyle(el).backgroundColor);
      if (color[3] > 0) layers.push(color);
      if (color[3] >= 1) break;
    }
    let result: [number, number, number, number] = [255, 255, 255, 1];
    for (const layer of layers.reverse()) result = over(layer, result);
    return result;
  };
  const luminance = ([r, g, b]: [number, number, number, number]) => {
    const channel = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const contrast = (a: [number, number, number, number], b: [number, number, number, number]) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  };
  const COLOR = /(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([^()]*\)|#[0-9a-f]{3,8}\b/gi;

  const opacityOf = (from: Element) => {
    let opacity = 1;
    for (let node: Element | null = from; node; node = node.parentElement) {
      opacity *= Number(getComputedStyle(node).opacity);
    }
    return opacity;
  };
  const seen = (node: Element) => {
    const box = node.getBoundingClientRect();
    return (
      box.width > 1 &&
      box.height > 1 &&
      getComputedStyle(node).visibility === 'visible' &&
      opacityOf(node) >= 0.1
    );
  };
  /**
   * Where the focus shows: the element, or for a native control laid transparent over its
   * picture (a radio in a segment, a select over a label) the nearest ancestor that is seen.
   */
  const shownBy = (el: Element): Element | null => {
    if (seen(el)) return el;
    let node = el.parentElement;
    for (let depth = 0; node && depth < 3; depth += 1, node = node.parentElement) {
      if (seen(node)) return node;
    }
    return null;
  };

  const remember = () => {
    const active = document.activeElement;
    for (const focusable of document.querySelectorAll(FOCUSABLE)) {
      if (focusable === active) continue;
      const el = shownBy(focusable);
      if (!el) continue;
      const style = getComputedStyle(el);
      unfocused.set(focusable, {
        boxShadow: style.boxShadow,
        outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
      });
    }
  };

  const active = document.activeElement;
  if (!active || active === document.body || active === document.documentElement) {
    remember();
    return Promise.resolve({ key: 0, body: true, problems: [] });
  }
  if (!keys.has(active)) keys.set(active, (w.__e2eFocusNext = (w.__e2eFocusNext ?? 0) + 1));
  const key = keys.get(active)!;

  // The animations that change how it looks: its own and those of every element around it (a
  // dialog fading in), the endless ones (a loading pulse) aside.
  const around: Element[] = [];
  for (let node: Element | null = active; node; node = node.parentElement) around.push(node);
  const settle = Promise.race([
    Promise.all(
      around.flatMap((node) =>
        node
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished),
      ),
    ).catch(() => {}),
    new Promise((resolve) => setTimeout(resolve, 3000)),
  ]);
  return settle.then(() => {
    const problems: string[] = [];
    // Something that can be seen.
    const proxy = shownBy(active);
    if (!proxy) {
      const box = active.getBoundingClientRect();
      problems.push(
        `cannot be seen (${Math.round(box.width)}x${Math.round(box.height)}, visibility ` +
          `${getComputedStyle(active).visibility}, opacity ${opacityOf(active).toFixed(2)})`,
      );
    }
    const el = proxy ?? active;
    const style = getComputedStyle(el);
    const rect = el.getBoundingClientRect();

    // A focus indicator: a real outline, or a box shadow it has only now.
    const before = unfocused.get(active);
    const outlineWidth = parseFloat(style.outlineWidth) || 0;
    const outlineOffset = parseFloat(style.outlineOffset) || 0;
    const outlineColor = rgba(style.outlineColor);
    const outline = `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
    const hasOutline =
      style.outlineStyle !== 'none' &&
      outlineWidth >= 2 &&
      outlineColor[3] > 0 &&
      (!before || before.outline !== outline);
    const shadowChanged =
      style.boxShadow !== 'none' && (!before || before.boxShadow !== style.boxShadow);
    let indicator: [number, number, number, number] | null = null;
    let behind: [number, number, number, number];
    if (hasOutline) {
      indicator = outlineColor;
      // Drawn outside the box: against what is around it; inside (a negative offset): its own.
      behind = backgroundOf(outlineOffset + outlineWidth > 0 ? el.parentElement : el);
    } else if (shadowChanged) {
      const colors = style.boxShadow.match(COLOR) ?? [];
      const old: string[] = before?.boxShadow.match(COLOR) ?? [];
      const added = colors.find((color) => !old.includes(color)) ?? colors[0];
      indicator = added ? rgba(added) : null;
      behind = backgroundOf(el.parentElement);
    } else {
      behind = backgroundOf(el);
      problems.push(
        `no focus indicator (outline ${outline}, offset ${style.outlineOffset}; box-shadow ` +
          `${style.boxShadow}${before ? ` as unfocused` : ''})`,
      );
    }
    if (indicator && indicator[3] > 0) {
      const ratio = contrast(over(indicator, behind), behind);
      if (ratio < minContrast) {
        problems.push(
          `focus indicator contrast ${ratio.toFixed(2)}:1 (indicator rgb(${indicator
            .slice(0, 3)
            .map(Math.round)
            .join(', ')}) on rgb(${behind.slice(0, 3).map(Math.round).join(', ')}))`,
        );
      }
    }

    // In the viewport, and not hidden behind something else (a sticky bar, a toast).
    const vw = document.documentElement.clientWidth;
    const vh = document.documentElement.clientHeight;
    const grow = hasOutline ? Math.max(0, outlineWidth + outlineOffset) : 0;
    const box = {
      left: rect.left - grow,
      top: rect.top - grow,
      right: rect.right + grow,
      bottom: rect.bottom + grow,
    };
    const fits = rect.width <= vw && rect.height <= vh;
    const inside = fits
      ? rect.left >= -1 && rect.top >= -1 && rect.right <= vw + 1 && rect.bottom <= vh + 1
      : box.right > 0 && box.bottom > 0 && box.left < vw && box.top < vh;
    if (!inside) {
      problems.push(
        `outside the viewport (${Math.round(rect.left)},${Math.round(rect.top)} ` +
          `${Math.round(rect.width)}x${Math.round(rect.height)} in ${vw}x${vh})`,
      );
    } else if (rect.width > 1 && rect.height > 1) {
      const left = Math.max(rect.left, 0);
      const right = Math.min(rect.right, vw);
      const top = Math.max(rect.top, 0);
      const bottom = Math.min(rect.bottom, vh);
      const inset = (a: number, b: number, f: number) => a + (b - a) * f;
      const points = [
        [0.5, 0.5],
        [0.15, 0.15],
        [0.85, 0.15],
        [0.15, 0.85],
        [0.85, 0.85],
      ].map(([x, y]) => [inset(left, right, x!), inset(top, bottom, y!)] as const);
      const covers = points.map(([x, y]) => {
        const hit = document.elementFromPoint(x, y);
        return hit !== null && !el.contains(hit) && !hit.contains(el) && !active.contains(hit)
          ? hit
          : null;
      });
      if (covers.every(Boolean)) {
        const cover = covers[0]!;
        problems.push(
          `hidden behind ${cover.tagName.toLowerCase()}${
            cover.getAttribute('role') ? `[role=${cover.getAttribute('role')}]` : ''
          }${cover.className && typeof cover.className === 'string' ? `.${cover.className.split(' ')[0]}` : ''}`,
        );
      }
    }
    remember();
    return { key, body: false, problems };
  });
}

/**
 * Checks the focused element, then tabs through every tab stop, once round (or `stops` times),
 * and answers what was wrong, as "where: role "name" (selector): problem". In a page, the focus
 * leaves the document after the last stop (to the browser's own controls) and comes back to the
 * first; in a dialog it goes round within it.
 */
async function walk(
  page: Page,
  where: string,
  { inDialog = false, stops: max = MAX_STOPS } = {},
): Promise<string[]> {
  const failures: string[] = [];
  const report = async (problem: string) => {
    const found = await focused(page);
    failures.push(`${where}: ${found.role} "${found.name}" (${found.selector}): ${problem}`);
  };
  const check = () => page.evaluate(checkFocused, [MIN_CONTRAST] as [number]);

  let first = await check();
  if (!first.body) for (const problem of first.problems) await report(problem);
  let stops = first.body ? 0 : 1;
  let leftDocument = false;
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const step = await check();
    if (step.body) {
      if (!inDialog && stops > 0 && !leftDocument) {
        // Past the last stop: the next Tab must bring the focus back to the first one.
        leftDocument = true;
        continue;
      }
      failures.push(
        `${where}: the focus fell onto the page's body after ${stops} stop(s)` +
          (inDialog ? ' (it left the dialog)' : ''),
      );
      continue;
    }
    if (first.body) first = step;
    else if (step.key === first.key && stops > 0) break;
    if (leftDocument) {
      failures.push(`${where}: after the last stop the focus did not come back to the first one`);
      leftDocument = false;
    }
    stops += 1;
    for (const problem of step.problems) await report(problem);
    if (inDialog && !(await focused(page)).dialog) {
      await report('outside the open dialog');
    }
  }
  if (stops === 0 && max > 0) failures.push(`${where}: no tab stop at all`);
  return failures;
}

test.describe('visible focus', () => {
  test('shows where the focus is on every page, signed out', async ({ openContext }) => {
    test.setTimeout(90_000);
    const { context, page } = await openContext(DESKTOP);
    const failures: string[] = [];
    for (const path of ['/', '/welcome/', '/privacy/', '/terms/']) {
      await visit(page, path);
      failures.push(...(await walk(page, `${path} (signed out)`)));
    }
    const phone = await openContext(PHONE);
    await visit(phone.page, '/mobile/');
    failures.push(...(await walk(phone.page, '/mobile/ (phone, signed out)')));
    await phone.context.close();
    await context.close();
    expect(failures).toEqual([]);
  });

  test('shows where the focus is on every page, signed in', async ({ openContext }) => {
    test.setTimeout(120_000);
    const { context, page } = await openContext(DESKTOP, account.token);
    const failures: string[] = [];
    for (const path of [
      '/',
      '/welcome/',
      '/reporting/',
      '/monitoring/',
      `/monitoring/detail/?id=${sourceId}`,
      '/privacy/',
      '/terms/',
    ]) {
      await visit(page, path);
      failures.push(...(await walk(page, `${path} (signed in)`)));
    }
    const phone = await openContext(PHONE, account.token);
    await visit(phone.page, '/mobile/');
    await phone.page.getByRole('listitem').filter({ hasText: 'Bitcoin' }).waitFor();
    failures.push(...(await walk(phone.page, '/mobile/ (phone, signed in)')));
    await phone.context.close();
    await context.close();
    expect(failures).toEqual([]);
  });

  test('shows where the focus is in every dialog, and keeps it there', async ({ openContext }) => {
    test.setTimeout(90_000);
    const c = siteStrings('en', 'common');
    const r = siteStrings('en', 'reporting');
    const m = siteStrings('en', 'monitoring');
    const failures: string[] = [];
    const opened = async (page: Page) => {
      await page.getByRole('dialog').waitFor();
      await still(page, 400);
    };
    const closed = async (page: Page) => {
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    };

    const out = await openContext(DESKTOP);
    await visit(out.page, '/');
    await tabTo(out.page, { role: 'button', name: c('profile.login') });
    await out.page.keyboard.press('Enter');
    await opened(out.page);
    failures.push(...(await walk(out.page, 'login dialog', { inDialog: true })));
    await out.context.close();

    const { context, page } = await openContext(DESKTOP, account.token);
    await visit(page, '/reporting/');
    await tabTo(page, { role: 'button', name: r('addCoins') });
    await page.keyboard.press('Enter');
    await opened(page);
    failures.push(...(await walk(page, 'add-coin dialog', { inDialog: true })));
    await closed(page);

    await visit(page, '/monitoring/');
    await tabTo(page, { role: 'button', name: m('add') });
    await page.keyboard.press('Enter');
    await opened(page);
    failures.push(...(await walk(page, 'add-monitoring dialog', { inDialog: true })));
    await closed(page);

    await tabTo(page, { role: 'button', name: c('profile.menuFor', { nickname: 'Fay' }) });
    // The profile menu's items, reached with the arrows (Tab would leave and close it).
    for (const item of [
      c('profile.editNickname'),
      c('profile.alerts'),
      c('profile.greenUp'),
      c('profile.redUp'),
      c('profile.logout'),
    ]) {
      await page.keyboard.press('ArrowDown');
      await waitForFocus(page, { name: item });
      failures.push(...(await walk(page, 'profile menu', { stops: 0 })));
    }
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowDown');
    await waitForFocus(page, { name: c('profile.editNickname') });
    await page.keyboard.press('Enter');
    await opened(page);
    failures.push(...(await walk(page, 'nickname dialog', { inDialog: true })));
    await closed(page);
    await context.close();
    expect(failures).toEqual([]);
  });
});
