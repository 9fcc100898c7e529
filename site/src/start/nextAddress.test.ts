import { afterSignIn, nextOf, safeNext } from './nextAddress';

describe('safeNext', () => {
  it.each([
    ['/reporting/?coin=1', '/reporting/?coin=1'],
    ['/zh/mobile/monitoring/detail/?id=7#summary', '/zh/mobile/monitoring/detail/?id=7#summary'],
    ['/', '/'],
    // Dot segments are resolved as the browser would before it is compared.
    ['/mobile/../reporting/', '/reporting/'],
  ])('keeps a path of the site: %s', (value, kept) => {
    expect(safeNext(value)).toBe(kept);
  });

  it.each([
    '//evil.example/',
    '/\\evil.example/',
    'https://evil.example/',
    'javascript:alert(1)',
    'reporting/',
    '',
    '/api/auth/logout',
    '/socket.io/',
    '/page-data/app-data.json',
    null,
    undefined,
  ])('refuses what is no page of the site: %p', (value) => {
    expect(safeNext(value)).toBeNull();
  });

  it('reads it from a login address', () => {
    expect(nextOf('?t=login&next=%2Freporting%2F%3Fcoin%3D1')).toBe('/reporting/?coin=1');
    expect(nextOf('?t=login&next=https%3A%2F%2Fevil.example%2F')).toBeNull();
    expect(nextOf('?t=login')).toBeNull();
  });
});

describe('afterSignIn', () => {
  const from = (pathname: string, registered: boolean, next: string | null) =>
    afterSignIn({ registered, locale: 'zh', pathname, next });

  it('takes a user back to the page that asked them to sign in', () => {
    expect(from('/zh/', false, '/zh/reporting/?coin=1')).toBe('/zh/reporting/?coin=1');
    expect(from('/zh/mobile/', false, '/zh/mobile/reporting/?coin=1')).toBe(
      '/zh/mobile/reporting/?coin=1',
    );
  });

  it('takes anyone else to their reports, on a phone to the mobile page', () => {
    expect(from('/zh/', false, null)).toBe('/zh/reporting/');
    expect(from('/zh/mobile/', false, null)).toBe('/zh/mobile/');
  });

  it('takes a new user to the welcome onboarding first, on a phone to its chat tab', () => {
    expect(from('/zh/', true, '/zh/reporting/?coin=1')).toBe('/zh/welcome/');
    expect(from('/zh/mobile/', true, '/zh/mobile/reporting/?coin=1')).toBe('/zh/mobile/?tab=chat');
  });
});
