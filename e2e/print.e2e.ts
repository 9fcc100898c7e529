// Printing a page (`@media print`): the light palette on paper (the design system's print colours),
// the page's content without the controls around it (the header's, the overlays, the add buttons).
import { accountFollowing } from './accounts';
import { baseUrl, DEVICES, hydrated } from './browser';
import { expect, test, type Page } from './fixtures';
import { siteStrings } from './strings';

let token: string;

test.beforeAll(async () => {
  token = await accountFollowing('Pedro Print', { coins: 1, sources: 1 });
});

test.use(DEVICES.desktop);

/** WCAG relative luminance of a computed `rgb(...)` colour. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
    const c = Number(part) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The page's background and its heading's colour, as the current medium draws them. */
function colours(page: Page): Promise<{ background: string; heading: string }> {
  return page.evaluate(() => ({
    background: getComputedStyle(document.body).backgroundColor,
    heading: getComputedStyle(document.querySelector('h1')!).color,
  }));
}

test.describe('a printed page', () => {
  for (const [path, namespace, addKey, item] of [
    // The page, its strings, its add button, and its first item (a report, a source).
    ['/reporting/', 'reporting', 'addCoins', 'main article'],
    ['/pt-br/monitoring/', 'monitoring', 'add', 'main li'],
  ] as const) {
    test(`${path} prints dark on light, without the header’s controls, the overlays or the add button`, async ({
      page,
      signIn,
    }) => {
      const strings = siteStrings(path.startsWith('/pt-br/') ? 'pt-br' : 'en', namespace);
      await signIn(token);
      await page.goto(`${baseUrl()}${path}`, { waitUntil: 'load' });
      await hydrated(page);
      const add = page.getByRole('button', { name: strings(addKey) }).first();
      const banner = page.getByRole('banner');
      const launcher = page.locator('[data-island=overlays] aside');
      await add.waitFor();
      await launcher.waitFor();
      await page.locator(item).first().waitFor();

      // On screen: the dark palette, with every control.
      const screen = await colours(page);
      expect(luminance(screen.background)).toBeLessThan(0.05);
      expect(luminance(screen.heading)).toBeGreaterThan(0.8);
      await expect(add.isVisible()).resolves.toBe(true);
      await expect(banner.getByRole('navigation').isVisible()).resolves.toBe(true);

      await page.emulateMedia({ media: 'print' });
      const paper = await colours(page);
      expect(luminance(paper.background)).toBeGreaterThan(0.9);
      expect(luminance(paper.heading)).toBeLessThan(0.02);
      await expect(add.isVisible()).resolves.toBe(false);
      await expect(banner.getByRole('navigation').isVisible()).resolves.toBe(false);
      const controls = banner.getByRole('button', { includeHidden: true });
      await expect(controls.count()).resolves.toBeGreaterThan(0);
      for (const button of await controls.all()) {
        await expect(button.isVisible()).resolves.toBe(false);
      }
      await expect(launcher.isVisible()).resolves.toBe(false);
      // The content is all there.
      await expect(page.locator('h1').isVisible()).resolves.toBe(true);
      await expect(page.locator(item).first().isVisible()).resolves.toBe(true);
    });
  }
});
