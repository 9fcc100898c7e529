// Small helpers for the play functions of site stories.
import { expect, fn, waitFor, within } from '@storybook/test';
import type { AuthAnnouncement } from '../features/auth/analytics';

/** Queries over the whole page: dialogs and toasts render in portals outside the story root. */
export const page = () => within(document.body);

/** How long a play function waits for the page to change: generous, for a busy machine. */
export const WAIT = { timeout: 5000 };

/**
 * `element` once it is visible: dialogs and toasts fade in from opacity 0. Given a query, it asks
 * again on each try, for an element that a placeholder shows first and the loaded page replaces
 * (a found element would stay detached, never visible).
 */
export async function visible<T extends HTMLElement>(
  element: T | Promise<T> | (() => T),
): Promise<T> {
  if (typeof element === 'function') {
    return waitFor(() => {
      const found = element();
      expect(found).toBeVisible();
      return found;
    }, WAIT);
  }
  const found = await element;
  await waitFor(() => expect(found).toBeVisible(), WAIT);
  return found;
}

/** Resolves after the next two animation frames. */
const frames = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
  );

/**
 * The dialog named `name`, once it shows and has taken the focus: the dialog moves the focus in
 * an animation frame after it opens, and keys typed before that would land elsewhere.
 */
export async function findDialog(name: string): Promise<HTMLElement> {
  const dialog = await visible(page().findByRole('dialog', { name }, WAIT));
  await frames();
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement), WAIT);
  return dialog;
}

/** The toast that says `text`, once it shows (fails when none does). */
export function findToast(text: string): Promise<HTMLElement> {
  return visible(page().findByText(text, {}, WAIT));
}

/**
 * Records the window CustomEvents `name` (the sign-in announcements) until `stop()`:
 * `expect(events).toHaveBeenCalledWith({ userId: 7 })` checks an event's detail.
 */
export function listenFor(name: AuthAnnouncement) {
  const events = fn().mockName(name);
  const listener = (event: Event) => events((event as CustomEvent<unknown>).detail);
  window.addEventListener(name, listener);
  return { events, stop: () => window.removeEventListener(name, listener) };
}

/** Checks a dialog's laid-out width. */
export async function expectWidth(element: HTMLElement, px: number) {
  await waitFor(() => expect(element.getBoundingClientRect().width).toBe(px), WAIT);
}

/**
 * A part of the page that the test-runner's screenshot covers with a plain box
 * (`parameters.screenshot.mask`): something that changes every second. `name` is a regular
 * expression (as a string) for the accessible name of the element with `role`.
 */
export interface ScreenshotMask {
  role: 'button';
  name: string;
}

/** The resend button while it counts down: 'Sent (59s)', 'Enviado (59s)', '已发送（59 秒）'. */
export const COOLDOWN_MASK: ScreenshotMask = { role: 'button', name: '\\d+\\s*(s|秒)\\s*[)）]$' };
