import { ALERT_WEBHOOK_URL_MAX } from '@coinlens/contract';
import { deliveryState, webhookUrlProblem } from './webhook';

describe('webhookUrlProblem', () => {
  it.each([
    ['https://hooks.example.com/coinlens', null],
    ['  https://hooks.example.com/coinlens  ', null],
    ['https://203.0.114.7:8443/in?x=1', null],
    ['', 'required'],
    ['   ', 'required'],
    ['hooks.example.com/coinlens', 'notHttps'],
    ['http://hooks.example.com/coinlens', 'notHttps'],
    ['HTTP://hooks.example.com', 'notHttps'],
    ['ftp://hooks.example.com', 'notHttps'],
    ['https://', 'notHttps'],
    ['https://ana:secret@hooks.example.com/', 'notHttps'],
    ['https://ana@hooks.example.com/', 'notHttps'],
  ] as const)('takes %j as %s', (text, problem) => {
    expect(webhookUrlProblem(text)).toBe(problem);
  });

  it('takes an address of the most characters the server takes, and refuses one more', () => {
    const base = 'https://hooks.example.com/';
    const longest = base + 'a'.repeat(ALERT_WEBHOOK_URL_MAX - base.length);
    expect(webhookUrlProblem(longest)).toBeNull();
    expect(webhookUrlProblem(`${longest}a`)).toBe('tooLong');
  });

  it('leaves what only the server can tell to the server (a private or unknown host)', () => {
    expect(webhookUrlProblem('https://10.0.0.5/hook')).toBeNull();
    expect(webhookUrlProblem('https://nowhere.invalid/hook')).toBeNull();
  });
});

describe('deliveryState', () => {
  it.each([
    [null, 'none'],
    [{ at: 1, ok: true, status: 200 }, 'ok'],
    [{ at: 1, ok: true, status: 204 }, 'ok'],
    [{ at: 1, ok: false, status: 500 }, 'refused'],
    [{ at: 1, ok: false, status: 301 }, 'refused'],
    [{ at: 1, ok: false, status: null }, 'noAnswer'],
  ] as const)('calls %j %s', (lastDelivery, state) => {
    expect(deliveryState(lastDelivery)).toBe(state);
  });
});
