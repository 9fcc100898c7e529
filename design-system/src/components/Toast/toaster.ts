// The toast store: plain TypeScript with no React and no DOM, so the site can raise a toast from
// anywhere (an API client, a state machine) and the `<Toaster>` component only draws what it holds.

/** What a toast reports; each type has its own icon, so the type is never told by colour alone. */
export type ToastType = 'success' | 'error' | 'warning' | 'info';

/** How long a toast stays, in milliseconds, unless it is given its own duration (product rule). */
export const TOAST_DURATION = 3000;

/** The largest delay `setTimeout` honours; anything longer (or `Infinity`) means "until closed". */
const MAX_TIMEOUT = 2 ** 31 - 1;

export interface ToastOptions {
  /** What kind of message it is: picks the icon, the colour and how urgently it is announced. */
  type: ToastType;
  /** The message, already translated. */
  title: string;
  /** An optional second line with details. */
  description?: string;
  /** Milliseconds before it closes by itself; `Infinity` keeps it until closed. */
  duration?: number;
  /** Reuse an id to replace that toast instead of adding one (e.g. "Saving…" then "Saved"). */
  id?: string;
}

/** A toast as the store holds it. */
export interface ToastData {
  /** Identifies the toast for `dismiss(id)`. */
  id: string;
  /** What kind of message it is. */
  type: ToastType;
  /** The message. */
  title: string;
  /** The optional second line. */
  description: string | undefined;
  /** Milliseconds it stays on screen; `Infinity` when it stays until closed. */
  duration: number;
}

export interface CreateToasterOptions {
  /** Default milliseconds a toast stays (3000 unless given). */
  duration?: number;
}

export interface ToasterStore {
  /**
   * Shows a toast and returns its id. An identical toast already shown (same type, title and
   * description, no id given) is moved to the top instead, with its time started again; one that
   * stays until closed stays so.
   */
  create(options: ToastOptions): string;
  /** Closes one toast by id, or every toast when called without one. */
  dismiss(id?: string): void;
  /** Calls `listener` with the toasts (oldest first) after every change; returns the unsubscribe. */
  subscribe(listener: (details: { toasts: readonly ToastData[] }) => void): () => void;
  /** The toasts shown now, oldest first. The array is replaced on change, never mutated. */
  getToasts(): readonly ToastData[];
  /** Stops every toast's countdown (the pointer or focus is on the toasts). */
  pause(): void;
  /** Restarts the countdowns where `pause` left them. */
  resume(): void;
}

interface Countdown {
  /** Milliseconds still to wait. */
  remaining: number;
  /** When the running timer was started, or undefined while paused. */
  startedAt?: number;
  timer?: ReturnType<typeof setTimeout>;
}

const isSticky = (duration: number) => duration > MAX_TIMEOUT;

/** A positive number of milliseconds, or the fallback for anything else (0, negative, NaN). */
function validDuration(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && value > 0 ? value : fallback;
}

/**
 * Makes a toast store. The app keeps one (`toaster`, exported beside this) and renders one
 * `<Toaster toaster={toaster} />`; tests and stories make their own. Safe to create on a server:
 * nothing touches `window`, and timers only start when a toast is created.
 */
export function createToaster(options: CreateToasterOptions = {}): ToasterStore {
  const defaultDuration = validDuration(options.duration, TOAST_DURATION);
  const listeners = new Set<(details: { toasts: readonly ToastData[] }) => void>();
  const countdowns = new Map<string, Countdown>();
  let toasts: readonly ToastData[] = [];
  let paused = false;
  let counter = 0;

  const emit = () => {
    for (const listener of [...listeners]) listener({ toasts });
  };

  const stopTimer = (id: string) => {
    const countdown = countdowns.get(id);
    if (countdown?.timer !== undefined) clearTimeout(countdown.timer);
    countdowns.delete(id);
  };

  const run = (id: string, countdown: Countdown) => {
    countdown.startedAt = Date.now();
    countdown.timer = setTimeout(() => {
      countdowns.delete(id);
      remove(id);
    }, countdown.remaining);
  };

  const startTimer = (id: string, duration: number) => {
    stopTimer(id);
    if (isSticky(duration)) return;
    const countdown: Countdown = { remaining: duration };
    countdowns.set(id, countdown);
    if (!paused) run(id, countdown);
  };

  const remove = (id: string) => {
    const next = toasts.filter((toast) => toast.id !== id);
    if (next.length === toasts.length) return;
    stopTimer(id);
    toasts = next;
    emit();
  };

  return {
    create({ id: requestedId, type, title, description, duration }) {
      // The same message raised twice (a double click, a retry loop) is one toast, not a pile.
      const duplicate =
        requestedId === undefined
          ? toasts.find(
              (toast) =>
                toast.type === type && toast.title === title && toast.description === description,
            )
          : undefined;
      // A repeat of a toast that stays until closed (a wait that goes on) keeps it so: a short
      // repeat never cuts it short.
      const toastDuration =
        duplicate && isSticky(duplicate.duration)
          ? duplicate.duration
          : validDuration(duration, defaultDuration);
      const id = requestedId ?? duplicate?.id ?? `toast-${++counter}`;
      const toast: ToastData = { id, type, title, description, duration: toastDuration };
      // A replaced or repeated toast moves to the top, as the newest news.
      toasts = [...toasts.filter((existing) => existing.id !== id), toast];
      startTimer(id, toastDuration);
      emit();
      return id;
    },

    dismiss(id) {
      if (id !== undefined) {
        remove(id);
        return;
      }
      if (toasts.length === 0) return;
      for (const key of [...countdowns.keys()]) stopTimer(key);
      toasts = [];
      emit();
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    getToasts: () => toasts,

    pause() {
      if (paused) return;
      paused = true;
      const now = Date.now();
      for (const countdown of countdowns.values()) {
        if (countdown.timer === undefined || countdown.startedAt === undefined) continue;
        clearTimeout(countdown.timer);
        countdown.remaining = Math.max(0, countdown.remaining - (now - countdown.startedAt));
        countdown.timer = undefined;
        countdown.startedAt = undefined;
      }
    },

    resume() {
      if (!paused) return;
      paused = false;
      for (const [id, countdown] of countdowns) run(id, countdown);
    },
  };
}

/** The app's toast store: `toaster.create({ type: 'success', title: t('Saved') })` from anywhere. */
export const toaster = createToaster();
