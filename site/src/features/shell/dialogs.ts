// The global dialogs (login, nickname, add-cryptocurrency, add-monitoring): one store, so that any
// part of the site (the header, a `?t=login` link, a 401 from the API, the chat, the pages' add
// buttons) opens them, and the dialog host in the layout draws whichever is open. Dialog code is
// loaded only when one opens.
import type { Coin, MonitorSource } from '@coinlens/api/contract';
import { useRef, useSyncExternalStore, type RefObject } from 'react';

export type DialogName = 'login' | 'nickname' | 'addCoin' | 'addMonitor';

/** What a dialog opens with: the add dialogs start with these picked (the chat's add actions). */
export interface DialogParams {
  coins?: readonly Coin[];
  sources?: readonly MonitorSource[];
}

let current: DialogName | null = null;
let currentParams: DialogParams = {};
/** What a dialog could not save, by dialog: it starts with it the next time it opens. */
const unsaved = new Map<DialogName, DialogParams>();
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
export function openDialog(name: DialogName, params: DialogParams = {}): void {
  const kept = unsaved.get(name);
  unsaved.delete(name);
  const given = (params.coins?.length ?? 0) > 0 || (params.sources?.length ?? 0) > 0;
  currentParams = given ? params : (kept ?? params);
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

/** What the open dialog was opened with. */
export function getDialogParams(): DialogParams {
  return currentParams;
}

/**
 * Keeps the picks of an add dialog whose save failed: it closes after the attempt all the same, and
 * opened again it starts with them, so nothing the user picked is lost.
 */
export function keepUnsaved(name: DialogName, params: DialogParams): void {
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
 * `search` without its `t=login`, the other parameters as they were written: `?a=1&t=login&b=2`
 * gives `?a=1&b=2`, `?t=login` gives ''.
 */
export function withoutLoginAsk(search: string): string {
  const kept = search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '' && !wantsLogin(part));
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
