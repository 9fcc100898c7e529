// What every Jest run that renders stories needs (design-system/jest.setup.ts and the site's
// site/src/testing/setupStoryTests.ts): Storybook's project annotations, as the test-runner has
// them, the DOM matchers and what jsdom lacks.
// Import @storybook/test first so that stories and tests share one copy of it.
import { configure } from '@storybook/test';
import '@testing-library/jest-dom';
import { setProjectAnnotations } from '@storybook/react';
import { getWorker } from 'msw-storybook-addon';
import type { SetupServerApi } from 'msw/node';
import * as preview from './preview';

// The returned beforeAll makes @storybook/test wrap play functions' events in React's act(), as
// Storybook's own runner does; without it every story run warns "not wrapped in act(...)".
const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
// The preview's msw (msw-storybook-addon's `initialize`) is, in Node, msw's server listening from
// the start (the addon's Node build, whose types it leaves to the browser's); its loader resets
// the handlers before each story, and a story's mocked API puts its own in (site/src/testing/site.tsx).
afterEach(() => (getWorker() as unknown as SetupServerApi).resetHandlers());
afterAll(() => (getWorker() as unknown as SetupServerApi).close());

// How long a findBy* or waitFor waits (1 s by default): `npm test` runs every package's tests at
// once on a small machine.
configure({ asyncUtilTimeout: 5_000 });

// Chakra's positioned parts (Menu, Tooltip, Popover, Select) need ResizeObserver, which jsdom lacks.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
