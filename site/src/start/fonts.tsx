// Inter, self-hosted: the @font-face rules and preloads every page's HTML carries in its head.
// `font-display: optional` keeps the layout still: a weight that has not arrived when the text
// first paints is not swapped in later (that swap moved headings and the header by a few pixels,
// the only layout shift the pages had); it is used from the next page on, from the cache. The
// weights seen above the fold on every page are preloaded, so they are there in time on all but
// slow first visits: all four, 500 too (the header's links, a price's change). A weight that is
// not there in time is drawn in the fallback, and text the page draws again later (an active
// link, a price that moves) then comes in Inter and changes width: /pt-br/monitoring/'s active
// link and the phone's 24 h changes did, by 3-5 px.
import inter400 from '@fontsource/inter/files/inter-latin-400-normal.woff2';
import inter500 from '@fontsource/inter/files/inter-latin-500-normal.woff2';
import inter600 from '@fontsource/inter/files/inter-latin-600-normal.woff2';
import inter700 from '@fontsource/inter/files/inter-latin-700-normal.woff2';

/** Each weight's file (the URL webpack gives it) and whether every page preloads it. */
export const INTER_FACES = [
  { weight: 400, url: inter400, preload: true },
  { weight: 500, url: inter500, preload: true },
  { weight: 600, url: inter600, preload: true },
  { weight: 700, url: inter700, preload: true },
] as const;

/** The @font-face rules of the faces, in the latin range @fontsource gives them. */
export function fontFaceCss(faces: ReadonlyArray<{ weight: number; url: string }>): string {
  return faces
    .map(
      ({ weight, url }) =>
        `@font-face{font-family:'Inter';font-style:normal;font-display:optional;` +
        `font-weight:${weight};src:url(${url}) format('woff2')}`,
    )
    .join('');
}

/** The head elements: preloads first, so that the fonts are asked for before anything else. */
export function fontHeadComponents() {
  return [
    ...INTER_FACES.filter((face) => face.preload).map((face) => (
      <link
        key={`font-${face.weight}`}
        rel="preload"
        href={face.url}
        as="font"
        type="font/woff2"
        crossOrigin="anonymous"
      />
    )),
    <style key="font-faces" dangerouslySetInnerHTML={{ __html: fontFaceCss(INTER_FACES) }} />,
  ];
}
