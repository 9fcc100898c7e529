// Netlify Edge Function (Deno) in front of the built site: `[build] edge_functions` points at this
// folder (see ../README.md). Every file here is deployed as an edge function; keep it the only one.
/* global Netlify */
import { handleRequest } from '../handler.mjs';

export default (request, context) =>
  handleRequest(request, () => context.next(), {
    // The same variable the site was built with, so that the CSP lets it reach its API.
    apiOrigin: Netlify.env.get('GATSBY_API_URL') || undefined,
  });

// The handler passes these through untouched anyway; excluding them saves an invocation each.
export const config = {
  path: '/*',
  excludedPath: [
    '/api/*',
    '/socket.io/*',
    '/static/*',
    '/page-data/*',
    '/_gatsby/*',
    '/~partytown/*',
    '/*.js',
    '/*.css',
    '/*.json',
    '/*.map',
    '/*.png',
    '/*.jpg',
    '/*.webp',
    '/*.avif',
    '/*.svg',
    '/*.ico',
    '/*.woff2',
    '/*.woff',
    '/*.txt',
    '/*.xml',
    '/*.webmanifest',
  ],
};
