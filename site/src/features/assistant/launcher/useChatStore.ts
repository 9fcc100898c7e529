// The conversation store of a part that shows the chat (the welcome page, the phone's chat, the
// side panel): the tab's one store, which the assistant's provider keeps from one page to the next
// (AssistantProvider.tsx), so that every part shows the same conversation. It is made the first
// time a part asks for it, in the browser only, its code loaded then (no page's first load
// carries it), and its history loaded at once. Outside the provider (a story, a unit test) a
// part makes a store of its own, dropped with it.
import type { Locale } from '@coinlens/contract';
import { useI18next } from 'gatsby-plugin-react-i18next';
import { useEffect, useRef, useState } from 'react';
import { inNextTask, loadChunk } from '../../../shell/loadChunk';
import { isLocale, DEFAULT_LOCALE } from '../../../i18n/locales';
import type { ChatStore } from '../conversation/conversation';
import { useAssistant } from './assistantContext';

/**
 * Makes a store asking in `language`, once its code has come, and loads its history; `made` hears
 * of it. Answers the stop, for a part gone before the code came.
 */
function makeChatStore(language: () => Locale, made: (store: ChatStore) => void): () => void {
  let gone = false;
  // Out of reach (offline), its code is tried again until it comes: the placeholder stays.
  const code = loadChunk(() => import('../conversation/conversation'));
  // The store is made, and the chat drawn with it, in the task after the one its code ran in.
  void code.loaded.then(inNextTask).then(({ createChatStore }) => {
    if (gone) return;
    const store = createChatStore({ language });
    made(store);
    void store.loadLatest();
  });
  return () => {
    gone = true;
    code.stop();
  };
}

/** The conversation store, or null until it is made (the first render, on the server). */
export function useChatStore(): ChatStore | null {
  const shared = useAssistant()?.chat;
  const { language } = useI18next();
  // Questions are asked in the page's language as it is when they are sent.
  const languageRef = useRef(language);
  languageRef.current = language;
  const [own, setOwn] = useState<ChatStore | null>(null);
  // (Each of these stays the same object for the provider's life.)
  const set = shared?.set;
  const making = shared?.making;
  const sharedLanguage = shared?.language;

  useEffect(() => {
    if (set && making && sharedLanguage) {
      // The tab's store is made once, and kept even when the part that asked first is gone.
      if (making.current) return;
      making.current = true;
      makeChatStore(sharedLanguage, set);
      return;
    }
    let made: ChatStore | null = null;
    const stop = makeChatStore(
      () => (isLocale(languageRef.current) ? languageRef.current : DEFAULT_LOCALE),
      (store) => {
        made = store;
        setOwn(store);
      },
    );
    return () => {
      stop();
      made?.dispose();
    };
  }, [set, making, sharedLanguage]);

  return shared ? shared.store : own;
}
