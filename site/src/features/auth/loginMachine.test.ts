import type { UserInfo } from '@coinlens/contract';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import {
  canSubmit,
  isValidEmail,
  loginMachine,
  RESEND_COOLDOWN_S,
  type AuthFailure,
  type LoginEmitted,
} from './loginMachine';

const user = (times = 0): UserInfo => ({
  id: 1,
  account: 'ada@example.com',
  nickname: 'ada',
  avatar: null,
  times,
  tokenInfo: { tokenName: 'Authorization', tokenValue: 'tok', expiresAt: 0 },
});

const failure = (
  code: number,
  msg: string,
  retryAfter: number | null = null,
  codeSent = false,
): AuthFailure => ({ code, msg, retryAfter, codeSent });

interface Fakes {
  sendCode?: (input: { email: string; type: 2 | 4 }) => Promise<void>;
  login?: (input: { email: string; password: string }) => Promise<UserInfo>;
  register?: (input: { email: string; password: string; code: string }) => Promise<UserInfo>;
  changePassword?: (input: { email: string; password: string; code: string }) => Promise<void>;
}

function start(fakes: Fakes = {}) {
  const calls: Array<[string, unknown]> = [];
  const machine = loginMachine.provide({
    actors: {
      sendCode: fromPromise(async ({ input }) => {
        calls.push(['sendCode', input]);
        return fakes.sendCode ? fakes.sendCode(input) : undefined;
      }),
      login: fromPromise(async ({ input }) => {
        calls.push(['login', input]);
        return fakes.login ? fakes.login(input) : user();
      }),
      register: fromPromise(async ({ input }) => {
        calls.push(['register', input]);
        return fakes.register ? fakes.register(input) : user(1);
      }),
      changePassword: fromPromise(async ({ input }) => {
        calls.push(['changePassword', input]);
        return fakes.changePassword ? fakes.changePassword(input) : undefined;
      }),
    },
  });
  const actor = createActor(machine, { input: {} });
  const emitted: LoginEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted, calls };
}

const step = (snapshot: SnapshotFrom<typeof loginMachine>) =>
  (snapshot.value as { steps: string | Record<string, string> }).steps;

/** Lets the invoked promises settle. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

beforeEach(() => {
  jest.useFakeTimers();
  // What the tab remembers of the codes it had mailed (a reload keeps it; a new test does not).
  window.sessionStorage.clear();
});
afterEach(() => jest.useRealTimers());

describe('the email rule', () => {
  it.each([
    ['ada@example.com', true],
    ['a.b_c-d@mail.example.co', true],
    ['  ada@example.com  ', true],
    ['ada@example', false],
    ['ada@example.c', false],
    ['ada+tag@example.com', false],
    ['@example.com', false],
    ['ada@@example.com', false],
    ['', false],
  ])('%p is an email: %p', (value, expected) => {
    expect(isValidEmail(value)).toBe(expected);
  });
});

describe('the main button', () => {
  const context = { tab: 'login' as const, email: '', password: '', code: '', cooldown: 0 };
  it('waits for email and password on step 1, the email on step 31, a password and 6 digits on 32', () => {
    expect(canSubmit('step1', context)).toBe(false);
    expect(canSubmit('step1', { ...context, email: 'a@b.co' })).toBe(false);
    expect(canSubmit('step1', { ...context, email: 'a@b.co', password: 'x' })).toBe(true);
    expect(canSubmit('step31', { ...context, email: 'a@b.co' })).toBe(true);
    expect(canSubmit('step32', { ...context, password: 'secret1', code: '12345' })).toBe(false);
    expect(canSubmit('step32', { ...context, password: 'secret1', code: '123456' })).toBe(true);
  });
});

describe('step 1', () => {
  it('refuses a malformed email and a short password, calling nothing', () => {
    const { actor, emitted, calls } = start();
    actor.send({ type: 'EMAIL', value: 'ada@example' });
    actor.send({ type: 'PASSWORD', value: 'secret1' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'EMAIL', value: 'ada@example.com' });
    actor.send({ type: 'PASSWORD', value: '12345' });
    actor.send({ type: 'SUBMIT' });
    expect(emitted).toEqual([
      { type: 'toast', toast: 'error', key: 'ErrorEmailTips' },
      { type: 'toast', toast: 'error', key: 'EnterLimit' },
    ]);
    expect(calls).toEqual([]);
  });

  it('logs in and says whether the account is new', async () => {
    const { actor, emitted, calls } = start();
    actor.send({ type: 'EMAIL', value: ' ada@example.com ' });
    actor.send({ type: 'PASSWORD', value: 'secret1' });
    actor.send({ type: 'SUBMIT' });
    expect(step(actor.getSnapshot())).toEqual({ step1: 'loggingIn' });
    await settle();
    expect(calls).toEqual([['login', { email: 'ada@example.com', password: 'secret1' }]]);
    expect(emitted).toEqual([{ type: 'signedIn', user: user(), registered: false }]);
    expect(step(actor.getSnapshot())).toBe('done');
  });

  it('stops the spinner on a failed login, says why and emits login-fail', async () => {
    const { actor, emitted } = start({
      login: () => Promise.reject(failure(403, 'Wrong email or password')),
    });
    actor.send({ type: 'EMAIL', value: 'ada@example.com' });
    actor.send({ type: 'PASSWORD', value: 'secret1' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(step(actor.getSnapshot())).toEqual({ step1: 'editing' });
    expect(emitted).toEqual([
      { type: 'toast', toast: 'error', key: 'loginError', msg: 'Wrong email or password' },
      { type: 'loginFail' },
    ]);
    expect(actor.getSnapshot().context.password).toBe('secret1');
  });

  it('treats a network failure as a failed login', async () => {
    const { actor, emitted } = start({ login: () => Promise.reject(new TypeError('offline')) });
    actor.send({ type: 'EMAIL', value: 'ada@example.com' });
    actor.send({ type: 'PASSWORD', value: 'secret1' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(emitted.map((event) => event.type)).toEqual(['toast', 'loginFail']);
  });
});

describe('registering', () => {
  async function toStep21(fakes: Fakes = {}) {
    const started = start(fakes);
    started.actor.send({ type: 'TAB', tab: 'register' });
    started.actor.send({ type: 'EMAIL', value: 'ada@example.com' });
    started.actor.send({ type: 'PASSWORD', value: 'secret1' });
    started.actor.send({ type: 'SUBMIT' });
    await settle();
    return started;
  }

  it('sends the type 4 code, moves to step 21 and counts down 60 s before a resend', async () => {
    const { actor, emitted, calls } = await toStep21();
    expect(calls).toEqual([['sendCode', { email: 'ada@example.com', type: 4 }]]);
    expect(step(actor.getSnapshot())).toEqual({ step21: 'editing' });
    expect(emitted).toEqual([{ type: 'toast', toast: 'success', key: 'Sent' }]);
    expect(actor.getSnapshot().context.cooldown).toBe(RESEND_COOLDOWN_S);
    actor.send({ type: 'RESEND' });
    expect(calls).toHaveLength(1);
    jest.advanceTimersByTime(59_000);
    expect(actor.getSnapshot().context.cooldown).toBe(1);
    jest.advanceTimersByTime(1_000);
    expect(actor.getSnapshot().context.cooldown).toBe(0);
    jest.advanceTimersByTime(5_000);
    expect(actor.getSnapshot().context.cooldown).toBe(0);
    actor.send({ type: 'RESEND' });
    await settle();
    expect(calls).toHaveLength(2);
    expect(actor.getSnapshot().context.cooldown).toBe(RESEND_COOLDOWN_S);
  });

  it('registers when the sixth digit is in', async () => {
    const { actor, emitted, calls } = await toStep21();
    actor.send({ type: 'CODE', value: '12345' });
    expect(step(actor.getSnapshot())).toEqual({ step21: 'editing' });
    actor.send({ type: 'CODE', value: '123456' });
    await settle();
    expect(calls.at(-1)).toEqual([
      'register',
      { email: 'ada@example.com', password: 'secret1', code: '123456' },
    ]);
    expect(emitted.at(-1)).toEqual({ type: 'signedIn', user: user(1), registered: true });
  });

  it('clears a wrong code and says why', async () => {
    const { actor, emitted } = await toStep21({
      register: () => Promise.reject(failure(403, 'The code is wrong')),
    });
    actor.send({ type: 'CODE', value: '999999' });
    await settle();
    expect(step(actor.getSnapshot())).toEqual({ step21: 'editing' });
    expect(actor.getSnapshot().context.code).toBe('');
    expect(emitted.slice(-3)).toEqual([
      { type: 'codeRefused' },
      { type: 'toast', toast: 'error', key: 'loginError', msg: 'The code is wrong' },
      { type: 'loginFail' },
    ]);
  });

  it('goes back to step 1 with the back arrow, keeping the cooldown', async () => {
    const { actor } = await toStep21();
    actor.send({ type: 'BACK' });
    expect(step(actor.getSnapshot())).toEqual({ step1: 'editing' });
    expect(actor.getSnapshot().context.cooldown).toBe(RESEND_COOLDOWN_S);
  });

  it('takes the code step when the server says a code was sent a moment ago (429)', async () => {
    const { actor, emitted } = await toStep21({
      sendCode: () => Promise.reject(failure(429, 'A code was sent a moment ago', 42, true)),
    });
    expect(step(actor.getSnapshot())).toEqual({ step21: 'editing' });
    expect(emitted).toEqual([{ type: 'toast', toast: 'info', key: 'CodeStillValid' }]);
    expect(actor.getSnapshot().context.cooldown).toBe(42);
    jest.advanceTimersByTime(42_000);
    expect(actor.getSnapshot().context.cooldown).toBe(0);
  });

  it('stays on step 1 and says why when the wait is the per-IP hour, not a code just sent', async () => {
    const { actor, emitted } = await toStep21({
      sendCode: () => Promise.reject(failure(429, 'Too many requests', 1800)),
    });
    expect(step(actor.getSnapshot())).toEqual({ step1: 'editing' });
    expect(actor.getSnapshot().context.cooldown).toBe(1800);
    expect(emitted).toEqual([
      { type: 'toast', toast: 'error', key: 'sentError', msg: 'Too many requests' },
    ]);
  });

  it('stays on step 1 when the per-IP hour ends in 30 s: a short wait is no code sent', async () => {
    const { actor, emitted, calls } = await toStep21({
      sendCode: () => Promise.reject(failure(429, 'Too many requests', 30)),
    });
    expect(step(actor.getSnapshot())).toEqual({ step1: 'editing' });
    expect(actor.getSnapshot().context.cooldown).toBe(30);
    expect(emitted).toEqual([
      { type: 'toast', toast: 'error', key: 'sentError', msg: 'Too many requests' },
    ]);
    // Nothing is remembered as mailed: once the wait is over, Next sends a code.
    jest.advanceTimersByTime(30_000);
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(calls.map(([name]) => name)).toEqual(['sendCode', 'sendCode']);
  });
});

describe('a code already mailed', () => {
  /** Step 1 of a fresh dialog (a reload) filled in for `email`, then Next. */
  async function registerAgain(email = 'ada@example.com', fakes: Fakes = {}) {
    const started = start(fakes);
    started.actor.send({ type: 'TAB', tab: 'register' });
    started.actor.send({ type: 'EMAIL', value: email });
    started.actor.send({ type: 'PASSWORD', value: 'secret1' });
    started.actor.send({ type: 'SUBMIT' });
    await settle();
    return started;
  }

  it('leads back to its code step after a reload, with what is left of the cooldown', async () => {
    const first = await registerAgain();
    expect(first.calls).toHaveLength(1);
    first.actor.stop();
    jest.advanceTimersByTime(20_000);

    const { actor, emitted, calls } = await registerAgain(' ADA@example.com ');
    expect(calls).toEqual([]);
    expect(step(actor.getSnapshot())).toEqual({ step21: 'editing' });
    expect(emitted).toEqual([{ type: 'toast', toast: 'info', key: 'CodeStillValid' }]);
    expect(actor.getSnapshot().context.cooldown).toBe(40);
    actor.send({ type: 'RESEND' });
    expect(calls).toEqual([]);
    jest.advanceTimersByTime(40_000);
    expect(actor.getSnapshot().context.cooldown).toBe(0);

    actor.send({ type: 'CODE', value: '123456' });
    await settle();
    expect(calls).toEqual([
      ['register', { email: 'ADA@example.com', password: 'secret1', code: '123456' }],
    ]);
  });

  it('leads back to its code step from the Back arrow, and may be sent again after 60 s', async () => {
    const { actor, calls } = await registerAgain();
    jest.advanceTimersByTime(5_000);
    actor.send({ type: 'BACK' });
    actor.send({ type: 'SUBMIT' });
    expect(step(actor.getSnapshot())).toEqual({ step21: 'editing' });
    expect(actor.getSnapshot().context.cooldown).toBe(55);
    jest.advanceTimersByTime(55_000);
    actor.send({ type: 'RESEND' });
    await settle();
    expect(calls.map(([name]) => name)).toEqual(['sendCode', 'sendCode']);
    expect(actor.getSnapshot().context.cooldown).toBe(RESEND_COOLDOWN_S);
  });

  it('is asked for again once its 10 minutes are over, or for another address', async () => {
    (await registerAgain()).actor.stop();
    const other = await registerAgain('grace@example.com');
    expect(other.calls).toHaveLength(1);
    other.actor.stop();
    jest.advanceTimersByTime(10 * 60_000);
    const { actor, calls } = await registerAgain();
    expect(calls).toEqual([['sendCode', { email: 'ada@example.com', type: 4 }]]);
    expect(step(actor.getSnapshot())).toEqual({ step21: 'editing' });
  });

  it('is forgotten once it registered or expired', async () => {
    const registered = await registerAgain();
    registered.actor.send({ type: 'CODE', value: '123456' });
    await settle();
    expect((await registerAgain()).calls.map(([name]) => name)).toEqual(['sendCode']);

    window.sessionStorage.clear();
    const expired = await registerAgain('grace@example.com', {
      register: () => Promise.reject(failure(410, 'The code has expired')),
    });
    expired.actor.send({ type: 'CODE', value: '123456' });
    await settle();
    expired.actor.send({ type: 'BACK' });
    jest.advanceTimersByTime(60_000);
    expired.actor.send({ type: 'SUBMIT' });
    await settle();
    expect(expired.calls.map(([name]) => name)).toEqual(['sendCode', 'register', 'sendCode']);
  });

  it('is kept after a wrong code: Back and Next return to it', async () => {
    const { actor, calls } = await registerAgain('ada@example.com', {
      register: () => Promise.reject(failure(403, 'The code is wrong')),
    });
    actor.send({ type: 'CODE', value: '999999' });
    await settle();
    actor.send({ type: 'BACK' });
    actor.send({ type: 'SUBMIT' });
    expect(step(actor.getSnapshot())).toEqual({ step21: 'editing' });
    expect(calls.map(([name]) => name)).toEqual(['sendCode', 'register']);
  });

  it('remembers the code of a refusal (429): a reload leads back to it too', async () => {
    const refused = await registerAgain('ada@example.com', {
      sendCode: () => Promise.reject(failure(429, 'A code was sent a moment ago', 30, true)),
    });
    refused.actor.stop();
    jest.advanceTimersByTime(10_000);
    const { actor, calls } = await registerAgain();
    expect(calls).toEqual([]);
    expect(actor.getSnapshot().context.cooldown).toBe(20);
  });

  it('of a reset leads back to step 32 from step 31', async () => {
    const first = start();
    first.actor.send({ type: 'FORGOT' });
    first.actor.send({ type: 'EMAIL', value: 'ada@example.com' });
    first.actor.send({ type: 'SUBMIT' });
    await settle();
    first.actor.send({ type: 'BACK' });
    first.actor.send({ type: 'SUBMIT' });
    expect(step(first.actor.getSnapshot())).toEqual({ step32: 'editing' });
    expect(first.calls).toHaveLength(1);
    // A register code for the same address is another code.
    expect((await registerAgain()).calls.map(([name]) => name)).toEqual(['sendCode']);
  });
});

describe('resetting the password', () => {
  async function toStep32(fakes: Fakes = {}) {
    const started = start(fakes);
    started.actor.send({ type: 'EMAIL', value: 'ada@example.com' });
    started.actor.send({ type: 'PASSWORD', value: 'typed' });
    started.actor.send({ type: 'FORGOT' });
    started.actor.send({ type: 'SUBMIT' });
    await settle();
    return started;
  }

  it('asks for a valid email on step 31, then sends the type 2 code and moves to 32', async () => {
    const { actor, emitted, calls } = start();
    actor.send({ type: 'FORGOT' });
    expect(step(actor.getSnapshot())).toEqual({ step31: 'editing' });
    actor.send({ type: 'EMAIL', value: 'nope' });
    actor.send({ type: 'SUBMIT' });
    expect(emitted).toEqual([{ type: 'toast', toast: 'error', key: 'ErrorEmailTips' }]);
    actor.send({ type: 'EMAIL', value: 'ada@example.com' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(calls).toEqual([['sendCode', { email: 'ada@example.com', type: 2 }]]);
    expect(step(actor.getSnapshot())).toEqual({ step32: 'editing' });
  });

  it('goes back from 32 to 31 and from 31 to 1', async () => {
    const { actor } = await toStep32();
    actor.send({ type: 'BACK' });
    expect(step(actor.getSnapshot())).toEqual({ step31: 'editing' });
    actor.send({ type: 'BACK' });
    expect(step(actor.getSnapshot())).toEqual({ step1: 'editing' });
  });

  it('refuses a short new password, then changes it and returns to a cleared login tab', async () => {
    const { actor, emitted, calls } = await toStep32();
    expect(actor.getSnapshot().context.password).toBe('');
    actor.send({ type: 'PASSWORD', value: '123' });
    actor.send({ type: 'CODE', value: '654321' });
    actor.send({ type: 'SUBMIT' });
    expect(emitted.at(-1)).toEqual({ type: 'toast', toast: 'error', key: 'EnterLimit' });
    actor.send({ type: 'PASSWORD', value: 'new-secret' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(calls.at(-1)).toEqual([
      'changePassword',
      { email: 'ada@example.com', password: 'new-secret', code: '654321' },
    ]);
    expect(emitted.at(-1)).toEqual({ type: 'toast', toast: 'success', key: 'ResetSuccess' });
    expect(step(actor.getSnapshot())).toEqual({ step1: 'editing' });
    expect(actor.getSnapshot().context).toEqual({
      tab: 'login',
      email: '',
      password: '',
      code: '',
      cooldown: 0,
    });
  });

  it('keeps step 32 with the server message when the change fails', async () => {
    const { actor, emitted } = await toStep32({
      changePassword: () => Promise.reject(failure(410, 'The code has expired')),
    });
    actor.send({ type: 'PASSWORD', value: 'new-secret' });
    actor.send({ type: 'CODE', value: '654321' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(step(actor.getSnapshot())).toEqual({ step32: 'editing' });
    expect(actor.getSnapshot().context.code).toBe('');
    expect(emitted.at(-2)).toEqual({ type: 'codeRefused' });
    expect(emitted.at(-1)).toEqual({
      type: 'toast',
      toast: 'error',
      key: 'loginError',
      msg: 'The code has expired',
    });
  });
});

describe('closing', () => {
  it('resets to step 1 and clears the fields and the timer', async () => {
    const { actor } = start();
    actor.send({ type: 'TAB', tab: 'register' });
    actor.send({ type: 'EMAIL', value: 'ada@example.com' });
    actor.send({ type: 'PASSWORD', value: 'secret1' });
    actor.send({ type: 'SUBMIT' });
    await settle();
    actor.send({ type: 'RESET' });
    expect(step(actor.getSnapshot())).toEqual({ step1: 'editing' });
    expect(actor.getSnapshot().context).toEqual({
      tab: 'login',
      email: '',
      password: '',
      code: '',
      cooldown: 0,
    });
  });
});
