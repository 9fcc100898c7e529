// The page's styles, as Emotion's server package extracts them (@emotion/server, its "advanced"
// server render): the render's cache writes no <style> inline, and the rules the page's markup
// uses go into the <head> as Emotion's own tags (`data-emotion="css <id> <id>..."`, one per
// global style), which Emotion's cache in the browser takes over when the page starts, without
// writing those rules again.
import createCache from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';

/** The key of Emotion's cache in the browser (its default), which the class names carry. */
export const STYLE_KEY = 'css';

/** One server render's cache and the extraction of what the page uses from it. */
export function createServerStyles() {
  const cache = createCache({ key: STYLE_KEY });
  const { extractCriticalToChunks } = createEmotionServer(cache);
  return { cache, extract: extractCriticalToChunks };
}

/** The extracted styles as <style> elements for the page's <head>. */
export function styleElements(styles: Array<{ key: string; ids: string[]; css: string }>) {
  return styles.map(({ key, ids, css }) => (
    <style
      key={`${key} ${ids.join(' ')}`}
      data-emotion={`${key} ${ids.join(' ')}`}
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
