// A page's data carries the strings it can show (query.ts): every namespace but those one page
// alone renders: `legal` (the legal pages), `alertsPage` (the alerts pages) and `feeds` (the
// operators' Feeds page). These read the sources, so a page or a part that starts to need one of
// them elsewhere fails here rather than showing its keys (e2e/budgets.e2e.ts checks the built
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
  it('gives the legal, alerts and Feeds pages their own fragments, and every other page the shared one', () => {
    const fragments = Object.fromEntries(
      pages.map((page) => [
        relative(SRC, page),
        /\.\.\.(Legal|Alerts|Feeds)?PageLocales\b/.exec(read(page))?.[0] ?? 'none',
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
    const feeds = pages
      .filter((page) => /features\/monitoring\/feeds\/FeedsPage'/.test(read(page)))
      .map((page) => relative(SRC, page));
    expect(feeds).toEqual(['pages/monitoring/feeds.tsx']);
    for (const [page, fragment] of Object.entries(fragments)) {
      const expected = legal.includes(page)
        ? '...LegalPageLocales'
        : alerts.includes(page)
          ? '...AlertsPageLocales'
          : feeds.includes(page)
            ? '...FeedsPageLocales'
            : '...PageLocales';
      expect([page, fragment]).toEqual([page, expected]);
    }
  });

  it('leaves each page’s own namespace out of every other fragment', () => {
    const query = read(join(SRC, 'i18n', 'query.ts'));
    /** The namespaces a fragment leaves out (none when it has no `nin`). */
    const leftOut = (name: string) => {
      const body = new RegExp(`fragment ${name} on Query \\{([\\s\\S]*?)\\n\``).exec(query)?.[1];
      if (body === undefined) throw new Error(`No fragment ${name} in query.ts`);
      const nin = /nin: \[([^\]]*)\]/.exec(body)?.[1] ?? '';
      return [...nin.matchAll(/"(\w+)"/g)].map((match) => match[1]).sort();
    };
    expect(leftOut('PageLocales')).toEqual(['alertsPage', 'feeds', 'legal']);
    expect(leftOut('LegalPageLocales')).toEqual(['feeds']);
    expect(leftOut('AlertsPageLocales')).toEqual(['feeds', 'legal']);
    expect(leftOut('FeedsPageLocales')).toEqual(['alertsPage', 'legal']);
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

  it('uses the feeds namespace only in the Feeds page’s own folder', () => {
    const users = sources(SRC)
      .filter(
        (path) =>
          !path.endsWith(join('i18n', 'query.ts')) &&
          /useTranslation\(\s*(\[[^\]]*)?['"`]feeds['"`]/.test(read(path)),
      )
      .map((path) => relative(SRC, path))
      .sort();
    expect(users).toEqual([
      'features/monitoring/feeds/Feeds.tsx',
      'features/monitoring/feeds/FeedsPage.tsx',
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
