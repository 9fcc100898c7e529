// The head script of a signed-in area's pages (gatsby-ssr.tsx): the device redirect first, and
// alone; then a visitor without a token goes to the login (signedOutRedirect.ts) before anything
// paints.
import { getToken } from '../../data/token';
import { redirectDevice } from '../signedOutRedirect';
import { loginAddressOf } from '../signedInAreas';

if (!redirectDevice(location, navigator.userAgent) && !getToken()) {
  location.replace(loginAddressOf(location.pathname, location.search));
}
