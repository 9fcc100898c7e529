export { CoinlensProvider } from './CoinlensProvider';
export type { CoinlensProviderProps } from './CoinlensProvider';
