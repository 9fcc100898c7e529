// gatsby-browser.tsx hydrates the page as a transition inside the root's providers, renders a page
// without server markup, and leaves a page's Head without providers.
import { render, screen } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import * as GatsbyBrowser from '../../gatsby-browser';
import { markPageHead } from './pageHead';

jest.mock('react-dom/client', () => ({
  hydrateRoot: jest.fn(),
  createRoot: jest.fn(() => ({ render: jest.fn() })),
}));

jest.mock('./runtime', () => ({
  RuntimeRoot: ({ children }: { children: ReactNode }) => (
    <div data-testid="runtime-root">{children}</div>
  ),
}));

const hydrate = (
  GatsbyBrowser.replaceHydrateFunction as unknown as () => (
    element: ReactElement,
    container: Element,
  ) => void
)();

/** Gatsby's page container with `serverMarkup` inside its focus wrapper. */
function page(serverMarkup: string): HTMLElement {
  const container = document.createElement('div');
  container.id = '___gatsby';
  const focusWrapper = document.createElement('div');
  focusWrapper.id = 'gatsby-focus-wrapper';
  focusWrapper.innerHTML = serverMarkup;
  container.append(focusWrapper);
  document.body.replaceChildren(container);
  return container;
}

beforeEach(() => {
  jest.mocked(hydrateRoot).mockClear();
  jest.mocked(createRoot).mockClear();
});

it('hydrates the server markup at once', () => {
  const container = page('<main>Server markup</main>');
  const element = <main>Page</main>;
  hydrate(element, container);
  expect(hydrateRoot).toHaveBeenCalledTimes(1);
  expect(hydrateRoot).toHaveBeenCalledWith(container, element);
  expect(createRoot).not.toHaveBeenCalled();
});

it('renders (not hydrates) a page without server markup', () => {
  hydrate(<main>Page</main>, page(''));
  expect(createRoot).toHaveBeenCalledTimes(1);
  expect(hydrateRoot).not.toHaveBeenCalled();
});

it('wraps a page in the root’s providers, and leaves a page’s Head without them', () => {
  const wrap = GatsbyBrowser.wrapRootElement as (args: { element: ReactElement }) => ReactElement;
  render(wrap({ element: <p>Page</p> }));
  expect(screen.getByTestId('runtime-root').textContent).toBe('Page');
  const Head = markPageHead(() => <title>Coinlens</title>);
  const head = <Head />;
  expect(wrap({ element: head })).toBe(head);
});
