// The head script of every page visitors and signed-in users both see (gatsby-ssr.tsx): the
// device redirect first, and alone; then, in a browser that keeps a token, the mark that shows the
// signed-in version of the page from its first paint (../signedInAreas.ts).
import { SIGNED_IN_MARK } from '../signedInAreas';
import { getToken } from '../../data/token';
import { redirectDevice } from '../signedOutRedirect';

if (!redirectDevice(location, navigator.userAgent) && getToken()) {
  document.documentElement.setAttribute(SIGNED_IN_MARK, '');
}
