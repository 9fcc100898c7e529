// Signing out: the token is dropped and the visitor goes home; the server is then told to revoke
// it. Dropping it first means no request of the page can still use it (and meet a 401 that would
// send the visitor to the login dialog instead of home), and a failure to revoke never keeps anyone
// signed in.
import { clearToken, getToken } from './token';
import { localeFromPathname } from './client';
import { localizedPath } from '../i18n/locales';
import { inVariant } from '../i18n/variant';

export interface LogoutOptions {
  /** Tells the server to revoke the token; its failure is ignored. */
  revoke?: (token: string) => Promise<unknown>;
  /** Goes to an address (a full load, so no signed-in state survives in memory). */
  navigate?: (url: string) => void;
}

export async function logout({
  revoke,
  navigate = (url) => window.location.assign(url),
}: LogoutOptions = {}): Promise<void> {
  const token = getToken();
  clearToken();
  if (token && revoke) {
    try {
      await revoke(token);
    } catch {
      // Signed out here whatever the server says.
    }
  }
  const { pathname } = window.location;
  navigate(localizedPath(localeFromPathname(pathname), inVariant('/', pathname)));
}
