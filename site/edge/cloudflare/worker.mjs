// Cloudflare Worker with static assets: runs before every asset (run_worker_first in
// wrangler.toml) and reads the built site through the ASSETS binding.
import { handleRequest } from '../handler.mjs';

export default {
  /**
   * @param {Request} request
   * @param {{ ASSETS: { fetch(request: Request): Promise<Response> }, GATSBY_API_URL?: string }} env
   */
  fetch: (request, env) =>
    handleRequest(request, (assetRequest) => env.ASSETS.fetch(assetRequest), {
      // The same variable the site was built with, so that the CSP lets it reach its API.
      apiOrigin: env.GATSBY_API_URL || undefined,
    }),
};
