// What `react-dom/client` is in the built site (site/gatsby-node.ts aliases it): Preact's roots,
// with a hydration whose renders read the server snapshot of external stores (./react.ts).
import { createRoot, hydrateRoot as preactHydrateRoot } from 'preact/compat/client';
import { whileHydrating } from './react';

export { createRoot };

export const hydrateRoot: typeof preactHydrateRoot = (container, children) =>
  whileHydrating(() => preactHydrateRoot(container, children));

export default { createRoot, hydrateRoot };
