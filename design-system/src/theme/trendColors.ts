/**
 * Which colour means up on prices. `green-up`: green up, red down (the default). `red-up`: red up,
 * green down, as Chinese markets show them. Arrows and signs stay the same either way, so colour
 * is never the only sign of the direction.
 */
export type TrendColors = 'green-up' | 'red-up';

/**
 * The attribute that picks the convention for everything inside the element carrying it (the
 * site sets it on `<html>`): `trend.up` and `trend.down` take their colours from it, so every
 * component follows without a prop. Without it, `green-up`.
 */
export const TREND_COLORS_ATTRIBUTE = 'data-trend-colors';
