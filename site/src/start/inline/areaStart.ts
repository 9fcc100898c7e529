// The head script of a signed-in area's pages (gatsby-ssr.tsx): the device redirect first, and
// alone; then a visitor without a token goes to the login (signedOutRedirect.ts), and for one with
// a token the page's first requests start (earlyRequests.ts), to the API named by the script's
// `data-api` (GATSBY_API_URL; none for the page's own origin).
import { getToken } from '../../data/token';
import { localeFromPathname } from '../../i18n/locales';
import { startEarlyRequests } from '../earlyRequests';
import { loginAddress, redirectDevice } from '../signedOutRedirect';

if (!redirectDevice(location, navigator.userAgent)) {
  const token = getToken();
  if (!token) location.replace(loginAddress(localeFromPathname(location.pathname)));
  else {
    const baseUrl = document.currentScript?.dataset.api ?? '';
    startEarlyRequests({ pathname: location.pathname, baseUrl, token }, window);
  }
}
