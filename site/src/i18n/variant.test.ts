import { inVariant, isMobilePath, variantContext } from './variant';

describe('isMobilePath', () => {
  it.each([
    ['/mobile/', true],
    ['/zh/mobile/', true],
    ['/pt-br/mobile/terms/', true],
    ['/mobile', true],
    ['/', false],
    ['/reporting/', false],
    ['/mobiles/', false],
    ['/monitoring/detail/', false],
  ])('%s → %s', (path, mobile) => {
    expect(isMobilePath(path)).toBe(mobile);
  });
});

describe('inVariant', () => {
  it('leaves every address alone on the full site', () => {
    expect(inVariant('/reporting/', '/zh/monitoring/')).toBe('/reporting/');
    expect(inVariant('/?t=login', '/')).toBe('/?t=login');
    expect(inVariant('/welcome/', '/pt-br/')).toBe('/welcome/');
    expect(inVariant('/400/', '/reporting/')).toBe('/400/');
  });

  it.each([
    ['/reporting/', '/mobile/'],
    ['/', '/mobile/'],
    ['/monitoring/detail/?id=4', '/mobile/'],
    ['/?t=login', '/mobile/?t=login'],
    ['/welcome/', '/mobile/?tab=chat'],
    ['/welcome', '/mobile/?tab=chat'],
    ['/mobile/terms/', '/mobile/terms/'],
    ['/mobile/?tab=events', '/mobile/?tab=events'],
    ['/400/', '/mobile/400/'],
    ['/400', '/mobile/400/'],
    ['/reporting/?coin=2', '/mobile/reporting/?coin=2'],
    ['/reporting?coin=x', '/mobile/reporting/?coin=x'],
  ])('sends %s to %s from a mobile page', (path, expected) => {
    expect(inVariant(path, '/zh/mobile/')).toBe(expected);
    expect(inVariant(path, '/mobile/privacy/')).toBe(expected);
  });
});

describe('variantContext', () => {
  it('asks for the phone wording on the mobile pages only', () => {
    expect(variantContext('/mobile/')).toBe('phone');
    expect(variantContext('/zh/mobile/reporting/')).toBe('phone');
    expect(variantContext('/reporting/')).toBeUndefined();
    expect(variantContext('/pt-br/')).toBeUndefined();
  });
});
