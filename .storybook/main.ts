import type { StorybookConfig } from '@storybook/react-vite';
import { resolve } from 'node:path';

const config: StorybookConfig = {
  stories: ['../design-system/src/**/*.stories.@(ts|tsx)', '../site/src/**/*.stories.tsx'],
  addons: ['@storybook/addon-essentials', '@storybook/addon-interactions', '@storybook/addon-a11y'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: 'react-docgen-typescript' },
  // Mock Service Worker's script, served from the installed msw (it must match its version) at
  // the root, where msw-storybook-addon registers it: the site's stories answer `/api/*` with it.
  staticDirs: [
    { from: '../node_modules/msw/lib/mockServiceWorker.js', to: '/mockServiceWorker.js' },
  ],
  async viteFinal(viteConfig) {
    // Site code imports Gatsby and its i18n plugin, which need Gatsby's runtime: stories get the
    // stand-ins of site/src/testing (the site's Jest story project maps the same ones). The
    // site imports the design system by name; it is the source here, as for its own stories,
    // so that both share one module (one toast store) and show its current state.
    // Storybook sets the root to the repository's (the folder above .storybook).
    const root = viteConfig.root ?? process.cwd();
    viteConfig.resolve ??= {};
    const alias = viteConfig.resolve.alias ?? [];
    viteConfig.resolve.alias = [
      ...(Array.isArray(alias)
        ? alias
        : Object.entries(alias).map(([find, replacement]) => ({ find, replacement }))),
      { find: /^gatsby$/, replacement: resolve(root, 'site/src/testing/gatsby.tsx') },
      {
        find: /^gatsby-plugin-react-i18next$/,
        replacement: resolve(root, 'site/src/testing/i18next.tsx'),
      },
      {
        find: /^@coinlens\/design-system$/,
        replacement: resolve(root, 'design-system/src/index.ts'),
      },
    ];
    // What Gatsby inlines at build time: no API origin (the mocked API answers the page's own
    // /api/*) and no Google client id (Google sign-in says it is not available).
    viteConfig.define = {
      ...viteConfig.define,
      'process.env.GATSBY_API_URL': JSON.stringify(''),
      'process.env.GATSBY_GOOGLE_CLIENT_ID': 'undefined',
    };
    // Chakra marks its modules "use client" for React Server Components; a static Storybook
    // build has no use for it, and Rollup warns once per module.
    viteConfig.build ??= {};
    // Storybook's own manager and docs chunks are large by design; ours are checked elsewhere.
    viteConfig.build.chunkSizeWarningLimit = 1500;
    viteConfig.build.rollupOptions ??= {};
    const previous = viteConfig.build.rollupOptions.onwarn;
    viteConfig.build.rollupOptions.onwarn = (warning, warn) => {
      if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
      if (previous) previous(warning, warn);
      else warn(warning);
    };
    return viteConfig;
  },
};

export default config;
