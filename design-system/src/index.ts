// The public API of @coinlens/design-system. Every export is listed by name, and
// `exports.test.ts` fails when one appears or disappears.
export { CoinlensProvider } from './provider';
export type { CoinlensProviderProps } from './provider';
export { system, coinlensConfig } from './theme/system';
export { PriceChange, priceChangeRecipe } from './components/PriceChange';
export type { PriceChangeProps } from './components/PriceChange';
export { CodeInput, CODE_LENGTH, codeInputRecipe } from './components/CodeInput';
export type { CodeInputProps } from './components/CodeInput';
export { formatPercentChange, trendOf } from './format/percent';
export type { Trend } from './format/percent';
export { formatPrice } from './format/price';
export { chatDisplayTimes, formatTimestamp, TIME_GROUP_MS } from './format/time';
export type { FormatTimeOptions } from './format/time';
