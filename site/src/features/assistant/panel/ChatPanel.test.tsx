import '@testing-library/jest-dom';
import type { ChatHistory, ChatMessage, ChatSource } from '@coinlens/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiClient } from '../../../data/client';
import { ApiProvider } from '../../../data/swr';
import { clearToken, setToken } from '../../../data/token';
import type { Locale } from '../../../i18n/locales';
import {
  CHAT_LIST_PATH,
  createChatStore,
  MAX_QUESTION_LENGTH,
  type ChatStore,
} from '../conversation/conversation';
import { asSocket, FakeChatSocket } from '../../../testing/fakeChatSocket';
import { FOLLOWS_PATH } from '../../coins/follows';
import { flatStrings, loadStrings, renderWithLocale } from '../../../testing/renderWithLocale';
import { ChatPanel, type ChatPanelProps } from './ChatPanel';

jest.mock('gatsby', () => jest.requireActual('../../../testing/gatsbyStub'));

/** The `assistant` string at `key` in `locale`, with `{{name}}` placeholders filled. */
function strings(
  locale: Locale,
): (key: string, values?: Record<string, string | number>) => string {
  const flat = flatStrings(loadStrings(locale, 'assistant'));
  return (key, values = {}) => {
    const value = flat[key];
    if (value === undefined) throw new Error(`No ${locale} string ${key}`);
    return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
  };
}
const en = strings('en');
const zh = strings('zh');

const CONVERSATION = 'conv-1';
/** 2026-11-20 12:00 UTC. */
const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);
const T0_SEC = T0 / 1000;
/** 09:00 the same day: three hours before "now", so the history shows its own time. */
const NINE = T0_SEC - 3 * 3600;

function message(
  seqNo: number,
  source: ChatSource,
  text: string,
  extra: Partial<ChatMessage> = {},
): ChatMessage {
  return {
    conversationId: CONVERSATION,
    seqNo,
    source,
    language: 'en',
    text,
    layers: [],
    more: false,
    timestamp: NINE,
    ...extra,
  };
}

/** A reply part, `more` unless told otherwise, timed "now". */
function part(seqNo: number, text: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return message(seqNo, 'ASSISTANT', text, { more: true, timestamp: T0_SEC, ...extra });
}

function page(
  messages: ChatMessage[],
  hasMore = false,
  conversationId = CONVERSATION,
): ChatHistory {
  return { conversationId, messages, has_more: hasMore };
}

/** A question at 09:00 and its answer half a minute later. */
const HISTORY = [
  message(1, 'USER', 'Hi'),
  message(2, 'ASSISTANT', 'Hello! Ask me anything.', { timestamp: NINE + 30 }),
];

const ok = (seqNo: number) => ({
  code: 200,
  msg: 'ok',
  data: { seqNo, conversationId: CONVERSATION, resend: false },
});

// A cache of its own for each render, no deduping and no retries.
const TEST_SWR = { provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false };

let socket: FakeChatSocket;
let client: { get: jest.Mock; post: jest.Mock; monitorGet: jest.Mock };
let store: ChatStore;
/** What GET /api/chat/list answers. */
let historyPage: ChatHistory | Promise<ChatHistory>;

function serve() {
  client.get.mockImplementation(async (path: string) => {
    // The bubbles ask which coins are followed: none.
    if (path === FOLLOWS_PATH) return [];
    if (path === CHAT_LIST_PATH) return historyPage;
    throw new Error(`unexpected GET ${path}`);
  });
  client.post.mockImplementation(async (path: string) => {
    throw new Error(`unexpected POST ${path}`);
  });
}

function renderPanel({
  locale = 'en' as Locale,
  questionContext,
  now = () => Date.now(),
  header,
  originalPath = '/assistant/',
}: {
  locale?: Locale;
  questionContext?: () => unknown;
  now?: () => number;
  header?: ChatPanelProps['header'];
  /** The page the panel is on, without language prefix. */
  originalPath?: string;
} = {}) {
  store = createChatStore({
    client: client as unknown as ApiClient,
    getSocket: () => asSocket(socket),
    subscribeSocket: () => () => {},
    language: () => locale,
    now,
  });
  return renderWithLocale(
    <ApiProvider client={client as unknown as ApiClient} config={TEST_SWR}>
      <ChatPanel store={store} questionContext={questionContext} header={header} />
    </ApiProvider>,
    { locale, originalPath },
  );
}

/** The panel with the history loaded (as useChatStore loads it on mount). */
async function renderLoaded(options?: Parameters<typeof renderPanel>[0]) {
  const view = renderPanel(options);
  await act(() => store.loadLatest());
  await settle();
  return view;
}

/** Lets pending answers (the bubbles' follow list) land. */
async function settle(): Promise<void> {
  await act(() => jest.advanceTimersByTimeAsync(0));
}

const log = (t = en) => screen.getByRole('log', { name: t('logLabel') });
const bubbles = (t = en) => within(log(t)).queryAllByRole('article');
const lastBubble = (t = en) => {
  const all = bubbles(t);
  const last = all.at(-1);
  if (!last) throw new Error('no bubbles');
  return last;
};
const textbox = (t = en) => screen.getByRole('textbox', { name: t('input.label') });

function setupUser() {
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}

/**
 * Asks `text`: put in the box at once, sent with Enter. Not typed key by key: each key would draw
 * the composer again, most of such a test's time (the stories type their questions).
 */
async function ask(user: ReturnType<typeof setupUser>, text: string) {
  await user.click(textbox());
  await user.paste(text);
  await user.keyboard('{Enter}');
  await settle();
}

beforeEach(() => {
  jest.useFakeTimers({ now: T0 });
  socket = new FakeChatSocket();
  client = { get: jest.fn(), post: jest.fn(), monitorGet: jest.fn() };
  historyPage = page(HISTORY);
  serve();
  // Before the store is made: a token change afterwards resets it.
  setToken('tok');
});

afterEach(() => {
  store.dispose();
  act(() => clearToken());
  jest.useRealTimers();
});

describe('the chat panel', () => {
  it("dates the bubbles by the store's clock, not the machine's", async () => {
    // The store's day is the next one: the history's 09:00 is yesterday's, shown with its date.
    await renderLoaded({ now: () => T0 + 86_400_000 });
    const [question] = bubbles();
    expect(question).toHaveAccessibleName(`${en('you')}, 11/20/2026 09:00`);
  });

  it('shows the loading state, then the history as named bubbles in the log', async () => {
    let answer: (history: ChatHistory) => void = () => {};
    historyPage = new Promise<ChatHistory>((resolve) => {
      answer = resolve;
    });
    renderPanel();
    expect(screen.getByRole('heading', { name: en('title') })).toBeInTheDocument();
    expect(within(log()).getByRole('status')).toHaveTextContent(en('history.loading'));
    expect(screen.getByRole('button', { name: en('clean.action') })).toBeDisabled();

    let loading: Promise<void> = Promise.resolve();
    act(() => {
      loading = store.loadLatest();
    });
    expect(log()).toHaveAttribute('aria-busy', 'true');
    expect(client.get).toHaveBeenCalledWith(CHAT_LIST_PATH, {
      query: { size: 10, oldestSeqNo: -1 },
    });

    await act(async () => {
      answer(page(HISTORY));
      await loading;
    });
    await settle();
    expect(log()).not.toHaveAttribute('aria-busy');
    expect(within(log()).queryByRole('status')).not.toBeInTheDocument();
    const [question, reply] = bubbles();
    // Only the first of two messages within an hour shows its time.
    expect(question).toHaveAccessibleName(`${en('you')}, 09:00`);
    expect(question).toHaveTextContent('Hi');
    expect(reply).toHaveAccessibleName(en('assistant'));
    expect(reply).toHaveTextContent('Hello! Ask me anything.');
    expect(within(log()).getByText(en('history.start'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en('clean.action') })).toBeEnabled();
  });

  it('sends what the question is about, as it is when sent, with the question', async () => {
    const user = setupUser();
    let coinId = 1;
    await renderLoaded({ questionContext: () => ({ page: 'reporting', coinId }) });
    await ask(user, 'How is this coin doing?');
    expect(socket.last().payload).toMatchObject({
      text: 'How is this coin doing?',
      context: { page: 'reporting', coinId: 1 },
    });
    act(() => socket.ack(ok(3)));
    act(() => socket.part(part(4, 'Fine.', { more: false })));

    coinId = 2;
    await ask(user, 'And this one?');
    expect(socket.last().payload.context).toEqual({ page: 'reporting', coinId: 2 });
  });

  it('sends no context without a page to be about', async () => {
    const user = setupUser();
    await renderLoaded();
    await ask(user, 'ETH?');
    expect(socket.last().payload.context ?? null).toBeNull();
  });

  it("labels a phone keyboard's Enter key Send, as Enter sends", async () => {
    await renderLoaded();
    expect(textbox()).toHaveAttribute('enterkeyhint', 'send');
  });

  it('breaks the line on Shift+Enter without sending', async () => {
    const user = setupUser();
    await renderLoaded();
    await user.click(textbox());
    await user.paste('line one');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    await user.paste('line two');
    expect(textbox()).toHaveValue('line one\nline two');
    expect(socket.sent).toHaveLength(0);
    expect(bubbles()).toHaveLength(2);
    expect(screen.getByRole('button', { name: en('input.send') })).toBeEnabled();
  });

  it('says a question is too long, and does not send it', async () => {
    const user = setupUser();
    await renderLoaded();
    await user.click(textbox());
    await user.paste('x'.repeat(MAX_QUESTION_LENGTH + 1));

    expect(
      screen.getByText(en('input.tooLong', { max: MAX_QUESTION_LENGTH, count: 2001 })),
    ).toBeInTheDocument();
    expect(textbox()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: en('input.send') })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(socket.sent).toHaveLength(0);
    expect(bubbles()).toHaveLength(2);
    expect(textbox()).toHaveValue('x'.repeat(MAX_QUESTION_LENGTH + 1));

    // At the limit it can go.
    await user.keyboard('{Backspace}');
    expect(screen.getByText(en('input.hint'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en('input.send') })).toBeEnabled();
  });

  it.each<[string, string]>([
    ['/reporting/', '/zh/reporting/?coin=1'],
    ['/mobile/', '/zh/mobile/reporting/?coin=1'],
  ])("links a reply's report on %s to %s", async (originalPath, href) => {
    historyPage = page([
      ...HISTORY,
      message(4, 'ASSISTANT', 'Its report.', {
        timestamp: NINE + 90,
        layers: [{ type: 'report', coinId: 1 }],
      }),
    ]);
    await renderLoaded({ locale: 'zh', originalPath });
    expect(
      within(lastBubble(zh)).getByRole('link', { name: zh('layers.reportFallback') }),
    ).toHaveAttribute('href', href);
  });

  it.each([
    ['full', 'the robot and its line, the title, New conversation', true, true],
    ['slim', 'the title and New conversation', false, true],
    ['none', 'nothing', false, false],
  ] as const)(
    "with the %s title row shows %s; the title and the robot's line are always read out",
    async (header, _shows, robotShown, cleanOffered) => {
      await renderLoaded({ header });
      expect(screen.getByRole('heading', { level: 2, name: en('title') })).toBeInTheDocument();
      const [line] = screen.getAllByText(
        (_, element) => element?.tagName === 'P' && element.getAttribute('aria-live') === 'polite',
      );
      expect(line).not.toHaveTextContent(/^$/);
      // The robot's line on screen, rather than for assistive technology alone, and its face.
      expect(window.getComputedStyle(line!).position !== 'absolute').toBe(robotShown);
      expect(screen.queryByText('CL') !== null).toBe(header !== 'none');
      expect(screen.queryByRole('button', { name: en('clean.action') }) !== null).toBe(
        cleanOffered,
      );
    },
  );

  it("loads older messages when scrolled to the top, keeping the reader's place", async () => {
    historyPage = page(
      HISTORY.map((m) => ({ ...m, seqNo: m.seqNo + 2 })),
      true,
    );
    await renderLoaded();
    expect(within(log()).queryByText(en('history.start'))).not.toBeInTheDocument();

    let answer: (history: ChatHistory) => void = () => {};
    client.get.mockImplementationOnce(
      () =>
        new Promise<ChatHistory>((resolve) => {
          answer = resolve;
        }),
    );
    // jsdom lays nothing out: the log is 1000 px tall, 300 px of it shown, scrolled to the top.
    const element = log();
    const box = { scrollTop: 0, scrollHeight: 1000, clientHeight: 300 };
    Object.defineProperty(element, 'scrollTop', {
      configurable: true,
      get: () => box.scrollTop,
      set: (value: number) => {
        box.scrollTop = value;
      },
    });
    Object.defineProperty(element, 'scrollHeight', {
      configurable: true,
      get: () => box.scrollHeight,
    });
    Object.defineProperty(element, 'clientHeight', {
      configurable: true,
      get: () => box.clientHeight,
    });

    // Near the top but not at it: nothing loads.
    box.scrollTop = 40;
    fireEvent.scroll(element);
    expect(client.get).not.toHaveBeenCalledWith(CHAT_LIST_PATH, {
      query: { size: 10, oldestSeqNo: 3 },
    });

    box.scrollTop = 0;
    fireEvent.scroll(element);
    expect(client.get).toHaveBeenCalledWith(CHAT_LIST_PATH, {
      query: { size: 10, oldestSeqNo: 3 },
    });
    expect(within(element).getByRole('status')).toHaveTextContent(en('history.older'));

    // The older page makes the log 600 px taller: what the reader saw stays where it was.
    box.scrollHeight = 1600;
    await act(async () => {
      answer(page(HISTORY));
      await Promise.resolve();
    });
    expect(bubbles().map((bubble) => bubble.textContent)).toEqual([
      expect.stringContaining('Hi'),
      expect.stringContaining('Hello!'),
      expect.stringContaining('Hi'),
      expect.stringContaining('Hello!'),
    ]);
    expect(box.scrollTop).toBe(600);
    expect(within(element).queryByRole('status')).not.toBeInTheDocument();
    expect(within(element).getByText(en('history.start'))).toBeInTheDocument();
  });

  it('keeps the newest text in sight for a reader following along, and leaves one who scrolled up', async () => {
    // jsdom lays nothing out and has no ResizeObserver: both are played here.
    let resized: () => void = () => {};
    const original = globalThis.ResizeObserver;
    globalThis.ResizeObserver = class {
      constructor(callback: () => void) {
        resized = callback;
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    try {
      const user = setupUser();
      await renderLoaded();
      const element = log();
      // As a browser does, scrollTop stays within 0 and scrollHeight - clientHeight.
      const box = { scrollTop: 700, scrollHeight: 1000, clientHeight: 300 };
      const bottom = () => box.scrollHeight - box.clientHeight;
      Object.defineProperty(element, 'scrollTop', {
        configurable: true,
        get: () => Math.max(0, Math.min(box.scrollTop, bottom())),
        set: (value: number) => {
          box.scrollTop = Math.max(0, Math.min(value, bottom()));
        },
      });
      for (const name of ['scrollHeight', 'clientHeight'] as const) {
        Object.defineProperty(element, name, { configurable: true, get: () => box[name] });
      }
      fireEvent.scroll(element);

      // New text while at the bottom scrolls in.
      box.scrollHeight = 1100;
      await ask(user, 'ETH?');
      expect(box.scrollTop).toBe(800);

      // The log gets shorter (buttons appear under it): the last line stays in sight.
      box.clientHeight = 200;
      act(() => resized());
      expect(box.scrollTop).toBe(900);
      fireEvent.scroll(element);
      box.scrollHeight = 1200;
      act(() => socket.ack(ok(3)));
      act(() => socket.part(part(4, 'ETH is')));
      expect(box.scrollTop).toBe(1000);

      // The reader scrolls up to read: the next part does not pull them down.
      box.scrollTop = 400;
      fireEvent.scroll(element);
      box.scrollHeight = 1300;
      act(() => socket.part(part(4, ' at 2.', { more: false })));
      expect(box.scrollTop).toBe(400);
      box.clientHeight = 300;
      act(() => resized());
      expect(box.scrollTop).toBe(400);

      // Back at the bottom, they follow again.
      box.scrollTop = 1000;
      fireEvent.scroll(element);
      box.scrollHeight = 1400;
      await ask(user, 'And BTC?');
      expect(box.scrollTop).toBe(1100);
    } finally {
      globalThis.ResizeObserver = original;
    }
  });
});

describe('alerts offered in the chat', () => {
  const BITCOIN = { kind: 'coin' as const, id: 1, name: 'Bitcoin', symbol: 'BTC', logo: '' };
  /** The assistant's offer to alert under 60,000, open ten minutes from "now". */
  const OFFER = message(
    4,
    'ASSISTANT',
    'I can alert you when Bitcoin drops below 60,000. Answer yes or no.',
    {
      timestamp: T0_SEC,
      layers: [
        {
          type: 'alertProposal',
          alert: { kind: 'priceBelow', coinId: 1, value: 60000 },
          subject: BITCOIN,
          expiresAt: T0_SEC + 600,
        },
      ],
    },
  );
  const offerCard = (t = en) =>
    within(log(t)).getByRole('group', { name: new RegExp(`^${t('layers.alert.proposal')}`) });

  it('answers an offer with the word of the button, sent as a typed question with its context', async () => {
    historyPage = page([...HISTORY, OFFER]);
    const user = setupUser();
    await renderLoaded({ questionContext: () => ({ page: 'reporting', coinId: 1 }) });
    expect(offerCard()).toHaveAccessibleName(
      `${en('layers.alert.proposal')} Bitcoin BTC ${en('layers.alert.trigger.priceBelow', { line: '$60,000.00' })}`,
    );
    // What the user was typing stays in the box.
    await user.click(textbox());
    await user.paste('and ETH?');

    const yes = within(offerCard()).getByRole('button', { name: en('layers.alert.yes') });
    await user.click(yes);
    await settle();
    expect(socket.last().payload).toMatchObject({
      text: 'Yes',
      language: 'en',
      context: { page: 'reporting', coinId: 1 },
    });
    // The user's "Yes", then the reply it awaits.
    expect(bubbles().at(-2)).toHaveAccessibleName(new RegExp(`^${en('you')}`));
    expect(bubbles().at(-2)).toHaveTextContent('Yes');
    expect(textbox()).toHaveValue('and ETH?');
    // A later message exists: the offer takes no second answer.
    expect(yes).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(offerCard()).getByRole('button', { name: en('layers.alert.no') }));
    expect(socket.sent).toHaveLength(1);
  });

  it('says no in the page’s language', async () => {
    historyPage = page([...HISTORY, { ...OFFER, language: 'zh' }]);
    const user = setupUser();
    await renderLoaded({ locale: 'zh' });
    await user.click(within(offerCard(zh)).getByRole('button', { name: zh('layers.alert.no') }));
    await settle();
    expect(socket.last().payload).toMatchObject({ text: '不用了', language: 'zh' });
  });

  it('turns the answers off for an offer the conversation went past', async () => {
    historyPage = page([...HISTORY, OFFER, message(5, 'USER', 'What about ETH?')]);
    await renderLoaded();
    for (const name of [en('layers.alert.yes'), en('layers.alert.no')]) {
      expect(within(offerCard()).getByRole('button', { name })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
    }
  });

  it("expires an offer at its time on the store's clock", async () => {
    historyPage = page([...HISTORY, OFFER]);
    const user = setupUser();
    await renderLoaded();
    expect(within(offerCard()).queryByText(en('layers.alert.expired'))).not.toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(600_000));
    expect(within(offerCard()).getByText(en('layers.alert.expired'))).toBeInTheDocument();
    await user.click(within(offerCard()).getByRole('button', { name: en('layers.alert.yes') }));
    expect(socket.sent).toHaveLength(0);
  });

  it.each<[string, string]>([
    ['/reporting/', '/zh/alerts/'],
    ['/mobile/', '/zh/mobile/alerts/'],
  ])('confirms a made alert on %s with a link to %s', async (originalPath, href) => {
    historyPage = page([
      ...HISTORY,
      message(4, 'ASSISTANT', '好的，已设置。', {
        timestamp: T0_SEC,
        layers: [
          {
            type: 'alert',
            alert: {
              id: 9,
              kind: 'priceBelow',
              subject: BITCOIN,
              value: 60000,
              keyword: null,
              cooldownMinutes: 60,
              paused: false,
              state: 'armed',
              lastFiredAt: null,
              createdAt: T0_SEC,
            },
          },
        ],
      }),
    ]);
    await renderLoaded({ locale: 'zh', originalPath });
    const card = within(lastBubble(zh)).getByRole('group', {
      name: `${zh('layers.alert.created')} Bitcoin BTC ${zh('layers.alert.trigger.priceBelow', { line: '$60,000.00' })}`,
    });
    expect(within(card).getByRole('link', { name: zh('layers.alert.alertsLink') })).toHaveAttribute(
      'href',
      href,
    );
  });
});
