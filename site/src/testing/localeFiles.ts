/// <reference types="vite/client" />
// The site's translations (locales/<locale>/<namespace>.json), bundled by Vite for Storybook. The
// site's Jest story project maps this module to localeFiles.node.ts, which reads the same files.
import type { LocaleFiles, Strings } from './localeFiles.node';

const files = import.meta.glob<Strings>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** Every namespace of every locale: `{ en: { common: {...}, coins: {...} }, zh: {...} }`. */
export const localeFiles: LocaleFiles = {};
for (const [path, strings] of Object.entries(files)) {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, locale = '', ns = ''] = match;
  localeFiles[locale] = { ...localeFiles[locale], [ns]: strings };
}
