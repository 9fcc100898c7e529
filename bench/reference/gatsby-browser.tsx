import type { GatsbyBrowser } from 'gatsby';
import { Provider } from './src/components/Provider';

export const wrapRootElement: GatsbyBrowser['wrapRootElement'] = ({ element }) => (
  <Provider>{element}</Provider>
);
