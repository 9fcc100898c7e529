// The assistant chat as the chat page shows it: Ana signed in, her conversation over the stories'
// mocked API and its realtime socket (testing/api/chatSocket.ts), which acknowledges each question and
// streams the reply the story planned, on 1 November 2026 at noon UTC (this morning's bubbles say
// "09:00", a question asked now "12:00"). The robot's idle line is always its first
// (testing/chat.tsx stubs Math.random for the story).
import type { MonitorSource } from '@coinlens/contract';
import { Button } from '@coinlens/design-system';
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import type { Meta, StoryContext, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, waitFor, within } from '@storybook/test';
import type { ChatReply, RouteName } from '../../../testing/api';
import {
  ChatStage,
  chatStoreOf,
  chatStory,
  stageOf,
  type ChatParameters,
} from '../../../testing/chat';
import {
  CHAT_NOW,
  chatMessage,
  LONG_HISTORY,
  MORNING,
  morning,
  november,
} from '../../../testing/chatFixtures';
import { coin } from '../../../testing/fixtures';
import { MONITOR_SOURCES } from '../../../testing/monitorFixtures';
import { findDialog, findToast, page, visible, WAIT } from '../../../testing/play';
import { mockApiOf, storyLocale, textsOf, type SiteParameters } from '../../../testing/site';
import type { Locale } from '../../../i18n/locales';
import { MAX_QUESTION_LENGTH, type QuestionState } from '../conversation/conversation';
import { getDialogParams, getOpenDialog } from '../../../shell/dialogs';
import { ChatPanel, type ChatPanelProps } from './ChatPanel';

const SITE: SiteParameters = {
  signedIn: true,
  path: '/welcome/',
  now: CHAT_NOW,
  api: { follows: [coin('BTC').id], chat: { messages: morning() } },
};

const LIST: RouteName = 'GET /api/chat/list';
const CLEAN: RouteName = 'POST /api/chat/clean';

/** The same meta with other mocked API options. */
const withApi = (api: SiteParameters['api']): SiteParameters => ({
  ...SITE,
  api: { ...SITE.api, ...api },
});

/** The same meta with Ana's morning conversation and these replies to the story's questions. */
const replying = (...replies: ChatReply[]): SiteParameters =>
  withApi({ chat: { messages: morning(), replies } });

/** The panel's own props: the story makes the store. */
type PanelArgs = Omit<ChatPanelProps, 'store'>;

const meta = {
  title: 'Site/Assistant/Chat panel',
  tags: ['site', '!autodocs'],
  ...chatStory,
  args: { height: '34rem', composerDisabled: false, rotateRobotText: false },
  render: (args, context) => (
    <ChatStage {...stageOf(context)}>{(store) => <ChatPanel {...args} store={store} />}</ChatStage>
  ),
  parameters: { ...chatStory.parameters, site: SITE },
} satisfies Meta<PanelArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const assistantTexts = (context: StoryContext) => textsOf(context, 'assistant');

/** The robot's idle lines, in the story's language. */
const idleLines = (context: StoryContext) =>
  assistantTexts(context)('idle', { returnObjects: true }) as unknown as string[];

/** The conversation's log, once it shows. */
function findLog(context: StoryContext) {
  const t = assistantTexts(context);
  return visible(page().findByRole('log', { name: t('logLabel') }, WAIT));
}

const bubbles = (log: HTMLElement) => within(log).queryAllByRole('article');

function lastBubble(log: HTMLElement): HTMLElement {
  const last = bubbles(log).at(-1);
  if (!last) throw new Error('The log has no bubble');
  return last;
}

/** The log once the history shows (its first bubble is there). */
async function historyLog(context: StoryContext) {
  const log = await findLog(context);
  await waitFor(() => expect(bubbles(log).length).toBeGreaterThan(0), WAIT);
  return log;
}

const textbox = (context: StoryContext) =>
  page().getByRole('textbox', { name: assistantTexts(context)('input.label') });

const button = (context: StoryContext, key: string) =>
  page().getByRole('button', { name: assistantTexts(context)(key) });

/** Asks `text` the way a user does: typed into the box, sent with Enter. */
async function ask(context: StoryContext, text: string) {
  // The panel is drawn once the page's chat store is made, an effect after the first render.
  const box = await page().findByRole(
    'textbox',
    { name: assistantTexts(context)('input.label') },
    WAIT,
  );
  await userEvent.type(box, text);
  await userEvent.keyboard('{Enter}');
}

/** Asks and waits until the question is acknowledged and the reply has begun (or is awaited). */
async function askAndWait(context: StoryContext, text: string) {
  const log = await historyLog(context);
  const before = bubbles(log).length;
  await ask(context, text);
  await waitFor(() => expect(bubbles(log)).toHaveLength(before + 2), WAIT);
  return log;
}

/** This morning's conversation as the history: four bubbles, the first with its time. */
export const Conversation: Story = {
  play: async (context) => {
    const t = assistantTexts(context);
    const exchanges = MORNING[storyLocale(context.globals)];
    const log = await historyLog(context);
    const all = bubbles(log);
    await expect(all).toHaveLength(4);
    const [question, answer] = all;
    // Only the first of the messages within an hour shows its time.
    await expect(question).toHaveAccessibleName(`${t('you')}, 09:00`);
    await expect(answer).toHaveAccessibleName(t('assistant'));
    await expect(question).toHaveTextContent(exchanges[0]?.[0] ?? '');
    await expect(answer).toHaveTextContent(exchanges[0]?.[1] ?? '');
    await expect(within(log).getByText(t('history.start'))).toBeVisible();
    await expect(page().getByRole('heading', { name: t('title') })).toBeVisible();
    await expect(page().getByText(idleLines(context)[0] ?? '')).toBeVisible();
    await expect(button(context, 'clean.action')).toBeEnabled();
    await expect(button(context, 'input.send')).toBeDisabled();
    await expect(textbox(context)).toHaveAttribute('placeholder', t('input.placeholder'));
    await expect(page().getByText(t('input.hint'))).toBeVisible();
    await expect(mockApiOf(context).calls(LIST)[0]?.query.toString()).toBe(
      'oldestSeqNo=-1&size=10',
    );
  },
};

/** The same in Chinese, with a conversation in Chinese. */
export const ConversationChinese: Story = {
  ...Conversation,
  globals: { locale: 'zh' },
  parameters: { site: withApi({ chat: { messages: morning('zh') } }) },
};

/** The same in Portuguese, with a conversation in Portuguese. */
export const ConversationPortuguese: Story = {
  ...Conversation,
  globals: { locale: 'pt-br' },
  parameters: { site: withApi({ chat: { messages: morning('pt-br') } }) },
};

/** The history is on its way: the log says so, and there is nothing to start afresh from. */
export const LoadingHistory: Story = {
  parameters: { site: withApi({ faults: { [LIST]: 'hold' } }) },
  play: async (context) => {
    const t = assistantTexts(context);
    const log = await findLog(context);
    const status = await visible(within(log).findByRole('status', {}, WAIT));
    await expect(status).toHaveTextContent(t('history.loading'));
    await expect(log).toHaveAttribute('aria-busy', 'true');
    await expect(bubbles(log)).toHaveLength(0);
    await expect(button(context, 'clean.action')).toBeDisabled();
    await expect(page().getByText(idleLines(context)[0] ?? '')).toBeVisible();
  },
};

/** The history could not be loaded (offline): the log says so and offers to try again. */
export const HistoryError: Story = {
  parameters: { site: withApi({ faults: { [LIST]: 'network' } }) },
  play: async (context) => {
    const t = assistantTexts(context);
    const log = await findLog(context);
    const alert = await visible(within(log).findByRole('alert', {}, WAIT));
    await expect(alert).toHaveTextContent(t('history.error'));
    await expect(within(alert).getByRole('button', { name: t('history.retry') })).toBeEnabled();
    await expect(log).not.toHaveAttribute('aria-busy');
    await expect(bubbles(log)).toHaveLength(0);
    await expect(button(context, 'clean.action')).toBeDisabled();
  },
};

/** Back online, "Try again" loads the history in the error's place. */
export const HistoryRetried: Story = {
  parameters: HistoryError.parameters,
  play: async (context) => {
    await HistoryError.play?.(context);
    const t = assistantTexts(context);
    const api = mockApiOf(context);
    const log = await findLog(context);
    api.heal(LIST);
    await userEvent.click(within(log).getByRole('button', { name: t('history.retry') }));
    await waitFor(() => expect(bubbles(log)).toHaveLength(4), WAIT);
    await expect(within(log).queryByRole('alert')).not.toBeInTheDocument();
    await expect(api.calls(LIST)).toHaveLength(2);
    await expect(button(context, 'clean.action')).toBeEnabled();
  },
};

/** A conversation with nothing in it yet: an empty log, and nothing to start afresh from. */
export const Empty: Story = {
  parameters: { site: withApi({ chat: { messages: [] } }) },
  play: async (context) => {
    const t = assistantTexts(context);
    const log = await findLog(context);
    await waitFor(() => expect(log).not.toHaveAttribute('aria-busy'), WAIT);
    await waitFor(() => expect(within(log).queryByRole('status')).not.toBeInTheDocument(), WAIT);
    await expect(bubbles(log)).toHaveLength(0);
    await expect(within(log).queryByRole('alert')).not.toBeInTheDocument();
    // "Start of the conversation" heads a conversation that has messages.
    await expect(within(log).queryByText(t('history.start'))).not.toBeInTheDocument();
    await expect(button(context, 'clean.action')).toBeDisabled();
    await expect(textbox(context)).toBeEnabled();
    await expect(button(context, 'input.send')).toBeDisabled();
  },
};

/** The request for the page of messages before the first ten. */
const OLDER_PAGE = `${LIST}?oldestSeqNo=9&size=10` as RouteName;

/**
 * Yesterday's messages are a page further back: scrolled to the top, the log loads them above
 * ("Loading earlier messages" shows until they come) and what the reader was looking at stays
 * where it was.
 */
export const OlderPages: Story = {
  parameters: {
    site: withApi({
      chat: { messages: LONG_HISTORY },
      faults: { [OLDER_PAGE]: 'gate' as const },
    }),
  },
  play: async (context) => {
    const t = assistantTexts(context);
    const api = mockApiOf(context);
    const log = await historyLog(context);
    await expect(bubbles(log)).toHaveLength(10);
    await expect(within(log).queryByText(t('history.start'))).not.toBeInTheDocument();
    const first = LONG_HISTORY[8];
    if (!first) throw new Error('LONG_HISTORY is too short');
    await expect(bubbles(log)[0]).toHaveTextContent(first.text);
    const reading = within(bubbles(log)[0] as HTMLElement).getByText(first.text);

    // The reader scrolls to the top.
    log.scrollTop = 0;
    const status = await visible(within(log).findByRole('status', {}, WAIT));
    await expect(status).toHaveTextContent(t('history.older'));
    // The status shows as the request leaves; the mocked API hears of it a moment later.
    await waitFor(
      () => expect(api.calls(LIST)[1]?.query.toString()).toBe('oldestSeqNo=9&size=10'),
      WAIT,
    );
    // Where the message read last is, relative to the log, while the older page loads.
    const offset = () => reading.getBoundingClientRect().top - log.getBoundingClientRect().top;
    const before = offset();

    api.openGate(OLDER_PAGE);
    await waitFor(() => expect(bubbles(log)).toHaveLength(18), WAIT);
    await expect(within(log).queryByRole('status')).not.toBeInTheDocument();
    await expect(within(log).getByText(t('history.start'))).toBeInTheDocument();
    await expect(bubbles(log)[0]).toHaveTextContent(LONG_HISTORY[0]?.text ?? '');
    // Yesterday's first bubble shows its date; this morning's first still shows its time.
    await expect(bubbles(log)[0]).toHaveAccessibleName(`${t('you')}, 10/31/2026 18:00`);
    await expect(bubbles(log)[8]).toHaveAccessibleName(`${t('you')}, 09:00`);
    // The message read last stays where it was: the older page comes in above it.
    await expect(log.scrollTop).toBeGreaterThan(0);
    await expect(Math.abs(offset() - before)).toBeLessThanOrEqual(1);
    await expect(api.calls(LIST)).toHaveLength(2);
  },
};

/** The reply to the question Sending asks, in three parts the play function sends one by one. */
const ETHEREUM_REPLY: ChatReply = {
  delivery: 'manual',
  parts: [
    { text: 'Ethereum is at ' },
    { text: '$3,120.42, ' },
    { text: 'down 1.20% over the last 24 hours.' },
  ],
};

/**
 * A question goes out at once: its bubble, then the reply's typing placeholder and Stop; the
 * reply's parts merge into one bubble as they come, and the last one ends the wait.
 */
export const Sending: Story = {
  parameters: { site: replying(ETHEREUM_REPLY) },
  play: async (context) => {
    const t = assistantTexts(context);
    const chat = mockApiOf(context).chat;
    const log = await historyLog(context);
    await ask(context, 'Where is Ethereum now?');

    // At once: the question and a placeholder, the box emptied, Stop instead of Send.
    const [question, reply] = bubbles(log).slice(-2);
    await expect(question).toHaveAccessibleName(`${t('you')}, 12:00`);
    await expect(question).toHaveTextContent('Where is Ethereum now?');
    await expect(reply).toHaveAccessibleName(t('assistant'));
    await expect(reply).toHaveAttribute('aria-busy', 'true');
    await expect(
      within(reply as HTMLElement).getByRole('img', { name: t('typing') }),
    ).toBeVisible();
    await expect(textbox(context)).toHaveValue('');
    await expect(button(context, 'input.stop')).toBeVisible();
    await expect(page().queryByRole('button', { name: t('input.send') })).not.toBeInTheDocument();
    await expect(button(context, 'clean.action')).toBeDisabled();

    // The server has it, numbered after the history, in the page's language.
    await waitFor(() => expect(chat.waiting).toBe(true), WAIT);
    await expect(chat.questions).toEqual([
      expect.objectContaining({
        conversationId: 'conv-1',
        clientId: expect.stringMatching(/^[\w-]{22}$/),
        source: 'USER',
        language: 'en',
        text: 'Where is Ethereum now?',
      }),
    ]);

    chat.next();
    // The text so far, in one paragraph (trailing space aside).
    await visible(within(log).findByText('Ethereum is at', {}, WAIT));
    await expect(lastBubble(log)).toHaveAttribute('aria-busy', 'true');
    await expect(within(lastBubble(log)).queryByRole('img')).not.toBeInTheDocument();
    chat.next();
    await visible(within(log).findByText('Ethereum is at $3,120.42,', {}, WAIT));
    await expect(within(log).queryByText('Ethereum is at')).not.toBeInTheDocument();
    await expect(button(context, 'input.stop')).toBeVisible();
    chat.next();
    await waitFor(() => expect(lastBubble(log)).not.toHaveAttribute('aria-busy'), WAIT);
    await expect(lastBubble(log)).toHaveTextContent(
      'Ethereum is at $3,120.42, down 1.20% over the last 24 hours.',
    );
    // One bubble for the three parts.
    await expect(bubbles(log)).toHaveLength(6);
    await expect(page().queryByRole('button', { name: t('input.stop') })).not.toBeInTheDocument();
    await expect(button(context, 'input.send')).toBeDisabled();
    await expect(button(context, 'clean.action')).toBeEnabled();
    await expect(chat.messages.at(-1)?.text).toBe(
      'Ethereum is at $3,120.42, down 1.20% over the last 24 hours.',
    );
  },
};

/**
 * A reply lists coins: Bitcoin, which Ana follows, cannot be added again; Add on another opens
 * the add-coin dialog with that coin picked.
 */
export const CoinLayer: Story = {
  parameters: {
    site: replying({
      parts: [
        { text: 'XRP and Solana moved most today; ' },
        { text: 'Bitcoin is steady.', layers: [{ type: 'coins', coins: [coin('XRP')] }] },
        { text: '', layers: [{ type: 'coins', coins: [coin('SOL'), coin('BTC')] }] },
      ],
    }),
  },
  play: async (context) => {
    const t = assistantTexts(context);
    const tc = textsOf(context, 'coins');
    const log = await askAndWait(context, 'Which coins moved most today?');
    await waitFor(() => expect(lastBubble(log)).not.toHaveAttribute('aria-busy'), WAIT);
    const reply = lastBubble(log);
    await expect(reply).toHaveTextContent('XRP and Solana moved most today; Bitcoin is steady.');
    // The parts' layers, one after the other.
    const lists = within(reply).getAllByRole('list', { name: t('layers.coins') });
    await expect(lists).toHaveLength(2);
    const names = within(reply)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    await expect(names).toEqual([
      expect.stringContaining('XRP'),
      expect.stringContaining('Solana'),
      expect.stringContaining('Bitcoin'),
    ]);
    // Ana follows Bitcoin already: its action says so, and is off.
    const following = await within(reply).findByRole(
      'button',
      { name: t('layers.followingNamed', { name: 'Bitcoin' }) },
      WAIT,
    );
    await expect(following).toBeDisabled();
    await expect(following).toHaveTextContent(t('layers.following'));

    const addSolana = within(reply).getByRole('button', {
      name: t('layers.addNamed', { name: 'Solana' }),
    });
    await expect(addSolana).toHaveTextContent(t('layers.add'));
    await userEvent.click(addSolana);
    const dialog = await findDialog(tc('title'));
    await expect(getOpenDialog()).toBe('addCoin');
    await expect(getDialogParams('addCoin').coins).toEqual([
      expect.objectContaining({ id: coin('SOL').id }),
    ]);
    const picked = within(dialog).getByRole('list', { name: tc('footer.list') });
    await expect(within(picked).getAllByRole('listitem')).toHaveLength(1);
    await expect(within(picked).getByText('SOL')).toBeVisible();
  },
};

/** A source as the API lists it (what a chat layer carries). */
function listed(id: number): MonitorSource {
  const found = MONITOR_SOURCES.find((source) => source.id === id);
  if (!found) throw new Error(`No fixture source ${id}`);
  const { logo, author, title, status, time, heat, link } = found;
  return { id, logo, author, title, status, time, heat, link };
}

/** A reply lists sources: Monitor opens the add-monitoring dialog with that source picked. */
export const SourceLayer: Story = {
  parameters: {
    site: withApi({
      // Ana monitors the Solana builders' space already.
      monitor: { sources: MONITOR_SOURCES, followed: [21] },
      chat: {
        messages: morning(),
        replies: [
          {
            parts: [
              {
                text: 'These two drew the most listeners this week.',
                // The governance call and the Solana builders' space.
                layers: [{ type: 'sources', sources: [listed(26), listed(21)] }],
              },
            ],
          },
        ],
      },
    }),
  },
  play: async (context) => {
    const t = assistantTexts(context);
    const tm = textsOf(context, 'monitoring');
    const log = await askAndWait(context, 'Which sources are hot this week?');
    await waitFor(() => expect(lastBubble(log)).not.toHaveAttribute('aria-busy'), WAIT);
    const sources = within(lastBubble(log)).getByRole('list', { name: t('layers.sources') });
    await expect(within(sources).getAllByRole('listitem')).toHaveLength(2);
    const monitor = within(sources).getByRole('button', {
      name: t('layers.monitorNamed', { title: 'Governance call' }),
    });
    await expect(monitor).toHaveTextContent(t('layers.monitor'));
    const monitored = await within(sources).findByRole(
      'button',
      { name: t('layers.monitoringNamed', { title: listed(21).title }) },
      WAIT,
    );
    await expect(monitored).toBeDisabled();
    await expect(monitored).toHaveTextContent(t('layers.monitoring'));
    await userEvent.click(monitor);
    const dialog = await findDialog(tm('dialog.title'));
    await expect(getOpenDialog()).toBe('addMonitor');
    await expect(getDialogParams('addMonitor').sources).toEqual([
      expect.objectContaining({ id: 26 }),
    ]);
    const chips = within(dialog).getByRole('list', { name: tm('dialog.footer.list') });
    await expect(within(chips).getAllByRole('listitem')).toHaveLength(1);
    await expect(within(chips).getByText(/Governance call/)).toBeVisible();
  },
};

/**
 * An answer with a coin's report and a page to read: the report link names the coin the answer
 * lists and goes to that coin's report (in the page's language); an external link opens a new
 * tab.
 */
export const ReportLink: Story = {
  parameters: {
    site: withApi({
      chat: {
        messages: [
          ...morning(),
          chatMessage(5, 'USER', 'Is there a report on Bitcoin?', november(1, 9, 10)),
          chatMessage(6, 'ASSISTANT', 'Yes: the Bitcoin report is ready.', november(1, 9, 11), {
            layers: [
              { type: 'coins', coins: [coin('BTC')] },
              { type: 'report', coinId: coin('BTC').id },
              { type: 'link', title: 'Bitcoin whitepaper', url: 'https://bitcoin.org/bitcoin.pdf' },
            ],
          }),
          chatMessage(7, 'USER', 'And one on Cardano?', november(1, 9, 12)),
          chatMessage(8, 'ASSISTANT', 'Here it is.', november(1, 9, 13), {
            layers: [{ type: 'report', coinId: coin('ADA').id }],
          }),
        ],
      },
    }),
  },
  play: async (context) => {
    const t = assistantTexts(context);
    const log = await historyLog(context);
    const prefix = context.globals.locale === 'pt-br' ? '/pt-br' : '';
    const [bitcoin, cardano] = bubbles(log)
      .slice(-3)
      .filter((_, index) => index !== 1);
    const report = within(bitcoin as HTMLElement).getByRole('link', {
      name: t('layers.report', { name: 'Bitcoin' }),
    });
    await expect(report).toHaveAttribute('href', `${prefix}/reporting/?coin=${coin('BTC').id}`);
    await expect(report).not.toHaveAttribute('target');
    const paper = within(bitcoin as HTMLElement).getByRole('link', { name: /Bitcoin whitepaper/ });
    await expect(paper).toHaveAttribute('href', 'https://bitcoin.org/bitcoin.pdf');
    await expect(paper).toHaveAttribute('target', '_blank');
    await expect(paper).toHaveAccessibleName(expect.stringContaining(t('newTab')));
    // No coin list in that answer to name the coin by.
    const fallback = within(cardano as HTMLElement).getByRole('link', {
      name: t('layers.reportFallback'),
    });
    await expect(fallback).toHaveAttribute('href', `${prefix}/reporting/?coin=${coin('ADA').id}`);
  },
};

/** The same in Portuguese: the reports are at /pt-br/reporting/. */
export const ReportLinkPortuguese: Story = { ...ReportLink, globals: { locale: 'pt-br' } };

/** The time-out of these stories (the product waits 35 s). */
const SHORT_TIMEOUT: ChatParameters = { timeoutMs: 1500 };

/** The reply the server completes but whose parts never reach the page. */
const LOST_REPLY: ChatReply = {
  delivery: 'lost',
  parts: [{ text: 'Solana is at $142.77, down 4.56% over the last 24 hours.' }],
};

/** The question of the time-out stories, in the story's language. */
const ASK_SOLANA: Record<Locale, string> = {
  en: 'And Solana?',
  zh: '索拉纳呢？',
  'pt-br': 'E a Solana?',
};

/**
 * No part of the reply comes in time: the placeholder becomes the crash text with a retry, and
 * the robot beside the title says it lost the connection.
 */
export const ReplyTimedOut: Story = {
  parameters: { site: replying(LOST_REPLY), chat: SHORT_TIMEOUT },
  play: async (context) => {
    const t = assistantTexts(context);
    const log = await askAndWait(context, ASK_SOLANA[storyLocale(context.globals)]);
    await expect(lastBubble(log)).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(lastBubble(log)).toHaveTextContent(t('Robot_message_crash')), WAIT);
    const reply = lastBubble(log);
    await expect(reply).not.toHaveAttribute('aria-busy');
    await expect(reply).toHaveTextContent(t('networkError'));
    await expect(within(reply).getByRole('button', { name: t('retry') })).toBeEnabled();
    // One retry, on the reply: the question itself was delivered.
    await expect(within(log).getAllByRole('button', { name: t('retry') })).toHaveLength(1);
    await expect(page().getByText(t('robotCrash'))).toBeVisible();
    await expect(page().queryByText(idleLines(context)[0] ?? '')).not.toBeInTheDocument();
    await expect(page().queryByRole('button', { name: t('input.stop') })).not.toBeInTheDocument();
    await expect(button(context, 'clean.action')).toBeEnabled();
  },
};

/** The same in Chinese. */
export const ReplyTimedOutChinese: Story = {
  ...ReplyTimedOut,
  globals: { locale: 'zh' },
  parameters: {
    site: withApi({
      chat: {
        messages: morning('zh'),
        replies: [{ ...LOST_REPLY, parts: [{ text: '索拉纳现价 142.77 美元。' }] }],
      },
    }),
    chat: SHORT_TIMEOUT,
  },
};

/**
 * Retry after the time-out resends the question under its number; the server knows it, and the
 * reply it finished meanwhile comes from the history in the crash text's place.
 */
export const RetryAfterTimeout: Story = {
  parameters: ReplyTimedOut.parameters,
  play: async (context) => {
    await ReplyTimedOut.play?.(context);
    const t = assistantTexts(context);
    const chat = mockApiOf(context).chat;
    const log = await findLog(context);
    await userEvent.click(within(lastBubble(log)).getByRole('button', { name: t('retry') }));
    await waitFor(
      () => expect(lastBubble(log)).toHaveTextContent(LOST_REPLY.parts[0]?.text ?? ''),
      WAIT,
    );
    await expect(lastBubble(log)).not.toHaveTextContent(t('Robot_message_crash'));
    await expect(within(log).queryByRole('button', { name: t('retry') })).not.toBeInTheDocument();
    await expect(bubbles(log)).toHaveLength(6);
    const [first, again] = chat.questions;
    await expect(chat.questions).toHaveLength(2);
    await expect(again?.clientId).toBe(first?.clientId);
    await expect(again?.text).toBe(ASK_SOLANA.en);
    await expect(page().getByText(idleLines(context)[0] ?? '')).toBeVisible();
    await expect(page().queryByText(t('robotCrash'))).not.toBeInTheDocument();
  },
};

/**
 * Stop while the reply is awaited gives up on it (the crash text and its retry) and gives Send
 * back; a part that comes after all is ignored.
 */
export const Stopped: Story = {
  parameters: { site: replying({ ...ETHEREUM_REPLY, parts: [{ text: 'Too late.' }] }) },
  play: async (context) => {
    const t = assistantTexts(context);
    const chat = mockApiOf(context).chat;
    const log = await askAndWait(context, 'Where is Ethereum now?');
    await waitFor(() => expect(chat.waiting).toBe(true), WAIT);
    await userEvent.click(button(context, 'input.stop'));
    const reply = lastBubble(log);
    await expect(reply).toHaveTextContent(t('Robot_message_crash'));
    await expect(reply).toHaveTextContent(t('networkError'));
    await expect(within(reply).getByRole('button', { name: t('retry') })).toBeEnabled();
    await expect(page().getByText(t('robotCrash'))).toBeVisible();
    await expect(button(context, 'input.send')).toBeVisible();
    await expect(textbox(context)).toBeEnabled();

    chat.next();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(lastBubble(log)).toHaveTextContent(t('Robot_message_crash'));
    await expect(lastBubble(log)).not.toHaveTextContent('Too late.');
  },
};

/** The state of the question the store waits on (conversationMachine.ts), once it is `state`. */
async function questionReaches(context: StoryContext, state: QuestionState) {
  await waitFor(() => expect(chatStoreOf(context).getState().question).toBe(state), WAIT);
}

/**
 * A question on its way: the server has not acknowledged it yet. Its bubble and the reply's
 * typing placeholder show, and Stop.
 */
export const QuestionSending: Story = {
  parameters: { site: replying({ delivery: 'unanswered', parts: [] }) },
  play: async (context) => {
    const log = await askAndWait(context, 'Where is Ethereum now?');
    await questionReaches(context, 'sending');
    await expect(lastBubble(log)).toHaveAttribute('aria-busy', 'true');
    await expect(button(context, 'input.stop')).toBeVisible();
  },
};

/** Acknowledged, and no part of the reply yet: the placeholder still types. */
export const QuestionAcknowledged: Story = {
  parameters: { site: replying(ETHEREUM_REPLY) },
  play: async (context) => {
    const log = await askAndWait(context, 'Where is Ethereum now?');
    await waitFor(() => expect(mockApiOf(context).chat.waiting).toBe(true), WAIT);
    await questionReaches(context, 'acknowledged');
    await expect(
      within(lastBubble(log)).getByRole('img', { name: assistantTexts(context)('typing') }),
    ).toBeVisible();
  },
};

/** The reply streaming: its first part shows, the bubble still busy. */
export const QuestionStreaming: Story = {
  parameters: { site: replying(ETHEREUM_REPLY) },
  play: async (context) => {
    const chat = mockApiOf(context).chat;
    const log = await askAndWait(context, 'Where is Ethereum now?');
    await waitFor(() => expect(chat.waiting).toBe(true), WAIT);
    chat.next();
    await questionReaches(context, 'streaming');
    await visible(within(log).findByText('Ethereum is at', {}, WAIT));
    await expect(lastBubble(log)).toHaveAttribute('aria-busy', 'true');
  },
};

/**
 * Refused by the server (its rate limit): the reply's bubble says so in the server's words, the
 * question offers a retry, and the same words show under the log.
 */
export const QuestionRefused: Story = {
  parameters: { site: replying({ delivery: 'refused', parts: [] }) },
  play: async (context) => {
    const t = assistantTexts(context);
    const log = await askAndWait(context, 'Where is Ethereum now?');
    await questionReaches(context, 'refused');
    await expect(lastBubble(log)).toHaveTextContent(/Too many requests/);
    await expect(lastBubble(log)).not.toHaveTextContent(t('Robot_message_crash'));
    await expect(page().getByRole('alert')).toHaveTextContent(/Too many requests/);
    await expect(button(context, 'input.send')).toBeVisible();
  },
};

/**
 * Never sent: the conversation could not be loaded (the server out of reach). The crash text,
 * and a retry on the question itself.
 */
export const QuestionFailed: Story = {
  parameters: { site: withApi({ faults: { [LIST]: 'network' } }) },
  play: async (context) => {
    const t = assistantTexts(context);
    await ask(context, 'Where is Ethereum now?');
    await questionReaches(context, 'failed');
    const log = page().getByRole('log', { name: t('logLabel') });
    await expect(lastBubble(log)).toHaveTextContent(t('Robot_message_crash'));
    await expect(within(log).getAllByRole('button', { name: t('retry') })).toHaveLength(1);
    await expect(button(context, 'input.send')).toBeVisible();
  },
};

/** "New conversation" starts an empty one: the log empties and a toast says so. */
export const NewConversation: Story = {
  play: async (context) => {
    const t = assistantTexts(context);
    const api = mockApiOf(context);
    const log = await historyLog(context);
    await userEvent.click(button(context, 'clean.action'));
    await findToast(t('clean.done'));
    await waitFor(() => expect(bubbles(log)).toHaveLength(0), WAIT);
    await expect(within(log).queryByText(t('history.start'))).not.toBeInTheDocument();
    await expect(button(context, 'clean.action')).toBeDisabled();
    await expect(api.calls(CLEAN)).toHaveLength(1);
    await expect(api.chat.conversation).toBe('conv-2');
  },
};

/** Starting a new conversation fails (offline): a toast says so, and the conversation stays. */
export const NewConversationFails: Story = {
  parameters: { site: withApi({ faults: { [CLEAN]: 'network' } }) },
  play: async (context) => {
    const t = assistantTexts(context);
    const log = await historyLog(context);
    await userEvent.click(button(context, 'clean.action'));
    await findToast(t('clean.error'));
    await expect(bubbles(log)).toHaveLength(4);
    await expect(button(context, 'clean.action')).toBeEnabled();
    await expect(page().queryByText(t('clean.done'))).not.toBeInTheDocument();
  },
};

/** A message over 2,000 characters: the box says so, and it cannot be sent. */
export const TooLong: Story = {
  play: async (context) => {
    const t = assistantTexts(context);
    const log = await historyLog(context);
    const box = textbox(context);
    await userEvent.click(box);
    await userEvent.paste('x'.repeat(MAX_QUESTION_LENGTH + 1));
    await expect(
      page().getByText(t('input.tooLong', { max: MAX_QUESTION_LENGTH, count: 2001 })),
    ).toBeVisible();
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(button(context, 'input.send')).toBeDisabled();
    await userEvent.keyboard('{Enter}');
    await expect(mockApiOf(context).chat.questions).toHaveLength(0);
    await expect(bubbles(log)).toHaveLength(4);
    await expect(box).toHaveValue('x'.repeat(MAX_QUESTION_LENGTH + 1));
  },
};

/** What the footer's button does, as the story records it. */
const onFooterAction = fn().mockName('onFooterAction');

/**
 * The composer blocked (the onboarding asks for something first), with what to do instead in the
 * footer between the log and the box.
 */
export const DisabledWithFooter: Story = {
  args: { composerDisabled: true },
  render: (args, context) => {
    const t = textsOf(context, 'onboarding');
    const footer = (
      <Flex
        as="section"
        aria-label={t('tasks.coin.name')}
        alignItems="center"
        gap="3"
        padding="3"
        borderWidth="1px"
        borderColor="border.default"
        borderRadius="lg"
      >
        <chakra.p flex="1">{t('tasks.coin.desc')}</chakra.p>
        <Button onClick={onFooterAction}>{t('tasks.coin.start')}</Button>
      </Flex>
    );
    return (
      <ChatStage {...stageOf(context)}>
        {(store) => <ChatPanel {...args} store={store} footer={footer} />}
      </ChatStage>
    );
  },
  play: async (context) => {
    const t = textsOf(context, 'onboarding');
    onFooterAction.mockClear();
    await historyLog(context);
    await expect(textbox(context)).toBeDisabled();
    await expect(button(context, 'input.send')).toBeDisabled();
    const footer = page().getByRole('region', { name: t('tasks.coin.name') });
    await expect(footer).toHaveTextContent(t('tasks.coin.desc'));
    await userEvent.click(within(footer).getByRole('button', { name: t('tasks.coin.start') }));
    await expect(onFooterAction).toHaveBeenCalledTimes(1);
    await expect(textbox(context)).toBeDisabled();
  },
};
