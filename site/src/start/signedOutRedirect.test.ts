import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isSignedInArea, loginAddress, loginAddressOf, SIGNED_IN_ROUTES } from './signedInAreas';
import { redirectDevice, signedInAreaOf } from './signedOutRedirect';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1';

/** Where the device redirect sends a page at `href` for `agent`, or null where it stays. */
function redirected(href: string, agent: string): string | null {
  const { pathname, search, hash } = new URL(href, 'https://coinlens.example');
  const replace = jest.fn();
  const moved = redirectDevice({ pathname, search, hash, replace }, agent);
  expect(replace).toHaveBeenCalledTimes(moved ? 1 : 0);
  return moved ? (replace.mock.calls[0]?.[0] as string) : null;
}

describe('signedInAreaOf', () => {
  it.each([
    ['/reporting/', 'en'],
    ['/monitoring/', 'en'],
    ['/zh/monitoring/detail/', 'zh'],
    ['/pt-br/welcome/', 'pt-br'],
    ['/welcome', 'en'],
    ['/zh/mobile/monitoring/detail/', 'zh'],
    ['/pt-br/mobile/reporting/', 'pt-br'],
  ])('finds the signed-in area of %s, in %s', (pathname, locale) => {
    expect(signedInAreaOf(pathname)).toBe(locale);
  });

  it.each(['/', '/zh/', '/mobile/', '/zh/mobile/', '/terms/', '/reportings/', '/400/', '/404/'])(
    'finds none for %s',
    (pathname) => {
      expect(signedInAreaOf(pathname)).toBeNull();
    },
  );
});

describe('loginAddress', () => {
  it.each([
    ['en', '/?t=login'],
    ['zh', '/zh/?t=login'],
    ['pt-br', '/pt-br/?t=login'],
    ['fr', '/?t=login'],
  ])('sends a visitor of %s to %s', (language, address) => {
    expect(loginAddress(language)).toBe(address);
  });

  it.each([
    ['en', '/mobile/?t=login'],
    ['zh', '/zh/mobile/?t=login'],
    ['pt-br', '/pt-br/mobile/?t=login'],
  ])('sends a visitor of a phone page in %s to %s', (language, address) => {
    expect(loginAddress(language, true)).toBe(address);
  });
});

describe('loginAddressOf', () => {
  it.each([
    ['/monitoring/detail/', '?id=7', '/?t=login&next=%2Fmonitoring%2Fdetail%2F%3Fid%3D7'],
    ['/zh/reporting/', '', '/zh/?t=login&next=%2Fzh%2Freporting%2F'],
    [
      '/mobile/monitoring/detail/',
      '?id=7',
      '/mobile/?t=login&next=%2Fmobile%2Fmonitoring%2Fdetail%2F%3Fid%3D7',
    ],
    [
      '/pt-br/mobile/monitoring/detail/',
      '',
      '/pt-br/mobile/?t=login&next=%2Fpt-br%2Fmobile%2Fmonitoring%2Fdetail%2F',
    ],
    [
      '/zh/mobile/reporting/',
      '?coin=1',
      '/zh/mobile/?t=login&next=%2Fzh%2Fmobile%2Freporting%2F%3Fcoin%3D1',
    ],
  ])('sends a visitor of %s%s to %s', (pathname, search, address) => {
    expect(loginAddressOf(pathname, search)).toBe(address);
  });
});

describe('redirectDevice', () => {
  it('sends a phone to the mobile page of its language, keeping query and fragment', () => {
    expect(redirected('/zh/monitoring/?x=1#top', PHONE)).toBe('/zh/mobile/?x=1#top');
    expect(redirected('/pt-br/', PHONE)).toBe('/pt-br/mobile/');
  });

  it('keeps the page where the other side has it too, with query and fragment', () => {
    expect(redirected('/zh/privacy/?x=1#top', PHONE)).toBe('/zh/mobile/privacy/?x=1#top');
    expect(redirected('/mobile/terms/?x=1', DESKTOP)).toBe('/terms/?x=1');
    expect(redirected('/reporting/?coin=2', PHONE)).toBe('/mobile/reporting/?coin=2');
  });

  it('sends a computer from a mobile page to the full site of its language', () => {
    expect(redirected('/mobile/', DESKTOP)).toBe('/');
    expect(redirected('/pt-br/mobile/privacy/', DESKTOP)).toBe('/pt-br/privacy/');
  });

  it('leaves a page that fits the device where it is', () => {
    expect(redirected('/reporting/', DESKTOP)).toBeNull();
    expect(redirected('/zh/mobile/', PHONE)).toBeNull();
  });
});

describe('SIGNED_IN_ROUTES', () => {
  it('names exactly the pages that render RequireSignIn', () => {
    const pagesDir = join(__dirname, '..', 'pages');
    const pages = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? pages(join(dir, entry.name)) : [join(dir, entry.name)],
      );
    const guarded = pages(pagesDir)
      .filter((file) => /\.tsx$/.test(file) && /<RequireSignIn>/.test(readFileSync(file, 'utf8')))
      .map((file) =>
        `/${relative(pagesDir, file).replace(/(index)?\.tsx$/, '')}`.replace(/\/?$/, '/'),
      );
    expect(guarded.sort()).toEqual([...SIGNED_IN_ROUTES].sort());
  });
});

describe('isSignedInArea', () => {
  it.each([
    '/reporting/',
    '/monitoring',
    '/monitoring/detail/',
    '/welcome',
    '/mobile/monitoring/detail/',
  ])('%s is one', (path) => {
    expect(isSignedInArea(path)).toBe(true);
  });

  it.each(['/', '/mobile/', '/terms/', '/monitoring/other/', '/reporting/x/', ''])(
    '%s is not',
    (path) => {
      expect(isSignedInArea(path)).toBe(false);
    },
  );
});
