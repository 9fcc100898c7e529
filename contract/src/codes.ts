// The codes an envelope's `code` holds, and the HTTP status that goes with each.

/** What each code means; the OpenAPI document's table of codes is made from it. */
export const CODES = {
  200: 'success',
  400: 'malformed request: unparsable JSON, wrong types, an unknown enum value',
  401: 'not signed in, or the token is invalid, expired or revoked',
  403: 'credentials rejected: wrong email or password, wrong or used verification code; or an operators-only route asked by another user',
  404: 'the thing asked for does not exist',
  405: 'the method is not allowed at this address',
  409: 'the email is already registered',
  410: 'the verification code expired',
  413: 'the request body is too large',
  422: 'a well-formed value breaks a rule (email shape, password length, more than 5 ids ...)',
  423: 'too many failed attempts: locked for a while (`data.retryAfter` seconds)',
  429: 'too many requests (`data.retryAfter` seconds)',
  500: 'unexpected fault; nothing partial is left written',
  501: 'a configurable feature is not configured here (Google or X sign-in)',
  503: 'a service the answer needs is unavailable: the database, or the market data provider',
} as const;

/** A code the API answers in an envelope. */
export type Code = keyof typeof CODES;

/**
 * Codes whose HTTP status is the code itself. Every other handled outcome is HTTP 200 with its
 * code in the body (a coin that does not exist is code 404 in an HTTP 200 answer), so that a
 * client reads one envelope whatever the outcome.
 */
export const TRANSPORT_CODES: readonly Code[] = [400, 401, 405, 413, 429, 500, 503];

/** The HTTP status of an answer with `code`: the code for the transport codes, else 200. */
export function httpStatusOf(code: number): number {
  return (TRANSPORT_CODES as readonly number[]).includes(code) ? code : 200;
}
