// Signing out (spec, point 4): the token is dropped and the visitor goes home. The server is told
// first so that it revokes the token, but a failure there never keeps anyone signed in.
import { clearToken, getToken } from '../../data/token';
import { localeFromPathname } from '../../data/client';
import { localizedPath } from '../../i18n/locales';

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
  if (token && revoke) {
    try {
      await revoke(token);
    } catch {
      // Signed out here whatever the server says: the token is dropped below.
    }
  }
  clearToken();
  navigate(localizedPath(localeFromPathname(window.location.pathname), '/'));
}
