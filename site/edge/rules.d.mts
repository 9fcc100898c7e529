// Types of rules.mjs for TypeScript consumers (the module itself is plain JavaScript so that every
// host runs it as it is).

/**
 * The pages the site has both for computers and for phones, by their path under the language (and
 * under `mobile/`); '' is the home page.
 */
export declare const PAGES_ON_BOTH_SIDES: readonly string[];
export declare const FOLDERS_ON_BOTH_SIDES: readonly string[];

/**
 * The page a host serves (status 200) for an item of FOLDERS_ON_BOTH_SIDES without a page of its
 * own (`/zh/coins/new-coin/` -> `/zh/coins/`, a client route); null for any other address.
 */
export declare function clientRoutePage(pathname: string): string | null;

/**
 * Where a request for `pathname` from `userAgent` must go instead (`/mobile/privacy/`, `/zh/`,
 * ...), or null when it stays: the same page on the other side where it has one, else that side's
 * home page, in the path's language. The pages' head script bundles it.
 */
export declare function deviceRedirect(
  pathname: string,
  userAgent: string | null | undefined,
): string | null;

/** Whether the site treats this user agent as a phone (tablets and desktop mode iPads are not). */
export declare function isMobileUserAgent(userAgent: string | null | undefined): boolean;

/** The CSP hash sources (`'sha256-...'`) of every inline script of an HTML document. */
export declare function inlineScriptHashes(html: string): Promise<string[]>;

export interface SecurityHeadersOptions {
  /** The document's inline script hashes, from `inlineScriptHashes`. */
  scriptHashes: readonly string[];
  /** Where the API lives when it is not the page's own origin. */
  apiOrigin?: string;
  /** The page's own origin, for its socket.io (WebSocket) connection. */
  origin?: string;
}

/** The headers of an HTML answer: Content-Security-Policy and the other security headers. */
export declare function securityHeaders(options: SecurityHeadersOptions): Record<string, string>;
