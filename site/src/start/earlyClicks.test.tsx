// The listener starts here as the page's head script starts it (inline/earlyClicks.ts), then the
// server's markup of a page with two parts hydrates as in the built site (src/start/Island.tsx).
import { act, fireEvent, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { Page, renders, serverMarkup } from '../testing/islandTestPage';
import { captureEarlyClicks, rootHydrated, type EarlyClicks } from './earlyClicks';

let container: HTMLElement;
/** Clicks that reached the page's own listeners (after the early-click listener). */
let heard: string[];
const hear = (event: Event) => heard.push((event.target as Element).textContent ?? '');

const clicks = () => (window as { __coinlensEarlyClicks?: EarlyClicks }).__coinlensEarlyClicks;

beforeEach(() => {
  jest.useFakeTimers();
  heard = [];
  captureEarlyClicks(window);
  document.addEventListener('click', hear);
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(async () => {
  await act(async () => {
    jest.runAllTimers();
  });
  clicks()?.stop();
  delete (window as { __coinlensEarlyClicks?: EarlyClicks }).__coinlensEarlyClicks;
  document.removeEventListener('click', hear);
  container.remove();
  jest.useRealTimers();
});

const button = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name} `) });

/** Runs the next task the page queued (a press made again), and its render. */
const nextTask = () =>
  act(async () => {
    jest.advanceTimersToNextTimer();
  });

/** Runs every task the page queued, and the ones those queued. */
async function allTasks() {
  while (jest.getTimerCount() > 0) await nextTask();
}

/** Puts the server's markup of the page on screen: nothing has hydrated. */
function serverPage(prefix: string) {
  container.innerHTML = serverMarkup(prefix);
}

/** Hydrates the page and its parts; the root then says so, as gatsby-browser's root does. */
async function hydrateRootOf(prefix: string, { root = true } = {}) {
  await act(async () => {
    hydrateRoot(container, <Page prefix={prefix} />);
  });
  if (root) rootHydrated();
}

it('keeps a press in a part that has not hydrated, and makes it once the part has', async () => {
  serverPage('kept');
  const pressed = button('kept-second');
  expect(fireEvent.click(pressed)).toBe(false);
  // Stopped before the page's own listeners.
  expect(heard).toEqual([]);
  await hydrateRootOf('kept');
  expect(renders['kept-second']).toBe(1);
  expect(button('kept-second').textContent).toBe('kept-second 0');
  await nextTask(); // the press, made again
  expect(button('kept-second')).toBe(pressed);
  expect(button('kept-second').textContent).toBe('kept-second 1');
  expect(heard).toEqual(['kept-second 0']);
  // The other part was not pressed.
  expect(button('kept-first').textContent).toBe('kept-first 0');
});

it('lets a press in a part that has hydrated through at once, and only once', async () => {
  serverPage('through');
  await hydrateRootOf('through');
  await nextTask();
  expect(fireEvent.click(button('through-first'))).toBe(true);
  expect(button('through-first').textContent).toBe('through-first 1');
  await allTasks();
  expect(button('through-first').textContent).toBe('through-first 1');
});

it('makes only the last early press again', async () => {
  serverPage('last');
  fireEvent.click(button('last-first'));
  fireEvent.click(button('last-second'));
  fireEvent.click(button('last-second'));
  await hydrateRootOf('last');
  await allTasks();
  expect(button('last-first').textContent).toBe('last-first 0');
  expect(button('last-second').textContent).toBe('last-second 1');
});

it('keeps a press outside every part until the page around them has hydrated', async () => {
  serverPage('root');
  expect(fireEvent.click(button('root-page'))).toBe(false);
  await hydrateRootOf('root');
  await nextTask();
  expect(button('root-page').textContent).toBe('root-page 1');
  // After that, presses there go through.
  expect(fireEvent.click(button('root-page'))).toBe(true);
  expect(button('root-page').textContent).toBe('root-page 2');
});

it('leaves links and what cannot be pressed alone', () => {
  container.innerHTML =
    // (Links within the page: jsdom does not load pages.)
    '<div data-island="alone"><a href="#sign-in">Sign in</a><p>text</p>' +
    '<a href="#x"><span role="button">in a link</span></a></div>';
  fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));
  fireEvent.click(screen.getByText('text'));
  fireEvent.click(screen.getByText('in a link'));
  expect(heard).toEqual(['Sign in', 'text', 'in a link']);
  expect(clicks()?.pending).toBeNull();
});

it('keeps presses in every role of a button, and in a button’s children', () => {
  container.innerHTML =
    '<div data-island="roles"><button type="button"><span>icon</span></button>' +
    '<div role="tab">tab</div><div role="menuitem">item</div><input type="submit" value="go"></div>';
  for (const [clicked, pressed] of [
    [screen.getByText('icon'), screen.getByRole('button', { name: 'icon' })],
    [screen.getByRole('tab'), screen.getByRole('tab')],
    [screen.getByRole('menuitem'), screen.getByRole('menuitem')],
    [screen.getByRole('button', { name: 'go' }), screen.getByRole('button', { name: 'go' })],
  ] as const) {
    expect(fireEvent.click(clicked)).toBe(false);
    expect(clicks()?.pending).toBe(pressed);
  }
  expect(heard).toEqual([]);
});

it('does not press a button that is disabled by the time its part hydrates', async () => {
  serverPage('gone');
  fireEvent.click(button('gone-first'));
  fireEvent.click(button('gone-second'));
  await hydrateRootOf('gone'); // the second part's press waits for the next task
  expect(clicks()?.pending).toBeNull();
  (button('gone-second') as HTMLButtonElement).disabled = true;
  await allTasks();
  expect(heard).toEqual([]);
  expect(button('gone-second').textContent).toBe('gone-second 0');
});

it('stops listening once the page and all its parts have hydrated', async () => {
  serverPage('stops');
  const stop = jest.spyOn(clicks()!, 'stop');
  await hydrateRootOf('stops', { root: false });
  expect(stop).not.toHaveBeenCalled();
  rootHydrated();
  expect(stop).toHaveBeenCalledTimes(1);
});
