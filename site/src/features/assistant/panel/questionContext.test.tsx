import { act, renderHook } from '@testing-library/react';
import {
  COIN_CARD_ATTRIBUTE,
  coinMostInView,
  pageContextOf,
  reportCardBoxes,
  useQuestionContext,
  type CardBox,
} from './questionContext';

/** Cards of 600 px, 24 px apart, the first at `top` (as the reports lay them out). */
function cardsFrom(top: number, ...coinIds: number[]): CardBox[] {
  return coinIds.map((coinId, index) => ({
    coinId,
    top: top + index * 624,
    bottom: top + index * 624 + 600,
  }));
}

describe('pageContextOf', () => {
  it.each([
    ['/reporting/', '', { page: 'reporting' }],
    ['/monitoring/', '', { page: 'monitoring' }],
    ['/monitoring/detail/', '?id=42', { page: 'source', sourceId: 42 }],
    // A detail page without a valid id is the 404 page: about nothing.
    ['/monitoring/detail/', '?id=abc', null],
    ['/monitoring/detail/', '', null],
    ['/', '', null],
    ['/welcome/', '', null],
  ])('%s%s is about %j', (path, search, context) => {
    expect(pageContextOf(path, search)).toEqual(context);
  });
});

describe('coinMostInView', () => {
  // A window 800 px high under a 64 px header.
  const VIEW = [64, 800] as const;

  it.each<[string, CardBox[], number | null]>([
    ['the first card, under the page heading, at the top of the page', cardsFrom(330, 1, 2, 3), 1],
    ['the card that fills the window', cardsFrom(-500, 1, 2, 3), 2],
    ['the card that shows more of itself than the one leaving', cardsFrom(-400, 1, 2, 3), 2],
    ['the one leaving while it still shows more', cardsFrom(-100, 1, 2, 3), 1],
    ['the upper of two that show as much', cardsFrom(-180, 1, 2), 1],
    ['the last card, whole, at the end of the page', cardsFrom(-1100, 1, 2, 3), 3],
    ['none when no card shows', cardsFrom(900, 1, 2), null],
    ['none when there are no cards', [], null],
  ])('picks %s', (_, cards, coinId) => {
    expect(coinMostInView(cards, ...VIEW)).toBe(coinId);
  });

  it('counts what the sticky header covers as out of view', () => {
    // Card 1 shows 60 px, all of them under the header; card 2 shows 40 px below it.
    const cards = [
      { coinId: 1, top: 0, bottom: 60 },
      { coinId: 2, top: 760, bottom: 1400 },
    ];
    expect(coinMostInView(cards, 0, 800)).toBe(1);
    expect(coinMostInView(cards, 64, 800)).toBe(2);
  });
});

/** Report cards in the document, each placed by a stubbed getBoundingClientRect. */
function placeCards(boxes: CardBox[]) {
  const list = document.createElement('ul');
  for (const box of boxes) {
    const item = document.createElement('li');
    item.setAttribute(COIN_CARD_ATTRIBUTE, String(box.coinId));
    item.getBoundingClientRect = () =>
      ({ top: box.top, bottom: box.bottom, height: box.bottom - box.top }) as DOMRect;
    list.append(item);
  }
  const main = document.createElement('main');
  main.id = 'main';
  main.append(list);
  document.body.replaceChildren(main);
  return list;
}

/** Moves the cards as a scroll by `by` px would, and says so. */
function scrollCards(list: HTMLElement, by: number) {
  for (const item of list.querySelectorAll('li')) {
    const { top, bottom } = item.getBoundingClientRect();
    item.getBoundingClientRect = () =>
      ({ top: top - by, bottom: bottom - by, height: bottom - top }) as DOMRect;
  }
  act(() => {
    window.dispatchEvent(new Event('scroll'));
    jest.runOnlyPendingTimers();
  });
}

describe('reportCardBoxes', () => {
  it('reads the marked cards where they are, leaving out a mark that is no coin id', () => {
    const list = placeCards(cardsFrom(100, 5, 9));
    const stray = document.createElement('li');
    stray.setAttribute(COIN_CARD_ATTRIBUTE, 'soon');
    list.append(stray);
    expect(reportCardBoxes()).toEqual(cardsFrom(100, 5, 9));
  });
});

describe('useQuestionContext', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
  });
  afterEach(() => {
    document.body.replaceChildren();
    jest.useRealTimers();
  });

  it('follows the coin in view on the reports as the reader scrolls, while watching', () => {
    const list = placeCards(cardsFrom(330, 1, 2, 3));
    const { result, rerender } = renderHook(
      ({ watching }) => useQuestionContext('/reporting/', '', watching),
      { initialProps: { watching: true } },
    );
    expect(result.current.context).toEqual({ page: 'reporting', coinId: 1 });

    scrollCards(list, 900);
    expect(result.current.context).toEqual({ page: 'reporting', coinId: 2 });
    expect(result.current.read()).toEqual({ page: 'reporting', coinId: 2 });

    // Hidden, the panel stops following; a question sent reads the page as it is then.
    rerender({ watching: false });
    scrollCards(list, 600);
    expect(result.current.context).toEqual({ page: 'reporting', coinId: 2 });
    expect(result.current.read()).toEqual({ page: 'reporting', coinId: 3 });
  });

  it('asks about the reports without a coin when no card shows', () => {
    placeCards([]);
    const { result } = renderHook(() => useQuestionContext('/reporting/', '', true));
    expect(result.current.context).toEqual({ page: 'reporting' });
    expect(result.current.read()).toEqual({ page: 'reporting' });
  });

  it("asks about a source's page by its id, and about nothing on a page without one", () => {
    const { result, rerender } = renderHook(
      ({ path, search }) => useQuestionContext(path, search, true),
      { initialProps: { path: '/monitoring/detail/', search: '?id=7' } },
    );
    expect(result.current.read()).toEqual({ page: 'source', sourceId: 7 });
    rerender({ path: '/monitoring/', search: '' });
    expect(result.current.read()).toEqual({ page: 'monitoring' });
    rerender({ path: '/', search: '' });
    expect(result.current.read()).toBeNull();
    expect(result.current.context).toBeNull();
  });
});
