// The welcome onboarding as an XState machine: it walks WELCOME_SCRIPT one item at a time, pauses
// between items, waits where the user has to act (a task's start button, the task itself, a "ready"
// button), ends after the countdown, and can be saved and resumed after a reload. It draws nothing:
// the chat reads `selectOnboardingView` and listens to the emitted events.
import { assertEvent, assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { taskOf, WELCOME_SCRIPT, type TaskNumber, type WelcomeItem } from './script';

/** The pause after an item that sets no `sleep`: long enough to read as typing. */
export const TYPING_DELAY_MS = 600;

/** What became of a task: not yet done, done (≥1 coin followed, ≥1 source added), or skipped. */
export type TaskOutcome = 'pending' | 'done' | 'skipped';
export type TaskOutcomes = Record<TaskNumber, TaskOutcome>;

/** The dialog a task opens: add-coin for `searchType: 'coin'`, add-monitoring for 'monitor'. */
export type OnboardingDialog = 'addCoin' | 'addMonitor';
/** The hot list a task pushes into the chat as a layer. */
export type HotList = 'coins' | 'sources';

export interface OnboardingContext {
  /** Index into WELCOME_SCRIPT of the item shown last. */
  index: number;
  tasks: TaskOutcomes;
  /** The current item was restored from saved progress rather than reached just now. */
  resumed: boolean;
  /** The script has run to its end. */
  finished: boolean;
  /** Ids of task items passed over unseen: their task was skipped from its start card. */
  passedOver: readonly number[];
}

export type OnboardingEvent =
  /** The start button of a taskStart item. */
  | { type: 'START' }
  /** The user did the task: followed a coin (1) or added a source (2). Accepted at any time. */
  | { type: 'TASK_DONE'; task: TaskNumber }
  /**
   * Skip the task at hand, from its start card or in it; ignored unless its task item has
   * `canSkip`.
   */
  | { type: 'SKIP' }
  /** Go on from a plain item with `autoNext: false`. */
  | { type: 'NEXT' };

/**
 * What the machine tells the UI as it happens. `resumed` is true for the first item after a
 * restore, so the UI can skip what it already did before the reload (e.g. a pushed layer).
 */
export type OnboardingEmitted =
  | { type: 'shown'; item: WelcomeItem; resumed: boolean }
  | { type: 'openDialog'; dialog: OnboardingDialog; resumed: boolean }
  | { type: 'pushHot'; hot: HotList; resumed: boolean };

/** Saved progress, as `persist` writes it and `restore` reads it back. */
export interface OnboardingProgress {
  version: typeof PROGRESS_VERSION;
  /** The id of the item shown last. */
  id: number;
  finished: boolean;
  tasks: TaskOutcomes;
  /** Ids of task items passed over unseen (skipped from the start card); absent in older saves. */
  passedOver?: readonly number[];
}

export interface OnboardingInput {
  /** Where to resume (from `restore` or `loadProgress`); none or null starts from the top. */
  progress?: OnboardingProgress | null;
}

const LAST = WELCOME_SCRIPT.length - 1;
const PENDING: TaskOutcomes = { 1: 'pending', 2: 'pending' };

const itemAt = (context: OnboardingContext): WelcomeItem => WELCOME_SCRIPT[context.index]!;

const dialogFor = (item: WelcomeItem): OnboardingDialog | null =>
  item.searchType === 'coin' ? 'addCoin' : item.searchType === 'monitor' ? 'addMonitor' : null;

/** The current task item's task, when that task is still to do. */
const pendingTask = (context: OnboardingContext): TaskNumber | undefined => {
  const task = taskOf(context.index);
  return itemAt(context).type === 'task' && task !== undefined && context.tasks[task] === 'pending'
    ? task
    : undefined;
};

/**
 * The task the user may skip where the script stands: at a task's start card (the task item
 * follows it) or in the task itself, when that task item has `canSkip` and the task is still to
 * do. A skippable task is offered as skippable from its start card, so no one has to start a task
 * (and have its dialog open) only to be allowed to decline it.
 */
function skippableTask(context: OnboardingContext): TaskNumber | undefined {
  const item = itemAt(context);
  const taskIndex = item.type === 'taskStart' ? context.index + 1 : context.index;
  const taskItem = WELCOME_SCRIPT[taskIndex];
  const task = taskOf(taskIndex);
  if (taskItem?.type !== 'task' || taskItem.canSkip !== true || task === undefined)
    return undefined;
  return context.tasks[task] === 'pending' ? task : undefined;
}

export const onboardingMachine = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    emitted: {} as OnboardingEmitted,
    input: {} as OnboardingInput,
    output: {} as { tasks: TaskOutcomes },
  },
  delays: {
    /** The pause after the current item: its `sleep`, or the typing delay. */
    pause: ({ context }) => itemAt(context).sleep ?? TYPING_DELAY_MS,
  },
  guards: {
    finished: ({ context }) => context.finished,
    atTaskStart: ({ context }) => itemAt(context).type === 'taskStart',
    atTask: ({ context }) => itemAt(context).type === 'task',
    waitsForUser: ({ context }) => !itemAt(context).autoNext,
    atEnd: ({ context }) => itemAt(context).over === true || context.index >= LAST,
    taskSettled: ({ context }) => {
      const task = taskOf(context.index);
      return task !== undefined && context.tasks[task] !== 'pending';
    },
    /** A TASK_DONE for a task that is still to do (a repeat changes nothing). */
    taskPending: ({ context, event }) => {
      assertEvent(event, 'TASK_DONE');
      return context.tasks[event.task] === 'pending';
    },
    canSkip: ({ context }) => skippableTask(context) !== undefined,
  },
  actions: {
    advance: assign(({ context }) => ({
      index: Math.min(context.index + 1, LAST),
      resumed: false,
    })),
    finish: assign({ finished: true }),
    completeTask: assign(({ context, event }) => {
      assertEvent(event, 'TASK_DONE');
      return { tasks: { ...context.tasks, [event.task]: 'done' } };
    }),
    skipTask: assign(({ context }) => {
      const task = skippableTask(context);
      return task === undefined ? {} : { tasks: { ...context.tasks, [task]: 'skipped' } };
    }),
    // Skipped from its start card: the task item (its dialog, its hot list, its line asking the
    // user to pick) is never shown; the script goes on with the task's finish.
    passOverTask: assign(({ context }) => ({
      index: Math.min(context.index + 2, LAST),
      passedOver: [...context.passedOver, WELCOME_SCRIPT[context.index + 1]!.id],
      resumed: false,
    })),
    announce: enqueueActions(({ context, enqueue }) => {
      enqueue.emit({ type: 'shown', item: itemAt(context), resumed: context.resumed });
    }),
    // A task that is already done (the user followed a coin before pressing start) opens nothing.
    openTaskDialog: enqueueActions(({ context, enqueue }) => {
      const dialog = dialogFor(itemAt(context));
      if (dialog !== null && pendingTask(context) !== undefined) {
        enqueue.emit({ type: 'openDialog', dialog, resumed: context.resumed });
      }
    }),
    pushHotList: enqueueActions(({ context, enqueue }) => {
      const item = itemAt(context);
      if (item.type === 'task' && pendingTask(context) === undefined) return;
      if (item.needPushHotCoin)
        enqueue.emit({ type: 'pushHot', hot: 'coins', resumed: context.resumed });
      if (item.needPushHotMonitor) {
        enqueue.emit({ type: 'pushHot', hot: 'sources', resumed: context.resumed });
      }
    }),
  },
}).createMachine({
  id: 'onboarding',
  context: ({ input }) => {
    const progress = input.progress ?? null;
    if (progress === null) {
      return { index: 0, tasks: PENDING, resumed: false, finished: false, passedOver: [] };
    }
    return {
      index: WELCOME_SCRIPT.findIndex((item) => item.id === progress.id),
      tasks: { ...progress.tasks },
      resumed: true,
      finished: progress.finished,
      passedOver: [...(progress.passedOver ?? [])],
    };
  },
  initial: 'boot',
  // A task can be done before its item comes up (a coin followed elsewhere): remember it. The
  // page says so whenever it sees a followed coin; a repeat makes no new snapshot, so a view
  // that re-renders on each snapshot does not loop.
  on: { TASK_DONE: { guard: 'taskPending', actions: 'completeTask' } },
  states: {
    boot: {
      always: [{ guard: 'finished', target: 'done' }, { target: 'showing' }],
    },
    // Shows the item at `index`, then waits in the way the item asks for.
    showing: {
      entry: ['announce', 'openTaskDialog', 'pushHotList'],
      always: [
        { guard: 'atTaskStart', target: 'awaitingStart' },
        { guard: 'atTask', target: 'awaitingTask' },
        { guard: 'waitsForUser', target: 'awaitingNext' },
        { target: 'pausing' },
      ],
    },
    pausing: {
      after: {
        pause: [
          { guard: 'atEnd', target: 'done' },
          { target: 'showing', actions: 'advance' },
        ],
      },
    },
    awaitingStart: {
      on: {
        START: { target: 'showing', actions: 'advance' },
        SKIP: { guard: 'canSkip', target: 'showing', actions: ['skipTask', 'passOverTask'] },
      },
    },
    awaitingTask: {
      always: { guard: 'taskSettled', target: 'showing', actions: 'advance' },
      on: { SKIP: { guard: 'canSkip', actions: 'skipTask' } },
    },
    awaitingNext: {
      on: {
        NEXT: [
          { guard: 'atEnd', target: 'done' },
          { target: 'showing', actions: 'advance' },
        ],
      },
    },
    done: { type: 'final', entry: 'finish' },
  },
  output: ({ context }) => ({ tasks: context.tasks }),
});

export type OnboardingSnapshot = SnapshotFrom<typeof onboardingMachine>;

/** What the welcome page draws from a snapshot. */
export interface OnboardingView {
  /** The item shown last. */
  current: WelcomeItem;
  /** Every item shown so far, oldest first (the robot's side of the chat); not those passed over. */
  shown: readonly WelcomeItem[];
  /** What the script waits for from the user: the start button, the task, "next", or nothing. */
  waitingFor: 'start' | 'task' | 'next' | null;
  /** The task at hand may be skipped, from its start card or in it (a button that sends SKIP). */
  canSkip: boolean;
  /** The dialog the current task works in (for a button that reopens it), or null. */
  dialog: OnboardingDialog | null;
  /** What became of each task so far. */
  tasks: TaskOutcomes;
  /** The script is over: move on into the product. */
  done: boolean;
}

export function selectOnboardingView(snapshot: OnboardingSnapshot): OnboardingView {
  const { context } = snapshot;
  const current = itemAt(context);
  const waitingFor = snapshot.matches('awaitingStart')
    ? 'start'
    : snapshot.matches('awaitingTask')
      ? 'task'
      : snapshot.matches('awaitingNext')
        ? 'next'
        : null;
  return {
    current,
    shown: WELCOME_SCRIPT.slice(0, context.index + 1).filter(
      (item) => !context.passedOver.includes(item.id),
    ),
    waitingFor,
    canSkip:
      (waitingFor === 'start' || waitingFor === 'task') && skippableTask(context) !== undefined,
    dialog: waitingFor === 'task' ? dialogFor(current) : null,
    tasks: context.tasks,
    done: snapshot.status === 'done',
  };
}

// --- Saving and resuming ---------------------------------------------------------------------

/**
 * Bump when the script's ids change meaning: older saved progress then starts over. We save our
 * own small record rather than XState's persisted snapshot so that a restored actor re-enters its
 * item (its timers start again, a task waits again) and so that stored data can be checked.
 */
export const PROGRESS_VERSION = 1;

/** Where a user's progress is kept, one key per user so a shared browser keeps them apart. */
export function onboardingStorageKey(userId: string | number): string {
  return `coinlens:onboarding:${userId}`;
}

/** The snapshot's progress, as the server and this browser keep it. */
export function progressOf(snapshot: OnboardingSnapshot): OnboardingProgress {
  const { context } = snapshot;
  return {
    version: PROGRESS_VERSION,
    id: itemAt(context).id,
    finished: snapshot.status === 'done' || context.finished,
    tasks: { ...context.tasks },
    ...(context.passedOver.length > 0 ? { passedOver: [...context.passedOver] } : {}),
  };
}

/** The snapshot's progress as a string to store. */
export function persist(snapshot: OnboardingSnapshot): string {
  return JSON.stringify(progressOf(snapshot));
}

/**
 * The further of two progresses (finished first, then the later item; the script only moves
 * forward), or the one there is: this browser's copy may be ahead of the server's when a save
 * did not reach it, and behind it when the user went on in another tab or on a phone.
 */
export function furthest(
  a: OnboardingProgress | null,
  b: OnboardingProgress | null,
): OnboardingProgress | null {
  if (a === null || b === null) return a ?? b;
  if (a.finished !== b.finished) return a.finished ? a : b;
  const at = (progress: OnboardingProgress) =>
    WELCOME_SCRIPT.findIndex((item) => item.id === progress.id);
  return at(b) > at(a) ? b : a;
}

const OUTCOMES: readonly unknown[] = ['pending', 'done', 'skipped'] satisfies TaskOutcome[];

/**
 * Reads stored progress back. Anything it cannot trust (not JSON, another version, an unknown
 * item, outcomes that could not have happened) gives null: the welcome starts from the top.
 */
export function restore(raw: string | null | undefined): OnboardingProgress | null {
  if (typeof raw !== 'string') return null;
  try {
    return checkProgress(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** A progress read from the server or storage, checked as `restore` checks it; null if untrusted. */
export function checkProgress(value: unknown): OnboardingProgress | null {
  if (typeof value !== 'object' || value === null) return null;
  const { version, id, finished, tasks, passedOver } = value as Record<string, unknown>;
  if (version !== PROGRESS_VERSION || typeof finished !== 'boolean') return null;
  const index = WELCOME_SCRIPT.findIndex((item) => item.id === id);
  if (index < 0 || (finished && index !== LAST)) return null;
  if (typeof tasks !== 'object' || tasks === null) return null;
  const outcomes = tasks as Record<string, unknown>;
  const task1 = outcomes['1'];
  const task2 = outcomes['2'];
  if (!OUTCOMES.includes(task1) || !OUTCOMES.includes(task2)) return null;
  const checked: TaskOutcomes = { 1: task1 as TaskOutcome, 2: task2 as TaskOutcome };
  for (const task of [1, 2] as const) {
    const taskIndex = WELCOME_SCRIPT.findIndex(
      (item, i) => item.type === 'task' && taskOf(i) === task,
    );
    const outcome = checked[task];
    // Past its task item a task is settled; before it, it cannot have been skipped.
    if (index > taskIndex && outcome === 'pending') return null;
    if (index < taskIndex && outcome === 'skipped') return null;
    if (outcome === 'skipped' && WELCOME_SCRIPT[taskIndex]?.canSkip !== true) return null;
  }
  // Only a skipped task's item, already behind, can have been passed over.
  if (passedOver !== undefined && !Array.isArray(passedOver)) return null;
  const passed: unknown[] = passedOver ?? [];
  for (const passedId of passed) {
    const passedIndex = WELCOME_SCRIPT.findIndex((item) => item.id === passedId);
    const task = taskOf(passedIndex);
    const item = WELCOME_SCRIPT[passedIndex];
    if (item?.type !== 'task' || task === undefined || checked[task] !== 'skipped') return null;
    if (passedIndex >= index) return null;
  }
  return {
    version: PROGRESS_VERSION,
    id: WELCOME_SCRIPT[index]!.id,
    finished,
    tasks: checked,
    ...(passed.length > 0 ? { passedOver: passed as number[] } : {}),
  };
}

/** The parts of Web Storage this uses (localStorage in the browser, a fake in tests). */
export type ProgressStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The actor input that resumes this user's saved progress, or starts afresh. */
export function loadProgress(
  storage: ProgressStorage | undefined,
  userId: string | number,
): OnboardingInput {
  try {
    return { progress: restore(storage?.getItem(onboardingStorageKey(userId))) };
  } catch {
    // Storage can refuse to be read (privacy settings); start from the top.
    return { progress: null };
  }
}

/** Saves the snapshot's progress for this user; a full or refused storage is not an error. */
export function saveProgress(
  storage: ProgressStorage | undefined,
  userId: string | number,
  snapshot: OnboardingSnapshot,
): void {
  try {
    storage?.setItem(onboardingStorageKey(userId), persist(snapshot));
  } catch {
    // Losing the progress only means the welcome starts over after a reload.
  }
}
