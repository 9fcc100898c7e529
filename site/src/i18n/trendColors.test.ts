import { trendColorsOf } from './trendColors';

// What the server render writes on <html>: a page's first paint has its language's colours.
it.each([
  ['/', 'green-up'],
  ['/reporting/', 'green-up'],
  ['/zh/', 'red-up'],
  ['/zh/reporting/', 'red-up'],
  ['/zh/mobile/', 'red-up'],
  ['/pt-br/reporting/', 'green-up'],
  ['/en/reporting/', 'green-up'],
])('colours the page at %s %s', (pathname, expected) => {
  expect(trendColorsOf(pathname)).toBe(expected);
});
