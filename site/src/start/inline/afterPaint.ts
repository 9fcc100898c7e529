// The script that adds the page's scripts after its first paint, in place of Gatsby's async ones
// (site/gatsby-node.ts, onPostBuild; ../scriptsAfterPaint.ts). Their addresses are in its
// `data-sources`.
import { loadAfterPaint, scriptSources } from '../scriptsAfterPaint';

loadAfterPaint(scriptSources(document.currentScript), window);
