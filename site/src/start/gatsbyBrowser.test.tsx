// gatsby-browser.tsx starts the root's heavy part (src/start/runtime.tsx) in tasks of its own, and
// the hydration waits for it.
import { render, screen } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type * as GatsbyBrowserModule from '../../gatsby-browser';
import { markPageHead } from './pageHead';

const steps: string[] = [];

jest.mock('react-dom/client', () => ({
  hydrateRoot: jest.fn(),
  createRoot: jest.fn(() => ({ render: jest.fn() })),
}));

jest.mock('../data/swr', () => {
  steps.push('data layer');
  return {};
});

jest.mock('./runtime', () => {
  steps.push('runtime modules');
  return {
    RuntimeRoot: ({ children }: { children: ReactNode }) => (
      <div data-testid="runtime-root">{children}</div>
    ),
    prepareSystem: async (yieldToMain: () => Promise<void>) => {
      steps.push('styling engine 1');
      await yieldToMain();
      steps.push('styling engine 2');
    },
  };
});

/** gatsby-browser, loaded afresh (its runtime starts once per page). */
function loadGatsbyBrowser() {
  let module: typeof GatsbyBrowserModule | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh copy per test
    module = require('../../gatsby-browser');
  });
  return module!;
}

const hydrateFunction = (browser: ReturnType<typeof loadGatsbyBrowser>) =>
  (
    browser.replaceHydrateFunction as unknown as () => (
      element: ReactElement,
      container: Element,
    ) => void
  )();

// Tasks, run one at a time by the test: what a setTimeout queues, and the promises it settles.
const tasks: Array<() => void> = [];
async function runTask() {
  tasks.shift()?.();
  for (let turn = 0; turn < 20; turn++) await Promise.resolve();
}

/** Gatsby's page container, as the server rendered it. */
let container: HTMLElement;

/** Puts the page's markup in the document: `serverMarkup` inside Gatsby's focus wrapper. */
function page(serverMarkup: string) {
  container = document.createElement('div');
  container.id = '___gatsby';
  const focusWrapper = document.createElement('div');
  focusWrapper.id = 'gatsby-focus-wrapper';
  focusWrapper.innerHTML = serverMarkup;
  container.append(focusWrapper);
  document.body.replaceChildren(container);
}

beforeEach(() => {
  tasks.length = 0;
  jest
    .spyOn(globalThis, 'setTimeout')
    .mockImplementation(((callback: () => void) => tasks.push(callback)) as never);
  steps.length = 0;
  jest.mocked(hydrateRoot).mockClear();
  jest.mocked(createRoot).mockClear();
  page('<main>Server markup</main>');
});
afterEach(() => {
  jest.restoreAllMocks();
});

it('starts the runtime one step per task, and hydrates once it has started', async () => {
  // jsdom has no User Timing measures; the browser's records each step's time.
  const measure = jest.fn();
  Object.assign(performance, { measure });
  const browser = loadGatsbyBrowser();
  (browser.onClientEntry as () => void)();
  const element = <main>Page</main>;
  // Gatsby asks for the hydration as soon as the page's data is there: it waits.
  hydrateFunction(browser)(element, container);
  expect(steps).toEqual([]);
  expect(hydrateRoot).not.toHaveBeenCalled();

  await runTask();
  expect(steps).toEqual(['data layer']);
  await runTask();
  expect(steps).toEqual(['data layer', 'runtime modules']);
  await runTask();
  expect(steps).toEqual(['data layer', 'runtime modules', 'styling engine 1']);
  await runTask();
  expect(steps).toEqual(['data layer', 'runtime modules', 'styling engine 1', 'styling engine 2']);
  expect(hydrateRoot).not.toHaveBeenCalled();
  // The hydration's own task.
  await runTask();
  expect(hydrateRoot).toHaveBeenCalledTimes(1);
  expect(hydrateRoot).toHaveBeenCalledWith(container, element);
  expect(measure.mock.calls.map(([name]) => name)).toEqual([
    'coinlens:data-layer',
    'coinlens:runtime-modules',
    'coinlens:styling-engine-1',
    'coinlens:styling-engine-2',
  ]);
  delete (performance as { measure?: unknown }).measure;

  // Later hydrations (none in Gatsby) and the providers go at once.
  hydrateFunction(browser)(element, container);
  expect(hydrateRoot).toHaveBeenCalledTimes(2);
  const Wrapped = () =>
    (browser.wrapRootElement as (args: { element: ReactElement }) => ReactElement)({
      element: <p>Page</p>,
    });
  render(<Wrapped />);
  expect(screen.getByTestId('runtime-root').textContent).toBe('Page');
});

it('renders (not hydrates) a page without server markup, once the runtime has started', async () => {
  page('');
  const browser = loadGatsbyBrowser();
  (browser.onClientEntry as () => void)();
  hydrateFunction(browser)(<main>Page</main>, container);
  while (tasks.length) await runTask();
  expect(createRoot).toHaveBeenCalledTimes(1);
  expect(hydrateRoot).not.toHaveBeenCalled();
});

it('leaves a page’s Head without the providers, even before the runtime has started', () => {
  const browser = loadGatsbyBrowser();
  const Head = markPageHead(() => <title>Coinlens</title>);
  const wrap = browser.wrapRootElement as (args: { element: ReactElement }) => ReactElement;
  const element = <Head />;
  // The same element: no provider (and no error, which a provider before the runtime would throw).
  expect(wrap({ element })).toBe(element);
  // Anything else is wrapped in the root (whose render, here, would throw: no runtime yet).
  const page = <p>Page</p>;
  expect(wrap({ element: page }).props).toEqual({ children: page });
});
