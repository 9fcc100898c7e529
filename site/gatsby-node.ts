import type { GatsbyNode } from 'gatsby';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CompileHintsPlugin } from './src/app/compileHints';
import { scriptsAfterPaint } from './src/app/scriptsAfterPaint';

/**
 * The built site runs on Preact's React layer (preact/compat) instead of React DOM: the same
 * components at a fraction of the first-load cost (issue #13's budgets: React DOM alone was 44 KB
 * gz of every page). The server render is Preact's too, so that the markup and the hydration agree
 * (element ids from useId, external stores' server snapshots: src/app/preact). The development
 * server, Storybook and the unit tests keep React 18; the browser tests run against the built
 * site. COINLENS_REACT=1 builds the site on React instead, to compare.
 *
 * Likewise i18next and react-i18next, which gatsby-plugin-react-i18next requires whole (19 KB gz
 * of every page): the built site has the part of them it uses (src/app/i18next, which answers as
 * i18next for every string of every locale). COINLENS_I18NEXT=1 builds with them instead.
 */
const ours = (folder: string, file: string) => path.join(__dirname, 'src', 'app', folder, file);
const resolvePackage = createRequire(path.join(__dirname, 'package.json')).resolve;
const packageFile = (name: string, file: string) =>
  path.join(path.dirname(resolvePackage(`${name}/package.json`)), file);

const preactAliases = (): Record<string, string> => ({
  react$: ours('preact', 'react.ts'),
  'react/jsx-runtime$': 'preact/jsx-runtime',
  'react/jsx-dev-runtime$': 'preact/jsx-runtime',
  'react-dom$': 'preact/compat',
  'react-dom/client$': ours('preact', 'react-dom-client.ts'),
  'react-dom/server$': ours('preact', 'react-dom-server.ts'),
  // One Preact: its ES modules, whether a package imports or requires it (two copies would each
  // keep their own hooks state, and hooks would fail).
  preact$: packageFile('preact', 'dist/preact.module.js'),
  'preact/hooks$': packageFile('preact', 'hooks/dist/hooks.module.js'),
  'preact/compat$': packageFile('preact', 'compat/dist/compat.module.js'),
  'preact/compat/client$': packageFile('preact', 'compat/client.mjs'),
  'preact/jsx-runtime$': packageFile('preact', 'jsx-runtime/dist/jsxRuntime.module.js'),
  'preact-render-to-string$': packageFile('preact-render-to-string', 'dist/index.module.js'),
  'preact-render-to-string/stream-node$': packageFile(
    'preact-render-to-string',
    'dist/stream/node/index.module.js',
  ),
});

const i18nextAliases = (): Record<string, string> => ({
  i18next$: ours('i18next', 'i18next.ts'),
  'react-i18next$': ours('i18next', 'react-i18next.ts'),
});

// Gatsby's long-cached "framework" chunk: with the aliases it holds Preact instead of React.
const FRAMEWORK =
  /(?<!node_modules.*)[\\/]node_modules[\\/](preact|react|react-dom|scheduler|prop-types)[\\/]/;

export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({
  stage,
  actions,
  getConfig,
}) => {
  if (stage !== 'build-javascript' && stage !== 'build-html') return;
  const config = getConfig();
  const react = process.env.COINLENS_REACT === '1';
  const i18next = process.env.COINLENS_I18NEXT === '1';
  // Webpack's cache keeps module resolutions: one per choice, or a switch would build from the
  // other's (the server render would load this folder's TypeScript as a package).
  if (config.cache) {
    config.cache = {
      ...config.cache,
      version: `${react ? 'react' : 'preact'}-${i18next ? 'i18next' : 'lite'}`,
    };
  }
  if (!i18next) config.resolve.alias = { ...config.resolve.alias, ...i18nextAliases() };
  if (stage === 'build-javascript') config.plugins = [...config.plugins, new CompileHintsPlugin()];
  if (react) {
    actions.replaceWebpackConfig(config);
    return;
  }
  // Gatsby points these at React's package folders; the aliases replace them.
  delete config.resolve.alias.react;
  delete config.resolve.alias['react-dom'];
  config.resolve.alias = { ...config.resolve.alias, ...preactAliases() };
  // The server render leaves React to Node (a function among the externals); with the aliases its
  // modules are ours and Preact's, which the bundle must hold. Node's built-ins stay external.
  if (stage === 'build-html') {
    config.externals = (config.externals ?? []).filter(
      (external: unknown) => typeof external !== 'function',
    );
  }
  const framework = config.optimization?.splitChunks?.cacheGroups?.framework;
  if (framework) {
    framework.test = (module: { nameForCondition(): string | null }) =>
      FRAMEWORK.test(module.nameForCondition() ?? '');
  }
  actions.replaceWebpackConfig(config);
};

// Every page paints before its scripts run (src/app/scriptsAfterPaint.ts). Gatsby writes the
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
      const changed = scriptsAfterPaint(html);
      if (changed !== html) await writeFile(path.join(publicDir, file), changed);
    }),
  );
};
