// A press that comes before its part of the page has hydrated is kept, and made again once the
// part has hydrated. The server's markup is on screen long before the page's code runs (the
// scripts load after the first paint, then the runtime starts, then the page hydrates:
// docs/start-sequence.md), and a button in it has no handler until then: a visitor who pressed
// "Sign in" that early saw nothing happen, and their press was lost.
//
// An inline script in every page's head (inline/earlyClicks.ts) listens to clicks from the start.
// A click on a button (or an element in a button's role) in a part that has not hydrated is
// stopped before anything else hears it, and remembered. When that part hydrates (Island's wrapper
// reports it), the button is pressed again. Links are left alone: before the hydration a link is a
// plain page load, which works. Only the last such press is kept: a visitor who pressed twice, or
// pressed one button and then another, meant the last one.

/** What the inline script leaves on `window` for the page's code. */
export interface EarlyClicks {
  /** The button pressed last before its part hydrated, or null. */
  pending: Element | null;
  /** The wrappers of the parts (`[data-island]`) that have hydrated. */
  hydrated: WeakSet<Element>;
  /** Whether the page outside every part has hydrated. */
  rootHydrated: boolean;
  /** Stops listening: everything has hydrated. */
  stop: () => void;
}

type EarlyClicksWindow = Window & { __coinlensEarlyClicks?: EarlyClicks };

/**
 * Starts the listener in `page` (the page's head script: inline/earlyClicks.ts). `pressable` is
 * what can be pressed: links are not (see above).
 */
export function captureEarlyClicks(page: Window): void {
  const document = page.document;
  const pressable =
    'button, input[type="button"], input[type="submit"], [role="button"], [role="tab"], ' +
    '[role="menuitem"], [role="option"], [role="switch"]';
  const clicks: EarlyClicks = {
    pending: null,
    hydrated: new WeakSet(),
    rootHydrated: false,
    stop: function () {
      document.removeEventListener('click', onClick, true);
    },
  };
  function onClick(event: Event) {
    const target = event.target as Element | null;
    const pressed = target && target.closest ? target.closest(pressable) : null;
    if (!pressed || pressed.closest('a[href]')) return;
    const part = pressed.closest('[data-island]');
    if (part ? clicks.hydrated.has(part) : clicks.rootHydrated) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    clicks.pending = pressed;
  }
  document.addEventListener('click', onClick, true);
  (page as EarlyClicksWindow).__coinlensEarlyClicks = clicks;
}

function earlyClicks(): EarlyClicks | undefined {
  return typeof window === 'undefined'
    ? undefined
    : (window as EarlyClicksWindow).__coinlensEarlyClicks;
}

/**
 * A part's wrapper has hydrated (Island's ref: called after its buttons got their handlers), or
 * unmounted (null). Presses the button that was pressed too early in it, if any.
 */
export function partHydrated(wrapper: Element | null): void {
  const clicks = earlyClicks();
  if (!clicks || !wrapper) return;
  clicks.hydrated.add(wrapper);
  if (clicks.pending?.closest('[data-island]') === wrapper) pressAgain(clicks);
  stopWhenAllHydrated(clicks, wrapper.ownerDocument);
}

/**
 * The page outside its parts has hydrated. Presses the button that was pressed too early there,
 * if any.
 */
export function rootHydrated(): void {
  const clicks = earlyClicks();
  if (!clicks || clicks.rootHydrated) return;
  clicks.rootHydrated = true;
  if (clicks.pending && !clicks.pending.closest('[data-island]')) pressAgain(clicks);
  stopWhenAllHydrated(clicks, document);
}

// In a task of its own: the part's hydration (and the effects it queued) has finished by then. Not
// if the button has left the page meanwhile (a disabled one ignores click() itself).
function pressAgain(clicks: EarlyClicks): void {
  const pressed = clicks.pending;
  clicks.pending = null;
  if (!(pressed instanceof HTMLElement)) return;
  setTimeout(() => {
    if (pressed.isConnected) pressed.click();
  }, 0);
}

function stopWhenAllHydrated(clicks: EarlyClicks, document: Document): void {
  if (!clicks.rootHydrated || clicks.pending) return;
  const parts = document.querySelectorAll('[data-island]');
  for (const part of parts) if (!clicks.hydrated.has(part)) return;
  clicks.stop();
}
