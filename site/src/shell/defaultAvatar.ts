// The avatar of a user who has not set one: inline, so it needs no request and no other origin.
const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="16" fill="#1f2a3d"/><circle cx="16" cy="12.5" r="5.5" fill="#8ea3c7"/><path d="M6.5 27.5c1.6-5 5.3-7.5 9.5-7.5s7.9 2.5 9.5 7.5" fill="#8ea3c7"/></svg>';

export const DEFAULT_AVATAR = `data:image/svg+xml,${encodeURIComponent(svg)}`;
