// The site's translations (locales/<locale>/<namespace>.json) read from disk, for the story tests
// in Jest (the site's Jest config maps localeFiles.ts, which Vite bundles, to this file).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Strings = { [key: string]: string | Strings };
/** Namespaces by locale: `{ en: { common: {...} } }`. */
export type LocaleFiles = Record<string, Record<string, Strings>>;

const LOCALES_DIR = join(__dirname, '..', '..', 'locales');

export const localeFiles: LocaleFiles = Object.fromEntries(
  readdirSync(LOCALES_DIR).map((locale) => [
    locale,
    Object.fromEntries(
      readdirSync(join(LOCALES_DIR, locale))
        .filter((file) => file.endsWith('.json'))
        .map((file) => [
          file.replace(/\.json$/, ''),
          JSON.parse(readFileSync(join(LOCALES_DIR, locale, file), 'utf8')) as Strings,
        ]),
    ),
  ]),
);
