/**
 * @jest-environment node
 */
// The server render's styles: extracted by Emotion's server package for the page's <head>
// (gatsby-ssr.tsx), none in its body.
import { CoinlensProvider, MonitorCard } from '@coinlens/design-system';
import { Box } from '@chakra-ui/react/box';
import { CacheProvider } from '@emotion/react';
import { lazy, Suspense } from 'react';
// (Aliased: testing-library's lint takes any render* for its own render.)
import { renderToStaticMarkup as toStaticMarkup } from 'react-dom/server';
import monitoring from '../../locales/en/monitoring.json';
import {
  createServerStyles,
  renderToHtml as toHtml,
  STYLE_KEY,
  styleElements,
} from './serverStyles';

async function renderPage(page: JSX.Element) {
  const { cache, extract } = createServerStyles();
  const { html, styles } = extract(
    await toHtml(
      <CacheProvider value={cache}>
        <CoinlensProvider>{page}</CoinlensProvider>
      </CacheProvider>,
    ),
  );
  return { html, chunks: styles };
}

it('writes no style into the body, and every rule into chunks: the global ones first', async () => {
  const { html, chunks } = await renderPage(
    <Box as="main" color="fg.default" padding="4">
      Coinlens
    </Box>,
  );
  expect(html).not.toContain('<style');
  expect(html).toContain('Coinlens');
  const keys = chunks.map(({ key }) => key);
  const classes = chunks.at(-1)!;
  expect(classes.key).toBe(STYLE_KEY);
  expect(keys.slice(0, -1).every((key) => key === `${STYLE_KEY}-global`)).toBe(true);
  // Chakra's layer order, its reset, its tokens and our global styles.
  expect(chunks[0]!.css).toMatch(/^@layer reset,\s*base,\s*tokens,\s*recipes;/);
  expect(chunks.some(({ css }) => css.includes('--cl-colors-'))).toBe(true);
  // The class the element wears is one of the ids the browser's cache will know.
  const [, id] = /class="css-([\w-]+)"/.exec(html)!;
  expect(classes.ids).toContain(id);
  expect(classes.css).toContain(`.css-${id}`);
});

it('writes the chunks as the tags Emotion’s cache in the browser takes over', async () => {
  const { chunks } = await renderPage(<Box padding="2">x</Box>);
  const markup = toStaticMarkup(<>{styleElements(chunks)}</>);
  const tags = [...markup.matchAll(/<style data-emotion="([^"]+)">/g)].map(
    ([, value = '']) => value,
  );
  expect(tags).toEqual(chunks.map(({ key, ids }) => `${key} ${ids.join(' ')}`));
  expect(tags.filter((tag) => tag.startsWith(`${STYLE_KEY} `))).toHaveLength(1);
  expect(markup).toContain(chunks.at(-1)!.css);
});

it('holds the rule of every class a component made from its recipe’s classes wears', async () => {
  // MonitorCard's parts are plain elements with classes made once per recipe (the design
  // system's useSlotClasses), its root a Chakra element: both end in the page's <head>.
  const { html, chunks } = await renderPage(
    <MonitorCard.Root
      source={{
        id: 1,
        author: 'Chain Radio',
        title: 'Weekly market wrap',
        status: 5,
        time: 1_795_000_000,
        heat: 870,
        link: 'https://example.com/spaces/1',
      }}
    >
      <MonitorCard.Control>
        <MonitorCard.Logo />
        <MonitorCard.Body>
          <MonitorCard.Author />
          <MonitorCard.Title />
          <MonitorCard.Status labels={monitoring.status}>
            <MonitorCard.Heat label="Heat" />
          </MonitorCard.Status>
        </MonitorCard.Body>
      </MonitorCard.Control>
    </MonitorCard.Root>,
  );
  expect(html).not.toContain('<style');
  const classes = chunks.at(-1)!;
  const worn = [...new Set([...html.matchAll(/\bcss-([\w-]+)/g)].map(([, id]) => id!))];
  expect(worn.length).toBeGreaterThan(5);
  for (const id of worn) {
    expect(classes.ids).toContain(id);
    expect(classes.css).toContain(`.css-${id}`);
  }
});

it('waits for what suspends, as Gatsby’s own render does', async () => {
  const Later = lazy(async () => ({ default: () => <Box color="red">loaded</Box> }));
  const { html, chunks } = await renderPage(
    <Suspense fallback={<span>loading</span>}>
      <Later />
    </Suspense>,
  );
  expect(html).toContain('loaded');
  expect(html).not.toContain('loading');
  expect(chunks.at(-1)!.css).toMatch(/color:red/);
});

it('fails when the page throws', async () => {
  function Broken(): JSX.Element {
    throw new Error('broken page');
  }
  await expect(toHtml(<Broken />)).rejects.toThrow('broken page');
});
