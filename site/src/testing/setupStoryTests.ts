// Setup of the site's Jest story project (jest.config.cjs): Storybook's project annotations, as
// the design system's jest.setup.ts does, and what jsdom lacks.
// Import @storybook/test first so that stories and tests share one copy of it.
import { configure } from '@storybook/test';
import '@testing-library/jest-dom';
import { setProjectAnnotations } from '@storybook/react';
import { getWorker } from 'msw-storybook-addon';
import type { SetupServerApi } from 'msw/node';
import * as preview from '../../../.storybook/preview';

// The returned beforeAll makes @storybook/test wrap play functions' events in React's act(), as
// Storybook's own runner does; without it every story run warns "not wrapped in act(...)".
const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
// The preview's msw (msw-storybook-addon's `initialize`) is, in Node, msw's server listening from
// the start (the addon's Node build, whose types it leaves to the browser's); its loader resets
// the handlers before each story, and the story's mocked API puts its own in (testing/site.tsx).
afterEach(() => (getWorker() as unknown as SetupServerApi).resetHandlers());
afterAll(() => (getWorker() as unknown as SetupServerApi).close());

// A story that walks through several steps takes a few seconds in jsdom, more on a busy machine.
// Set here: `testTimeout` in a project of jest.config.cjs is ignored (it is a global option).
jest.setTimeout(30_000);
// What Storybook's build defines (.storybook/main.ts): no API origin and no Google client id. The
// environment may set them (`npm test` builds the site with a test Google client id), and the
// stories must not depend on it.
process.env.GATSBY_API_URL = '';
delete process.env.GATSBY_GOOGLE_CLIENT_ID;

// How long a play function's findBy* and waitFor wait (1 s by default), for the same machine.
configure({ asyncUtilTimeout: 5_000 });

// Chakra's positioned parts (Menu, Tooltip, Popover, Select) need ResizeObserver, which jsdom lacks.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
