// A part of a page that the hydration leaves for a task of its own: the page hydrates around it,
// then its parts hydrate one per task, in the order they came, instead of the whole page in one
// long task (Lighthouse's TBT counts each task's time over 50 ms). The parts that show the page's
// own content say `first`, and go before the others (the header, the footer, the overlays): the
// page renders its data once it has hydrated, and its largest paint is that data. Its server
// markup is on screen meanwhile; pressing, typing or focusing in it hydrates it at once, before
// the click that follows. Rendered anywhere else (a client-side navigation, the development
// server, Storybook, tests), it renders its children at once.
//
// The part is a `display: contents` wrapper, so it changes no layout (a sticky header stays
// sticky to the page). Its ids are its own (each Suspense boundary counts them apart in the built
// site's React layer, src/app/preact), so the rest of the page keeps the server's. A press on one
// of its buttons that came before it hydrated is made again once it has (src/app/earlyClicks.ts).
import { Suspense, type ReactNode } from 'react';
import { partHydrated } from '../app/earlyClicks';
import { useHydratedFromServer } from '../app/serverMarkup';

export interface IslandProps {
  /** Names the part, unique on its page: `data-island` on the wrapper. */
  name: string;
  /**
   * Hydrates before the waiting parts without it (in the order the `first` parts came): for the
   * page's own content.
   */
  first?: boolean;
  children: ReactNode;
}

export function Island({ name, first = false, children }: IslandProps) {
  return (
    <Suspense fallback={null}>
      <Gate name={name} first={first}>
        {children}
      </Gate>
    </Suspense>
  );
}

function Gate({ name, first, children }: IslandProps) {
  const fromServer = useHydratedFromServer();
  if (fromServer) {
    const waiting = hydrationTurn(name, first);
    if (waiting) throw waiting;
  }
  return (
    <div ref={partHydrated} data-island={name} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}

interface Turn {
  promise: Promise<void>;
  release: () => void;
  released: boolean;
}

const turns = new Map<string, Turn>();
/**
 * The parts waiting for their turn: the `first` ones, then the others, each in the order they
 * asked.
 */
const queue: string[] = [];
/** The parts that asked to go first. */
const firstParts = new Set<string>();
let nextTurnScheduled = false;

/** What hydrates a waiting part at once: the events that come before a click, a key or a focus. */
const EARLY_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * While the part named `name` waits for its turn to hydrate, the promise of that turn; null once
 * it came. The first ask queues the part: behind the parts that asked before it, or with `first`
 * behind only those that asked with `first` too.
 */
export function hydrationTurn(name: string, first = false): Promise<void> | null {
  let turn = turns.get(name);
  if (!turn) {
    let release = () => {};
    const promise = new Promise<void>((resolve) => (release = resolve));
    turn = { promise, release, released: false };
    turns.set(name, turn);
    if (first) {
      firstParts.add(name);
      const others = queue.findIndex((queued) => !firstParts.has(queued));
      queue.splice(others < 0 ? queue.length : others, 0, name);
    } else {
      queue.push(name);
    }
    if (queue.length === 1) listenEarly(true);
    scheduleNextTurn();
  }
  return turn.released ? null : turn.promise;
}

/** Gives the part named `name` its turn now (one that has not asked yet will not wait). */
export function hydrateNow(name: string): void {
  const turn = turns.get(name);
  if (!turn) {
    turns.set(name, { promise: Promise.resolve(), release: () => {}, released: true });
    return;
  }
  if (turn.released) return;
  turn.released = true;
  queue.splice(queue.indexOf(name), 1);
  firstParts.delete(name);
  if (!queue.length) listenEarly(false);
  turn.release();
}

// One part per task: the part whose turn it is hydrates in this task, once the promise settles
// (a microtask), and the next part's task is queued behind it.
function scheduleNextTurn(): void {
  if (nextTurnScheduled) return;
  nextTurnScheduled = true;
  setTimeout(() => {
    nextTurnScheduled = false;
    const name = queue[0];
    if (name === undefined) return;
    hydrateNow(name);
    if (queue.length) scheduleNextTurn();
  }, 0);
}

function onEarlyEvent(event: Event): void {
  const target = event.target;
  // The part the event is in, and the parts around it (a part inside another has not asked for
  // its turn while the outer one waits: it will not wait then).
  let part = target instanceof Element ? target.closest('[data-island]') : null;
  while (part) {
    hydrateNow(part.getAttribute('data-island') ?? '');
    part = part.parentElement?.closest('[data-island]') ?? null;
  }
}

function listenEarly(on: boolean): void {
  if (typeof document === 'undefined') return;
  for (const type of EARLY_EVENTS) {
    if (on) document.addEventListener(type, onEarlyEvent, true);
    else document.removeEventListener(type, onEarlyEvent, true);
  }
}
