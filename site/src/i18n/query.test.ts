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
        /\.\.\.(Legal)?PageLocales\b/.exec(read(page))?.[0] ?? 'none',
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
    for (const [page, fragment] of Object.entries(fragments)) {
      expect([page, fragment]).toEqual([
        page,
        legal.includes(page) ? '...LegalPageLocales' : '...PageLocales',
      ]);
    }
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
