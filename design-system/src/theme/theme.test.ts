import { semanticColors } from './semantic-tokens/colors';
import { system } from './system';
import { colors } from './tokens/colors';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  ) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

type TokenTree = { value?: unknown; [key: string]: unknown };

function lookup(tree: TokenTree, path: string): string | undefined {
  let node: unknown = tree;
  for (const part of path.split('.')) node = (node as TokenTree | undefined)?.[part];
  const value = (node as TokenTree | undefined)?.value;
  return typeof value === 'string' ? value : undefined;
}

/** Follows semantic references (`{colors.ink.900}`) down to a hex value. */
function resolve(token: string): string {
  const raw = lookup(semanticColors as TokenTree, token) ?? lookup(colors as TokenTree, token);
  const reference = raw?.match(/^\{colors\.(.+)\}$/)?.[1];
  if (reference) return resolve(reference);
  if (raw && /^#[0-9a-f]{6}$/i.test(raw)) return raw;
  throw new Error(`colors.${token} does not resolve to a hex colour (got ${String(raw)})`);
}

describe('theme', () => {
  it('uses our own tokens, not Chakra’s default theme', () => {
    expect(system.tokens.getByName('colors.blue.500')).toBeUndefined();
    expect(system.tokens.getByName('colors.ink.950')).toBeDefined();
  });

  const backgrounds = ['bg.canvas', 'bg.surface', 'bg.raised', 'bg.subtle'];
  const foregrounds = [
    'fg.default',
    'fg.muted',
    'fg.subtle',
    'accent.fg',
    'trend.up',
    'trend.down',
    'trend.flat',
    'status.error',
    'status.success',
    'status.warning',
  ];
  it.each(foregrounds.flatMap((fg) => backgrounds.map((bg) => [fg, bg])))(
    '%s on %s meets WCAG AA (4.5:1)',
    (fg, bg) => {
      expect(contrast(resolve(fg), resolve(bg))).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('white text on the accent fill meets WCAG AA', () => {
    expect(contrast(resolve('fg.onAccent'), resolve('accent.solid'))).toBeGreaterThanOrEqual(4.5);
  });
});
