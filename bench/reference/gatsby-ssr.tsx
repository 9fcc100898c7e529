import type { GatsbySSR } from 'gatsby';
import { Provider } from './src/components/Provider';

export const wrapRootElement: GatsbySSR['wrapRootElement'] = ({ element }) => (
  <Provider>{element}</Provider>
);
