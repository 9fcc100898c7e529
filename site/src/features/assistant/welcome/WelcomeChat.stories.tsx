// The welcome page's chat with its scripted onboarding: Ana signed in, an empty conversation over
// the stories' mocked API (testing/api), the coins and monitored sources of the other site
// stories, on 1 November 2026 at noon UTC. The script pauses 600 to 1200 ms between lines and 1 s
// per countdown step, so most stories start from saved progress (as a reload would) close to what
// they show; the robot's idle line is always its first (testing/chat.tsx stubs Math.random for
// the story).
import { Box } from '@chakra-ui/react/box';
import type { Meta, StoryContext, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, waitFor, within, type Mock } from '@storybook/test';
import { ChatStage, chatStoreOf, chatStory, stageOf } from '../../../testing/chat';
import { CHAT_NOW, morning } from '../../../testing/chatFixtures';
import { ANA, coin } from '../../../testing/fixtures';
import { MONITOR_SOURCES } from '../../../testing/monitorFixtures';
import { findDialog, findToast, page, visible, WAIT } from '../../../testing/play';
import { mockApiOf, textsOf, type SiteParameters } from '../../../testing/site';
import {
  onboardingStorageKey,
  PROGRESS_VERSION,
  TYPING_DELAY_MS,
  type OnboardingProgress,
} from '../onboarding/onboardingMachine';
import { COUNTDOWN_STEP_MS, WELCOME_SCRIPT } from '../onboarding/script';
import { getDialogParams, getOpenDialog } from '../../../shell/dialogs';
import { WelcomeChat, type WelcomeChatProps } from './WelcomeChat';

const SITE: SiteParameters = {
  signedIn: true,
  path: '/welcome/',
  now: CHAT_NOW,
  api: { chat: { messages: [] }, monitor: { sources: MONITOR_SOURCES, followed: [] } },
};

/** `parameters.onboarding`: the progress saved before the page (re)loads, if any. */
interface OnboardingParameters {
  saved?: Omit<OnboardingProgress, 'version'>;
}

/** Progress saved at the script item `id`, with the tasks as they stood. */
const savedAt = (
  id: number,
  tasks: OnboardingProgress['tasks'] = { 1: 'pending', 2: 'pending' },
  finished = false,
): OnboardingParameters => ({ saved: { id, tasks, finished } });

/**
 * Writes the story's saved progress where useOnboarding reads it (none: the script starts from
 * the top), and removes what the story saved when it ends.
 */
function restoreProgress(context: Pick<StoryContext, 'parameters'>) {
  const key = onboardingStorageKey(ANA.id);
  const { saved } = (context.parameters.onboarding as OnboardingParameters | undefined) ?? {};
  window.localStorage.removeItem(key);
  if (saved) {
    window.localStorage.setItem(key, JSON.stringify({ version: PROGRESS_VERSION, ...saved }));
  }
  return () => window.localStorage.removeItem(key);
}

/** The chat's own props: the story makes the store. */
type WelcomeArgs = Omit<WelcomeChatProps, 'store'>;

const meta = {
  title: 'Site/Welcome/Onboarding chat',
  tags: ['site', '!autodocs'],
  ...chatStory,
  beforeEach: [...chatStory.beforeEach, restoreProgress],
  args: { userId: ANA.id, onFinish: fn().mockName('onFinish') },
  render: (args, context) => (
    <ChatStage {...stageOf(context)}>
      {(store) => (
        // The welcome page gives the chat the height left under its heading.
        <Box height="38rem">
          <WelcomeChat store={store} {...args} />
        </Box>
      )}
    </ChatStage>
  ),
  parameters: { ...chatStory.parameters, site: SITE },
} satisfies Meta<WelcomeArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const scriptTexts = (context: StoryContext) => textsOf(context, 'onboarding');

/** The robot's lines of the script up to item `id`, in the story's language. */
const linesUpTo = (context: StoryContext, id: number) =>
  WELCOME_SCRIPT.filter((item) => item.id <= id).map((item) => scriptTexts(context)(item.text));

/** The conversation's log, once it shows. */
function findLog(context: StoryContext) {
  const t = textsOf(context, 'assistant');
  return visible(page().findByRole('log', { name: t('logLabel') }, WAIT));
}

const bubbles = (log: HTMLElement) => within(log).queryAllByRole('article');

/** The log once it shows the script's lines up to item `id` (and nothing further yet). */
async function logUpTo(context: StoryContext, id: number) {
  const log = await findLog(context);
  const lines = linesUpTo(context, id);
  await waitFor(() => expect(bubbles(log).length).toBeGreaterThanOrEqual(lines.length), WAIT);
  return log;
}

/** Checks that the robot's bubbles say `lines`, in order, and that each is the robot's. */
async function expectRobotSays(context: StoryContext, log: HTMLElement, lines: string[]) {
  const robot = textsOf(context, 'assistant')('robot');
  const said = bubbles(log).slice(0, lines.length);
  await expect(said).toHaveLength(lines.length);
  for (const [index, bubble] of said.entries()) {
    await expect(bubble).toHaveAccessibleName(new RegExp(`^${robot}`));
    await expect(bubble).toHaveTextContent(lines[index] ?? '');
  }
}

/**
 * The card of what the script waits for, named by the task (or "Ready to dive in?"); `hidden`
 * while a dialog is open (a modal hides the page from assistive technology).
 */
const taskCard = (name: string, { hidden = false, timeout = WAIT.timeout } = {}) =>
  page().findByRole('region', { name, hidden }, { timeout });

/** How long the script may take to reach a card: a few of its pauses, on a busy machine. */
const SCRIPT_WAIT = { timeout: 10_000 };

const textbox = (context: StoryContext) =>
  page().getByRole('textbox', { name: textsOf(context, 'assistant')('input.label') });

/**
 * Records how many bubbles the log holds after each change, and when (performance.now()): a
 * MutationObserver sees what the reader sees the moment it is drawn, however late the play
 * function looks.
 */
function watchLog(log: HTMLElement) {
  const changes: Array<{ at: number; count: number }> = [];
  const note = () => {
    const count = bubbles(log).length;
    if (changes.at(-1)?.count !== count) changes.push({ at: performance.now(), count });
  };
  note();
  const observer = new MutationObserver(note);
  observer.observe(log, { childList: true, subtree: true });
  return { changes, stop: () => observer.disconnect() };
}

/**
 * Records how many messages the page's chat store holds after each change, and when: the moment
 * the script says a line (its timer fired), which a drawing measure cannot tell on a busy machine
 * (one line may take longer to draw than the next). `extra` is read at each change too.
 */
async function watchScript(context: StoryContext, extra: () => number = () => 0) {
  const store = await waitFor(() => chatStoreOf(context), WAIT);
  const changes: Array<{ at: number; count: number; extra: number }> = [];
  const note = () => {
    const count = store.getState().entries.length;
    if (changes.at(-1)?.count !== count) {
      changes.push({ at: performance.now(), count, extra: extra() });
    }
  };
  note();
  return { changes, stop: store.subscribe(note) };
}

/** The pause after script item `id` (ms). */
const pauseAfter = (id: number) =>
  WELCOME_SCRIPT.find((item) => item.id === id)?.sleep ?? TYPING_DELAY_MS;
/** How early a timer can seem to fire, measured from the two DOM changes (ms). */
const SLACK_MS = 100;

/**
 * Checks that the lines came one at a time after the watch began, each at least its item's pause
 * after the one before (message n says item n: the conversation is empty but for the script).
 */
async function expectOneByOne(changes: ReadonlyArray<{ at: number; count: number }>) {
  for (let i = 1; i < changes.length; i += 1) {
    const previous = changes[i - 1];
    const change = changes[i];
    if (!previous || !change) continue;
    await expect(change.count).toBe(previous.count + 1);
    // The first record is when the watch began, not when its last line came.
    if (i >= 2) {
      await expect(change.at - previous.at).toBeGreaterThanOrEqual(
        pauseAfter(previous.count) - SLACK_MS,
      );
    }
  }
}

/**
 * A first visit: the robot greets and shows Ana around one line at a time (each after the pause
 * its item asks for), highlighting what it introduces, and stops at the first task's start
 * button. The box stays closed while the script runs.
 */
export const ScriptStart: Story = {
  play: async (context) => {
    const t = scriptTexts(context);
    const log = await findLog(context);
    const watch = await watchScript(context);
    // Six pauses of 600 to 1200 ms before the first task.
    const card = await taskCard(t('tasks.coin.name'), { timeout: 15_000 });
    watch.stop();
    await expectRobotSays(context, log, linesUpTo(context, 7));
    await expect(bubbles(log)).toHaveLength(7);
    await expect(watch.changes.length).toBeGreaterThanOrEqual(4);
    await expectOneByOne(watch.changes);
    const reports = within(bubbles(log)[2] as HTMLElement).getByText(t('words.reports'));
    await expect(reports.tagName).toBe('MARK');
    await expect(card).toHaveTextContent(t('tasks.coin.title'));
    await expect(card).toHaveTextContent(t('tasks.coin.desc'));
    await expect(within(card).getByRole('button', { name: t('tasks.coin.start') })).toBeEnabled();
    await expect(textbox(context)).toBeDisabled();
    await expect(context.args.onFinish).not.toHaveBeenCalled();
  },
};

/**
 * Task 1's start button: the add-coin dialog opens, and the robot suggests today's hot coins
 * (the biggest movers) in the chat. The task cannot be skipped.
 */
export const CoinTaskStarted: Story = {
  parameters: { onboarding: savedAt(7) },
  play: async (context) => {
    const t = scriptTexts(context);
    const tc = textsOf(context, 'coins');
    const ta = textsOf(context, 'assistant');
    const log = await logUpTo(context, 7);
    const card = await taskCard(t('tasks.coin.name'));
    await expect(
      within(card).queryByRole('button', { name: t('actions.skip') }),
    ).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: t('tasks.coin.start') }));
    await findDialog(tc('title'));
    await expect(getOpenDialog()).toBe('addCoin');

    // Behind the dialog, the chat is hidden from assistive technology: queries say `hidden`.
    const hot = await within(log).findByText(t('hot.coins'), {}, WAIT);
    const suggestion = hot.closest('article') as HTMLElement;
    const coins = within(suggestion).getByRole('list', { name: ta('layers.coins'), hidden: true });
    const names = within(coins)
      .getAllByRole('listitem', { hidden: true })
      .map((item) => item.textContent ?? '');
    await expect(names).toEqual(
      ['XRP', 'Solana', 'Bitcoin', 'Ethereum', 'Cardano'].map((name) =>
        expect.stringContaining(name),
      ),
    );
    await expect(mockApiOf(context).calls('GET /api/asset/hot')[0]?.query.get('size')).toBe('5');
    await expect(within(log).getByText(t('script.coinTask'))).toBeInTheDocument();
    const task = await taskCard(t('tasks.coin.name'), { hidden: true });
    await expect(
      within(task).getByRole('button', { name: t('tasks.coin.action'), hidden: true }),
    ).toBeEnabled();
    await expect(
      within(task).queryByRole('button', { name: t('actions.skip'), hidden: true }),
    ).not.toBeInTheDocument();
  },
};

/**
 * Task 1 done: a hot coin's Add opens the dialog with it picked, Save follows it, and the script
 * goes on to task 2. (Saved at the task itself: after a reload the dialog does not open again.)
 */
export const CoinTaskDone: Story = {
  parameters: { onboarding: savedAt(8) },
  play: async (context) => {
    const t = scriptTexts(context);
    const tc = textsOf(context, 'coins');
    const ta = textsOf(context, 'assistant');
    const api = mockApiOf(context);
    const log = await logUpTo(context, 8);
    await expect(getOpenDialog()).toBeNull();
    const hot = await visible(within(log).findByText(t('hot.coins'), {}, WAIT));
    const suggestion = hot.closest('article') as HTMLElement;
    await userEvent.click(
      within(suggestion).getByRole('button', { name: ta('layers.addNamed', { name: 'XRP' }) }),
    );
    const dialog = await findDialog(tc('title'));
    await expect(getDialogParams('addCoin').coins).toEqual([
      expect.objectContaining({ id: coin('XRP').id }),
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: tc('footer.save') }));
    await findToast(tc('messages.AddSuccess'));
    await expect(api.followedIds()).toEqual([coin('XRP').id]);

    const next = await taskCard(t('tasks.monitor.name'), SCRIPT_WAIT);
    await expect(
      within(next).getByRole('button', { name: t('tasks.monitor.start') }),
    ).toBeEnabled();
    await expect(page().queryByRole('region', { name: t('tasks.coin.name') })).toBeNull();
    for (const key of ['script.coinTaskFinish', 'script.coinTip', 'script.bridge']) {
      await expect(within(log).getByText(t(key))).toBeInTheDocument();
    }
    await expect(textbox(context)).toBeDisabled();
  },
};

const TASK_1_DONE: OnboardingProgress['tasks'] = { 1: 'done', 2: 'pending' };

/** Task 2 may be skipped: the script says it can be done later and goes on to "I'm ready". */
export const MonitorTaskSkipped: Story = {
  parameters: { onboarding: savedAt(13, TASK_1_DONE) },
  play: async (context) => {
    const t = scriptTexts(context);
    const ta = textsOf(context, 'assistant');
    const api = mockApiOf(context);
    const log = await logUpTo(context, 13);
    // The hot sources come again after a reload: this week's busiest completed ones.
    const hot = await visible(within(log).findByText(t('hot.sources'), {}, WAIT));
    const sources = within(hot.closest('article') as HTMLElement).getByRole('list', {
      name: ta('layers.sources'),
    });
    await expect(within(sources).getAllByRole('listitem')[0]).toHaveTextContent('Governance call');
    const card = await taskCard(t('tasks.monitor.name'));
    await expect(
      within(card).getByRole('button', { name: t('tasks.monitor.action') }),
    ).toBeEnabled();
    await userEvent.click(within(card).getByRole('button', { name: t('actions.skip') }));

    const ready = await taskCard(t('script.ready'), SCRIPT_WAIT);
    await expect(within(ready).getByRole('button', { name: t('actions.ready') })).toBeEnabled();
    await expect(within(log).getByText(t('script.monitorTaskFinish'))).toBeInTheDocument();
    await expectRobotSays(context, log, linesUpTo(context, 13));
    await expect(api.calls('GET /api/monitor/user/source/add')).toHaveLength(0);
    const saved = JSON.parse(window.localStorage.getItem(onboardingStorageKey(ANA.id)) ?? '{}');
    await expect(saved).toMatchObject({ id: 18, tasks: { 1: 'done', 2: 'skipped' } });
  },
};

/**
 * Task 2 can be skipped from its card, beside its start button: no dialog opens, no hot sources
 * come, the robot does not ask for a source, and the script goes on to "I'm ready".
 */
export const MonitorTaskSkippedAtStart: Story = {
  parameters: { onboarding: savedAt(12, TASK_1_DONE) },
  play: async (context) => {
    const t = scriptTexts(context);
    const api = mockApiOf(context);
    const log = await logUpTo(context, 12);
    const card = await taskCard(t('tasks.monitor.name'));
    await expect(
      within(card).getByRole('button', { name: t('tasks.monitor.start') }),
    ).toBeEnabled();
    await userEvent.click(within(card).getByRole('button', { name: t('actions.skip') }));

    const ready = await taskCard(t('script.ready'), SCRIPT_WAIT);
    await expect(within(ready).getByRole('button', { name: t('actions.ready') })).toBeEnabled();
    await expect(getOpenDialog()).toBeNull();
    await expectRobotSays(context, log, [...linesUpTo(context, 12), t('script.monitorTaskFinish')]);
    await expect(within(log).queryByText(t('script.monitorTask'))).toBeNull();
    await expect(within(log).queryByText(t('hot.sources'))).toBeNull();
    await expect(api.calls('GET /api/monitor/source/hot')).toHaveLength(0);
    const saved = JSON.parse(window.localStorage.getItem(onboardingStorageKey(ANA.id)) ?? '{}');
    await expect(saved).toMatchObject({
      id: 18,
      tasks: { 1: 'done', 2: 'skipped' },
      passedOver: [13],
    });
  },
};

/** Task 2 done in its dialog: a source added completes it, and the script goes on. */
export const MonitorTaskDone: Story = {
  parameters: { onboarding: savedAt(13, TASK_1_DONE) },
  play: async (context) => {
    const t = scriptTexts(context);
    const tm = textsOf(context, 'monitoring');
    const api = mockApiOf(context);
    await logUpTo(context, 13);
    const card = await taskCard(t('tasks.monitor.name'));
    await userEvent.click(within(card).getByRole('button', { name: t('tasks.monitor.action') }));
    const dialog = await findDialog(tm('dialog.title'));
    const upcoming = await within(dialog).findByRole(
      'button',
      { name: /^Satoshi Fans Bitcoin halving AMA/ },
      WAIT,
    );
    await userEvent.click(upcoming);
    await userEvent.click(within(dialog).getByRole('button', { name: tm('dialog.footer.save') }));
    await findToast(tm('messages.AddSuccess'));
    await expect(api.monitor.followedIds()).toEqual([11]);

    await taskCard(t('script.ready'), SCRIPT_WAIT);
    await expect(page().queryByRole('region', { name: t('tasks.monitor.name') })).toBeNull();
    const saved = JSON.parse(window.localStorage.getItem(onboardingStorageKey(ANA.id)) ?? '{}');
    await expect(saved).toMatchObject({ id: 18, tasks: { 1: 'done', 2: 'done' } });
  },
};

/**
 * "I'm ready": the robot counts down 3, 2, 1, Go! one second apart, then the onboarding is over:
 * `onFinish` is called once (the page goes on into the product) and the box opens.
 */
export const ReadyCountdown: Story = {
  parameters: { onboarding: savedAt(18, { 1: 'done', 2: 'skipped' }) },
  play: async (context) => {
    const t = scriptTexts(context);
    const onFinish = context.args.onFinish as Mock;
    const log = await logUpTo(context, 18);
    const ready = await taskCard(t('script.ready'));
    await expect(textbox(context)).toBeDisabled();
    await expect(onFinish).not.toHaveBeenCalled();
    const watch = await watchScript(context, () => onFinish.mock.calls.length);
    await userEvent.click(within(ready).getByRole('button', { name: t('actions.ready') }));

    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1), {
      timeout: 6 * COUNTDOWN_STEP_MS + 5000,
    });
    watch.stop();
    await expectRobotSays(context, log, linesUpTo(context, 24));
    // "3", "2", "1" and "Go!", each a line of its own.
    const countdown = bubbles(log).slice(20);
    for (const [index, key] of ['three', 'two', 'one', 'go'].entries()) {
      await expect(
        within(countdown[index] as HTMLElement).getByText(t(`countdown.${key}`)),
      ).toBeVisible();
    }
    await expect(watch.changes.at(-1)?.count).toBe(24);
    await expectOneByOne(watch.changes);
    // When "Go!" showed, the onboarding was not over yet: it ends one step later.
    const go = watch.changes.find((change) => change.count === 24);
    await expect(go?.extra).toBe(0);
    await waitFor(() => expect(textbox(context)).toBeEnabled(), WAIT);
    await expect(page().queryByRole('region', { name: t('script.ready') })).toBeNull();
    const saved = JSON.parse(window.localStorage.getItem(onboardingStorageKey(ANA.id)) ?? '{}');
    await expect(saved).toMatchObject({ id: 24, finished: true });
  },
};

/**
 * After a reload the lines said before come back at once, in order and each once, and the
 * script waits where it stopped (task 2's start button).
 */
export const Resumed: Story = {
  parameters: { onboarding: savedAt(12, TASK_1_DONE) },
  play: async (context) => {
    const t = scriptTexts(context);
    const log = await findLog(context);
    const watch = watchLog(log);
    const card = await taskCard(t('tasks.monitor.name'));
    await expect(
      within(card).getByRole('button', { name: t('tasks.monitor.start') }),
    ).toBeEnabled();
    await expect(within(card).getByRole('button', { name: t('actions.skip') })).toBeEnabled();
    watch.stop();
    await expectRobotSays(context, log, linesUpTo(context, 12));
    await expect(bubbles(log)).toHaveLength(12);
    // All at once: no change of the log shows only some of them.
    await expect(watch.changes.map((change) => change.count)).toEqual(
      watch.changes.length === 1 ? [12] : [0, 12],
    );
    const highlighted = within(log)
      .getAllByText((_, element) => element?.tagName === 'MARK')
      .map((mark) => mark.textContent);
    await expect(highlighted).toEqual([
      t('words.reports'),
      t('words.monitoring'),
      t('words.assistant'),
    ]);
    await expect(textbox(context)).toBeDisabled();
  },
};

/**
 * Started on another device: nothing in this browser, the server's progress at task 2. The
 * script resumes there, and this page saves where it stands back to the server.
 */
export const ResumedFromAnotherDevice: Story = {
  parameters: {
    site: {
      ...SITE,
      api: {
        ...SITE.api,
        onboarding: { version: PROGRESS_VERSION, id: 12, finished: false, tasks: TASK_1_DONE },
      },
    },
  },
  play: async (context) => {
    const t = scriptTexts(context);
    const log = await findLog(context);
    const card = await taskCard(t('tasks.monitor.name'));
    await expect(
      within(card).getByRole('button', { name: t('tasks.monitor.start') }),
    ).toBeEnabled();
    await expectRobotSays(context, log, linesUpTo(context, 12));
    const api = mockApiOf(context);
    await waitFor(() => expect(api.calls('PUT /api/chat/onboarding')).not.toHaveLength(0), WAIT);
    await expect(api.onboarding).toMatchObject({ id: 12, tasks: TASK_1_DONE });
    // The robot's lines are kept with the conversation, for the next device too.
    await waitFor(
      () =>
        expect(api.chat.messages.filter((message) => message.source === 'ROBOT')).toHaveLength(12),
      WAIT,
    );
  },
};

/** The same in Chinese. */
export const ResumedChinese: Story = { ...Resumed, globals: { locale: 'zh' } };

/** The same in Portuguese. */
export const ResumedPortuguese: Story = { ...Resumed, globals: { locale: 'pt-br' } };

/**
 * Ana has been through the onboarding: the welcome page is the chat with her conversation, no
 * script, and the box open.
 */
export const Finished: Story = {
  parameters: {
    site: { ...SITE, api: { ...SITE.api, chat: { messages: morning() } } },
    onboarding: savedAt(24, { 1: 'done', 2: 'done' }, true),
  },
  play: async (context) => {
    const ta = textsOf(context, 'assistant');
    const log = await findLog(context);
    await waitFor(() => expect(bubbles(log)).toHaveLength(4), WAIT);
    // Longer than any pause of the script: nothing more comes.
    await new Promise((resolve) => setTimeout(resolve, 2 * TYPING_DELAY_MS));
    await expect(bubbles(log)).toHaveLength(4);
    await expect(within(log).queryByText(scriptTexts(context)('script.greeting'))).toBeNull();
    for (const name of ['tasks.coin.name', 'tasks.monitor.name', 'script.ready']) {
      await expect(page().queryByRole('region', { name: scriptTexts(context)(name) })).toBeNull();
    }
    await expect(textbox(context)).toBeEnabled();
    await userEvent.type(textbox(context), 'Hello');
    await expect(page().getByRole('button', { name: ta('input.send') })).toBeEnabled();
    await expect(context.args.onFinish).not.toHaveBeenCalled();
  },
};
