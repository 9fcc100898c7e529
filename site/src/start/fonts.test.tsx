/** @jest-environment node */
import { renderToStaticMarkup as markupOf } from 'react-dom/server';
import { fontFaceCss, fontHeadComponents, INTER_FACES } from './fonts';

describe('the fonts in every page head', () => {
  it('declares each weight with optional display, so a late font never moves the layout', () => {
    const css = fontFaceCss([
      { weight: 400, url: '/static/a.woff2' },
      { weight: 700, url: '/static/b.woff2' },
    ]);
    expect(css.match(/@font-face\{/g)).toHaveLength(2);
    expect(css).toContain(
      "@font-face{font-family:'Inter';font-style:normal;font-display:optional;font-weight:400;src:url(/static/a.woff2) format('woff2')}",
    );
    expect(css).toContain('font-weight:700;src:url(/static/b.woff2)');
    expect(css).not.toContain('swap');
  });

  it('preloads the weights every page shows above the fold, before the rules', () => {
    const html = markupOf(<>{fontHeadComponents()}</>);
    const preloads = [...html.matchAll(/<link rel="preload"[^>]*>/g)].map(([tag]) => tag);
    expect(preloads).toHaveLength(INTER_FACES.filter((face) => face.preload).length);
    for (const tag of preloads) {
      expect(tag).toContain('as="font"');
      expect(tag).toContain('type="font/woff2"');
      // Fonts are fetched in CORS mode: a preload without it would be fetched twice.
      expect(tag).toContain('crossorigin="anonymous"');
    }
    expect(html.indexOf('<link')).toBeLessThan(html.indexOf('<style>'));
    expect(html.match(/@font-face/g)).toHaveLength(4);
    expect(INTER_FACES.map((face) => face.weight)).toEqual([400, 500, 600, 700]);
  });
});
