// What the phone's chat tab needs to know to give the conversation the screen: whether the
// conversation has started, whether the screen is short (a phone held sideways), and how much of
// the window the on-screen keyboard covers; and what of the chat's surroundings shows for that.
import { useSyncExternalStore } from 'react';
import type { ChatEntry } from '../assistant/conversation/messages';
import type { ChatPanelProps } from '../assistant/panel/ChatPanel';

/**
 * Whether the user and the assistant have spoken: a question, or a reply of the assistant. The
 * robot's scripted lines (the welcome, the onboarding) are the same for everyone and start nothing.
 */
export const conversationStarted = (entries: readonly ChatEntry[]): boolean =>
  entries.some((entry) => entry.message.source === 'USER' || entry.message.source === 'ASSISTANT');

/**
 * A screen this short (a phone held sideways: 320 to 430 px) has no room for the greeting and the
 * robot above the conversation, even before it starts.
 */
export const SHORT_SCREEN_QUERY = '(max-height: 500px)';

/** What the chat tab has to go by. */
export interface ChatRoom {
  /** The conversation has started (`conversationStarted`). */
  started: boolean;
  /** The screen is short (`SHORT_SCREEN_QUERY`). */
  short: boolean;
  /** The on-screen keyboard is up. */
  keyboardUp: boolean;
}

/**
 * The chat's title row: in full (with the robot and its line, under the greeting) only before the
 * conversation on a screen with room for it; slim once it has started or on a short screen (the
 * greeting is then left to assistive technology); none with the keyboard up.
 */
export function chatHeader({
  started,
  short,
  keyboardUp,
}: ChatRoom): NonNullable<ChatPanelProps['header']> {
  if (keyboardUp) return 'none';
  return started || short ? 'slim' : 'full';
}

/**
 * Less than this (px) of the window covered is the browser's own bars coming and going as the page
 * scrolls; an on-screen keyboard covers more, even a phone's held sideways (about 150 px and up).
 */
export const KEYBOARD_MIN_PX = 120;

/** What the window tells of its size: its layout viewport's height and its visual viewport. */
export interface WindowViewports {
  /** The layout viewport's height (`window.innerHeight`), which the keyboard does not change. */
  innerHeight: number;
  /** The part of it on screen (`window.visualViewport`), where the browser has it. */
  visual: Pick<VisualViewport, 'height' | 'offsetTop' | 'scale'> | null;
}

/**
 * How much of the bottom of the layout viewport the on-screen keyboard covers (px), or 0: the
 * visual viewport ends that far above it. A page zoomed in has a smaller visual viewport for
 * another reason, and is left as it is.
 */
export function keyboardInset({ innerHeight, visual }: WindowViewports): number {
  if (!visual || Math.abs(visual.scale - 1) > 0.01) return 0;
  const covered = Math.round(innerHeight - visual.offsetTop - visual.height);
  return covered >= KEYBOARD_MIN_PX ? covered : 0;
}

const noSubscription = () => () => {};

function subscribeVisualViewport(listener: () => void): () => void {
  const visual = window.visualViewport;
  if (!visual) return () => {};
  visual.addEventListener('resize', listener);
  visual.addEventListener('scroll', listener);
  return () => {
    visual.removeEventListener('resize', listener);
    visual.removeEventListener('scroll', listener);
  };
}

const readKeyboardInset = () =>
  keyboardInset({ innerHeight: window.innerHeight, visual: window.visualViewport });

/**
 * The on-screen keyboard's part of the window (px, 0 without one), kept current while `watching`
 * (the chat is on screen); 0 otherwise and on the server.
 */
export function useKeyboardInset(watching: boolean): number {
  return useSyncExternalStore(
    watching ? subscribeVisualViewport : noSubscription,
    watching ? readKeyboardInset : zero,
    zero,
  );
}

function zero() {
  return 0;
}

function subscribeShortScreen(listener: () => void): () => void {
  // Every browser has matchMedia; jsdom has not.
  const query = window.matchMedia?.(SHORT_SCREEN_QUERY);
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
}

const readShortScreen = () => window.matchMedia?.(SHORT_SCREEN_QUERY).matches ?? false;

/** Whether the screen is short (`SHORT_SCREEN_QUERY`), kept current as the phone turns. */
export function useShortScreen(): boolean {
  return useSyncExternalStore(subscribeShortScreen, readShortScreen, () => false);
}
