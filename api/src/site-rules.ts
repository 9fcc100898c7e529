// The site's device redirect and security headers, loaded at run time from the module SITE_RULES
// names: the API serves the built site but knows nothing of its code, only this shape.
import { pathToFileURL } from 'node:url';

/** What a SITE_RULES module exports (the site's `site/edge/rules.mjs` is one). */
export interface SiteRules {
  /** Where a page request from this user agent must go instead (`/mobile/`, `/zh/` ...), or null. */
  deviceRedirect(pathname: string, userAgent: string | undefined): string | null;
  /** The CSP hash sources (`'sha256-...'`) of an HTML document's inline scripts. */
  inlineScriptHashes(html: string): Promise<string[]>;
  /**
   * The page to serve (status 200) at an address without a file of its own that a client route
   * of the site draws (`/coins/new-coin/` -> `/coins/`), or null. Optional: a site without client
   * routes has none.
   */
  clientRoutePage?(pathname: string): string | null;
  /** The headers of an HTML answer, its Content-Security-Policy included. */
  securityHeaders(options: {
    scriptHashes: readonly string[];
    origin?: string;
  }): Record<string, string>;
}

const EXPORTS = ['deviceRedirect', 'inlineScriptHashes', 'securityHeaders'] as const;

/** Imports the module at `file` (an absolute path) and checks that it has the three functions. */
export async function loadSiteRules(file: string): Promise<SiteRules> {
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const missing = EXPORTS.filter((name) => typeof module[name] !== 'function');
  if (missing.length > 0) {
    throw new Error(`SITE_RULES module ${file} does not export ${missing.join(', ')}`);
  }
  return module as unknown as SiteRules;
}
