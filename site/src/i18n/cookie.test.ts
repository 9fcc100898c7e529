import {
  LOCALE_COOKIE_MAX_AGE,
  localeCookie,
  localeFromCookie,
  rememberLocale,
  currentLocale,
} from './cookie';

describe('the locale cookie', () => {
  it('lives 365 days', () => {
    expect(LOCALE_COOKIE_MAX_AGE).toBe(31_536_000);
    expect(localeCookie('zh')).toBe('i18n_redirected=zh; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(localeCookie('pt-br', true)).toMatch(/; Secure$/);
  });

  it.each([
    ['i18n_redirected=zh', 'zh'],
    ['a=1; i18n_redirected=pt-br; b=2', 'pt-br'],
    ['i18n_redirected=en', 'en'],
    ['i18n_redirected=fr', null],
    ['i18n_redirected=%E0%A4%A', null],
    ['other=zh', null],
    ['', null],
  ])('reads %p as %p', (cookie, locale) => {
    expect(localeFromCookie(cookie)).toBe(locale);
  });

  it('is remembered by the browser and read back', () => {
    expect(currentLocale()).toBe('en');
    rememberLocale('pt-br');
    expect(document.cookie).toContain('i18n_redirected=pt-br');
    expect(currentLocale()).toBe('pt-br');
  });
});
