// The welcome onboarding on the page: the machine of onboarding/onboardingMachine.ts runs for the
// signed-in user, its robot lines go into the chat, its tasks open the add dialogs and push today's
// hot coins or sources as a layer, and what the user does (a coin followed, a source added)
// completes them. Its progress is kept with the user's conversation on the server (and a copy in
// this browser, for when the server cannot be reached), so a reload, another tab or a phone
// resumes it; a user who finished it once does not see it again. The robot's lines are stored in
// the conversation too (the chat store does that). The machine's code loads after the page shows.
import type { Coin, MonitorSource, OnboardingProgress } from '@coinlens/contract';
import { useI18next, useTranslation } from 'gatsby-plugin-react-i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Actor } from 'xstate';
import { inNextTask, loadChunk } from '../../../shell/loadChunk';
import { api } from '../../../data/client';
import { variantContext } from '../../../i18n/variant';
import type { Locale } from '../../../i18n/locales';
import type { ChatStore } from '../conversation/conversation';
import { openAddCoinDialog, useFollows } from '../../coins/follows';
import { openAddMonitorDialog, useMonitoredSourceIds } from '../../monitoring/sources';
import type {
  OnboardingEvent,
  OnboardingView,
  onboardingMachine as Machine,
} from '../onboarding/onboardingMachine';
import type { WelcomeItem } from '../onboarding/script';

/** How many hot coins or sources the robot shows with a task. */
const HOT_COUNT = 5;
/** Where the server keeps the user's onboarding progress (GET, and PUT to save). */
export const ONBOARDING_PATH = '/api/chat/onboarding';

export interface Onboarding {
  /** What the script shows and waits for; null while it loads, and when there is none to run. */
  view: OnboardingView | null;
  /** Words to emphasise in the robot's lines, by chat entry key. */
  highlights: ReadonlyMap<string, readonly string[]>;
  /** Sends the user's answer to the script (START, SKIP, NEXT). */
  send: (event: OnboardingEvent) => void;
  /** Opens the dialog of the task being waited for. */
  openTaskDialog: () => void;
}

const entryKey = (item: WelcomeItem) => `onboarding-${item.id}`;

/** Runs the onboarding for `userId` into `store`; calls `onFinish` when the script is over. */
/**
 * Saves progress with `save`, one call at a time: a progress made while one is on its way waits
 * for it and goes next (only the newest), so the server sees them in order. A failed save is not
 * tried again by itself: the next step of the script saves again, and this browser's copy stays.
 */
export function sharing(
  save: (progress: OnboardingProgress) => Promise<unknown>,
): (progress: OnboardingProgress) => void {
  let sending = false;
  let waiting: OnboardingProgress | null = null;
  let last = '';
  const next = () => {
    const progress = waiting;
    waiting = null;
    if (progress === null) {
      sending = false;
      return;
    }
    sending = true;
    void save(progress)
      .catch(() => undefined)
      .then(next);
  };
  return (progress) => {
    const key = JSON.stringify(progress);
    if (key === last) return;
    last = key;
    waiting = progress;
    if (!sending) next();
  };
}

export function useOnboarding(
  store: ChatStore | null,
  userId: number | null,
  onFinish: () => void,
): Onboarding {
  const { t, i18n } = useTranslation('onboarding');
  const language = i18n.language as Locale;
  // On a phone, the lines that say where things are name its tabs (variantContext).
  const context = variantContext(useI18next().originalPath);
  const [view, setView] = useState<OnboardingView | null>(null);
  const [highlights, setHighlights] = useState<ReadonlyMap<string, readonly string[]>>(new Map());
  const actorRef = useRef<Actor<typeof Machine> | null>(null);
  // The latest texts and callbacks, read by the machine's listeners.
  const latest = useRef({ t, language, context, onFinish });
  latest.current = { t, language, context, onFinish };
  const { follows } = useFollows();

  useEffect(() => {
    if (!store || userId === null) return;
    let gone = false;
    const added = new Set<string>();

    const say = (item: WelcomeItem) => {
      const key = entryKey(item);
      if (added.has(key)) return;
      added.add(key);
      const { t: translate, language: lang, context: where } = latest.current;
      store.addRobotMessage({
        key,
        language: lang,
        text: translate(item.text, { context: where }),
        layers: [],
      });
      const words = item.highlight?.map((word) => translate(word)) ?? [];
      if (words.length > 0) setHighlights((map) => new Map(map).set(key, words));
    };

    const pushHot = async (hot: 'coins' | 'sources') => {
      const { t: translate, language: lang } = latest.current;
      try {
        const layer =
          hot === 'coins'
            ? {
                type: 'coins' as const,
                coins: await api.get<Coin[]>('/api/asset/hot', { query: { size: HOT_COUNT } }),
              }
            : {
                type: 'sources' as const,
                sources: await api.monitorGet<MonitorSource[]>('/api/monitor/source/hot', {
                  query: { size: HOT_COUNT },
                }),
              };
        if (gone) return;
        store.addRobotMessage({
          key: `onboarding-hot-${hot}`,
          language: lang,
          text: translate(hot === 'coins' ? 'hot.coins' : 'hot.sources'),
          layers: [layer],
        });
      } catch {
        // The task works without the suggestions: its dialog searches every coin and source.
      }
    };

    // Out of reach (offline), its code is tried again until it comes; the chat works meanwhile.
    const code = loadChunk(() =>
      Promise.all([import('xstate'), import('../onboarding/onboardingMachine')]),
    );
    // The machine starts in the task after the one its code arrived in: its first snapshot draws
    // the conversation's lines, which would otherwise join the chunk's own code in one long task.
    void code.loaded.then(inNextTask).then(async ([{ createActor }, onboarding]) => {
      if (gone) return;
      const local = onboarding.loadProgress(window.localStorage, userId).progress ?? null;
      let shared: OnboardingProgress | null = null;
      try {
        shared = onboarding.checkProgress(await api.get<unknown>(ONBOARDING_PATH));
      } catch {
        // Out of reach: this browser's copy, which the next save brings to the server.
      }
      if (gone) return;
      const progress = onboarding.furthest(local, shared);
      // Finished once: the welcome page is the chat and nothing else.
      if (progress?.finished) return;
      const share = sharing((next) => api.put(ONBOARDING_PATH, { progress: next }));
      const actor = createActor(onboarding.onboardingMachine, { input: { progress } });
      actor.on('openDialog', ({ dialog, resumed }) => {
        if (resumed) return;
        if (dialog === 'addCoin') openAddCoinDialog();
        else openAddMonitorDialog();
      });
      actor.on('pushHot', ({ hot }) => void pushHot(hot));
      // XState tells its subscribers of every event, changed or not: draw new snapshots only.
      let drawn: unknown = null;
      actor.subscribe((snapshot) => {
        if (snapshot === drawn) return;
        drawn = snapshot;
        onboarding.saveProgress(window.localStorage, userId, snapshot);
        share(onboarding.progressOf(snapshot));
        const next = onboarding.selectOnboardingView(snapshot);
        // After a reload the lines shown before come back first, in order.
        for (const item of next.shown) say(item);
        setView(next);
        if (next.done) latest.current.onFinish();
      });
      actorRef.current = actor;
      actor.start();
    });
    return () => {
      gone = true;
      code.stop();
      actorRef.current?.stop();
      actorRef.current = null;
    };
  }, [store, userId]);

  // Task 1 is done once the user follows a coin; task 2 once they monitor a source. Either may
  // come early (a returning user), which the script accepts.
  const hasFollows = (follows?.length ?? 0) > 0;
  const coinTaskPending = view?.tasks[1] === 'pending';
  useEffect(() => {
    if (hasFollows && coinTaskPending) actorRef.current?.send({ type: 'TASK_DONE', task: 1 });
  }, [hasFollows, coinTaskPending]);

  const running = view !== null && !view.done;
  const sourceTaskPending = running && view.tasks[2] === 'pending';
  const monitored = useMonitoredSourceIds(sourceTaskPending);
  const monitorsAny = (monitored?.size ?? 0) > 0;
  useEffect(() => {
    if (sourceTaskPending && monitorsAny) actorRef.current?.send({ type: 'TASK_DONE', task: 2 });
  }, [sourceTaskPending, monitorsAny]);

  const send = useCallback((event: OnboardingEvent) => actorRef.current?.send(event), []);
  const openTaskDialog = useCallback(() => {
    const dialog = view?.dialog;
    if (dialog === 'addCoin') openAddCoinDialog();
    else if (dialog === 'addMonitor') openAddMonitorDialog();
  }, [view?.dialog]);

  return { view, highlights, send, openTaskDialog };
}
