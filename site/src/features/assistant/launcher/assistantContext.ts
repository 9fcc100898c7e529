// What the parts of the assistant share through its provider (AssistantProvider.tsx): the side
// panel's state, the page beside it and the tab's one conversation store. Apart from the provider,
// which loads the side panel, so that the panel and the parts it draws read it without a circle.
import type { Locale } from '@coinlens/contract';
import type { I18NextContext } from 'gatsby-plugin-react-i18next/dist/types';
import type { i18n } from 'i18next';
import { createContext, useContext, type MutableRefObject } from 'react';
import type { ChatStore } from '../conversation/conversation';

/** The panel's width beside the page, which the page's frame leaves free for it. */
export const SIDE_PANEL_WIDTH = '26rem';

/**
 * The translations of the page the panel is beside. The panel renders outside the page, and so
 * outside the i18n plugin's providers, which Gatsby puts inside this wrapper (a plugin's
 * wrapPageElement runs before the site's): the page's launcher hands them over.
 */
export interface AssistantPage {
  i18n: i18n;
  context: I18NextContext;
}

/** The tab's conversation store, made the first time a part asks for it (useChatStore.ts). */
export interface SharedChatStore {
  store: ChatStore | null;
  /** Keeps the store made. */
  set: (store: ChatStore) => void;
  /** Whether it is being made. */
  making: MutableRefObject<boolean>;
  /** The language of the page shown now, which questions are asked in. */
  language: () => Locale;
}

export interface Assistant {
  /** The panel is open beside this page: the page's frame makes room for it. */
  shown: boolean;
  /** Opens the panel and moves the focus into it. */
  open: () => void;
  /**
   * Asks `text` (about `context`, contract/src/chat.ts's ChatContext) as soon as the tab's
   * conversation store is there, and opens the panel for it unless `panel` is false (the phone,
   * whose chat is a page of its own: the caller goes there).
   */
  ask: (text: string, context?: unknown, options?: { panel?: boolean }) => void;
  /** The launcher, where the focus goes back when the panel closes. */
  launcher: MutableRefObject<HTMLButtonElement | null>;
  /** Said by a page that has the assistant (its launcher), with its translations; null when gone. */
  setPage: (page: AssistantPage | null) => void;
  chat: SharedChatStore;
}

export const AssistantContext = createContext<Assistant | null>(null);

/** The assistant of the signed-in site; null outside the provider (a story, a unit test). */
export const useAssistant = () => useContext(AssistantContext);
