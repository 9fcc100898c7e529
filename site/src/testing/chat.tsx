// What a story of the assistant chat needs on top of a site story (site.tsx): the page's main
// landmark, its one conversation store, made as useChatStore makes it (history loaded at once,
// dropped with the page) over a socket.io socket of its own, opened as the site's connection opens
// one (with the story's token) on the mocked API's realtime socket (api/chatSocket.ts), the
// layout's dialog host for the add dialogs the chat opens, and a robot whose idle line does not
// change from one run to the next.
//
// Use: `const meta = { ...chatStory, render: (args, context) => <ChatStage {...stageOf(context)}>
// {(store) => <ChatPanel store={store} />}</ChatStage> }`.
import type { StoryContext } from '@storybook/react';
import { spyOn } from '@storybook/test';
import { useEffect, useState, type ReactNode } from 'react';
import type { Socket } from 'socket.io-client';
import { createChatStore, type ChatStore } from '../features/assistant/conversation/conversation';
import { realtimeSocketOptions } from '../features/assistant/realtime/connection';
import { getToken } from '../data/token';
import { DialogHost } from '../shell/DialogHost';
import type { Locale } from '../i18n/locales';
import { loadMockedIo, type MockApi } from './api';
import { mockApiOf, siteStory, storyLocale } from './site';

/** `parameters.chat` of a chat story. */
export interface ChatParameters {
  /**
   * The silence (ms) after which the page gives up on a reply: the product's 35 s by default; a
   * story of the time-out makes it short.
   */
  timeoutMs?: number;
}

const chatParameters = (context: Pick<StoryContext, 'parameters'>): ChatParameters =>
  (context.parameters.chat as ChatParameters | undefined) ?? {};

export interface ChatStageProps extends ChatParameters {
  /** The story's mocked API, whose realtime socket answers the store. */
  api: MockApi;
  /** The language questions are asked in. */
  locale: Locale;
  /** What shows the conversation (the chat panel, the welcome chat), given the page's store. */
  children: (store: ChatStore) => ReactNode;
}

/** A ChatStage's props from the story's context: its mocked API, language and `parameters.chat`. */
export function stageOf(context: StoryContext): Omit<ChatStageProps, 'children'> {
  return {
    api: mockApiOf(context),
    locale: storyLocale(context.globals),
    ...chatParameters(context),
  };
}

/** The page's store in each story, by the story's mocked API (for `chatStoreOf`). */
const stores = new WeakMap<MockApi, ChatStore>();

/**
 * The store the story's page made, for a play function that must know when something reached
 * it, not only when the page drew it (a busy machine draws late, by uneven amounts).
 */
export function chatStoreOf(context: Pick<StoryContext, 'loaded'>): ChatStore {
  const store = stores.get(mockApiOf(context));
  if (!store) throw new Error('The chat stage has not made its store yet');
  return store;
}

/**
 * The page around a chat: its conversation store, made on mount, its socket, opened once
 * socket.io's client has loaded (and closed with the page), and the dialog host.
 */
export function ChatStage({ api, locale, timeoutMs, children }: ChatStageProps) {
  const [store, setStore] = useState<ChatStore | null>(null);

  useEffect(() => {
    let socket: Socket | null = null;
    let gone = false;
    const socketListeners = new Set<() => void>();
    const socketChanged = () => {
      for (const listener of [...socketListeners]) listener();
    };
    const made = createChatStore({
      getSocket: () => socket,
      subscribeSocket: (listener) => {
        socketListeners.add(listener);
        return () => {
          socketListeners.delete(listener);
        };
      },
      language: () => locale,
      timeoutMs,
    });
    stores.set(api, made);
    setStore(made);
    void made.loadLatest();
    const token = getToken();
    if (token !== null) {
      void loadMockedIo().then((io) => {
        if (gone) return;
        socket = io(window.location.origin, realtimeSocketOptions(token));
        socket.on('connect', socketChanged);
        socket.on('disconnect', socketChanged);
        socketChanged();
      });
    }
    return () => {
      gone = true;
      if (stores.get(api) === made) stores.delete(api);
      made.dispose();
      socket?.disconnect();
    };
  }, [api, locale, timeoutMs]);

  if (!store) return null;
  return (
    <>
      {/* In the main landmark, as the layout holds a page. */}
      <main>{children(store)}</main>
      <DialogHost />
    </>
  );
}

/**
 * The robot's idle line is one of several, picked with Math.random (assistant/robot/robot.ts): a chat
 * story stubs it to 0 so that the robot always says the first one and two screenshots of a story
 * match. Put back when the story ends.
 */
function sameRobotLine() {
  const random = spyOn(Math, 'random').mockReturnValue(0);
  return () => random.mockRestore();
}

/** Spread into a chat story file's meta instead of `siteStory`. */
export const chatStory = {
  ...siteStory,
  beforeEach: [siteStory.beforeEach, sameRobotLine],
  parameters: {
    ...siteStory.parameters,
    // Storybook writes an args story's JSX out for the docs' source block, props and all; the
    // mocked API a chat story hands its stage is far too big for that (the page hangs on it).
    docs: { source: { type: 'code' } },
  },
};
