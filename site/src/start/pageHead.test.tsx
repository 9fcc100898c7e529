import { isPageHead, markPageHead } from './pageHead';

function Head() {
  return <title>Coinlens</title>;
}

it('tells a marked Head’s element from any other element', () => {
  const Marked = markPageHead(() => <title>Coinlens</title>);
  expect(isPageHead(<Marked />)).toBe(true);
  expect(isPageHead(<Head />)).toBe(false);
  expect(isPageHead(<title>Coinlens</title>)).toBe(false);
  expect(isPageHead(null)).toBe(false);
  expect(isPageHead('Head')).toBe(false);
});

it('returns the function it marked, which still renders the same', () => {
  const render = () => <title>Coinlens</title>;
  expect(markPageHead(render)).toBe(render);
});
