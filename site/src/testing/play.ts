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

/** Checks that `element` lies wholly within the window: nothing of it is off screen. */
export async function expectOnScreen(element: HTMLElement) {
  await waitFor(() => {
    const box = element.getBoundingClientRect();
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(window.innerHeight);
    expect(box.right).toBeLessThanOrEqual(window.innerWidth);
  }, WAIT);
}

/** Checks that `element` has nothing to scroll sideways: its content fits its width. */
export async function expectNoSidewaysScroll(element: HTMLElement) {
  await expect(element.scrollWidth).toBeLessThanOrEqual(element.clientWidth);
}

/** Checks that two elements do not overlap on screen (a toast and what it must not cover). */
export async function expectApart(one: HTMLElement, other: HTMLElement) {
  const a = one.getBoundingClientRect();
  const b = other.getBoundingClientRect();
  const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  await expect(overlap).toBe(false);
}

/** Checks that a text field's placeholder fits the room for text in it, none of it cut off. */
export async function expectPlaceholderFits(input: HTMLInputElement) {
  const style = getComputedStyle(input);
  const context = document.createElement('canvas').getContext('2d')!;
  context.font = style.font;
  const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  await expect(context.measureText(input.placeholder).width).toBeLessThanOrEqual(room);
}

/** A picker dialog's names: its title, close icon, search field and Save. */
export interface PickerNames {
  title: string;
  close: string;
  search: string;
  save: string;
}

/**
 * Checks a picker dialog on a phone: its close icon and Save (enabled) on the screen, nothing
 * scrolling sideways, the search's placeholder whole.
 */
export async function expectPickerOnPhone(dialog: HTMLElement, names: PickerNames) {
  const save = within(dialog).getByRole('button', { name: names.save });
  await expect(save).toBeEnabled();
  await expectOnScreen(save);
  await expectOnScreen(within(dialog).getByRole('button', { name: names.close }));
  await expectNoSidewaysScroll(dialog);
  await expectPlaceholderFits(
    within(dialog).getByRole<HTMLInputElement>('searchbox', { name: names.search }),
  );
}

/**
 * Checks the toast that says `text`: it covers neither the picker dialog's title nor its close
 * icon, and Save stays on the screen.
 */
export async function expectToastClearOfPicker(
  text: string,
  dialog: HTMLElement,
  names: PickerNames,
) {
  const toast = (await findToast(text)).closest('li')!;
  await expectApart(toast, within(dialog).getByRole('heading', { name: names.title }));
  await expectApart(toast, within(dialog).getByRole('button', { name: names.close }));
  await expectOnScreen(within(dialog).getByRole('button', { name: names.save }));
}
