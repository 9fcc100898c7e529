// The login dialog's steps as an XState machine: step 1 (login and register tabs), 21 (the register
// code), 31 (the reset email) and 32 (a new password with the reset code); the resend cooldown;
// validation; and what each answer does. It speaks through its actors (the API calls, swapped in
// tests) and through emitted events (toasts, sign-in), so the dialog only draws it. A code already
// mailed for the address (pendingCodes.ts) leads back to its code step instead of a new send.
import type { UserInfo } from '@coinlens/contract';
import { and, assertEvent, assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import {
  CODE_COOLDOWN_MS,
  cooldownLeft,
  forgetCode,
  pendingCodeSentAt,
  rememberCode,
  type CodeType,
} from './pendingCodes';

/** The resend cooldown, in seconds. */
export const RESEND_COOLDOWN_S = CODE_COOLDOWN_MS / 1000;
/** The shortest password, in characters. */
export const PASSWORD_MIN = 6;

/** Letters, digits, dot, underscore or hyphen, an @, a domain, and a TLD of 2+ letters. */
const EMAIL = /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export function isValidEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

export type LoginTab = 'login' | 'register';

/**
 * A failure an actor reports: the server's code and message, `retryAfter` on a 429, and
 * `codeSent` when the server says a code for the address went out inside the resend cooldown.
 */
export interface AuthFailure {
  code: number;
  msg: string;
  retryAfter: number | null;
  codeSent: boolean;
}

export interface LoginContext {
  tab: LoginTab;
  email: string;
  password: string;
  code: string;
  /** Seconds until the code can be sent again (0: it can). */
  cooldown: number;
}

export type LoginEvent =
  | { type: 'TAB'; tab: LoginTab }
  | { type: 'EMAIL'; value: string }
  | { type: 'PASSWORD'; value: string }
  | { type: 'CODE'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'FORGOT' }
  | { type: 'BACK' }
  | { type: 'RESEND' }
  | { type: 'RESET' };

/** What the machine tells the dialog: a toast (by message key or server text) or a sign-in. */
export type LoginEmitted =
  | { type: 'toast'; toast: 'success' | 'error' | 'info'; key: ToastKey; msg?: string }
  | { type: 'signedIn'; user: UserInfo; registered: boolean }
  | { type: 'loginFail' }
  /** The server refused the code (or the password with it): the boxes are empty again. */
  | { type: 'codeRefused' };

export type ToastKey =
  | 'ErrorEmailTips'
  | 'EnterLimit'
  | 'Sent'
  | 'CodeStillValid'
  | 'sentError'
  | 'LoginSuccess'
  | 'RegistrationSuccess'
  | 'ResetSuccess'
  | 'loginError';

/** Whether the step's main button can be pressed (nothing empty; not while loading). */
export function canSubmit(step: string, context: LoginContext): boolean {
  if (step === 'step31') return context.email.trim() !== '';
  if (step === 'step32') return context.password !== '' && context.code.length === 6;
  return context.email.trim() !== '' && context.password !== '';
}

const REGISTER = { type: 4 } as const;
const RESET = { type: 2 } as const;

const empty: Pick<LoginContext, 'email' | 'password' | 'code'> = {
  email: '',
  password: '',
  code: '',
};

/** The failure an actor's error event carries (any other event: none). */
const failureOf = (event: unknown): AuthFailure =>
  toAuthFailure((event as { error?: unknown } | null)?.error);

const toAuthFailure = (error: unknown): AuthFailure => {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code, msg, retryAfter, codeSent } = error as Partial<AuthFailure>;
    return {
      code: typeof code === 'number' ? code : 0,
      msg: typeof msg === 'string' ? msg : '',
      retryAfter: typeof retryAfter === 'number' ? retryAfter : null,
      codeSent: codeSent === true,
    };
  }
  return { code: 0, msg: '', retryAfter: null, codeSent: false };
};

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    emitted: {} as LoginEmitted,
    input: {} as { tab?: LoginTab },
  },
  actors: {
    sendCode: fromPromise<void, { email: string; type: CodeType }>(async () => {
      throw new Error('sendCode is provided by the dialog');
    }),
    login: fromPromise<UserInfo, { email: string; password: string }>(async () => {
      throw new Error('login is provided by the dialog');
    }),
    register: fromPromise<UserInfo, { email: string; password: string; code: string }>(async () => {
      throw new Error('register is provided by the dialog');
    }),
    changePassword: fromPromise<void, { email: string; password: string; code: string }>(
      async () => {
        throw new Error('changePassword is provided by the dialog');
      },
    ),
  },
  guards: {
    emailInvalid: ({ context }) => !isValidEmail(context.email),
    passwordTooShort: ({ context }) => context.password.length < PASSWORD_MIN,
    onRegisterTab: ({ context }) => context.tab === 'register',
    coolingDown: ({ context }) => context.cooldown > 0,
    /** A code for this address and purpose was mailed and should still work. */
    codePending: ({ context }, params: { type: CodeType }) =>
      pendingCodeSentAt(context.email, params.type) !== null,
    // The server's "a code was sent a moment ago" (a 429 with `codeSent`): that code, in the
    // mailbox, is the one to type. Any other 429 of sendMessage (the per-IP hourly limit) sent
    // nothing, whatever its wait, so it stays on the step with the error.
    codeJustSent: ({ event }) => {
      const { code, codeSent } = failureOf(event);
      return code === 429 && codeSent;
    },
  },
  actions: {
    setTab: assign(({ event }) => {
      assertEvent(event, 'TAB');
      return { tab: event.tab };
    }),
    setEmail: assign(({ event }) => {
      assertEvent(event, 'EMAIL');
      return { email: event.value };
    }),
    setPassword: assign(({ event }) => {
      assertEvent(event, 'PASSWORD');
      return { password: event.value };
    }),
    setCode: assign(({ event }) => {
      assertEvent(event, 'CODE');
      return { code: event.value.replace(/\D/g, '').slice(0, 6) };
    }),
    clearCode: assign({ code: '' }),
    clearAll: assign({ ...empty, cooldown: 0 }),
    startCooldown: assign({ cooldown: RESEND_COOLDOWN_S }),
    rememberCode: ({ context }, params: { type: CodeType }) =>
      rememberCode(context.email, params.type),
    forgetCode: ({ context }, params: { type: CodeType }) => forgetCode(context.email, params.type),
    // An expired code (410) or one with no tries left (423) is no use on its code step any more.
    forgetDeadCode: ({ context, event }, params: { type: CodeType }) => {
      const { code } = failureOf(event);
      if (code === 410 || code === 423) forgetCode(context.email, params.type);
    },
    /** Back on the code step of a code already mailed: the resend waits what is left of its cooldown. */
    resumeCode: assign(({ context }, params: { type: CodeType }) => {
      const sentAt = pendingCodeSentAt(context.email, params.type);
      return { code: '', cooldown: sentAt === null ? 0 : cooldownLeft(sentAt) };
    }),
    // Refused because a code went out `retryAfter` seconds before the cooldown's end: it was sent
    // then, and the resend waits for the server.
    resumeAfterRefusal: enqueueActions(
      ({ context, event, enqueue }, params: { type: CodeType }) => {
        const wait = Math.ceil(failureOf(event).retryAfter ?? 0);
        const email = context.email;
        enqueue(() =>
          rememberCode(email, params.type, Date.now() - CODE_COOLDOWN_MS + wait * 1000),
        );
        enqueue.assign({ code: '', cooldown: wait });
      },
    ),
    tick: assign(({ context }) => ({ cooldown: Math.max(0, context.cooldown - 1) })),
    toastEmail: emit({ type: 'toast', toast: 'error', key: 'ErrorEmailTips' } as const),
    toastPassword: emit({ type: 'toast', toast: 'error', key: 'EnterLimit' } as const),
    toastSent: emit({ type: 'toast', toast: 'success', key: 'Sent' } as const),
    toastStillValid: emit({ type: 'toast', toast: 'info', key: 'CodeStillValid' } as const),
    // A refused call says why, in the server's words.
    toastFailure: emit(({ event }) => ({
      type: 'toast' as const,
      toast: 'error' as const,
      key: 'loginError' as const,
      msg: failureOf(event).msg,
    })),
    announceLoginFail: emit({ type: 'loginFail' } as const),
    announceCodeRefused: emit({ type: 'codeRefused' } as const),
    // A refused send says why (or 'sentError'); a 429 also starts the server's cooldown.
    failedToSend: enqueueActions(({ event, enqueue }) => {
      const failure = failureOf(event);
      if (failure.retryAfter !== null && failure.retryAfter > 0) {
        enqueue.assign({ cooldown: Math.ceil(failure.retryAfter) });
      }
      enqueue.emit({ type: 'toast', toast: 'error', key: 'sentError', msg: failure.msg });
    }),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({ tab: input?.tab ?? 'login', ...empty, cooldown: 0 }),
  type: 'parallel',
  states: {
    // The resend cooldown runs beside the steps: leaving step 21 and coming back keeps it.
    cooldown: {
      initial: 'idle',
      states: {
        idle: { always: { guard: 'coolingDown', target: 'running' } },
        running: {
          after: { 1000: [{ actions: 'tick', target: 'running', reenter: true }] },
          always: { guard: ({ context }) => context.cooldown === 0, target: 'idle' },
        },
      },
    },
    steps: {
      initial: 'step1',
      on: {
        EMAIL: { actions: 'setEmail' },
        PASSWORD: { actions: 'setPassword' },
        CODE: { actions: 'setCode' },
        RESET: { target: '.step1', actions: ['clearAll', assign({ tab: 'login' })] },
      },
      states: {
        step1: {
          initial: 'editing',
          on: {
            TAB: { actions: 'setTab' },
            FORGOT: { target: 'step31', actions: assign({ password: '', code: '' }) },
          },
          states: {
            editing: {
              on: {
                SUBMIT: [
                  { guard: 'emailInvalid', actions: 'toastEmail' },
                  { guard: 'passwordTooShort', actions: 'toastPassword' },
                  {
                    guard: and(['onRegisterTab', { type: 'codePending', params: REGISTER }]),
                    target: '#login.steps.step21',
                    actions: [{ type: 'resumeCode', params: REGISTER }, 'toastStillValid'],
                  },
                  { guard: 'onRegisterTab', target: 'sendingCode' },
                  { target: 'loggingIn' },
                ],
              },
            },
            loggingIn: {
              invoke: {
                src: 'login',
                input: ({ context }) => ({
                  email: context.email.trim(),
                  password: context.password,
                }),
                onDone: {
                  target: '#login.steps.done',
                  actions: emit(({ event }) => ({
                    type: 'signedIn' as const,
                    user: event.output,
                    registered: event.output.times > 0,
                  })),
                },
                onError: {
                  target: 'editing',
                  actions: ['toastFailure', 'announceLoginFail'],
                },
              },
            },
            sendingCode: {
              invoke: {
                src: 'sendCode',
                input: ({ context }) => ({ email: context.email.trim(), type: 4 as const }),
                onDone: {
                  target: '#login.steps.step21',
                  actions: [
                    'startCooldown',
                    { type: 'rememberCode', params: REGISTER },
                    'toastSent',
                  ],
                },
                onError: [
                  {
                    guard: 'codeJustSent',
                    target: '#login.steps.step21',
                    actions: [{ type: 'resumeAfterRefusal', params: REGISTER }, 'toastStillValid'],
                  },
                  { target: 'editing', actions: 'failedToSend' },
                ],
              },
            },
          },
        },
        step21: {
          initial: 'editing',
          on: { BACK: { target: 'step1', actions: 'clearCode' } },
          states: {
            editing: {
              on: {
                CODE: [
                  {
                    guard: ({ event }) => event.value.replace(/\D/g, '').length >= 6,
                    actions: 'setCode',
                    target: 'registering',
                  },
                  { actions: 'setCode' },
                ],
                RESEND: { guard: ({ context }) => context.cooldown === 0, target: 'resending' },
              },
            },
            resending: {
              invoke: {
                src: 'sendCode',
                input: ({ context }) => ({ email: context.email.trim(), type: 4 as const }),
                onDone: {
                  target: 'editing',
                  actions: [
                    'startCooldown',
                    { type: 'rememberCode', params: REGISTER },
                    'toastSent',
                  ],
                },
                onError: { target: 'editing', actions: 'failedToSend' },
              },
            },
            registering: {
              invoke: {
                src: 'register',
                input: ({ context }) => ({
                  email: context.email.trim(),
                  password: context.password,
                  code: context.code,
                }),
                onDone: {
                  target: '#login.steps.done',
                  actions: [
                    { type: 'forgetCode', params: REGISTER },
                    emit(({ event }) => ({
                      type: 'signedIn' as const,
                      user: event.output,
                      registered: true,
                    })),
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: [
                    { type: 'forgetDeadCode', params: REGISTER },
                    'clearCode',
                    'announceCodeRefused',
                    'toastFailure',
                    'announceLoginFail',
                  ],
                },
              },
            },
          },
        },
        step31: {
          initial: 'editing',
          on: { BACK: { target: 'step1' } },
          states: {
            editing: {
              on: {
                SUBMIT: [
                  { guard: 'emailInvalid', actions: 'toastEmail' },
                  {
                    guard: { type: 'codePending', params: RESET },
                    target: '#login.steps.step32',
                    actions: [{ type: 'resumeCode', params: RESET }, 'toastStillValid'],
                  },
                  { target: 'sendingCode' },
                ],
              },
            },
            sendingCode: {
              invoke: {
                src: 'sendCode',
                input: ({ context }) => ({ email: context.email.trim(), type: 2 as const }),
                onDone: {
                  target: '#login.steps.step32',
                  actions: ['startCooldown', { type: 'rememberCode', params: RESET }, 'toastSent'],
                },
                onError: [
                  {
                    guard: 'codeJustSent',
                    target: '#login.steps.step32',
                    actions: [{ type: 'resumeAfterRefusal', params: RESET }, 'toastStillValid'],
                  },
                  { target: 'editing', actions: 'failedToSend' },
                ],
              },
            },
          },
        },
        step32: {
          initial: 'editing',
          entry: assign({ password: '', code: '' }),
          on: { BACK: { target: 'step31' } },
          states: {
            editing: {
              on: {
                SUBMIT: [
                  { guard: 'passwordTooShort', actions: 'toastPassword' },
                  { guard: ({ context }) => context.code.length !== 6 },
                  { target: 'changing' },
                ],
                RESEND: { guard: ({ context }) => context.cooldown === 0, target: 'resending' },
              },
            },
            resending: {
              invoke: {
                src: 'sendCode',
                input: ({ context }) => ({ email: context.email.trim(), type: 2 as const }),
                onDone: {
                  target: 'editing',
                  actions: ['startCooldown', { type: 'rememberCode', params: RESET }, 'toastSent'],
                },
                onError: { target: 'editing', actions: 'failedToSend' },
              },
            },
            changing: {
              invoke: {
                src: 'changePassword',
                input: ({ context }) => ({
                  email: context.email.trim(),
                  password: context.password,
                  code: context.code,
                }),
                onDone: {
                  target: '#login.steps.step1',
                  actions: [
                    { type: 'forgetCode', params: RESET },
                    emit({ type: 'toast', toast: 'success', key: 'ResetSuccess' } as const),
                    assign({ tab: 'login' as const, ...empty, cooldown: 0 }),
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: [
                    { type: 'forgetDeadCode', params: RESET },
                    'clearCode',
                    'announceCodeRefused',
                    'toastFailure',
                  ],
                },
              },
            },
          },
        },
        done: { type: 'final' },
      },
    },
  },
});
