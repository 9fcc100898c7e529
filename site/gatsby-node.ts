import type { GatsbyNode } from 'gatsby';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { coinMeta } from './src/features/coin/coinMeta';
import { coinPagesOf, type CoinPageContext } from './src/features/coin/coinPages';
import { withLanguageClientRoute, withNotFoundRoute } from './src/i18n/notFoundRoutes';
import { CompileHintsPlugin } from './src/start/compileHints';
import { compileInlineScripts, type InlineScripts } from './src/start/inline/compile';
import { INLINE_SCRIPTS_CONSTANT } from './src/start/inline/scripts';
import { scriptsAfterPaint } from './src/start/scriptsAfterPaint';

let compiled: InlineScripts | undefined;

/** The pages' inline scripts (src/start/inline), compiled once per build. */
const inlineScripts = () => (compiled ??= compileInlineScripts());

// Compiled before anything else: a script that does not compile stops the build at once.
export const onPreBootstrap: GatsbyNode['onPreBootstrap'] = () => {
  inlineScripts();
};

/** The page of a coin (src/features/coin/coinPages.ts). */
const COIN_TEMPLATE = path.join(__dirname, 'src', 'templates', 'coin.tsx');

/** The market snapshot the API bundles: its coins get pages of their own. */
const COIN_SNAPSHOT = path.join(__dirname, '..', 'api', 'data', 'coins.json');

// A page per coin of the snapshot, on both sides, and on each side a client route for a coin that
// the provider lists later. gatsby-plugin-react-i18next copies each into every language.
export const createPages: GatsbyNode['createPages'] = async ({ actions }) => {
  const pages = coinPagesOf(JSON.parse(await readFile(COIN_SNAPSHOT, 'utf8')));
  for (const page of pages) {
    actions.createPage({ path: page.path, component: COIN_TEMPLATE, context: page.context });
  }
  for (const mobile of [false, true]) {
    const base = `${mobile ? '/mobile' : ''}/coins/`;
    actions.createPage({
      path: base,
      matchPath: `${base}*`,
      component: COIN_TEMPLATE,
      context: { slug: null, name: null, symbol: null, mobile },
    });
  }
};

// Each language's 404 page answers every unknown address under its prefix in the browser too, so
// the address typed stays in the address bar, and the coins' client routes keep their language
// (src/i18n/notFoundRoutes.ts).
export const onCreatePage: GatsbyNode['onCreatePage'] = ({ page, actions }) => {
  const routed = withNotFoundRoute(page) ?? withLanguageClientRoute(page) ?? withCoinMeta(page);
  if (!routed) return;
  actions.deletePage(page);
  actions.createPage(routed);
};

/** The site's translations. */
const LOCALES_DIR = path.join(__dirname, 'locales');

/**
 * A coin page in its language with its head's words (src/features/coin/coinMeta.ts); null for
 * any other page, or one that has them.
 */
function withCoinMeta<P extends { component: string; context?: Record<string, unknown> }>(
  page: P,
): P | null {
  const context = page.context as
    (Partial<CoinPageContext> & { i18n?: { language?: string }; meta?: unknown }) | undefined;
  const language = context?.i18n?.language;
  if (page.component !== COIN_TEMPLATE || !language || context?.meta) return null;
  const coin =
    context.name && context.symbol ? { name: context.name, symbol: context.symbol } : null;
  return { ...page, context: { ...context, meta: coinMeta(LOCALES_DIR, language, coin) } };
}

export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({
  stage,
  actions,
  getConfig,
  plugins,
}) => {
  if (stage === 'build-html' || stage === 'develop-html') {
    // The server render's texts of the inline scripts (src/start/inline/scripts.ts).
    const texts = Object.fromEntries(
      Object.entries(inlineScripts()).map(([name, text]) => [name, JSON.stringify(text)]),
    );
    actions.setWebpackConfig({ plugins: [plugins.define({ [INLINE_SCRIPTS_CONSTANT]: texts })] });
    return;
  }
  if (stage !== 'build-javascript') return;
  const config = getConfig();
  actions.replaceWebpackConfig({
    ...config,
    plugins: [...config.plugins, new CompileHintsPlugin()],
  });
};

// Every page paints before its scripts run (src/start/scriptsAfterPaint.ts). Gatsby writes the
// scripts into the pages from a slice of their own (public/_gatsby), which stays as it is.
export const onPostBuild: GatsbyNode['onPostBuild'] = async () => {
  const publicDir = path.join(__dirname, 'public');
  const pages = (await readdir(publicDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.relative(publicDir, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith(`_gatsby${path.sep}`));
  await Promise.all(
    pages.map(async (file) => {
      const html = await readFile(path.join(publicDir, file), 'utf8');
      const changed = scriptsAfterPaint(html, inlineScripts().afterPaint);
      if (changed !== html) await writeFile(path.join(publicDir, file), changed);
    }),
  );
};
