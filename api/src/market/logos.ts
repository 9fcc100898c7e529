// Coin logos served by the API itself (`/api/asset/logo/<symbol>.svg`): the colour SVG of the
// `cryptocurrency-icons` package when it has one for the symbol, else a generated monogram (a
// coloured circle with up to 3 letters), so that every coin has a logo and no request leaves the
// machine.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The file name a symbol's logo goes by: lower case, only [a-z0-9] kept. */
export function logoName(symbol: string): string {
  const name = symbol.toLowerCase().replace(/[^a-z0-9]/g, '');
  return name === '' ? 'coin' : name;
}

/** The logo's path on the API's origin, e.g. `/api/asset/logo/btc.svg` for "BTC". */
export function logoPath(symbol: string): string {
  return `/api/asset/logo/${logoName(symbol)}.svg`;
}

/** The package's folder of colour SVGs, and the names it has (without `.svg`). */
let bundled: { dir: string; names: ReadonlySet<string> } | undefined;

function bundledIcons(): { dir: string; names: ReadonlySet<string> } {
  if (bundled) return bundled;
  try {
    const pkg = createRequire(import.meta.url).resolve('cryptocurrency-icons/package.json');
    const dir = join(dirname(pkg), 'svg', 'color');
    const names = new Set(
      readdirSync(dir)
        .filter((file) => /^[a-z0-9]+\.svg$/.test(file))
        .map((file) => file.slice(0, -'.svg'.length)),
    );
    bundled = { dir, names };
  } catch {
    // Without the package every logo is a monogram.
    bundled = { dir: '', names: new Set() };
  }
  return bundled;
}

/** Whether the package has an icon for this name (a lower-case symbol, e.g. "btc"). */
export function hasBundledIcon(name: string): boolean {
  return bundledIcons().names.has(logoName(name));
}

/** Files read once, kept for good (at most the package's few hundred icons). */
const fileCache = new Map<string, string>();
/** Monograms, kept while there are few (the names come from requests). */
const monogramCache = new Map<string, string>();
const MONOGRAM_CACHE_MAX = 1024;

/**
 * The SVG for a logo name (a lower-case symbol, e.g. "btc", as in `logoPath`): the package's
 * colour icon when it has one, else a monogram of the name.
 */
export function logoSvg(name: string): string {
  const key = logoName(name);
  const icons = bundledIcons();
  if (icons.names.has(key)) {
    let svg = fileCache.get(key);
    if (svg === undefined) {
      try {
        svg = readFileSync(join(icons.dir, `${key}.svg`), 'utf8');
      } catch {
        svg = monogramSvg(name);
      }
      fileCache.set(key, svg);
    }
    return svg;
  }
  let svg = monogramCache.get(name);
  if (svg === undefined) {
    svg = monogramSvg(name);
    if (monogramCache.size >= MONOGRAM_CACHE_MAX) monogramCache.clear();
    monogramCache.set(name, svg);
  }
  return svg;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** HSL (hue in degrees, saturation and lightness as fractions) as `#rrggbb`. */
function hslToHex(hue: number, saturation: number, lightness: number): string {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const channel = (n: number): string => {
    const k = (n + hue / 30) % 12;
    const value = lightness - (chroma / 2) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** The colour of a name's monogram: a hue from its FNV-1a hash, dark enough for white text. */
function monogramColour(name: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return hslToHex((hash >>> 0) % 360, 0.55, 0.42);
}

/** A 32×32 monogram: a coloured circle with the name's first 1 to 3 characters, upper case. */
export function monogramSvg(name: string): string {
  // Letters, digits, punctuation and symbols only: no spaces, controls or lone surrogates.
  const chars = Array.from(name.toUpperCase())
    .filter((char) => /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(char))
    .slice(0, 3);
  const letters = chars.length > 0 ? chars.join('') : '?';
  const size = chars.length <= 1 ? 16 : chars.length === 2 ? 13 : 10;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">' +
    `<circle cx="16" cy="16" r="16" fill="${monogramColour(name)}"/>` +
    `<text x="16" y="16" dy="0.35em" text-anchor="middle" fill="#FFF" ` +
    `font-family="Inter, Helvetica, Arial, sans-serif" font-size="${size}" font-weight="700">` +
    `${escapeXml(letters)}</text></svg>`
  );
}
