import {
  CODE_LIFETIME_MS,
  cooldownLeft,
  forgetCode,
  pendingCodeSentAt,
  rememberCode,
} from './pendingCodes';

const KEY = 'coinlens:pending-codes';
const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);

beforeEach(() => window.sessionStorage.clear());
afterEach(() => jest.restoreAllMocks());

describe('the codes this tab had mailed', () => {
  it('are kept by address (as the server compares it) and purpose for the code’s 10 minutes', () => {
    rememberCode(' Ada@Example.com ', 4, T0);
    expect(pendingCodeSentAt('ada@example.com', 4, T0 + 1000)).toBe(T0);
    expect(pendingCodeSentAt('ada@example.com', 2, T0 + 1000)).toBeNull();
    expect(pendingCodeSentAt('grace@example.com', 4, T0 + 1000)).toBeNull();
    expect(pendingCodeSentAt('ada@example.com', 4, T0 + CODE_LIFETIME_MS - 1)).toBe(T0);
    expect(pendingCodeSentAt('ada@example.com', 4, T0 + CODE_LIFETIME_MS)).toBeNull();
  });

  it('are forgotten one by one, and the storage entry goes with the last', () => {
    jest.spyOn(Date, 'now').mockReturnValue(T0);
    rememberCode('ada@example.com', 4);
    rememberCode('ada@example.com', 2);
    forgetCode('ada@example.com', 4);
    expect(pendingCodeSentAt('ada@example.com', 4)).toBeNull();
    expect(pendingCodeSentAt('ada@example.com', 2)).toBe(T0);
    forgetCode('ada@example.com', 2);
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
  });

  it.each([['not json'], ['[1, 2]'], ['{"4:ada@example.com": "yesterday"}'], ['null']])(
    'count as none when the storage holds %p',
    (stored) => {
      window.sessionStorage.setItem(KEY, stored);
      expect(pendingCodeSentAt('ada@example.com', 4, T0)).toBeNull();
      rememberCode('ada@example.com', 4, T0);
      expect(pendingCodeSentAt('ada@example.com', 4, T0)).toBe(T0);
    },
  );

  it('count as none, without an error, when the storage refuses', () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => rememberCode('ada@example.com', 4, T0)).not.toThrow();
    expect(pendingCodeSentAt('ada@example.com', 4, T0)).toBeNull();
  });
});

describe('the wait before another send', () => {
  it.each([
    [0, 60],
    [1, 60],
    [1000, 59],
    [59_001, 1],
    [60_000, 0],
    [300_000, 0],
    // A clock set back since the send: never more than the cooldown.
    [-30_000, 60],
  ])('%p ms after the send is %p s', (elapsed, seconds) => {
    expect(cooldownLeft(T0, T0 + elapsed)).toBe(seconds);
  });
});
