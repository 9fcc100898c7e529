// Import @storybook/test first so that stories and tests share one copy of it.
import '@storybook/test';
import '@testing-library/jest-dom';
import { setProjectAnnotations } from '@storybook/react';
import * as preview from '../.storybook/preview';

setProjectAnnotations([preview]);

// Chakra's positioned parts (Menu, Tooltip, Popover, Select) need ResizeObserver, which jsdom lacks.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
