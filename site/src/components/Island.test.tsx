import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { hydrateNow, hydrationTurn } from './Island';
import { Page, renders, serverMarkup } from './Island.testPage';

let container: HTMLElement;
beforeEach(() => {
  jest.useFakeTimers();
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(async () => {
  // The parts still waiting get their turns: the next test starts with none queued.
  await act(async () => {
    jest.runAllTimers();
  });
  container.remove();
  jest.useRealTimers();
});

/** Hydrates the server's markup of the page whose parts `prefix` names. */
async function hydratePage(prefix: string) {
  container.innerHTML = serverMarkup(prefix);
  const nodes = screen.getAllByRole('button');
  await act(async () => {
    hydrateRoot(container, <Page prefix={prefix} />);
  });
  return nodes;
}

/** Runs the next task the parts queued, and what it renders. */
const nextTask = () =>
  act(async () => {
    jest.advanceTimersToNextTimer();
  });

/** What the part's turn starts (a promise, then React's render) has run. */
const settled = () =>
  act(async () => {
    await Promise.resolve();
  });

const button = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name} `) });

it('hydrates the page around its parts, then each part in a task of its own, in page order', async () => {
  const nodes = await hydratePage('order');
  // The page is hydrated: its button works.
  fireEvent.click(button('order-page'));
  expect(button('order-page').textContent).toBe('order-page 1');
  // The parts are the server's markup still, not rendered.
  expect(renders['order-first']).toBeUndefined();
  expect(renders['order-second']).toBeUndefined();

  await nextTask();
  expect(renders['order-first']).toBe(1);
  expect(renders['order-second']).toBeUndefined();
  fireEvent.click(button('order-first'));
  expect(button('order-first').textContent).toBe('order-first 1');

  await nextTask();
  expect(renders['order-second']).toBe(1);
  fireEvent.click(button('order-second'));
  expect(button('order-second').textContent).toBe('order-second 1');
  // Hydrated: the server's nodes, kept.
  expect(screen.getAllByRole('button')).toEqual(nodes);
});

it('hydrates a waiting part at once when it is pressed, so the click that follows works', async () => {
  await hydratePage('press');
  expect(renders['press-second']).toBeUndefined();
  fireEvent.pointerDown(button('press-second'));
  await settled();
  expect(renders['press-second']).toBe(1);
  fireEvent.click(button('press-second'));
  expect(button('press-second').textContent).toBe('press-second 1');
  // The other part still has its own turn.
  expect(renders['press-first']).toBeUndefined();
  await nextTask();
  expect(renders['press-first']).toBe(1);
});

it.each(['keyDown', 'focusIn'] as const)('hydrates a waiting part at once on %s', async (event) => {
  const prefix = `early-${event}`;
  await hydratePage(prefix);
  fireEvent[event](button(`${prefix}-first`));
  await settled();
  expect(renders[`${prefix}-first`]).toBe(1);
  expect(renders[`${prefix}-second`]).toBeUndefined();
});

it('renders its parts at once without server markup (a client-side navigation)', () => {
  render(<Page prefix="client" />);
  expect(renders['client-first']).toBe(1);
  expect(renders['client-second']).toBe(1);
  fireEvent.click(button('client-second'));
  expect(button('client-second').textContent).toBe('client-second 1');
});

describe('hydrationTurn', () => {
  it('keeps a part waiting until its turn, then lets it through', async () => {
    const waiting = hydrationTurn('turn-a');
    expect(waiting).toBeInstanceOf(Promise);
    expect(hydrationTurn('turn-a')).toBe(waiting);
    await act(async () => {
      jest.advanceTimersToNextTimer();
    });
    await expect(waiting).resolves.toBeUndefined();
    expect(hydrationTurn('turn-a')).toBeNull();
  });

  it('gives the parts that go first their turns before the others, each in the order they asked', async () => {
    const order: string[] = [];
    for (const [name, first] of [
      ['queue-header', false],
      ['queue-main', true],
      ['queue-footer', false],
      ['queue-page', true],
    ] as const) {
      void hydrationTurn(name, first)!.then(() => order.push(name));
    }
    for (let turn = 0; turn < 4; turn++) await nextTask();
    expect(order).toEqual(['queue-main', 'queue-page', 'queue-header', 'queue-footer']);
  });

  it('puts a part that goes first, asking later, before the others still waiting', async () => {
    const order: string[] = [];
    void hydrationTurn('late-main', true)!.then(() => order.push('late-main'));
    void hydrationTurn('late-header')!.then(() => order.push('late-header'));
    await nextTask();
    // The main part hydrated; the page inside it asks now, and goes before the header.
    void hydrationTurn('late-page', true)!.then(() => order.push('late-page'));
    await nextTask();
    await nextTask();
    expect(order).toEqual(['late-main', 'late-page', 'late-header']);
  });

  it('does not hold a part hydrated early before it asked (inside a part that waited)', () => {
    hydrateNow('turn-inner');
    expect(hydrationTurn('turn-inner')).toBeNull();
  });

  it('hydrates the parts around a pressed one too', async () => {
    container.innerHTML =
      '<div data-island="turn-outer"><div data-island="turn-nested"><button>in</button></div></div>';
    const outer = hydrationTurn('turn-outer');
    let outerDone = false;
    void outer!.then(() => (outerDone = true));
    fireEvent.pointerDown(screen.getByRole('button', { name: 'in' }));
    await Promise.resolve();
    expect(outerDone).toBe(true);
    // The nested part, which had not asked, does not wait when it does.
    expect(hydrationTurn('turn-nested')).toBeNull();
  });
});
