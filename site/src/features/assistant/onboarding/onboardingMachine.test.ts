import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createActor, type Actor } from 'xstate';
import { LOCALES } from '../../../i18n/locales';
import {
  checkProgress,
  furthest,
  loadProgress,
  onboardingMachine,
  onboardingStorageKey,
  persist,
  PROGRESS_VERSION,
  restore,
  saveProgress,
  selectOnboardingView,
  TYPING_DELAY_MS,
  type OnboardingEmitted,
  type OnboardingInput,
  type ProgressStorage,
} from './onboardingMachine';
import { COUNTDOWN_STEP_MS, WELCOME_SCRIPT, type WelcomeItem } from './script';

type OnboardingActor = Actor<typeof onboardingMachine>;

function start(input: OnboardingInput = {}) {
  const actor = createActor(onboardingMachine, { input });
  const emitted: OnboardingEmitted[] = [];
  // Registered before start: the first item is shown while the actor starts.
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const view = () => selectOnboardingView(actor.getSnapshot());
  const shownIds = () =>
    emitted.flatMap((event) => (event.type === 'shown' ? [event.item.id] : []));
  const signals = () => emitted.filter((event) => event.type !== 'shown');
  return { actor, emitted, view, shownIds, signals };
}

const itemById = (id: number): WelcomeItem => {
  const item = WELCOME_SCRIPT.find((it) => it.id === id);
  if (!item) throw new Error(`no item ${id}`);
  return item;
};

/** Lets time pass item by item until the script waits for the user, ends or reaches `id`. */
function playUntil(actor: OnboardingActor, id?: number) {
  for (let guard = 0; guard < WELCOME_SCRIPT.length + 1; guard++) {
    const view = selectOnboardingView(actor.getSnapshot());
    if (view.done || view.waitingFor !== null || view.current.id === id) return;
    jest.advanceTimersByTime(view.current.sleep ?? TYPING_DELAY_MS);
  }
}

/** From a fresh actor to the given item, doing both tasks on the way. */
function walkTo(actor: OnboardingActor, id: number) {
  for (let guard = 0; guard < WELCOME_SCRIPT.length + 1; guard++) {
    playUntil(actor, id);
    const view = selectOnboardingView(actor.getSnapshot());
    if (view.current.id === id || view.done) return;
    if (view.waitingFor === 'start') actor.send({ type: 'START' });
    if (view.waitingFor === 'task')
      actor.send({ type: 'TASK_DONE', task: view.dialog === 'addCoin' ? 1 : 2 });
    if (view.waitingFor === 'next') actor.send({ type: 'NEXT' });
  }
}

/** Saves the actor's progress, stops it (the page goes away) and starts a new one from it. */
function reload(actor: OnboardingActor) {
  const stored = persist(actor.getSnapshot());
  actor.stop();
  return start({ progress: restore(stored) });
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the welcome script', () => {
  it('has ids 1 to 24 in order', () => {
    expect(WELCOME_SCRIPT.map((item) => item.id)).toEqual(
      Array.from({ length: 24 }, (_, i) => i + 1),
    );
  });

  it('has two tasks, add a coin (not skippable) then add monitoring (skippable)', () => {
    const shape = WELCOME_SCRIPT.filter((item) => item.type !== undefined).map((item) => [
      item.id,
      item.type,
      item.searchType,
      item.canSkip,
    ]);
    expect(shape).toEqual([
      [7, 'taskStart', undefined, undefined],
      [8, 'task', 'coin', false],
      [9, 'taskFinish', undefined, undefined],
      [12, 'taskStart', undefined, undefined],
      [13, 'task', 'monitor', true],
      [14, 'taskFinish', undefined, undefined],
    ]);
    expect(itemById(8).needPushHotCoin).toBe(true);
    expect(itemById(13).needPushHotMonitor).toBe(true);
    for (const item of WELCOME_SCRIPT.filter((it) => it.type === 'taskStart')) {
      expect(item).toMatchObject({ startBtnShow: true, autoNext: false });
    }
  });

  it('ends with a 3-2-1-Go countdown at 1 s steps, the last item over and finishing', () => {
    const countdown = WELCOME_SCRIPT.slice(-4);
    expect(countdown.map((item) => item.text)).toEqual([
      'countdown.three',
      'countdown.two',
      'countdown.one',
      'countdown.go',
    ]);
    expect(countdown.map((item) => item.sleep)).toEqual([1000, 1000, 1000, 1000]);
    expect(WELCOME_SCRIPT.filter((item) => item.over).map((item) => item.id)).toEqual([24]);
    expect(WELCOME_SCRIPT.filter((item) => item.finish).map((item) => item.id)).toEqual([24]);
    expect(COUNTDOWN_STEP_MS).toBe(1000);
  });
});

describe('the onboarding texts', () => {
  const LOCALES_DIR = join(__dirname, '..', '..', '..', '..', 'locales');
  const load = (locale: string) =>
    JSON.parse(readFileSync(join(LOCALES_DIR, locale, 'onboarding.json'), 'utf8')) as unknown;
  const keyPaths = (value: unknown, prefix = ''): string[] =>
    typeof value !== 'object' || value === null
      ? [prefix]
      : Object.entries(value).flatMap(([key, child]) =>
          keyPaths(child, prefix ? `${prefix}.${key}` : key),
        );
  const lookup = (tree: unknown, path: string): unknown =>
    path
      .split('.')
      .reduce<unknown>(
        (node, key) =>
          typeof node === 'object' && node !== null
            ? (node as Record<string, unknown>)[key]
            : undefined,
        tree,
      );

  const keysOf = (item: WelcomeItem) =>
    [
      item.text,
      item.taskText,
      item.title,
      item.taskName,
      item.desc,
      ...(item.highlight ?? []),
    ].filter((key): key is string => key !== undefined);
  /** Keys the UI uses beside the script's own. */
  const UI_KEYS = ['actions.skip', 'hot.coins', 'hot.sources'];
  const used = [...new Set([...WELCOME_SCRIPT.flatMap(keysOf), ...UI_KEYS])].sort();

  /** The script's lines with a phone wording (the i18next context `phone`, i18n/variant.ts). */
  const PHONE_KEYS = ['script.coinTaskFinish_phone', 'script.monitorTaskFinish_phone'];

  it.each([...LOCALES])(
    '%s has text for every key of the script and its phone wordings, and no other key',
    (locale) => {
      const strings = load(locale);
      expect(keyPaths(strings).sort()).toEqual([...used, ...PHONE_KEYS].sort());
      for (const key of [...used, ...PHONE_KEYS]) {
        const text = lookup(strings, key);
        expect([key, typeof text === 'string' && text.trim() !== '']).toEqual([key, true]);
      }
      for (const key of PHONE_KEYS) expect(used).toContain(key.replace(/_phone$/, ''));
    },
  );

  it.each([...LOCALES])('%s contains each highlighted word in its message', (locale) => {
    const strings = load(locale);
    for (const item of WELCOME_SCRIPT) {
      for (const word of item.highlight ?? []) {
        expect(lookup(strings, item.text)).toContain(lookup(strings, word));
      }
    }
  });
});

describe('the onboarding machine', () => {
  it('shows the first item at once and the next after the typing pause or the item’s sleep', () => {
    const { view, shownIds } = start();
    expect(shownIds()).toEqual([1]);
    expect(view().waitingFor).toBeNull();
    jest.advanceTimersByTime(TYPING_DELAY_MS - 1);
    expect(shownIds()).toEqual([1]);
    jest.advanceTimersByTime(1);
    expect(shownIds()).toEqual([1, 2]);
    jest.advanceTimersByTime(TYPING_DELAY_MS);
    expect(view().current.id).toBe(3);
    jest.advanceTimersByTime(1199);
    expect(view().current.id).toBe(3);
    jest.advanceTimersByTime(1);
    expect(view().current.id).toBe(4);
  });

  it('runs the whole script, 1 to 24, with START and TASK_DONE', () => {
    const { actor, view, shownIds } = start();
    playUntil(actor);
    expect(view()).toMatchObject({ current: { id: 7 }, waitingFor: 'start' });
    actor.send({ type: 'START' });
    expect(view()).toMatchObject({ current: { id: 8 }, waitingFor: 'task', canSkip: false });
    actor.send({ type: 'TASK_DONE', task: 1 });
    expect(view().current.id).toBe(9);
    playUntil(actor);
    expect(view()).toMatchObject({ current: { id: 12 }, waitingFor: 'start' });
    actor.send({ type: 'START' });
    expect(view()).toMatchObject({ current: { id: 13 }, waitingFor: 'task', canSkip: true });
    actor.send({ type: 'TASK_DONE', task: 2 });
    playUntil(actor);
    expect(view()).toMatchObject({ current: { id: 18 }, waitingFor: 'next' });
    actor.send({ type: 'NEXT' });
    playUntil(actor);
    expect(shownIds()).toEqual(WELCOME_SCRIPT.map((item) => item.id));
    expect(view().shown).toEqual(WELCOME_SCRIPT);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ tasks: { 1: 'done', 2: 'done' } });
  });

  it('waits at a task start for the start button, not for time or other events', () => {
    const { actor, view } = start();
    walkTo(actor, 7);
    jest.advanceTimersByTime(60_000);
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SKIP' });
    expect(view()).toMatchObject({
      current: { id: 7 },
      waitingFor: 'start',
      canSkip: false,
      dialog: null,
    });
    actor.send({ type: 'START' });
    expect(view().current.id).toBe(8);
  });

  it('never lets task 1 be skipped', () => {
    const { actor, view } = start();
    walkTo(actor, 8);
    actor.send({ type: 'SKIP' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'TASK_DONE', task: 2 });
    jest.advanceTimersByTime(60_000);
    expect(view()).toMatchObject({
      current: { id: 8 },
      waitingFor: 'task',
      canSkip: false,
      dialog: 'addCoin',
    });
    expect(view().tasks[1]).toBe('pending');
    actor.send({ type: 'TASK_DONE', task: 1 });
    expect(view().current.id).toBe(9);
    expect(view().tasks[1]).toBe('done');
  });

  // XState tells subscribers of every event; the page draws a snapshot it has not drawn yet.
  it('makes no new snapshot for a task reported done again, or skipped and then done', () => {
    const { actor } = start();
    walkTo(actor, 13);
    actor.send({ type: 'TASK_DONE', task: 1 });
    actor.send({ type: 'SKIP' });
    const settled = actor.getSnapshot();
    actor.send({ type: 'TASK_DONE', task: 1 });
    actor.send({ type: 'TASK_DONE', task: 2 });
    expect(actor.getSnapshot()).toBe(settled);
    expect(selectOnboardingView(settled).tasks).toEqual({ 1: 'done', 2: 'skipped' });
  });

  it('lets task 2 be skipped and carries on to the end', () => {
    const { actor, view, shownIds } = start();
    walkTo(actor, 13);
    expect(view()).toMatchObject({ waitingFor: 'task', canSkip: true, dialog: 'addMonitor' });
    actor.send({ type: 'SKIP' });
    expect(view().current.id).toBe(14);
    expect(view().tasks).toEqual({ 1: 'done', 2: 'skipped' });
    walkTo(actor, 24);
    jest.advanceTimersByTime(COUNTDOWN_STEP_MS);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ tasks: { 1: 'done', 2: 'skipped' } });
    expect(shownIds()).toHaveLength(24);
  });

  it('offers task 2’s skip with its start button, and skipping there passes the task over', () => {
    const { actor, view, shownIds, signals } = start();
    walkTo(actor, 12);
    expect(view()).toMatchObject({ current: { id: 12 }, waitingFor: 'start', canSkip: true });
    const signalsBefore = signals().length;
    actor.send({ type: 'SKIP' });
    // Neither the task's line asking for a source, nor its dialog, nor its hot sources.
    expect(view()).toMatchObject({ current: { id: 14 }, tasks: { 1: 'done', 2: 'skipped' } });
    expect(shownIds().slice(-2)).toEqual([12, 14]);
    expect(view().shown.map((item) => item.id)).not.toContain(13);
    expect(signals()).toHaveLength(signalsBefore);
    actor.send({ type: 'START' });
    actor.send({ type: 'TASK_DONE', task: 2 });
    expect(view().tasks[2]).toBe('skipped');
    walkTo(actor, 24);
    jest.advanceTimersByTime(COUNTDOWN_STEP_MS);
    expect(actor.getSnapshot().output).toEqual({ tasks: { 1: 'done', 2: 'skipped' } });
    expect(shownIds()).toEqual(WELCOME_SCRIPT.map((item) => item.id).filter((id) => id !== 13));
    expect(view().shown.map((item) => item.id)).toEqual(shownIds());
  });

  it('offers no skip at task 2’s start once the task is done', () => {
    const { actor, view } = start();
    walkTo(actor, 12);
    actor.send({ type: 'TASK_DONE', task: 2 });
    expect(view()).toMatchObject({ current: { id: 12 }, waitingFor: 'start', canSkip: false });
    actor.send({ type: 'SKIP' });
    expect(view()).toMatchObject({ current: { id: 12 }, tasks: { 1: 'done', 2: 'done' } });
  });

  it('waits for NEXT on an item with autoNext false', () => {
    const { actor, view } = start();
    walkTo(actor, 18);
    expect(itemById(18).autoNext).toBe(false);
    playUntil(actor);
    jest.advanceTimersByTime(10 * 60_000);
    actor.send({ type: 'START' });
    expect(view()).toMatchObject({ current: { id: 18 }, waitingFor: 'next' });
    actor.send({ type: 'NEXT' });
    expect(view().current.id).toBe(19);
  });

  it('counts down 3-2-1-Go at 1 s steps and ends in done after Go', () => {
    const { actor, view } = start();
    walkTo(actor, 20);
    const at = () => view().current.text;
    jest.advanceTimersByTime(COUNTDOWN_STEP_MS);
    expect(at()).toBe('countdown.three');
    jest.advanceTimersByTime(COUNTDOWN_STEP_MS - 1);
    expect(at()).toBe('countdown.three');
    jest.advanceTimersByTime(1);
    expect(at()).toBe('countdown.two');
    jest.advanceTimersByTime(COUNTDOWN_STEP_MS);
    expect(at()).toBe('countdown.one');
    jest.advanceTimersByTime(COUNTDOWN_STEP_MS);
    expect(view()).toMatchObject({ current: { id: 24, over: true }, done: false });
    jest.advanceTimersByTime(COUNTDOWN_STEP_MS);
    expect(view()).toMatchObject({ current: { id: 24, over: true, finish: true }, done: true });
    expect(actor.getSnapshot().value).toBe('done');
  });

  it('asks for the add-coin dialog and hot coins on task 1, add-monitor and hot sources on task 2', () => {
    const { actor, signals } = start();
    walkTo(actor, 7);
    expect(signals()).toEqual([]);
    actor.send({ type: 'START' });
    expect(signals()).toEqual([
      { type: 'openDialog', dialog: 'addCoin', resumed: false },
      { type: 'pushHot', hot: 'coins', resumed: false },
    ]);
    actor.send({ type: 'TASK_DONE', task: 1 });
    walkTo(actor, 12);
    expect(signals()).toHaveLength(2);
    actor.send({ type: 'START' });
    expect(signals().slice(2)).toEqual([
      { type: 'openDialog', dialog: 'addMonitor', resumed: false },
      { type: 'pushHot', hot: 'sources', resumed: false },
    ]);
    actor.send({ type: 'SKIP' });
    walkTo(actor, 24);
    jest.advanceTimersByTime(COUNTDOWN_STEP_MS);
    expect(signals()).toHaveLength(4);
  });

  it('takes its pauses from the named `pause` delay, which a story can shorten', () => {
    const actor = createActor(onboardingMachine.provide({ delays: { pause: 5 } }), {
      input: {},
    }).start();
    jest.advanceTimersByTime(6 * 5);
    expect(selectOnboardingView(actor.getSnapshot()).current.id).toBe(7);
  });

  it('passes a task already done before its start, without opening its dialog', () => {
    const { actor, view, shownIds, signals } = start();
    actor.send({ type: 'TASK_DONE', task: 1 });
    walkTo(actor, 7);
    actor.send({ type: 'START' });
    expect(shownIds().slice(-3)).toEqual([7, 8, 9]);
    expect(view().current.id).toBe(9);
    expect(signals()).toEqual([]);
  });
});

describe('resuming after a reload', () => {
  it('waits again at the start of task 1', () => {
    const first = start();
    walkTo(first.actor, 7);
    const { actor, view, emitted } = reload(first.actor);
    expect(emitted).toEqual([{ type: 'shown', item: itemById(7), resumed: true }]);
    expect(view()).toMatchObject({ current: { id: 7 }, waitingFor: 'start' });
    expect(view().shown.map((item) => item.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    jest.advanceTimersByTime(60_000);
    actor.send({ type: 'START' });
    expect(emitted.slice(1)).toEqual([
      { type: 'shown', item: itemById(8), resumed: false },
      { type: 'openDialog', dialog: 'addCoin', resumed: false },
      { type: 'pushHot', hot: 'coins', resumed: false },
    ]);
  });

  it('reopens task 2 mid-task, still skippable, and goes on from there', () => {
    const first = start();
    walkTo(first.actor, 13);
    const { actor, view, signals } = reload(first.actor);
    expect(view()).toMatchObject({
      current: { id: 13 },
      waitingFor: 'task',
      canSkip: true,
      tasks: { 1: 'done', 2: 'pending' },
    });
    expect(signals()).toEqual([
      { type: 'openDialog', dialog: 'addMonitor', resumed: true },
      { type: 'pushHot', hot: 'sources', resumed: true },
    ]);
    actor.send({ type: 'SKIP' });
    expect(view()).toMatchObject({ current: { id: 14 }, tasks: { 1: 'done', 2: 'skipped' } });
  });

  it('waits again for task 1 when reloaded inside it', () => {
    const first = start();
    walkTo(first.actor, 8);
    const { actor, view } = reload(first.actor);
    jest.advanceTimersByTime(60_000);
    actor.send({ type: 'SKIP' });
    expect(view()).toMatchObject({ current: { id: 8 }, waitingFor: 'task' });
    actor.send({ type: 'TASK_DONE', task: 1 });
    expect(view().current.id).toBe(9);
  });

  it('keeps a task skipped from its start card out of the lines shown again', () => {
    const first = start();
    walkTo(first.actor, 12);
    first.actor.send({ type: 'SKIP' });
    expect(JSON.parse(persist(first.actor.getSnapshot()))).toMatchObject({
      id: 14,
      tasks: { 1: 'done', 2: 'skipped' },
      passedOver: [13],
    });
    const { view } = reload(first.actor);
    expect(view().current.id).toBe(14);
    expect(view().shown.map((item) => item.id)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14,
    ]);
  });

  it('restarts the countdown at its current number', () => {
    const first = start();
    walkTo(first.actor, 22);
    jest.advanceTimersByTime(400);
    const { actor, view, shownIds } = reload(first.actor);
    expect(view().current.text).toBe('countdown.two');
    jest.advanceTimersByTime(COUNTDOWN_STEP_MS - 1);
    expect(view().current.text).toBe('countdown.two');
    jest.advanceTimersByTime(1);
    expect(view().current.text).toBe('countdown.one');
    jest.advanceTimersByTime(2 * COUNTDOWN_STEP_MS);
    expect(shownIds()).toEqual([22, 23, 24]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('stays finished once the script is over', () => {
    const first = start();
    walkTo(first.actor, 24);
    jest.advanceTimersByTime(COUNTDOWN_STEP_MS);
    const { actor, view, emitted } = reload(first.actor);
    expect(actor.getSnapshot().status).toBe('done');
    expect(view()).toMatchObject({ done: true, current: { id: 24 } });
    expect(emitted).toEqual([]);
  });

  it('keeps each user’s progress under their own key', () => {
    const first = start();
    walkTo(first.actor, 12);
    saveProgress(window.localStorage, 'u1', first.actor.getSnapshot());
    expect(onboardingStorageKey('u1')).toBe('coinlens:onboarding:u1');
    expect(JSON.parse(window.localStorage.getItem('coinlens:onboarding:u1') ?? '')).toEqual({
      version: PROGRESS_VERSION,
      id: 12,
      finished: false,
      tasks: { 1: 'done', 2: 'pending' },
    });
    expect(start(loadProgress(window.localStorage, 'u1')).view().current.id).toBe(12);
    expect(start(loadProgress(window.localStorage, 'u2')).view().current.id).toBe(1);
    window.localStorage.clear();
  });
});

describe('stored progress it cannot trust', () => {
  const good = {
    version: PROGRESS_VERSION,
    id: 13,
    finished: false,
    tasks: { 1: 'done', 2: 'pending' },
  };
  const variant = (change: Record<string, unknown>) => JSON.stringify({ ...good, ...change });

  it('reads good progress back', () => {
    expect(restore(JSON.stringify(good))).toEqual(good);
    const passed = { ...good, id: 15, tasks: { 1: 'done', 2: 'skipped' }, passedOver: [13] };
    expect(restore(JSON.stringify(passed))).toEqual(passed);
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{"version":1,'],
    ['not an object', '"13"'],
    ['an old version', variant({ version: 0 })],
    ['no version', JSON.stringify({ id: 13, finished: false, tasks: good.tasks })],
    ['an unknown id', variant({ id: 25 })],
    ['an id that is not a number', variant({ id: '13' })],
    ['finished before the end', variant({ finished: true })],
    ['no tasks', variant({ tasks: null })],
    ['an unknown outcome', variant({ tasks: { 1: 'done', 2: 'maybe' } })],
    ['task 1 skipped', variant({ id: 15, tasks: { 1: 'skipped', 2: 'done' } })],
    ['past task 1 with task 1 pending', variant({ id: 9, tasks: { 1: 'pending', 2: 'pending' } })],
    ['task 2 skipped before it came up', variant({ id: 11, tasks: { 1: 'done', 2: 'skipped' } })],
    ['a passed-over list that is not a list', variant({ id: 15, passedOver: 13 })],
    [
      'a task passed over that was not skipped',
      variant({ id: 15, tasks: { 1: 'done', 2: 'done' }, passedOver: [13] }),
    ],
    [
      'a passed-over item that is not a task',
      variant({ id: 15, tasks: { 1: 'done', 2: 'skipped' }, passedOver: [12] }),
    ],
    [
      'a task passed over that is still ahead',
      variant({ id: 13, tasks: { 1: 'done', 2: 'skipped' }, passedOver: [13] }),
    ],
  ])('starts over on %s', (_, raw) => {
    expect(restore(raw)).toBeNull();
    const { view, shownIds } = start({ progress: restore(raw) });
    expect(view().current.id).toBe(1);
    expect(shownIds()).toEqual([1]);
  });

  it('starts over when the storage cannot be read, and does not fail when it cannot be written', () => {
    const broken: ProgressStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(loadProgress(broken, 'u1')).toEqual({ progress: null });
    const { actor } = start();
    expect(() => saveProgress(broken, 'u1', actor.getSnapshot())).not.toThrow();
  });
});

describe('progress from two places', () => {
  const at = (id: number, finished = false) =>
    checkProgress({
      version: PROGRESS_VERSION,
      id,
      finished,
      tasks: { 1: id > 9 ? 'done' : 'pending', 2: id > 13 ? 'done' : 'pending' },
    });

  it('checks what the server answers as what this browser stored', () => {
    expect(at(13)).toMatchObject({ id: 13 });
    expect(checkProgress(null)).toBeNull();
    expect(checkProgress({ version: PROGRESS_VERSION, id: 25, finished: false })).toBeNull();
  });

  it('resumes from the further of this browser and the server, or the one there is', () => {
    expect(furthest(at(5), at(13))?.id).toBe(13);
    expect(furthest(at(13), at(5))?.id).toBe(13);
    expect(furthest(at(24, true), at(24))?.finished).toBe(true);
    expect(furthest(null, at(5))?.id).toBe(5);
    expect(furthest(at(5), null)?.id).toBe(5);
    expect(furthest(null, null)).toBeNull();
  });
});
