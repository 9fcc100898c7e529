// Setup of the site's Jest project (jest.config.cjs). `npm test` runs every package's tests at
// once on a small machine, where a test that takes a second alone can take several: the time
// limits here are for that machine, not for a fast one.
import { configure } from '@testing-library/react';
import { takeMockFaults } from './api/respond';
import { endTest, onUnhandledRequest, server } from './api/server';
import { installMatchMedia } from './matchMedia';

// Set here: `testTimeout` in a project of jest.config.cjs is ignored (it is a global option).
jest.setTimeout(20_000);
// How long findBy* and waitFor wait for the page to get there (1 s by default).
configure({ asyncUtilTimeout: 5_000 });

// A desktop's window: no media query of a phone matches (a test may install other answers). Tests
// in Node's environment have no window.
beforeEach(() => {
  if (typeof window !== 'undefined') installMatchMedia();
});

// The network is msw's: a test's mocked API (`mockApi()`, api/unitTest.ts) answers `/api/*`, and
// a request to `/api/*` that no handler answers fails and is printed.
beforeAll(() => server.listen({ onUnhandledRequest }));
afterEach(() => {
  endTest();
  server.resetHandlers();
  // A mocked answer that broke the contract (or a handler that threw) fails the test that met it.
  const [fault] = takeMockFaults();
  if (fault) throw fault;
});
afterAll(() => server.close());
