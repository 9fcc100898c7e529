import '@testing-library/jest-dom';
import type { ChatHistory, FollowEntry, UserInfo } from '@coinlens/contract';
import { CoinlensProvider } from '@coinlens/design-system';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextContext } from 'gatsby-plugin-react-i18next';
import { I18nextProvider } from 'react-i18next';
import { Layout, type LayoutVariant } from '../../../shell/Layout';
import type { ApiClient } from '../../../data/client';
import { ApiProvider } from '../../../data/swr';
import { clearToken, setToken } from '../../../data/token';
import type { Locale } from '../../../i18n/locales';
import { USER_PATH } from '../../../data/session';
import { CHAT_LIST_PATH, type ChatStoreOptions } from '../conversation/conversation';
import type * as Conversation from '../conversation/conversation';
import { asSocket, FakeChatSocket } from '../../../testing/fakeChatSocket';
import { FOLLOWS_PATH } from '../../coins/follows';
import { flatStrings, loadStrings, pageI18n } from '../../../testing/renderWithLocale';
import { AssistantProvider } from './AssistantProvider';
import { COIN_CARD_ATTRIBUTE } from '../panel/questionContext';
// The launcher and the panel's room are the assistant's registrations with the frame.
import '../frame';

jest.mock('gatsby', () => jest.requireActual('../../../testing/gatsbyStub'));
jest.mock('../realtime/connection', () => ({
  ...jest.requireActual('../realtime/connection'),
  startRealtime: jest.fn(() => () => undefined),
}));

// The tab's store talks to this test's server: its socket and its API client.
const mockSocket = new FakeChatSocket();
const mockClient = { get: jest.fn(), post: jest.fn(), monitorGet: jest.fn() };
const mockMade = jest.fn();
jest.mock('../conversation/conversation', () => {
  const actual = jest.requireActual<typeof Conversation>('../conversation/conversation');
  return {
    ...actual,
    createChatStore: (options: ChatStoreOptions) => {
      mockMade(options);
      return actual.createChatStore({
        ...options,
        client: mockClient as unknown as ApiClient,
        getSocket: () => asSocket(mockSocket),
        subscribeSocket: () => () => {},
      });
    },
  };
});

const en = flatStrings(loadStrings('en', 'assistant'));
const zh = flatStrings(loadStrings('zh', 'assistant'));

const USER = { id: 7, nickname: 'Ana', avatar: null } as unknown as UserInfo;
const BITCOIN = { id: 1, name: 'Bitcoin', symbol: 'BTC', logo: '/api/asset/logo/btc.svg' };
const FOLLOWS = [{ coinId: 1, coin: BITCOIN, followedAt: 0 }] as unknown as FollowEntry[];
const HISTORY: ChatHistory = { conversationId: 'conv-1', messages: [], has_more: false };
const TEST_SWR = { provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false };

/** A signed-in page of the site, as its page component renders it. */
function Page({ originalPath }: { originalPath: string }) {
  const variant: LayoutVariant = originalPath === '/welcome/' ? 'welcome' : 'default';
  return (
    <Layout variant={variant}>
      <h1>Page {originalPath}</h1>
      {originalPath === '/reporting/' && (
        <ul>
          <li {...{ [COIN_CARD_ATTRIBUTE]: 1 }}>Bitcoin report</li>
        </ul>
      )}
    </Layout>
  );
}

/**
 * The page at `originalPath` as Gatsby renders it: the root's providers, the assistant's provider
 * (gatsby-browser.tsx's wrapPageElement), then the i18n plugin's providers and the page, keyed by
 * its path (a move to another page mounts a new one).
 */
function site(originalPath: string, locale: Locale = 'en') {
  const { i18n, context } = pageI18n(locale, originalPath);
  return (
    <CoinlensProvider>
      <ApiProvider client={mockClient as unknown as ApiClient} config={TEST_SWR}>
        <AssistantProvider language={locale} originalPath={originalPath} search="">
          <I18nextProvider i18n={i18n}>
            <I18nextContext.Provider value={context}>
              <Page key={originalPath} originalPath={originalPath} />
            </I18nextContext.Provider>
          </I18nextProvider>
        </AssistantProvider>
      </ApiProvider>
    </CoinlensProvider>
  );
}

const launcher = (strings = en) =>
  screen.findByRole('button', { name: new RegExp(strings['launcher.label']!) });
const panel = (strings = en) => screen.getByRole('dialog', { name: strings['title'] });
const textbox = (strings = en) => screen.getByRole('textbox', { name: strings['input.label'] });

/** Opens the panel from the launcher and waits until the message box has the focus. */
async function openPanel(user: ReturnType<typeof userEvent.setup>, strings = en) {
  await user.click(await launcher(strings));
  await waitFor(() => expect(textbox(strings)).toHaveFocus());
  return panel(strings);
}

// jsdom lays nothing out: the report card is where a browser would show it, under the header.
const boxOf = Element.prototype.getBoundingClientRect;
beforeAll(() => {
  Element.prototype.getBoundingClientRect = function (this: Element) {
    return this.hasAttribute(COIN_CARD_ATTRIBUTE)
      ? ({ top: 200, bottom: 700, height: 500 } as DOMRect)
      : boxOf.call(this);
  };
});
afterAll(() => {
  Element.prototype.getBoundingClientRect = boxOf;
});

beforeEach(() => {
  mockMade.mockClear();
  mockClient.get.mockReset();
  mockSocket.sent.length = 0;
  mockClient.get.mockImplementation(async (path: string) => {
    if (path === USER_PATH) return USER;
    if (path === FOLLOWS_PATH) return FOLLOWS;
    if (path === CHAT_LIST_PATH) return HISTORY;
    throw new Error(`unexpected GET ${path}`);
  });
  setToken('tok');
});

afterEach(() => {
  act(() => clearToken());
});

describe('the assistant beside the page', () => {
  // First: the panel's code is loaded once per test file, by whichever test opens it first.
  it('leaves the launcher and the page as they are until the panel’s code has come', async () => {
    const { container } = render(site('/reporting/'));
    const button = await launcher();
    act(() => button.click());
    expect(button).toBeVisible();
    // eslint-disable-next-line testing-library/no-container, testing-library/no-node-access -- the frame has no role
    expect(container.querySelector('[data-side-panel]')).toBeNull();
    expect(await screen.findByRole('dialog', { name: en['title'] })).toBeVisible();
    expect(button).not.toBeVisible();
  });

  it('opens in a non-modal dialog beside the page, which stays in reach', async () => {
    const user = userEvent.setup();
    const { container } = render(site('/reporting/'));
    const dialog = await openPanel(user);
    expect(dialog).not.toHaveAttribute('aria-modal');
    // The page is neither hidden from assistive technology nor out of reach.
    expect(screen.getByRole('heading', { level: 1, name: 'Page /reporting/' })).toBeVisible();
    // The frame makes room for it (from the lg breakpoint, in CSS).
    // eslint-disable-next-line testing-library/no-container, testing-library/no-node-access -- the frame has no role
    expect(container.querySelector('[data-side-panel="open"]')).toBeInTheDocument();
    // The launcher gives way to the panel.
    expect(screen.queryByRole('button', { name: new RegExp(en['launcher.label']!) })).toBeNull();
    expect(within(dialog).getByText('Asking about Bitcoin')).toBeVisible();
  });

  it('keeps the panel open, the conversation and what is typed across a page change', async () => {
    const user = userEvent.setup();
    const { rerender } = render(site('/reporting/'));
    const dialog = await openPanel(user);
    // Pasted, not typed key by key: what is in the box is what matters here, and each key would
    // draw the composer again.
    await user.paste('What about this');

    rerender(site('/monitoring/'));
    expect(screen.getByRole('heading', { level: 1, name: 'Page /monitoring/' })).toBeVisible();
    // The same panel, not a new one: what was typed is there, and the store was made once.
    expect(panel()).toBe(dialog);
    expect(textbox()).toHaveValue('What about this');
    expect(within(dialog).getByText('Asking about your monitored sources')).toBeVisible();
    expect(mockMade).toHaveBeenCalledTimes(1);
    expect(mockClient.get.mock.calls.filter(([path]) => path === CHAT_LIST_PATH)).toHaveLength(1);

    // A question sent now is about the page now in front.
    await user.paste(' source?');
    await user.keyboard('{Enter}');
    expect(mockSocket.last().payload).toMatchObject({
      text: 'What about this source?',
      context: { page: 'monitoring' },
    });
  });

  it('hides on the chat page, which shows the same conversation, and is back after it', async () => {
    const user = userEvent.setup();
    const { rerender } = render(site('/reporting/'));
    const dialog = await openPanel(user);
    await user.paste('Draft');

    rerender(site('/welcome/'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: new RegExp(en['launcher.label']!) })).toBeNull();

    rerender(site('/reporting/'));
    expect(panel()).toBe(dialog);
    expect(textbox()).toHaveValue('Draft');
  });

  it('speaks the language of the page beside it', async () => {
    const user = userEvent.setup();
    const { rerender } = render(site('/reporting/'));
    await openPanel(user);
    rerender(site('/reporting/', 'zh'));
    const dialog = panel(zh);
    expect(within(dialog).getByRole('button', { name: zh['sidePanel.close'] })).toBeVisible();
    expect(within(dialog).getByText('关于 Bitcoin')).toBeVisible();
    expect(mockMade.mock.calls[0]?.[0].language()).toBe('zh');
  });

  it('closes when the user signs out', async () => {
    const user = userEvent.setup();
    const { container } = render(site('/reporting/'));
    await openPanel(user);
    act(() => clearToken());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // eslint-disable-next-line testing-library/no-container, testing-library/no-node-access -- the frame has no role
    expect(container.querySelector('[data-side-panel]')).toBeNull();
  });
});
