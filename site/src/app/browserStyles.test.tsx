// The browser's style cache starts from the server's style tags: it neither moves them (each move
// makes the browser lay the whole page out again) nor writes their rules a second time, and it
// still writes what the page does not hold. (The server's side: serverStyles.test.tsx; the two on
// a built page: e2e/styles.e2e.ts.)
/* eslint-disable testing-library/no-node-access -- the tags in <head> are what is tested */
import { CacheProvider, ClassNames, Global, type CSSObject } from '@emotion/react';
import { serializeStyles } from '@emotion/serialize';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  createBrowserStyleCache,
  MAX_BATCH_TAGS,
  SERVER_STYLES_ATTRIBUTE,
  STYLE_KEY,
} from './browserStyles';

const HELD_CLASS = { color: 'rebeccapurple', padding: '3px' };
const HELD_GLOBAL = { '.coinlens-page': { scrollbarGutter: 'stable' } };
const heldClass = serializeStyles([HELD_CLASS]).name;
const heldGlobal = serializeStyles([HELD_GLOBAL]).name;

/** The tags the server writes (src/app/serverStyles.tsx) for one global style and one class. */
function serverHead() {
  document.head.innerHTML = [
    `<style ${SERVER_STYLES_ATTRIBUTE}="${STYLE_KEY}-global ${heldGlobal}">.coinlens-page{scrollbar-gutter:stable;}</style>`,
    `<style ${SERVER_STYLES_ATTRIBUTE}="${STYLE_KEY} ${heldClass}">.${STYLE_KEY}-${heldClass}{color:rebeccapurple;padding:3px;}</style>`,
  ].join('');
  return [...document.head.children];
}

/** Renders `children` with a cache made from the page; returns what changed in <head>. */
async function renderWithPageCache(children: ReactNode) {
  const changes: MutationRecord[] = [];
  const observer = new MutationObserver((records) => changes.push(...records));
  observer.observe(document.head, { childList: true, subtree: true, characterData: true });
  render(<CacheProvider value={createBrowserStyleCache(document)}>{children}</CacheProvider>);
  await Promise.resolve();
  changes.push(...observer.takeRecords());
  observer.disconnect();
  return { changes, written: writtenRules(changes) };
}

/**
 * The rules of the style tags added in `changes`, without white space. Emotion's production
 * build inserts its rules through the CSS object model, which leaves the tags' text empty.
 */
function writtenRules(changes: MutationRecord[]): string {
  return changes
    .flatMap((change) => [...change.addedNodes])
    .filter((node): node is HTMLStyleElement => node instanceof HTMLStyleElement)
    .flatMap((tag) => [
      tag.textContent ?? '',
      ...[...(tag.sheet?.cssRules ?? [])].map((rule) => rule.cssText),
    ])
    .join('')
    .replace(/\s+/g, '');
}

function Styled({ styles, children }: { styles: CSSObject; children: string }) {
  return <ClassNames>{({ css }) => <p className={css(styles)}>{children}</p>}</ClassNames>;
}

afterEach(() => {
  document.head.innerHTML = '';
});

it('leaves the page’s tags where they are and writes none of their rules again', async () => {
  const tags = serverHead();

  const { changes } = await renderWithPageCache(
    <>
      <Global styles={HELD_GLOBAL} />
      <Styled styles={HELD_CLASS}>Held</Styled>
    </>,
  );

  expect(changes).toEqual([]);
  expect([...document.head.children]).toEqual(tags);
  expect(screen.getByText('Held').className).toBe(`${STYLE_KEY}-${heldClass}`);
});

it('writes the class rules the page does not hold', async () => {
  serverHead();

  const { written } = await renderWithPageCache(
    <>
      <Styled styles={HELD_CLASS}>Held</Styled>
      <Styled styles={{ letterSpacing: '0.3em' }}>New</Styled>
    </>,
  );

  const newClass = screen.getByText('New').className;
  expect(written).toContain(`.${newClass}{letter-spacing:0.3em;}`);
  expect(written).not.toContain(heldClass);
});

it('writes a global style the page does not hold', async () => {
  serverHead();

  const { written } = await renderWithPageCache(
    <>
      <Global styles={HELD_GLOBAL} />
      <Global styles={{ '.coinlens-print': { breakInside: 'avoid' } }} />
    </>,
  );

  expect(written).toContain('.coinlens-print{break-inside:avoid;}');
  expect(written).not.toContain('scrollbar-gutter');
});

it('starts empty on a page without server styles', async () => {
  const { written } = await renderWithPageCache(
    <>
      <Global styles={HELD_GLOBAL} />
      <Styled styles={HELD_CLASS}>Held</Styled>
    </>,
  );

  expect(written).toContain('.coinlens-page{scrollbar-gutter:stable;}');
  expect(written).toContain(`.${screen.getByText('Held').className}{color:rebeccapurple;`);
});

describe('the rules it adds', () => {
  const written = () => [...document.head.querySelectorAll('style[data-emotion]')];
  const rulesIn = (tag: Element) => [...((tag as HTMLStyleElement).sheet?.cssRules ?? [])];

  it('writes a batch into a tag of its own, after the earlier ones, and never adds to those', async () => {
    serverHead();
    const cache = createBrowserStyleCache(document);
    const view = render(
      <CacheProvider value={cache}>
        <Styled styles={{ letterSpacing: '1px' }}>One</Styled>
        <Styled styles={{ letterSpacing: '2px' }}>Two</Styled>
      </CacheProvider>,
    );
    await Promise.resolve();
    expect(written()).toHaveLength(1);
    const [first] = written();
    const firstRules = rulesIn(first!).map((rule) => rule.cssText);
    expect(firstRules).toHaveLength(2);

    view.rerender(
      <CacheProvider value={cache}>
        <Styled styles={{ letterSpacing: '1px' }}>One</Styled>
        <Styled styles={{ letterSpacing: '2px' }}>Two</Styled>
        <Styled styles={{ letterSpacing: '3px' }}>Three</Styled>
      </CacheProvider>,
    );
    await Promise.resolve();

    const tags = written();
    expect(tags).toHaveLength(2);
    expect(tags[0]).toBe(first);
    expect(rulesIn(first!).map((rule) => rule.cssText)).toEqual(firstRules);
    expect(rulesIn(tags[1]!).map((rule) => rule.cssText.replace(/\s+/g, ''))).toEqual([
      `.${screen.getByText('Three').className}{letter-spacing:3px;}`,
    ]);
    // After the server's tags: the later rules win as they would in one sheet.
    expect(document.head.lastElementChild).toBe(tags[1]);
  });

  it(`stops at ${MAX_BATCH_TAGS} tags and adds to the last one then`, async () => {
    const cache = createBrowserStyleCache(document);
    for (let batch = 0; batch < MAX_BATCH_TAGS + 3; batch += 1) {
      cache.sheet.insert(`.batch-${batch}{order:${batch}}`);
      await Promise.resolve();
    }
    const tags = written();
    expect(tags).toHaveLength(MAX_BATCH_TAGS);
    expect(rulesIn(tags.at(-1)!)).toHaveLength(4);
  });
});
