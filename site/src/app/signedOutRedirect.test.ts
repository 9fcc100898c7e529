import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isSignedInArea, SIGNED_IN_MARK, SIGNED_IN_ROUTES } from './signedInAreas';
import { earlyRedirectScript, loginAddress, signedInAreaOf } from './signedOutRedirect';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1';

interface RunOptions {
  agent?: string;
  token?: string | null;
  storage?: boolean;
  search?: string;
  /** The statement the script runs when a token is kept. */
  signedIn?: string;
}

/**
 * Runs a page's head script as the browser would, with this address, agent and storage: where it
 * sent the browser, and whether it marked `<html>` as signed in.
 */
function execute(
  pathname: string,
  { agent = DESKTOP, token = null, storage = true, search = '', signedIn }: RunOptions = {},
) {
  const replace = jest.fn();
  const localStorage = {
    getItem: (key: string) => {
      if (!storage) throw new DOMException('denied', 'SecurityError');
      return key === 'token' ? token : null;
    },
  };
  const html = document.createElement('html');
  const scope: Record<string, unknown> = { localStorage };
  new Function(
    'location',
    'navigator',
    'window',
    'document',
    earlyRedirectScript(pathname, signedIn),
  )({ pathname, search, hash: '', replace }, { userAgent: agent }, scope, {
    documentElement: html,
  });
  return {
    targets: replace.mock.calls.map(([target]) => target as string),
    marked: html.hasAttribute(SIGNED_IN_MARK),
    ran: scope.ran,
  };
}

/** Where a page's head script sends the browser. */
const run = (pathname: string, options?: RunOptions) => execute(pathname, options).targets;

describe('signedInAreaOf', () => {
  it.each([
    ['/reporting/', 'en'],
    ['/monitoring/', 'en'],
    ['/zh/monitoring/detail/', 'zh'],
    ['/pt-br/welcome/', 'pt-br'],
    ['/welcome', 'en'],
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

describe('the head script of a signed-in area', () => {
  it('sends a visitor without a token to the login, in the page’s language', () => {
    expect(run('/reporting/')).toEqual(['/?t=login']);
    expect(run('/zh/monitoring/')).toEqual(['/zh/?t=login']);
    expect(run('/pt-br/monitoring/detail/', { search: '?id=4' })).toEqual(['/pt-br/?t=login']);
    expect(loginAddress('pt-br')).toBe('/pt-br/?t=login');
  });

  it('leaves a visitor with a token on the page (the API checks the token itself)', () => {
    expect(run('/zh/welcome/', { token: 'tok_123' })).toEqual([]);
  });

  it.each([
    ['/reporting/', DESKTOP, 'tok', 'tok'],
    ['/reporting/', DESKTOP, null, undefined],
    ['/zh/mobile/', PHONE, 'tok', 'tok'],
    ['/zh/mobile/', PHONE, null, undefined],
    ['/terms/', DESKTOP, 'tok', 'tok'],
  ])(
    'runs the signed-in statement on %s only when a token is kept',
    (pathname, agent, token, ran) => {
      expect(execute(pathname, { agent, token, signedIn: 'window.ran = token;' }).ran).toBe(ran);
    },
  );

  it('treats storage switched off as signed out, as the site does', () => {
    expect(run('/monitoring/', { storage: false })).toEqual(['/?t=login']);
  });

  it('lets the device redirect go first, and alone', () => {
    expect(run('/zh/reporting/', { agent: PHONE, search: '?x=1' })).toEqual(['/zh/mobile/?x=1']);
  });

  it('marks nothing: its static HTML is already the signed-in user’s', () => {
    expect(execute('/zh/reporting/', { token: 'tok_123' })).toEqual({ targets: [], marked: false });
  });
});

describe('the head script of a page visitors and signed-in users both see', () => {
  it.each(['/', '/zh/', '/pt-br/terms/', '/privacy/', '/404/'])(
    'marks a computer that keeps a token, and sends nobody anywhere: %s',
    (pathname) => {
      expect(execute(pathname, { token: 'tok_123' })).toEqual({ targets: [], marked: true });
      expect(execute(pathname)).toEqual({ targets: [], marked: false });
    },
  );

  it.each(['/mobile/', '/zh/mobile/', '/pt-br/mobile', '/mobile/privacy/'])(
    'marks a phone that keeps a token: %s',
    (pathname) => {
      expect(execute(pathname, { agent: PHONE, token: 'tok_123' })).toEqual({
        targets: [],
        marked: true,
      });
      expect(execute(pathname, { agent: PHONE })).toEqual({ targets: [], marked: false });
    },
  );

  it('treats storage switched off as signed out, as the site does', () => {
    expect(execute('/pt-br/mobile/', { agent: PHONE, token: 'tok_123', storage: false })).toEqual({
      targets: [],
      marked: false,
    });
    expect(execute('/', { token: 'tok_123', storage: false })).toEqual({
      targets: [],
      marked: false,
    });
  });

  it('lets the device redirect go first, and alone, without marking', () => {
    expect(execute('/mobile/', { token: 'tok_123' })).toEqual({ targets: ['/'], marked: false });
    expect(execute('/pt-br/', { agent: PHONE, token: 'tok_123' })).toEqual({
      targets: ['/pt-br/mobile/'],
      marked: false,
    });
    expect(run('/mobile/')).toEqual(['/']);
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
  it.each(['/reporting/', '/monitoring', '/monitoring/detail/', '/welcome'])(
    '%s is one',
    (path) => {
      expect(isSignedInArea(path)).toBe(true);
    },
  );

  it.each(['/', '/mobile/', '/terms/', '/monitoring/other/', '/reporting/x/', ''])(
    '%s is not',
    (path) => {
      expect(isSignedInArea(path)).toBe(false);
    },
  );
});
