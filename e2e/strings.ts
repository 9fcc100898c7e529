// The site's own strings, read from its locale files, so that a browser test finds what a visitor
// reads in each language.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Strings = { [key: string]: string | Strings | string[] };

/**
 * Looks up `key` (dotted) in the `namespace` strings of `locale`, filling in the {{variables}}
 * `values` names (the others stay as written).
 */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

export function siteStrings(locale: string, namespace: string): Translate {
  const file = join(__dirname, '..', 'site', 'locales', locale, `${namespace}.json`);
  const root = JSON.parse(readFileSync(file, 'utf8')) as Strings;
  return (key, values = {}) => {
    const found = key
      .split('.')
      .reduce<unknown>(
        (node, part) => (typeof node === 'object' && node ? (node as Strings)[part] : undefined),
        root,
      );
    if (typeof found !== 'string') throw new Error(`No ${locale} string ${namespace}:${key}`);
    // A variable without a value stays as it is written, for a pattern of the text.
    return found.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
  };
}

/** `text` as a regular expression that matches it literally. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
