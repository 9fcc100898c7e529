// Types of handler.mjs for TypeScript consumers.

export interface HandlerOptions {
  /** Where the API lives when it is not the site's own origin. */
  apiOrigin?: string;
}

/**
 * Answers one request: a 302 to the page for the device, or the asset from `fetchAsset`, HTML
 * with the security headers and a CSP that allows exactly its own inline scripts.
 */
export declare function handleRequest(
  request: Request,
  fetchAsset: (request: Request) => Response | Promise<Response>,
  options?: HandlerOptions,
): Promise<Response>;
