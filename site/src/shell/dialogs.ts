// The global dialogs (login, nickname, add-cryptocurrency, add-monitoring): one store, so that any
// part of the site (the header, a `?t=login` link, a 401 from the API, the chat, the pages' add
// buttons) opens them, and the dialog host in the layout draws whichever is open. Each feature
// registers its own dialog (its `frame.ts`): its name, what it opens with, and where its code is,
// which is loaded only when it opens. The shell knows none of them.
import { useRef, useSyncExternalStore, type ComponentType, type RefObject } from 'react';
import { NEXT_PARAM } from '../start/signedInAreas';

/**
 * The global dialogs by name, each with what it opens with (the add dialogs: what starts picked).
 * Empty here: each feature adds its dialog beside its registerDialog call, as
 * `declare module '../../shell/dialogs' { interface GlobalDialogs { addCoin: { coins?: ... } } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the features
export interface GlobalDialogs {}

export type DialogName = keyof GlobalDialogs;

/** What dialog `N` opens with. */
export type DialogParams<N extends DialogName = DialogName> = GlobalDialogs[N];

/** What every global dialog receives. */
export interface GlobalDialogProps {
  /** Closes the dialog. */
  onClose: () => void;
}

/** A global dialog's module: the component is its default export. */
export type DialogModule = { default: ComponentType<GlobalDialogProps> };

const loaders = new Map<DialogName, () => Promise<DialogModule>>();

/** Says where dialog `name`'s code is: the host loads it when the dialog first opens. */
export function registerDialog(name: DialogName, load: () => Promise<DialogModule>): void {
  loaders.set(name, load);
}

/** What loads dialog `name`'s code, or undefined when no feature registered it. */
export function dialogLoader(name: DialogName): (() => Promise<DialogModule>) | undefined {
  return loaders.get(name);
}

let current: DialogName | null = null;
let currentParams: object = {};
/** What a dialog could not save, by dialog: it starts with it the next time it opens. */
const unsaved = new Map<DialogName, object>();
/** The control that had the focus when the first of the open dialogs was opened. */
let opener: HTMLElement | null = null;
const listeners = new Set<() => void>();

function set(next: DialogName | null) {
  if (next === current) return;
  if (current === 'login') dropLoginAsk();
  current = next;
  for (const listener of [...listeners]) listener();
}

/**
 * Opens a dialog (closing any other: one at a time), with what it should start with; with
 * nothing picked, with what it could not save last time (keepUnsaved), if anything.
 */
export function openDialog<N extends DialogName>(name: N, params?: DialogParams<N>): void {
  const kept = unsaved.get(name);
  unsaved.delete(name);
  const given = params !== undefined && picksSomething(params);
  currentParams = given ? params : (kept ?? params ?? {});
  // Read before the dialog takes the focus; one dialog replacing another keeps the first opener.
  if (current === null && typeof document !== 'undefined') {
    const active = document.activeElement;
    opener = active instanceof HTMLElement && active !== document.body ? active : null;
  }
  set(name);
}

/**
 * A ref to the control that opened the open dialog, for the Modal's `finalFocusRef`: the focus
 * goes back there when the dialog closes. Empty when there was none or it has gone from the page
 * (the modal then returns the focus where it was before it opened). A dialog that moves the focus
 * as it mounts (autoFocus) needs it: the modal would otherwise take that field for the opener.
 */
export function useDialogOpener(): RefObject<HTMLElement | null> {
  const captured = useRef(opener);
  return {
    get current() {
      const element = captured.current;
      return element?.isConnected ? element : null;
    },
  };
}

/** Whether a dialog's params pick anything: a value that is not an empty list. */
function picksSomething(params: object): boolean {
  return Object.values(params).some((value) =>
    Array.isArray(value) ? value.length > 0 : value !== undefined,
  );
}

/** What dialog `name` was opened with, while it is the open one (nothing otherwise). */
export function getDialogParams<N extends DialogName>(name: N): Partial<DialogParams<N>> {
  return current === name ? (currentParams as Partial<DialogParams<N>>) : {};
}

/**
 * Keeps the picks of an add dialog whose save failed: it closes after the attempt all the same, and
 * opened again it starts with them, so nothing the user picked is lost.
 */
export function keepUnsaved<N extends DialogName>(name: N, params: DialogParams<N>): void {
  unsaved.set(name, params);
}

/** Forgets what every dialog could not save (a fresh page: between stories and tests). */
export function forgetUnsaved(): void {
  unsaved.clear();
}

/** Closes whichever dialog is open. */
export function closeDialog(): void {
  currentParams = {};
  opener = null;
  set(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The open dialog, or null (outside React). */
export function getOpenDialog(): DialogName | null {
  return current;
}

/** The open dialog, or null. */
export function useOpenDialog(): DialogName | null {
  return useSyncExternalStore(subscribe, getOpenDialog, () => null);
}

/** Whether a page URL asks for the login dialog (`?t=login`). */
export function wantsLogin(search: string): boolean {
  return new URLSearchParams(search).get('t') === 'login';
}

/**
 * `search` without its `t=login` and the page it would go back to (`next`), the other parameters
 * as they were written: `?a=1&t=login&b=2` gives `?a=1&b=2`, `?t=login&next=%2F` gives ''.
 */
export function withoutLoginAsk(search: string): string {
  const kept = search
    .replace(/^\?/, '')
    .split('&')
    .filter(
      (part) => part !== '' && !wantsLogin(part) && !new URLSearchParams(part).has(NEXT_PARAM),
    );
  return kept.length > 0 ? `?${kept.join('&')}` : '';
}

/**
 * Takes `t=login` out of the page's address once the login dialog has closed, so that a reload
 * (or a copy of the address) does not open it again. The history entry is replaced, not added, and
 * keeps its state, which is the router's (its key, the scroll position it restores).
 */
function dropLoginAsk(): void {
  if (typeof window === 'undefined') return;
  const { pathname, search, hash } = window.location;
  const next = withoutLoginAsk(search);
  if (next !== search)
    window.history.replaceState(window.history.state, '', pathname + next + hash);
}

let loginAsks = 0;
const askListeners = new Set<() => void>();

/**
 * Tells the dialogs of each of the site's own moves to an address (gatsby-browser's
 * onRouteUpdate): a move to a `?t=login` address asks for the login dialog, as loading it does.
 * (The home page's "Sign in" links go to `/?t=login` on the page they are on, which stays.)
 */
export function addressChanged(search: string): void {
  if (!wantsLogin(search)) return;
  loginAsks += 1;
  for (const listener of [...askListeners]) listener();
}

function subscribeAsks(listener: () => void): () => void {
  askListeners.add(listener);
  return () => askListeners.delete(listener);
}

/** How many times a move to a `?t=login` address asked for the login dialog: it changes on each. */
export function useLoginAsks(): number {
  return useSyncExternalStore(
    subscribeAsks,
    () => loginAsks,
    () => 0,
  );
}
