import { htmlLangOf, keepHtmlLang } from './htmlLang';

it.each([
  ['/', 'en'],
  ['/reporting/', 'en'],
  ['/zh/', 'zh-CN'],
  ['/zh/monitoring/detail/', 'zh-CN'],
  ['/pt-br/mobile/', 'pt-BR'],
  ['/PT-BR/welcome/', 'pt-BR'],
  ['/zhx/', 'en'],
])('gives %s the lang %s', (pathname, lang) => {
  expect(htmlLangOf(pathname)).toBe(lang);
});

it('changes the lang when the language changes, and leaves it alone when it does not', () => {
  document.documentElement.lang = 'en';
  // Read with takeRecords(): a change made or not, as it is made.
  const observer = new MutationObserver(() => {});
  observer.observe(document.documentElement, { attributes: true });

  keepHtmlLang(document, '/reporting/');
  expect(observer.takeRecords()).toEqual([]);

  keepHtmlLang(document, '/zh/reporting/');
  expect(document.documentElement.lang).toBe('zh-CN');
  expect(observer.takeRecords()).toHaveLength(1);

  keepHtmlLang(document, '/zh/monitoring/');
  expect(observer.takeRecords()).toEqual([]);
  observer.disconnect();
});
