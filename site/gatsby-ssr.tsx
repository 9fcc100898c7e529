import { CoinlensProvider } from '@coinlens/design-system';
import type { GatsbySSR } from 'gatsby';

export const wrapRootElement: GatsbySSR['wrapRootElement'] = ({ element }) => (
  <CoinlensProvider>{element}</CoinlensProvider>
);
