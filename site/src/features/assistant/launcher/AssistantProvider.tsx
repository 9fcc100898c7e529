// The assistant beside the signed-in pages: whether its side panel is open, and the tab's one
// conversation store. Gatsby mounts a page's frame (shell/Layout.tsx) anew on every move
// within the site, so what must outlive a page (the panel open or not, the conversation, what is
// being typed) lives here, in the wrapper gatsby-browser.tsx's wrapPageElement puts around every
// page, which Gatsby keeps mounted from one page to the next. The panel's code, the chat's, loads
// the first time it is opened (../panel/AssistantSidePanel.tsx).
import type { Locale } from '@coinlens/contract';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { lazyChunk } from '../../../shell/loadChunk';
import type { ChatStore } from '../conversation/conversation';
import { AssistantContext, type Assistant, type AssistantPage } from './assistantContext';

const AssistantSidePanel = lazyChunk(() => import('../panel/AssistantSidePanel'));

export interface AssistantProviderProps {
  children: ReactNode;
  /** The page's language. */
  language: Locale;
  /** The page's path without its language prefix (`/monitoring/detail/`). */
  originalPath: string;
  /** The page's query string (`?id=3`). */
  search: string;
}

/** What Gatsby gives wrapPageElement of a page (its props), as the provider reads it. */
export interface GatsbyPageProps {
  location: { search: string };
  /** The i18n plugin's part of every page's context. */
  pageContext: { i18n: { language: Locale; originalPath: string } };
}

/** Wraps a page (gatsby-browser.tsx's and gatsby-ssr.tsx's wrapPageElement). */
export function withAssistant(element: ReactNode, { location, pageContext }: GatsbyPageProps) {
  const { language, originalPath } = pageContext.i18n;
  return (
    <AssistantProvider language={language} originalPath={originalPath} search={location.search}>
      {element}
    </AssistantProvider>
  );
}

export function AssistantProvider({
  children,
  language,
  originalPath,
  search,
}: AssistantProviderProps) {
  const [open, setOpen] = useState(false);
  // How many times it was opened: the panel takes the focus each time, not when a page changes.
  const [opened, setOpened] = useState(0);
  const [page, setPage] = useState<AssistantPage | null>(null);
  // The last page's translations: once opened, the panel stays mounted (hidden) on a page
  // without it, so that coming back finds what was typed in it.
  const [lastPage, setLastPage] = useState<AssistantPage | null>(null);
  // Whether the panel's code has come and drawn it: until then the launcher stays, and the page
  // makes no room (the code may be slow to come, or out of reach for a while).
  const [ready, setReady] = useState(false);
  const [store, setStore] = useState<ChatStore | null>(null);
  const making = useRef(false);
  const launcher = useRef<HTMLButtonElement | null>(null);
  const languageRef = useRef(language);
  languageRef.current = language;
  const chatLanguage = useCallback(() => languageRef.current, []);
  if (page && page !== lastPage) setLastPage(page);
  const wanted = open && page !== null;
  const shown = wanted && ready;

  const close = useCallback(() => {
    // The launcher shows again at once, so that it can take the focus back.
    flushSync(() => setOpen(false));
    launcher.current?.focus();
  }, []);

  // The store lives as long as the provider: for the tab on the site (a story's page, elsewhere).
  useEffect(() => () => store?.dispose(), [store]);

  // Signed out, the panel closes where it is (and stays closed for whoever signs in next).
  const dismiss = useCallback(() => setOpen(false), []);

  // A question asked from a page (a coin page's "Ask the assistant"), waiting for the store: the
  // panel, or the phone's chat page, makes it as it opens.
  const [asked, setAsked] = useState<{ text: string; context: unknown } | null>(null);
  useEffect(() => {
    if (!asked || !store) return;
    setAsked(null);
    void store.send(asked.text, asked.context);
  }, [asked, store]);

  const value = useMemo<Assistant>(() => {
    const openPanel = () => {
      setOpen(true);
      setOpened((count) => count + 1);
    };
    return {
      shown,
      open: openPanel,
      ask: (text, context, { panel = true } = {}) => {
        setAsked({ text, context });
        if (panel) openPanel();
      },
      launcher,
      setPage,
      chat: { store, set: setStore, making, language: chatLanguage },
    };
  }, [shown, store, chatLanguage]);

  return (
    <AssistantContext.Provider value={value}>
      {children}
      {opened > 0 && lastPage && (
        <Suspense fallback={null}>
          <AssistantSidePanel
            shown={wanted}
            onShown={setReady}
            opened={opened}
            page={lastPage}
            originalPath={originalPath}
            search={search}
            onClose={close}
            onSignedOut={dismiss}
          />
        </Suspense>
      )}
    </AssistantContext.Provider>
  );
}
