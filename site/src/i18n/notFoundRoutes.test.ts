import { withLanguageClientRoute, withNotFoundRoute, type RoutedPage } from './notFoundRoutes';

/** A page as gatsby-plugin-react-i18next hands it over. */
function page(
  path: string,
  language: string,
  originalPath: string,
  matchPath?: string,
): RoutedPage {
  return {
    path,
    ...(matchPath === undefined ? {} : { matchPath }),
    context: { language, i18n: { language, routed: language !== 'en', originalPath, path } },
  };
}

describe('the client routes of the 404 pages', () => {
  it.each([
    ['/zh/404.html', 'zh', '/404.html', undefined, '/zh/*'],
    ['/pt-br/404.html', 'pt-br', '/404.html', undefined, '/pt-br/*'],
    ['/zh/404.html', 'zh', '/404.html', '/zh/zh/*', '/zh/*'],
  ])('routes every unknown address under %s to it', (path, language, original, before, after) => {
    const fixed = withNotFoundRoute(page(path, language, original, before));
    expect(fixed).toEqual({ ...page(path, language, original), matchPath: after });
  });

  it.each([
    ['/zh/404/', 'zh', '/zh/zh/*'],
    ['/pt-br/404/', 'pt-br', '/pt-br/pt-br/*'],
  ])('takes the doubled route off %s', (path, language, before) => {
    expect(withNotFoundRoute(page(path, language, '/404/', before))).toEqual(
      page(path, language, '/404/'),
    );
  });

  it.each([
    ['the English 404.html', page('/404.html', 'en', '/404.html')],
    ['the English 404/', page('/404/', 'en', '/404/')],
    ['a routed page', page('/zh/reporting/', 'zh', '/reporting/')],
    ['a page with a route of its own', page('/zh/app/', 'zh', '/app/', '/zh/app/*')],
    ['a page already right', page('/zh/404.html', 'zh', '/404.html', '/zh/*')],
    ['the 404/ page already right', page('/zh/404/', 'zh', '/404/')],
    ['a page outside the plugin', { path: '/404.html', context: {} }],
    ['a page without context', { path: '/zh/404.html' }],
  ])('leaves %s as it is', (_name, input) => {
    expect(withNotFoundRoute(input)).toBeNull();
  });
});

describe('the client routes of the other pages', () => {
  it.each([
    ['/zh/coins/', 'zh', '/zh/zh/coins/*', '/zh/coins/*'],
    ['/pt-br/mobile/coins/', 'pt-br', '/pt-br/pt-br/mobile/coins/*', '/pt-br/mobile/coins/*'],
  ])('takes the doubled prefix off the route of %s', (path, language, before, after) => {
    const original = path.slice(language.length + 1);
    expect(withLanguageClientRoute(page(path, language, original, before))).toEqual(
      page(path, language, original, after),
    );
  });

  it.each([
    ['an English page', page('/coins/', 'en', '/coins/', '/coins/*')],
    ['a page already right', page('/zh/coins/', 'zh', '/coins/', '/zh/coins/*')],
    ['a page without a route', page('/zh/reporting/', 'zh', '/reporting/')],
    ['a 404 page', page('/zh/404/', 'zh', '/404/', '/zh/zh/*')],
    ['a page outside the plugin', { path: '/coins/', matchPath: '/coins/*', context: {} }],
  ])('leaves %s as it is', (_name, input) => {
    expect(withLanguageClientRoute(input)).toBeNull();
  });
});
