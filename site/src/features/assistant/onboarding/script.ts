// The welcome script: what the onboarding robot says, in order, and which items are tasks. Texts
// are keys of the `onboarding` namespace (locales/<locale>/onboarding.json); the machine in
// onboardingMachine.ts walks through it.

/** The kind of a script item; `undefined` is a plain chat message. */
export type WelcomeItemType = 'taskStart' | 'task' | 'taskFinish';

/** One item of the welcome script. */
export interface WelcomeItem {
  /** Position in the script, 1 to 24; also what progress is saved as. */
  readonly id: number;
  /** The chat message, as a key of the `onboarding` namespace. */
  readonly text: string;
  /** The label of the item's own button (start a task, reopen its dialog, say "ready"). */
  readonly taskText?: string;
  /** taskStart: a task card that waits for START; task: waits for the task; taskFinish: its end. */
  readonly type?: WelcomeItemType;
  /** Whether the next item follows by itself; `false` waits for the user (START, the task, NEXT). */
  readonly autoNext: boolean;
  /** A taskStart card shows its start button. */
  readonly startBtnShow?: boolean;
  /** The pause in ms before the next item (default: `TYPING_DELAY_MS` in the machine). */
  readonly sleep?: number;
  /** The last item: after it the script is over. */
  readonly over?: boolean;
  /** The task card's heading, e.g. "Task 1" (a key). */
  readonly title?: string;
  /** The task's name, e.g. "Add a cryptocurrency" (a key). */
  readonly taskName?: string;
  /** Which dialog the task opens: the add-coin dialog or the add-monitoring dialog. */
  readonly searchType?: 'coin' | 'monitor';
  /** The task may be skipped (SKIP). */
  readonly canSkip?: boolean;
  /** Reaching this item completes the welcome: the UI records it and moves on into the product. */
  readonly finish?: boolean;
  /** One line under the task card's name (a key). */
  readonly desc?: string;
  /** Words of `text` to highlight, as keys; each translation contains them verbatim. */
  readonly highlight?: readonly string[];
  /** The UI pushes today's hot coins into the chat as a layer when the item is shown. */
  readonly needPushHotCoin?: boolean;
  /** The UI pushes hot monitoring sources into the chat as a layer when the item is shown. */
  readonly needPushHotMonitor?: boolean;
}

/** The countdown's pace: 1 s a step. */
export const COUNTDOWN_STEP_MS = 1000;

export const WELCOME_SCRIPT: readonly WelcomeItem[] = [
  { id: 1, text: 'script.greeting', autoNext: true },
  { id: 2, text: 'script.tour', autoNext: true },
  { id: 3, text: 'script.reports', autoNext: true, sleep: 1200, highlight: ['words.reports'] },
  {
    id: 4,
    text: 'script.monitoring',
    autoNext: true,
    sleep: 1200,
    highlight: ['words.monitoring'],
  },
  { id: 5, text: 'script.assistant', autoNext: true, sleep: 1200, highlight: ['words.assistant'] },
  { id: 6, text: 'script.setup', autoNext: true },
  {
    id: 7,
    type: 'taskStart',
    text: 'script.coinTaskStart',
    title: 'tasks.coin.title',
    taskName: 'tasks.coin.name',
    desc: 'tasks.coin.desc',
    taskText: 'tasks.coin.start',
    startBtnShow: true,
    autoNext: false,
  },
  {
    id: 8,
    type: 'task',
    text: 'script.coinTask',
    title: 'tasks.coin.title',
    taskName: 'tasks.coin.name',
    taskText: 'tasks.coin.action',
    searchType: 'coin',
    canSkip: false,
    needPushHotCoin: true,
    autoNext: false,
  },
  { id: 9, type: 'taskFinish', text: 'script.coinTaskFinish', autoNext: true },
  { id: 10, text: 'script.coinTip', autoNext: true, sleep: 1200 },
  { id: 11, text: 'script.bridge', autoNext: true },
  {
    id: 12,
    type: 'taskStart',
    text: 'script.monitorTaskStart',
    title: 'tasks.monitor.title',
    taskName: 'tasks.monitor.name',
    desc: 'tasks.monitor.desc',
    taskText: 'tasks.monitor.start',
    startBtnShow: true,
    autoNext: false,
  },
  {
    id: 13,
    type: 'task',
    text: 'script.monitorTask',
    title: 'tasks.monitor.title',
    taskName: 'tasks.monitor.name',
    taskText: 'tasks.monitor.action',
    searchType: 'monitor',
    canSkip: true,
    needPushHotMonitor: true,
    autoNext: false,
  },
  // Said whether the task was done or skipped, so it fits both.
  { id: 14, type: 'taskFinish', text: 'script.monitorTaskFinish', autoNext: true },
  { id: 15, text: 'script.allSet', autoNext: true },
  { id: 16, text: 'script.askAnytime', autoNext: true, highlight: ['words.askMe'] },
  { id: 17, text: 'script.notAdvice', autoNext: true, sleep: 1200 },
  { id: 18, text: 'script.ready', taskText: 'actions.ready', autoNext: false },
  { id: 19, text: 'script.letsGo', autoNext: true },
  { id: 20, text: 'script.countIn', autoNext: true, sleep: COUNTDOWN_STEP_MS },
  { id: 21, text: 'countdown.three', autoNext: true, sleep: COUNTDOWN_STEP_MS },
  { id: 22, text: 'countdown.two', autoNext: true, sleep: COUNTDOWN_STEP_MS },
  { id: 23, text: 'countdown.one', autoNext: true, sleep: COUNTDOWN_STEP_MS },
  // "Go!" stays on screen for one more step before the script ends.
  {
    id: 24,
    text: 'countdown.go',
    autoNext: true,
    sleep: COUNTDOWN_STEP_MS,
    over: true,
    finish: true,
  },
];

/** The tasks, by number: 1 follows a coin, 2 adds a monitoring source. */
export type TaskNumber = 1 | 2;

/**
 * The task an item belongs to (its taskStart, task or taskFinish), counting taskStart items from
 * the top; `undefined` for plain messages.
 */
export function taskOf(index: number): TaskNumber | undefined {
  const item = WELCOME_SCRIPT[index];
  if (item?.type === undefined) return undefined;
  const starts = WELCOME_SCRIPT.slice(0, index + 1).filter((it) => it.type === 'taskStart').length;
  return starts === 1 || starts === 2 ? starts : undefined;
}
