// The page's styles, written into its <head> by the server render (gatsby-ssr.tsx), not inline in
// its body. Emotion's default server render puts a <style> before each element that brings new
// rules: about 35 of them on a page, which the browser meets one by one while it parses the body,
// and which Emotion moves into <head> when the page's scripts start. Rendered with a cache in
// "compat" mode, Emotion writes no <style> at all and keeps each rule in the cache; they are then
// written as tags that Emotion does not read and never moves: one per global style
// (`css-global <name>`) and one for the rest (`css <id> <id>...`). The browser's cache learns
// from them which rules the page holds (src/app/browserStyles.ts).
import createCache, { type EmotionCache } from '@emotion/cache';
import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { STYLE_KEY } from './browserStyles';

export { STYLE_KEY };

/** A cache for one server render that keeps its rules instead of writing them inline. */
export function createServerStyleCache(): EmotionCache {
  const cache = createCache({ key: STYLE_KEY });
  cache.compat = true;
  return cache;
}

/** One <style> to write: its key and ids (`data-server-styles`), and its rules. */
export interface StyleChunk {
  key: string;
  ids: string[];
  css: string;
}

/**
 * What `cache` kept in a render, in the order it was inserted: each global style a chunk of its
 * own, then the class rules in one. A class is registered under its name (`css-<id>`); a global
 * style is not.
 */
export function styleChunks(cache: EmotionCache): StyleChunk[] {
  const globals: StyleChunk[] = [];
  const classes: StyleChunk = { key: cache.key, ids: [], css: '' };
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    if (cache.registered[`${cache.key}-${id}`] === undefined)
      globals.push({ key: `${cache.key}-global`, ids: [id], css: rules });
    else {
      classes.ids.push(id);
      classes.css += rules;
    }
  }
  return classes.ids.length ? [...globals, classes] : globals;
}

/** The chunks as <style> elements for the page's <head>. */
export function styleElements(chunks: StyleChunk[]): ReactElement[] {
  return chunks.map(({ key, ids, css }) => (
    <style
      key={`${key} ${ids.join(' ')}`}
      data-server-styles={`${key} ${ids.join(' ')}`}
      dangerouslySetInnerHTML={{ __html: css }}
    />
  ));
}

/**
 * Renders `element` to HTML as Gatsby does when no plugin replaces its renderer: the stream
 * renderer, read whole once everything (Suspense included) is ready.
 */
export function renderToHtml(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        parts.push(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
        done();
      },
      final(done) {
        resolve(parts.join(''));
        done();
      },
    });
    sink.on('error', reject);
    const { pipe } = renderToPipeableStream(element, {
      onAllReady: () => pipe(sink),
      onShellError: reject,
      onError: (error: unknown) => {
        sink.destroy(error as Error);
      },
    });
  });
}
