// Types of rules.mjs for TypeScript consumers (the module itself is plain JavaScript so that every
// host runs it as it is).

/**
 * Where a request for `pathname` from `userAgent` must go instead (`/mobile/`, `/zh/`, ...), or
 * null when it stays. Self-contained: its source text is inlined into pages.
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
