// What a question asked from the side panel is about: the page beside it, and on the reports the
// coin whose card is most in view, on a source's page that source. Sent with the question as its
// `context` (contract/src/chat.ts, ChatContext), so that the assistant can answer "this coin"
// or "this source".
import { useCallback, useEffect, useMemo, useState } from 'react';
import { parseSourceId } from '../../monitoring/detailRoute';

/** A question's context, by the page it was asked beside. */
export type QuestionContext =
  | { page: 'reporting'; coinId?: number }
  | { page: 'source'; sourceId: number }
  | { page: 'monitoring' };

/** The attribute that marks a report card's list item with its coin's id (reporting/Reporting.tsx). */
export const COIN_CARD_ATTRIBUTE = 'data-coin-id';

/**
 * The context of the page at `originalPath` (without its language prefix) with the query string
 * `search`, before any card is looked at; null for a page that is about nothing in particular.
 */
export function pageContextOf(originalPath: string, search: string): QuestionContext | null {
  switch (originalPath) {
    case '/reporting/':
      return { page: 'reporting' };
    case '/monitoring/':
      return { page: 'monitoring' };
    case '/monitoring/detail/': {
      const sourceId = parseSourceId(search);
      return sourceId === null ? null : { page: 'source', sourceId };
    }
    default:
      return null;
  }
}

/** A card's place on the screen: its top and bottom edges, in px from the window's top. */
export interface CardBox {
  coinId: number;
  top: number;
  bottom: number;
}

/**
 * The coin whose card is most in view: the one that shows the most of its height between the
 * window's top (`viewTop`, under a sticky header) and bottom (`viewBottom`). Of two that show as
 * much (two cards taller than the window, one leaving and one coming), the upper one, which is
 * being read. Null when no card shows at all.
 */
export function coinMostInView(
  cards: readonly CardBox[],
  viewTop: number,
  viewBottom: number,
): number | null {
  let best: number | null = null;
  let bestShown = 0;
  for (const card of cards) {
    const shown = Math.min(card.bottom, viewBottom) - Math.max(card.top, viewTop);
    // Sub-pixel differences are layout noise, not a card more in view.
    if (shown > bestShown + 0.5) {
      best = card.coinId;
      bestShown = shown;
    }
  }
  return best;
}

/** The report cards on the page, where the window shows them now. */
export function reportCardBoxes(root: ParentNode = document): CardBox[] {
  const cards: CardBox[] = [];
  for (const element of root.querySelectorAll<HTMLElement>(`[${COIN_CARD_ATTRIBUTE}]`)) {
    const coinId = Number(element.getAttribute(COIN_CARD_ATTRIBUTE));
    if (!Number.isInteger(coinId) || coinId < 1) continue;
    const { top, bottom } = element.getBoundingClientRect();
    cards.push({ coinId, top, bottom });
  }
  return cards;
}

/** The window's band the page shows in: below the sticky header, to the window's bottom. */
function viewBand(): [number, number] {
  const header = document.querySelector('header');
  const headerBottom = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  return [headerBottom, window.innerHeight];
}

/** The coin most in view on the reports now. */
export function coinInViewNow(): number | null {
  return coinMostInView(reportCardBoxes(), ...viewBand());
}

export interface QuestionContextOf {
  /** The context as the panel shows it now (kept up to date while `watching`). */
  context: QuestionContext | null;
  /** The context as it is at this moment, for a question being sent. */
  read: () => QuestionContext | null;
}

/**
 * The context of questions asked beside the page at `originalPath` with `search`. On the reports,
 * while `watching` (the panel shows), the coin in view is followed as the reader scrolls, the
 * window changes size or the cards come and go (the main area changes height).
 */
export function useQuestionContext(
  originalPath: string,
  search: string,
  watching: boolean,
): QuestionContextOf {
  const base = useMemo(() => pageContextOf(originalPath, search), [originalPath, search]);
  const reporting = base?.page === 'reporting';
  const [coinId, setCoinId] = useState<number | null>(null);

  useEffect(() => {
    if (!reporting || !watching) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      setCoinId(coinInViewNow());
    };
    // At most once a frame, however many scroll events come in it.
    const schedule = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const main = document.getElementById('main');
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    if (main) resized?.observe(main);
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      resized?.disconnect();
    };
  }, [reporting, watching]);

  const read = useCallback((): QuestionContext | null => {
    if (!reporting) return base;
    const now = coinInViewNow();
    return now === null ? { page: 'reporting' } : { page: 'reporting', coinId: now };
  }, [base, reporting]);

  const context = useMemo((): QuestionContext | null => {
    if (!reporting) return base;
    return coinId === null ? { page: 'reporting' } : { page: 'reporting', coinId };
  }, [base, reporting, coinId]);

  return { context, read };
}
