// One conversation store for a page that shows the chat: made when the page mounts (in the
// browser only, its code loaded then, so that no page's first load carries it), its history
// loaded at once, and dropped with the page.
import { useI18next } from 'gatsby-plugin-react-i18next';
import { useEffect, useRef, useState } from 'react';
import { inNextTask, loadChunk } from '../../app/loadChunk';
import { isLocale, DEFAULT_LOCALE } from '../../i18n/locales';
import type { ChatStore } from '../chat/conversation';

/** The page's chat store, or null until it is made (the first render, on the server). */
export function useChatStore(): ChatStore | null {
  const { language } = useI18next();
  // Questions are asked in the page's language as it is when they are sent.
  const languageRef = useRef(language);
  languageRef.current = language;
  const [store, setStore] = useState<ChatStore | null>(null);

  useEffect(() => {
    let made: ChatStore | null = null;
    let gone = false;
    // Out of reach (offline), its code is tried again until it comes: the placeholder stays.
    const code = loadChunk(() => import('../chat/conversation'));
    // The store is made, and the chat drawn with it, in the task after the one its code ran in.
    void code.loaded.then(inNextTask).then(({ createChatStore }) => {
      if (gone) return;
      made = createChatStore({
        language: () => (isLocale(languageRef.current) ? languageRef.current : DEFAULT_LOCALE),
      });
      setStore(made);
      void made.loadLatest();
    });
    return () => {
      gone = true;
      code.stop();
      made?.dispose();
    };
  }, []);

  return store;
}
