// What `react-dom/server` is in the site's server render (site/gatsby-node.ts aliases it): Preact's
// string and stream renderers, as ES modules, so that they share the one Preact the components
// render with (preact/compat/server would load Preact's CommonJS build, a second copy whose hooks
// never see a component).
import { renderToString } from 'preact-render-to-string';
import { renderToPipeableStream } from 'preact-render-to-string/stream-node';

export { renderToPipeableStream, renderToString, renderToString as renderToStaticMarkup };
