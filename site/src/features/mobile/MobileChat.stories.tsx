// The phone's assistant tab (/mobile/?tab=chat) on a touch screen: the conversation owns the
// screen between the top bar and the tabs, the message box at its foot. Before the conversation
// the greeting and the chat's title row show; once it has started they make room for it; held
// sideways (844 x 390), where there is no room for them, the message box stays on screen, above the
// tabs and, with the keyboard up, above the keyboard, the tabs out of the way. No "Enter sends, Shift+Enter…" on a touch screen.
// In the site's layout as pages/mobile/index.tsx has it, over the stories' mocked API and its
// realtime socket, as Ana, whose onboarding is over.
import type { Meta, StoryContext, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor } from '@storybook/test';
import { Layout } from '../../shell/Layout';
import { chatStory } from '../../testing/chat';
import { morning } from '../../testing/chatFixtures';
import { loadMockedIo } from '../../testing/api';
import { ANA, coin, MOVED_PRICES } from '../../testing/fixtures';
import { MONITOR_SOURCES, STORY_NOW } from '../../testing/monitorFixtures';
import { page, visible } from '../../testing/play';
import { PHONES } from '../../testing/phone';
import { mockApiOf, textsOf, type SiteParameters } from '../../testing/site';
import { onboardingStorageKey, PROGRESS_VERSION } from '../assistant/onboarding/onboardingMachine';
import { TOUCH_SCREEN_QUERY } from '../assistant/panel/ChatPanel';
import { startRealtime } from '../assistant/realtime/connection';
import { MobileHome } from './MobileHome';
import { MobileTopBar } from './MobileTopBar';

/** The chat loads its code, history and socket first: on a busy machine that takes seconds. */
const WAIT = { timeout: 15_000 };

/** What a phone's keyboard covers of the screen held sideways (px). */
const SIDEWAYS_KEYBOARD_PX = 170;

const QUESTION = 'How is Solana doing?';
const SOLANA_REPLY = ['Solana is at $142.77, ', 'down 4.56% over the last 24 hours.'];

const SITE: SiteParameters = {
  signedIn: true,
  path: '/mobile/',
  layout: true,
  now: STORY_NOW,
  api: {
    follows: ['BTC', 'ETH'].map((symbol) => coin(symbol).id),
    prices: MOVED_PRICES,
    monitor: { sources: MONITOR_SOURCES, followed: [21, 15] },
    // A new conversation: nothing said yet.
    chat: { messages: [], replies: [{ parts: SOLANA_REPLY.map((text) => ({ text })) }] },
  },
};

/** Ana's conversation of this morning: under way from the start. */
const UNDER_WAY: SiteParameters = { ...SITE, api: { ...SITE.api, chat: { messages: morning() } } };

/**
 * Before the page loads: the address names the chat's tab, Ana's onboarding is over, and the
 * realtime connection is opened over the mocked network. All put back when the story ends.
 */
async function onTheChatTab() {
  const before = window.location.href;
  const url = new URL(before);
  url.searchParams.set('tab', 'chat');
  window.history.replaceState(window.history.state, '', url);
  const key = onboardingStorageKey(ANA.id);
  const progress = { version: PROGRESS_VERSION, id: 24, tasks: { 1: 'done', 2: 'done' } };
  window.localStorage.setItem(key, JSON.stringify({ ...progress, finished: true }));
  const stopRealtime = startRealtime({ io: await loadMockedIo() });
  return () => {
    stopRealtime();
    window.localStorage.removeItem(key);
    window.history.replaceState(window.history.state, '', before);
  };
}

const meta = {
  title: 'Site/Mobile/Chat',
  tags: ['site', '!autodocs'],
  component: MobileHome,
  ...chatStory,
  beforeEach: [...chatStory.beforeEach, onTheChatTab],
  render: () => (
    <Layout header={false} variant="mobile" banner={<MobileTopBar />}>
      <MobileHome />
    </Layout>
  ),
  parameters: {
    ...chatStory.parameters,
    layout: 'fullscreen',
    screenshot: { viewport: true, size: PHONES.upright, touch: true },
    // The layout's "Skip to content" link is outside every landmark, as a skip link is (see
    // MobileHome.stories.tsx).
    a11y: { config: { rules: [{ id: 'region', selector: 'body *:not(a[href="#main"])' }] } },
    site: SITE,
  },
} satisfies Meta<typeof MobileHome>;

export default meta;
type Story = StoryObj<typeof meta>;

const mobileTexts = (context: StoryContext) => textsOf(context, 'mobile');
const assistantTexts = (context: StoryContext) => textsOf(context, 'assistant');

/** The screen's height: the part of the window on screen (above a keyboard). */
const screenHeight = () => window.visualViewport?.height ?? window.innerHeight;

/** Whether `element` takes no room on screen (kept for assistive technology only, or gone). */
const collapsed = (element: HTMLElement) => element.getBoundingClientRect().height <= 1;

/** The chat as it shows once its history has loaded: its log, message box and the tabs. */
async function findChat(context: StoryContext) {
  const ta = assistantTexts(context);
  const log = await visible(page().findByRole('log', { name: ta('logLabel') }, WAIT));
  const textbox = page().getByRole('textbox', { name: ta('input.label') });
  await waitFor(() => expect(textbox).toBeEnabled(), WAIT);
  const tabs = page().getByRole('tablist', {
    hidden: true,
    name: mobileTexts(context)('tabs.label'),
  });
  return { log, textbox, tabs };
}

/** The message box and its Send button are whole on screen, above the tabs when they show. */
async function expectBoxOnScreen(context: StoryContext, tabs: HTMLElement) {
  const ta = assistantTexts(context);
  const box = page()
    .getByRole('textbox', { name: ta('input.label') })
    .closest('form');
  if (!box) throw new Error('The message box is in no form');
  const { top, bottom, left, right } = box.getBoundingClientRect();
  await expect(top).toBeGreaterThanOrEqual(0);
  await expect(left).toBeGreaterThanOrEqual(0);
  await expect(right).toBeLessThanOrEqual(window.innerWidth);
  await expect(bottom).toBeLessThanOrEqual(screenHeight());
  if (!collapsed(tabs)) await expect(bottom).toBeLessThanOrEqual(tabs.getBoundingClientRect().top);
}

/**
 * On a touch screen (the test-runner emulates one for these stories), no "Enter sends,
 * Shift+Enter…", neither on screen nor in the box's description.
 */
async function expectNoEnterHint(context: StoryContext, textbox: HTMLElement) {
  const hint = assistantTexts(context)('input.hint');
  await expect(window.matchMedia(TOUCH_SCREEN_QUERY).matches).toBe(true);
  await expect(page().getByText(hint)).not.toBeVisible();
  await expect(textbox).not.toHaveAccessibleDescription(hint);
}

const greeting = (context: StoryContext) =>
  page().getByRole('heading', { level: 1, name: mobileTexts(context)('greeting', ANA) });

const newConversation = (context: StoryContext) =>
  page().queryByRole('button', { name: assistantTexts(context)('clean.action') });

/**
 * A new conversation: the greeting and the chat's full title row (the robot and its line) above
 * an empty log, the message box at the foot of the screen, just above the tabs.
 */
export const BeforeTheConversation: Story = {
  play: async (context) => {
    const { log, textbox, tabs } = await findChat(context);
    await expect(collapsed(greeting(context))).toBe(false);
    await expect(
      collapsed(page().getByRole('heading', { level: 2, name: assistantTexts(context)('title') })),
    ).toBe(false);
    await expectBoxOnScreen(context, tabs);
    await expectNoEnterHint(context, textbox);
    // The log takes the rest of the screen.
    await expect(log.getBoundingClientRect().height).toBeGreaterThan(PHONES.upright.height / 2);
  },
};

/**
 * Ana's first question: sent with the keyboard's Enter, which says "Send" on a phone. The greeting
 * makes room for the conversation and the title row slims to the title and "New conversation";
 * the message box stays at the foot of the screen.
 */
export const DuringTheConversation: Story = {
  play: async (context) => {
    const { log, textbox, tabs } = await findChat(context);
    const heightBefore = log.getBoundingClientRect().height;
    await userEvent.type(textbox, QUESTION);
    await userEvent.keyboard('{Enter}');
    await waitFor(
      () => expect(log.querySelectorAll('article')[1]).toHaveTextContent(SOLANA_REPLY.join('')),
      WAIT,
    );
    await expect(mockApiOf(context).chat.questions.map(({ text }) => text)).toEqual([QUESTION]);

    // Kept for assistive technology, off the screen.
    await waitFor(() => expect(collapsed(greeting(context))).toBe(true), WAIT);
    await expect(
      collapsed(page().getByRole('heading', { level: 2, name: assistantTexts(context)('title') })),
    ).toBe(false);
    await expect(newConversation(context)).toBeVisible();
    await expect(log.getBoundingClientRect().height).toBeGreaterThan(heightBefore);
    await expectBoxOnScreen(context, tabs);
    await expectNoEnterHint(context, textbox);
  },
};

/**
 * Held sideways, before the conversation: a screen this short has no room for the greeting and the
 * robot, so the title row is slim from the start, and the message box is on screen above the tabs.
 */
export const SidewaysBeforeTheConversation: Story = {
  parameters: { screenshot: { viewport: true, size: PHONES.sideways, touch: true } },
  play: async (context) => {
    const { textbox, tabs } = await findChat(context);
    await expect(collapsed(greeting(context))).toBe(true);
    await expect(newConversation(context)).toBeVisible();
    await expect(tabs).toBeVisible();
    await expectBoxOnScreen(context, tabs);
    await expectNoEnterHint(context, textbox);
  },
};

/**
 * Held sideways, with the conversation under way: the greeting has made room from the start, and
 * the message box is on screen above the tabs.
 */
export const Sideways: Story = {
  parameters: {
    screenshot: { viewport: true, size: PHONES.sideways, touch: true },
    site: UNDER_WAY,
  },
  play: async (context) => {
    const { log, textbox, tabs } = await findChat(context);
    await waitFor(() => expect(log.querySelectorAll('article')).toHaveLength(4), WAIT);
    await expect(collapsed(greeting(context))).toBe(true);
    await expect(tabs).toBeVisible();
    await expectBoxOnScreen(context, tabs);
    await expectNoEnterHint(context, textbox);
  },
};

/**
 * Stands in for a phone's keyboard coming up over the bottom `px` of the screen, as the browser
 * tells of it: the visual viewport shrinks (and says so), the layout viewport stays.
 */
function keyboardUp(px: number) {
  const visual = window.visualViewport;
  if (!visual) throw new Error('This browser has no visual viewport');
  const height = window.innerHeight - px;
  Object.defineProperty(visual, 'height', { configurable: true, get: () => height });
  visual.dispatchEvent(new Event('resize'));
}

/** Takes the stand-in keyboard away, if it is up. */
function keyboardDown() {
  const visual = window.visualViewport;
  if (!visual || !Object.hasOwn(visual, 'height')) return;
  delete (visual as { height?: number }).height;
  visual.dispatchEvent(new Event('resize'));
}

/**
 * Held sideways, the keyboard up: the tabs, the greeting and the title row make room, and the
 * screen ends above the keyboard with the message box at its foot.
 */
export const SidewaysKeyboardUp: Story = {
  parameters: {
    screenshot: { viewport: true, size: PHONES.sideways, touch: true },
    site: UNDER_WAY,
  },
  beforeEach: () => keyboardDown,
  play: async (context) => {
    const { log, textbox, tabs } = await findChat(context);
    await waitFor(() => expect(log.querySelectorAll('article')).toHaveLength(4), WAIT);
    await userEvent.click(textbox);
    keyboardUp(SIDEWAYS_KEYBOARD_PX);
    await waitFor(() => expect(tabs).not.toBeVisible(), WAIT);
    await expect(newConversation(context)).toBeNull();
    await expect(collapsed(greeting(context))).toBe(true);
    await expect(screenHeight()).toBe(PHONES.sideways.height - SIDEWAYS_KEYBOARD_PX);
    await expectBoxOnScreen(context, tabs);
    // The messages keep some room.
    await expect(log.getBoundingClientRect().height).toBeGreaterThanOrEqual(40);
  },
};
