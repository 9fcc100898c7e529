import { semanticColors } from './semantic-tokens/colors';
import { system } from './system';
import { colors } from './tokens/colors';
import { TREND_COLORS_ATTRIBUTE } from './trendColors';

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

/** Where the page is read: on screen (the tokens' base values) or on paper (their `_print`). */
type Medium = 'screen' | 'print';

function lookup(tree: TokenTree, path: string, medium: Medium): string | undefined {
  let node: unknown = tree;
  for (const part of path.split('.')) node = (node as TokenTree | undefined)?.[part];
  const value = (node as TokenTree | undefined)?.value;
  if (typeof value === 'string') return value;
  const conditional = value as { base?: unknown; _print?: unknown } | undefined;
  const picked =
    medium === 'print' ? (conditional?._print ?? conditional?.base) : conditional?.base;
  return typeof picked === 'string' ? picked : undefined;
}

/** Follows semantic references (`{colors.ink.900}`) down to a hex value. */
function resolve(token: string, medium: Medium = 'screen'): string {
  const raw =
    lookup(semanticColors as TokenTree, token, medium) ??
    lookup(colors as TokenTree, token, medium);
  const reference = raw?.match(/^\{colors\.(.+)\}$/)?.[1];
  if (reference) return resolve(reference, medium);
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
  const media: Medium[] = ['screen', 'print'];
  it.each(
    media.flatMap((medium) =>
      foregrounds.flatMap((fg) => backgrounds.map((bg) => [fg, bg, medium] as const)),
    ),
  )('%s on %s meets WCAG AA (4.5:1) on %s', (fg, bg, medium) => {
    expect(contrast(resolve(fg, medium), resolve(bg, medium))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(media)('white text on the accent fill meets WCAG AA on %s', (medium) => {
    expect(
      contrast(resolve('fg.onAccent', medium), resolve('accent.solid', medium)),
    ).toBeGreaterThanOrEqual(4.5);
  });

  it('prints light: every background is light on paper and every text colour dark', () => {
    for (const bg of backgrounds) expect(luminance(resolve(bg, 'print'))).toBeGreaterThan(0.8);
    for (const fg of foregrounds) expect(luminance(resolve(fg, 'print'))).toBeLessThan(0.2);
  });

  it.each(media)('swaps green and red under red up, on %s too', (medium) => {
    const redUp = (token: 'trend.up' | 'trend.down') => {
      const [group, name] = token.split('.') as ['trend', 'up' | 'down'];
      const reference = semanticColors[group][name].value._redUp;
      return resolve(reference.replace(/^\{colors\.(.+)\}$/, '$1'), medium);
    };
    expect(resolve('trend.up', medium)).toBe(resolve('trend.green', medium));
    expect(resolve('trend.down', medium)).toBe(resolve('trend.red', medium));
    expect(redUp('trend.up')).toBe(resolve('trend.red', medium));
    expect(redUp('trend.down')).toBe(resolve('trend.green', medium));
    expect(resolve('trend.green', medium)).not.toBe(resolve('trend.red', medium));
  });

  it('gives the engine the up and down colours of each convention, by the attribute', () => {
    const tokens = (system.getTokenCss() as Record<string, Record<string, Record<string, string>>>)[
      '@layer tokens'
    ]!;
    expect(tokens[`[${TREND_COLORS_ATTRIBUTE}=red-up] &`]).toEqual({
      '--cl-colors-trend-up': 'var(--cl-colors-trend-red)',
      '--cl-colors-trend-down': 'var(--cl-colors-trend-green)',
    });
    expect(tokens[`[${TREND_COLORS_ATTRIBUTE}=green-up] &`]).toEqual({
      '--cl-colors-trend-up': 'var(--cl-colors-trend-green)',
      '--cl-colors-trend-down': 'var(--cl-colors-trend-red)',
    });
  });

  it('gives the engine each colour role on paper as a print-only CSS variable', () => {
    const css = JSON.stringify(system.getTokenCss());
    expect(css).toContain('@media print');
    const print = JSON.parse(css)['@layer tokens']['@media print'] as Record<
      string,
      Record<string, string>
    >;
    const variables = Object.values(print)[0]!;
    expect(variables['--cl-colors-bg-canvas']).toBe('var(--cl-colors-white)');
    expect(variables['--cl-colors-fg-default']).toBe('var(--cl-colors-ink-950)');
    // And the browser's own parts (scroll bars, form controls) in their light scheme.
    const global = JSON.stringify(system.getGlobalCss());
    expect(global).toMatch(/"@media print":\{[^}]*"colorScheme":"light"/);
    // Backgrounds print as they are (the palette is light there): text on a fill stays readable.
    expect(global).toMatch(/"@media print":\{[^}]*"printColorAdjust":"exact"/);
  });
});
