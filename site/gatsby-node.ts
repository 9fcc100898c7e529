import type { GatsbyNode } from 'gatsby';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { withNotFoundRoute } from './src/i18n/notFoundRoutes';
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

// Each language's 404 page answers every unknown address under its prefix in the browser too, so
// the address typed stays in the address bar (src/i18n/notFoundRoutes.ts).
export const onCreatePage: GatsbyNode['onCreatePage'] = ({ page, actions }) => {
  const routed = withNotFoundRoute(page);
  if (!routed) return;
  actions.deletePage(page);
  actions.createPage(routed);
};

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
