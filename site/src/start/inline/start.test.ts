/**
 * @jest-environment node
 */
// The head scripts that start a page (pageStart.ts, areaStart.ts), run as modules with stand-ins
// for what they read of the browser: the address, the agent, the storage, `<html>` and their own
// element. Their parts are tested on their own (../signedOutRedirect.test.ts), their compiled
// texts in a page (compile.test.ts).
import { SIGNED_IN_MARK } from '../signedInAreas';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1';

interface Visit {
  agent?: string;
  token?: string | null;
  /** False: storage is switched off (the browser throws on `window.localStorage`). */
  storage?: boolean;
  search?: string;
}

/**
 * Runs the head script `entry` on a page at `pathname`, as the page runs it: where it sent the
 * browser, and whether it marked `<html>` as signed in.
 */
async function visit(
  entry: 'pageStart' | 'areaStart',
  pathname: string,
  { agent = DESKTOP, token = null, storage = true, search = '' }: Visit = {},
) {
  const replace = jest.fn();
  const attributes = new Map<string, string>();
  const window: Record<string, unknown> = {
    get localStorage() {
      if (!storage) throw new DOMException('denied', 'SecurityError');
      return { getItem: (key: string) => (key === 'token' ? token : null) };
    },
  };
  const globals: Record<string, unknown> = {
    location: { pathname, search, hash: '', replace },
    navigator: { userAgent: agent },
    window,
    document: {
      documentElement: {
        setAttribute: (name: string, value: string) => attributes.set(name, value),
      },
    },
  };
  const saved = Object.keys(globals).map(
    (name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const,
  );
  for (const [name, value] of Object.entries(globals)) {
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  }
  try {
    await jest.isolateModulesAsync(() => import(`./${entry}`));
  } finally {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
    }
  }
  return {
    targets: replace.mock.calls.map(([target]) => target as string),
    marked: attributes.has(SIGNED_IN_MARK),
  };
}

describe('the head script of a page visitors and signed-in users both see', () => {
  it.each(['/', '/zh/', '/pt-br/terms/', '/privacy/', '/404/'])(
    'marks a computer that keeps a token, and sends nobody anywhere: %s',
    async (pathname) => {
      expect(await visit('pageStart', pathname, { token: 'tok' })).toMatchObject({
        targets: [],
        marked: true,
      });
      expect(await visit('pageStart', pathname)).toMatchObject({ targets: [], marked: false });
    },
  );

  it.each(['/mobile/', '/zh/mobile/', '/pt-br/mobile', '/mobile/privacy/'])(
    'marks a phone that keeps a token: %s',
    async (pathname) => {
      const options = { agent: PHONE, token: 'tok' };
      expect(await visit('pageStart', pathname, options)).toMatchObject({
        targets: [],
        marked: true,
      });
      expect(await visit('pageStart', pathname, { agent: PHONE })).toMatchObject({
        targets: [],
        marked: false,
      });
    },
  );

  it('treats storage switched off as signed out, as the site does', async () => {
    expect(
      await visit('pageStart', '/pt-br/mobile/', { agent: PHONE, token: 'tok', storage: false }),
    ).toMatchObject({ targets: [], marked: false });
    expect(await visit('pageStart', '/', { token: 'tok', storage: false })).toMatchObject({
      targets: [],
      marked: false,
    });
  });

  it('lets the device redirect go first, and alone, without marking', async () => {
    expect(await visit('pageStart', '/mobile/', { token: 'tok' })).toMatchObject({
      targets: ['/'],
      marked: false,
    });
    expect(await visit('pageStart', '/pt-br/', { agent: PHONE, token: 'tok' })).toMatchObject({
      targets: ['/pt-br/mobile/'],
      marked: false,
    });
  });
});

describe('the head script of a signed-in area', () => {
  it('sends a visitor without a token to the login, in the page’s language', async () => {
    expect((await visit('areaStart', '/reporting/')).targets).toEqual([
      '/?t=login&next=%2Freporting%2F',
    ]);
    expect((await visit('areaStart', '/zh/monitoring/')).targets).toEqual([
      '/zh/?t=login&next=%2Fzh%2Fmonitoring%2F',
    ]);
    expect(
      (await visit('areaStart', '/pt-br/monitoring/detail/', { search: '?id=4' })).targets,
    ).toEqual(['/pt-br/?t=login&next=%2Fpt-br%2Fmonitoring%2Fdetail%2F%3Fid%3D4']);
  });

  it('sends a visitor of a phone page without a token to the mobile page’s login', async () => {
    const phone = { agent: PHONE, search: '?id=4' };
    expect((await visit('areaStart', '/mobile/monitoring/detail/', phone)).targets).toEqual([
      '/mobile/?t=login&next=%2Fmobile%2Fmonitoring%2Fdetail%2F%3Fid%3D4',
    ]);
    expect((await visit('areaStart', '/zh/mobile/monitoring/detail/', phone)).targets).toEqual([
      '/zh/mobile/?t=login&next=%2Fzh%2Fmobile%2Fmonitoring%2Fdetail%2F%3Fid%3D4',
    ]);
  });

  it('leaves a visitor with a token on the page', async () => {
    expect(await visit('areaStart', '/zh/welcome/', { token: 'tok' })).toEqual({
      targets: [],
      marked: false,
    });
  });

  it('treats storage switched off as signed out, as the site does', async () => {
    expect(
      await visit('areaStart', '/monitoring/', { token: 'tok', storage: false }),
    ).toMatchObject({ targets: ['/?t=login&next=%2Fmonitoring%2F'] });
  });

  it('lets the device redirect go first, and alone', async () => {
    expect(
      await visit('areaStart', '/zh/reporting/', { agent: PHONE, token: 'tok', search: '?coin=1' }),
    ).toMatchObject({ targets: ['/zh/mobile/reporting/?coin=1'] });
    expect(
      await visit('areaStart', '/zh/monitoring/', { agent: PHONE, search: '?x=1' }),
    ).toMatchObject({ targets: ['/zh/mobile/?x=1'] });
  });
});
