// The msw server of the site's unit tests (Jest in jsdom), which the Jest setup starts and stops,
// and what ends with each test. Kept apart from the mocked API's modules so that the setup loads
// no site code before a test file's own `jest.mock` calls take effect.
import { setupServer } from 'msw/node';

/** The unit tests' msw server: no handlers of its own (each test's mocked API brings them). */
export const server = setupServer();

/**
 * What msw does with a request no handler answers: one to the page's own `/api/*` fails (an
 * address the API lacks), and the rest go on to the network (a test against the real API).
 */
export function onUnhandledRequest(request: Request, print: { error: () => void }): void {
  const url = new URL(request.url);
  // A test in Node's environment has no page: every request of it goes on.
  const page = typeof location === 'undefined' ? null : location.origin;
  if (url.origin === page && url.pathname.startsWith('/api/')) print.error();
}

const endings = new Set<() => void>();

/** Runs `end` when the test ends (`endTest`, after each test). */
export function whenTestEnds(end: () => void): void {
  endings.add(end);
}

/** Ends what the test started (its mocked APIs), before msw forgets their handlers. */
export function endTest(): void {
  for (const end of endings) end();
  endings.clear();
}
