// A page's data carries the strings it can show (query.ts): every namespace but `legal`, which
// only the legal pages render. These read the sources, so a page or a part that starts to need
// `legal` elsewhere fails here rather than showing its keys (e2e/budgets.e2e.ts checks the built
// page data).
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = join(__dirname, '..');
const LEGAL_FEATURE = join(SRC, 'features', 'legal');

/** Every .ts and .tsx file under `dir`, tests and stories left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const read = (path: string) => readFileSync(path, 'utf8');
const pages = sources(join(SRC, 'pages'));

describe('the strings each page carries', () => {
  it('gives the legal pages every namespace, and every other page all but legal', () => {
    const fragments = Object.fromEntries(
      pages.map((page) => [
        relative(SRC, page),
        /\.\.\.(Legal|Alerts)?PageLocales\b/.exec(read(page))?.[0] ?? 'none',
      ]),
    );
    const legal = pages
      .filter((page) => /features\/legal\//.test(read(page)))
      .map((page) => relative(SRC, page));
    expect(legal.sort()).toEqual([
      'pages/mobile/privacy.tsx',
      'pages/mobile/terms.tsx',
      'pages/privacy.tsx',
      'pages/terms.tsx',
    ]);
    const alerts = pages
      .filter((page) => /features\/alerts\/AlertsPage'/.test(read(page)))
      .map((page) => relative(SRC, page));
    expect(alerts.sort()).toEqual(['pages/alerts.tsx', 'pages/mobile/alerts.tsx']);
    for (const [page, fragment] of Object.entries(fragments)) {
      const expected = legal.includes(page)
        ? '...LegalPageLocales'
        : alerts.includes(page)
          ? '...AlertsPageLocales'
          : '...PageLocales';
      expect([page, fragment]).toEqual([page, expected]);
    }
  });

  it('uses the alertsPage namespace only in the alerts pages’ own parts', () => {
    const users = sources(SRC)
      .filter((path) => /useAlertsPageTranslation|ALERTS_PAGE_NAMESPACES/.test(read(path)))
      .map((path) => relative(SRC, path))
      .sort();
    expect(users).toEqual([
      'features/alerts/AlertsPage.tsx',
      'features/alerts/namespaces.ts',
      'features/alerts/page/Alerts.tsx',
      'features/alerts/page/Section.tsx',
      'features/alerts/page/WebhookSettings.tsx',
      'features/alerts/push/PushChoice.tsx',
    ]);
  });

  it('uses the legal namespace only in the legal feature, which only the legal pages import', () => {
    const outside = sources(SRC).filter((path) => !path.startsWith(LEGAL_FEATURE));
    const usesLegal = outside.filter(
      (path) => !path.endsWith(join('i18n', 'query.ts')) && /['"`]legal['"`:]/.test(read(path)),
    );
    expect(usesLegal.map((path) => relative(SRC, path))).toEqual([]);
    const importsLegal = outside
      .filter((path) => /from '[^']*\/features\/legal\//.test(read(path)))
      .map((path) => relative(SRC, path));
    expect(importsLegal.every((path) => path.startsWith('pages/'))).toBe(true);
  });
});
