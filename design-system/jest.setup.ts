// Import @storybook/test first so that stories and tests share one copy of it.
import { configure } from '@storybook/test';
import '@testing-library/jest-dom';
import { setProjectAnnotations } from '@storybook/react';
import * as preview from '../.storybook/preview';

// The returned beforeAll makes @storybook/test wrap play functions' events in React's act(), as
// Storybook's own runner does; without it every story run warns "not wrapped in act(...)".
const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);

// `npm test` runs every package's tests at once on a small machine, where a story that takes a
// second alone can take several: the time limits are for that machine.
jest.setTimeout(20_000);
configure({ asyncUtilTimeout: 5_000 });

// Chakra's positioned parts (Menu, Tooltip, Popover, Select) need ResizeObserver, which jsdom lacks.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
