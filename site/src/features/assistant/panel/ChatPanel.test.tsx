import '@testing-library/jest-dom';
import type {
  ChatHistory,
  ChatMessage,
  ChatSource,
  Coin,
  FollowEntry,
  MonitorSource,
} from '@coinlens/contract';
import { Toaster, toaster } from '@coinlens/design-system';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiClient } from '../../../data/client';
import { NetworkError } from '../../../data/errors';
import { ApiProvider } from '../../../data/swr';
import { clearToken, setToken } from '../../../data/token';
import type { Locale } from '../../../i18n/locales';
import {
  CHAT_CLEAN_PATH,
  CHAT_LIST_PATH,
  createChatStore,
  MAX_QUESTION_LENGTH,
  REPLY_TIMEOUT_MS,
  type ChatStore,
} from '../conversation/conversation';
import { asSocket, FakeChatSocket } from '../../../testing/fakeChatSocket';
import { FOLLOWS_PATH } from '../../coins/follows';
import { flatStrings, loadStrings, renderWithLocale } from '../../../testing/renderWithLocale';
import { closeDialog, getDialogParams, getOpenDialog } from '../../../shell/dialogs';
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

function coin(id: number, name: string, symbol: string): Coin {
  return {
    id,
    name,
    symbol,
    logo: `/api/asset/logo/${symbol.toLowerCase()}.svg`,
    rank: id,
    quotes: { price: 100 * id, percentChange24h: 1.5, marketCap: 1, volume24h: 1, updatedAt: NINE },
  };
}

const BITCOIN = coin(1, 'Bitcoin', 'BTC');
const ETHEREUM = coin(2, 'Ethereum', 'ETH');
const FOMC: MonitorSource = {
  id: 7,
  logo: '/api/asset/logo/fomc.svg',
  author: 'Fed',
  title: 'FOMC meeting',
  status: 1,
  time: T0_SEC + 86_400,
  heat: 10,
  link: 'https://example.com/fomc',
};

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
/** What GET /api/chat/list answers next (each call takes the first; the last one stays). */
let pages: Array<ChatHistory | Error | Promise<ChatHistory>>;
let follows: FollowEntry[];

function serve() {
  client.get.mockImplementation(async (path: string) => {
    if (path === FOLLOWS_PATH) return follows;
    if (path === CHAT_LIST_PATH) {
      const next = pages.length > 1 ? pages.shift() : pages[0];
      if (next instanceof Error) throw next;
      return next;
    }
    throw new Error(`unexpected GET ${path}`);
  });
  client.post.mockImplementation(async (path: string) => {
    if (path === CHAT_CLEAN_PATH) return { conversationId: 'conv-2' };
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
      <Toaster
        toaster={toaster}
        closeLabel="Dismiss"
        label="Notifications"
        typeLabels={{ success: 'Success', error: 'Error', warning: 'Warning', info: 'Note' }}
      />
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

/** Asks `text` with Enter, the way a user does. */
async function ask(user: ReturnType<typeof setupUser>, text: string, t = en) {
  await user.type(textbox(t), text);
  await user.keyboard('{Enter}');
  await settle();
}

beforeEach(() => {
  jest.useFakeTimers({ now: T0 });
  socket = new FakeChatSocket();
  client = { get: jest.fn(), post: jest.fn(), monitorGet: jest.fn() };
  pages = [page(HISTORY)];
  follows = [];
  serve();
  // Before the store is made: a token change afterwards resets it.
  setToken('tok');
});

afterEach(() => {
  store.dispose();
  act(() => toaster.dismiss());
  act(() => clearToken());
  closeDialog();
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
    pages = [
      new Promise<ChatHistory>((resolve) => {
        answer = resolve;
      }),
    ];
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

  it('sends a question with Enter, empties the box, and streams the reply into its bubble', async () => {
    const user = setupUser();
    await renderLoaded();
    expect(screen.getByText(en('input.hint'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en('input.send') })).toBeDisabled();

    await ask(user, 'ETH?');
    expect(socket.sent).toHaveLength(1);
    expect(socket.last()).toMatchObject({
      event: 'chat',
      payload: { conversationId: CONVERSATION, text: 'ETH?', language: 'en' },
    });
    expect(textbox()).toHaveValue('');

    // The question, then the reply's placeholder: typing dots, Stop in place of Send.
    const question = bubbles().at(-2);
    expect(question).toHaveAccessibleName(`${en('you')}, 12:00`);
    expect(question).toHaveTextContent('ETH?');
    expect(lastBubble()).toHaveAccessibleName(en('assistant'));
    expect(lastBubble()).toHaveAttribute('aria-busy', 'true');
    expect(within(lastBubble()).getByRole('img', { name: en('typing') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en('input.stop') })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en('input.send') })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: en('clean.action') })).toBeDisabled();

    act(() => socket.ack(ok(3)));
    act(() => socket.part(part(4, 'ETH is ')));
    expect(within(lastBubble()).getByText('ETH is')).toBeInTheDocument();
    expect(lastBubble()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: en('input.stop') })).toBeInTheDocument();

    act(() => socket.part(part(4, 'at 2.', { more: false })));
    expect(within(lastBubble()).getByText('ETH is at 2.')).toBeInTheDocument();
    expect(within(lastBubble()).queryByText('ETH is')).not.toBeInTheDocument();
    expect(lastBubble()).not.toHaveAttribute('aria-busy');
    expect(screen.queryByRole('button', { name: en('input.stop') })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: en('input.send') })).toBeDisabled();
    expect(bubbles()).toHaveLength(4);
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
    await user.type(textbox(), 'line one{Shift>}{Enter}{/Shift}line two');
    expect(textbox()).toHaveValue('line one\nline two');
    expect(socket.sent).toHaveLength(0);
    expect(bubbles()).toHaveLength(2);
    expect(screen.getByRole('button', { name: en('input.send') })).toBeEnabled();
  });

  it('shows the crash text with a retry after Stop; Retry resends under the same number', async () => {
    const user = setupUser();
    await renderLoaded();
    await ask(user, 'ETH?');
    act(() => socket.ack(ok(3)));

    await user.click(screen.getByRole('button', { name: en('input.stop') }));
    const reply = lastBubble();
    expect(reply).toHaveTextContent(en('Robot_message_crash'));
    expect(reply).toHaveTextContent(en('networkError'));
    // The robot beside the title says so too, until an answer comes.
    expect(screen.getByText(en('robotCrash'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en('input.send') })).toBeInTheDocument();
    // The acknowledged question itself did not fail: one retry, on the reply.
    expect(screen.getAllByRole('button', { name: en('retry') })).toHaveLength(1);

    await user.click(within(reply).getByRole('button', { name: en('retry') }));
    expect(socket.sent).toHaveLength(2);
    expect(socket.sent[1]?.payload.clientId).toBe(socket.sent[0]?.payload.clientId);
    expect(socket.sent[1]?.payload.text).toBe('ETH?');
    expect(lastBubble()).toHaveAttribute('aria-busy', 'true');
    expect(lastBubble()).not.toHaveTextContent(en('Robot_message_crash'));
    expect(screen.getByRole('button', { name: en('input.stop') })).toBeInTheDocument();

    act(() => socket.ack(ok(3)));
    act(() => socket.part(part(4, 'ETH is at 2.', { more: false })));
    expect(within(lastBubble()).getByText('ETH is at 2.')).toBeInTheDocument();
    expect(within(lastBubble()).queryByText('ETH is')).not.toBeInTheDocument();
    expect(bubbles()).toHaveLength(4);
    expect(screen.queryByText(en('robotCrash'))).not.toBeInTheDocument();
  });

  it('gives up after 35 s of silence', async () => {
    const user = setupUser();
    await renderLoaded();
    await ask(user, 'ETH?');
    act(() => socket.ack(ok(3)));
    act(() => socket.part(part(4, 'ETH is ')));

    await act(() => jest.advanceTimersByTimeAsync(REPLY_TIMEOUT_MS - 1));
    expect(within(lastBubble()).getByText('ETH is')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(lastBubble()).toHaveTextContent(en('Robot_message_crash'));
    expect(lastBubble()).toHaveTextContent(en('networkError'));
    expect(within(lastBubble()).getByRole('button', { name: en('retry') })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en('input.stop') })).not.toBeInTheDocument();
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

  it("opens the add-coin dialog with a reply's coin, not for one already followed", async () => {
    const user = setupUser();
    follows = [{ coinId: BITCOIN.id, coin: BITCOIN, followedAt: NINE }];
    pages = [
      page([
        ...HISTORY,
        message(3, 'USER', 'Top coins?', { timestamp: NINE + 60 }),
        message(4, 'ASSISTANT', 'These two.', {
          timestamp: NINE + 90,
          layers: [{ type: 'coins', coins: [BITCOIN, ETHEREUM] }],
        }),
      ]),
    ];
    await renderLoaded();
    const coins = within(lastBubble()).getByRole('list', { name: en('layers.coins') });
    // Followed already: the action says so, and is off.
    const following = await within(coins).findByRole('button', {
      name: en('layers.followingNamed', { name: 'Bitcoin' }),
    });
    expect(following).toBeDisabled();
    expect(following).toHaveTextContent(en('layers.following'));
    expect(client.get).toHaveBeenCalledWith(FOLLOWS_PATH, expect.anything());

    const addEthereum = within(coins).getByRole('button', {
      name: en('layers.addNamed', { name: 'Ethereum' }),
    });
    expect(addEthereum).toHaveTextContent(en('layers.add'));
    expect(addEthereum).toBeEnabled();
    await user.click(addEthereum);
    expect(getOpenDialog()).toBe('addCoin');
    expect(getDialogParams('addCoin').coins).toEqual([
      expect.objectContaining({ id: 2, name: 'Ethereum' }),
    ]);
  });

  it.each<[string, string]>([
    ['/reporting/', '/zh/reporting/?coin=1'],
    ['/mobile/', '/zh/mobile/reporting/?coin=1'],
  ])("links a reply's report on %s to %s", async (originalPath, href) => {
    pages = [
      page([
        ...HISTORY,
        message(4, 'ASSISTANT', 'Its report.', {
          timestamp: NINE + 90,
          layers: [{ type: 'report', coinId: BITCOIN.id }],
        }),
      ]),
    ];
    await renderLoaded({ locale: 'zh', originalPath });
    expect(
      within(lastBubble(zh)).getByRole('link', { name: zh('layers.reportFallback') }),
    ).toHaveAttribute('href', href);
  });

  it("opens the add-monitor dialog with a reply's source", async () => {
    const user = setupUser();
    pages = [
      page([
        ...HISTORY,
        message(4, 'ASSISTANT', 'Watch this.', {
          timestamp: NINE + 90,
          layers: [{ type: 'sources', sources: [FOMC] }],
        }),
      ]),
    ];
    await renderLoaded();
    const sources = within(lastBubble()).getByRole('list', { name: en('layers.sources') });
    const monitor = within(sources).getByRole('button', {
      name: en('layers.monitorNamed', { title: 'FOMC meeting' }),
    });
    expect(monitor).toHaveTextContent(en('layers.monitor'));
    await user.click(monitor);
    expect(getOpenDialog()).toBe('addMonitor');
    expect(getDialogParams('addMonitor').sources).toEqual([
      expect.objectContaining({ id: 7, title: 'FOMC meeting' }),
    ]);
  });

  it('starts a new conversation, emptying the log', async () => {
    const user = setupUser();
    await renderLoaded();
    expect(bubbles()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: en('clean.action') }));
    expect(client.post).toHaveBeenCalledWith(CHAT_CLEAN_PATH);
    await waitFor(() => expect(bubbles()).toHaveLength(0));
    expect(within(log()).queryByText(en('history.start'))).not.toBeInTheDocument();
    expect(within(log()).queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: en('clean.action') })).toBeDisabled();

    // The next question goes to the new conversation.
    await ask(user, 'Hello again');
    expect(socket.last().payload).toMatchObject({ conversationId: 'conv-2', text: 'Hello again' });
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

  it('offers to try again when the history cannot be loaded', async () => {
    const user = setupUser();
    pages = [
      new NetworkError({ path: CHAT_LIST_PATH, cause: new Error('offline') }),
      page(HISTORY),
    ];
    await renderLoaded();
    const alert = within(log()).getByRole('alert');
    expect(alert).toHaveTextContent(en('history.error'));
    expect(bubbles()).toHaveLength(0);

    await user.click(within(alert).getByRole('button', { name: en('history.retry') }));
    await waitFor(() => expect(bubbles()).toHaveLength(2));
    expect(within(log()).queryByRole('alert')).not.toBeInTheDocument();
    expect(client.get.mock.calls.filter(([path]) => path === CHAT_LIST_PATH)).toHaveLength(2);
  });

  it("loads older messages when scrolled to the top, keeping the reader's place", async () => {
    pages = [
      page(
        HISTORY.map((m) => ({ ...m, seqNo: m.seqNo + 2 })),
        true,
      ),
    ];
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

  it('speaks Chinese in zh', async () => {
    const user = setupUser();
    await renderLoaded({ locale: 'zh' });
    expect(screen.getByRole('heading', { name: zh('title') })).toBeInTheDocument();
    const [question, reply] = bubbles(zh);
    expect(question).toHaveAccessibleName(`${zh('you')}, 09:00`);
    expect(reply).toHaveAccessibleName(zh('assistant'));
    expect(screen.getByText(zh('input.hint'))).toBeInTheDocument();
    expect(textbox(zh)).toHaveAttribute('placeholder', zh('input.placeholder'));

    await ask(user, '以太坊呢？', zh);
    expect(socket.last().payload).toMatchObject({ text: '以太坊呢？', language: 'zh' });
    await user.click(screen.getByRole('button', { name: zh('input.stop') }));
    expect(lastBubble(zh)).toHaveTextContent(zh('Robot_message_crash'));
    expect(lastBubble(zh)).toHaveTextContent(zh('networkError'));
    expect(within(lastBubble(zh)).getByRole('button', { name: zh('retry') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: zh('clean.action') })).toBeEnabled();
  });
});
