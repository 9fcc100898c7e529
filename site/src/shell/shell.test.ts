import { parseSourceId } from '../features/monitoring/detailRoute';
import { localeFromPathname } from '../data/client';
import { isValidNickname } from '../features/profile/nickname';
import { closeDialog, getOpenDialog, openDialog, wantsLogin } from './dialogs';
import { statusOf } from './ErrorBoundary';
import { isInArea } from './Header';
import { addressIn } from './LanguagePicker';
import { loginAddress } from '../start/signedInAreas';
import { trackLoad, pageLoad } from './pageLoad';

describe('the login dialog from the address', () => {
  it.each([
    ['?t=login', true],
    ['?x=1&t=login', true],
    ['?t=logout', false],
    ['', false],
  ])('%p asks for it: %p', (search, expected) => {
    expect(wantsLogin(search)).toBe(expected);
  });

  it('opens one dialog at a time', () => {
    openDialog('login');
    expect(getOpenDialog()).toBe('login');
    openDialog('nickname');
    expect(getOpenDialog()).toBe('nickname');
    closeDialog();
    expect(getOpenDialog()).toBeNull();
  });
});

describe('the signed-out guard', () => {
  it.each([
    ['en', '/?t=login'],
    ['zh', '/zh/?t=login'],
    ['pt-br', '/pt-br/?t=login'],
    ['xx', '/?t=login'],
  ])('sends a %s visitor to %s', (language, address) => {
    expect(loginAddress(language)).toBe(address);
  });
});

describe('the language switch', () => {
  it.each([
    ['zh', '/reporting/', '', '', '/zh/reporting/'],
    ['en', '/monitoring/detail/', '?id=3', '#top', '/monitoring/detail/?id=3#top'],
    ['pt-br', '/', '?t=login', '', '/pt-br/?t=login'],
  ] as const)(
    'takes the page to %s keeping query and fragment',
    (locale, path, search, hash, to) => {
      expect(addressIn(locale, path, search, hash)).toBe(to);
    },
  );
});

describe('the header areas', () => {
  it.each([
    ['/reporting/', '/reporting/', true],
    ['/monitoring/detail/', '/monitoring/', true],
    ['/monitoring/', '/reporting/', false],
    ['/', '/reporting/', false],
  ])('%s is in %s: %p', (path, area, expected) => {
    expect(isInArea(path, area)).toBe(expected);
  });
});

describe('route validation of the detail page', () => {
  it.each([
    ['?id=12', 12],
    ['?id=1&x=y', 1],
    ['', null],
    ['?id=', null],
    ['?id=0', null],
    ['?id=-3', null],
    ['?id=1.5', null],
    ['?id=abc', null],
    ['?id=01', null],
    ['?id=1&id=2', null],
    ['?id=99999999999', null],
  ])('%p gives %p', (search, id) => {
    expect(parseSourceId(search)).toBe(id);
  });
});

describe('the error page status', () => {
  it.each([
    [{ status: 404 }, 404],
    [{ code: 503 }, 503],
    [{ code: 200 }, 500],
    [new Error('boom'), 500],
    ['text', 500],
    [null, 500],
  ])('of %p is %p', (error, status) => {
    expect(statusOf(error)).toBe(status);
  });
});

describe('the locale of a path', () => {
  it.each([
    ['/zh/reporting/', 'zh'],
    ['/pt-br/', 'pt-br'],
    ['/reporting/', 'en'],
    ['/', 'en'],
  ])('%s is %s', (path, locale) => {
    expect(localeFromPathname(path)).toBe(locale);
  });
});

describe('the nickname rule', () => {
  it.each([
    ['abc', true],
    ['  ab  ', false],
    ['ab', false],
    ['李小龙', true],
    ['a'.repeat(32), true],
    ['a'.repeat(33), false],
  ])('%p can be saved: %p', (value, expected) => {
    expect(isValidNickname(value)).toBe(expected);
  });
});

describe('the loading bar of long requests', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    pageLoad.reset();
    jest.useRealTimers();
  });

  it('shows once for overlapping requests and finishes with the last', async () => {
    let finishFirst!: () => void;
    let finishSecond!: () => void;
    const first = trackLoad(new Promise<void>((resolve) => (finishFirst = resolve)));
    const second = trackLoad(new Promise<void>((resolve) => (finishSecond = resolve)));
    jest.advanceTimersByTime(250);
    expect(pageLoad.getSnapshot().phase).toBe('loading');
    finishFirst();
    await first;
    expect(pageLoad.getSnapshot().phase).toBe('loading');
    finishSecond();
    await second;
    expect(pageLoad.getSnapshot().phase).toBe('done');
  });

  it('shows nothing for a request under 200 ms', async () => {
    const quick = trackLoad(Promise.resolve('ok'));
    await quick;
    jest.advanceTimersByTime(300);
    expect(pageLoad.getSnapshot().phase).toBe('hidden');
  });
});
