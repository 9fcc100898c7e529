// The pages' inline scripts, compiled from their entries in this folder: each bundled with what it
// imports into one minified script that runs as it is in the page, before anything else of the
// site. The build compiles them once (site/gatsby-node.ts) for the server render (gatsby-ssr.tsx)
// and for the pages' ends (scriptsAfterPaint.ts).
import { buildSync } from 'esbuild';
import path from 'node:path';
import { Script } from 'node:vm';

/** Each inline script's entry, by name. */
const ENTRIES = {
  /** The head script of every page visitors and signed-in users both see. */
  pageStart: 'pageStart.ts',
  /** The head script of a signed-in area's page. */
  areaStart: 'areaStart.ts',
  /** The head script that keeps a press made before the hydration. */
  earlyClicks: 'earlyClicks.ts',
  /** The script at a page's end that adds its scripts after the first paint. */
  afterPaint: 'afterPaint.ts',
} as const;

export type InlineScriptName = keyof typeof ENTRIES;

/** Each inline script's text, by name. */
export type InlineScripts = Record<InlineScriptName, string>;

/**
 * The syntax the scripts are written down in: every browser of the site's browserslist
 * (site/package.json: Chrome 105, Firefox 110, Safari 16 and later) runs ES2020 as it is, so
 * nothing is rewritten and no helper is added.
 */
export const INLINE_SCRIPT_TARGET = 'es2020';

/**
 * Throws unless `text` is a script that runs by itself in a page, in a `<script>` element of the
 * HTML: a classic script (no import or export) that requires and imports nothing, and whose text
 * does not end its element early.
 */
export function assertSelfContained(name: string, text: string): void {
  try {
    new Script(text, { filename: name });
  } catch (error) {
    throw new Error(`The inline script ${name} is not a classic script: ${String(error)}`);
  }
  if (/\brequire\s*\(|\bimport\s*\(/.test(text)) {
    throw new Error(`The inline script ${name} loads modules: ${text.slice(0, 200)}`);
  }
  if (/<\/script/i.test(text)) {
    throw new Error(`The inline script ${name} would end its <script> element early.`);
  }
}

/**
 * Compiles every inline script with esbuild: each entry bundled with what it imports, as a
 * minified IIFE in INLINE_SCRIPT_TARGET. Throws on any error or warning, and on a text that is
 * not self-contained.
 */
export function compileInlineScripts(): InlineScripts {
  const result = buildSync({
    absWorkingDir: __dirname,
    entryPoints: Object.fromEntries(
      Object.entries(ENTRIES).map(([name, file]) => [name, path.join(__dirname, file)]),
    ),
    outdir: 'out',
    write: false,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: INLINE_SCRIPT_TARGET,
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  if (result.warnings.length) {
    const warnings = result.warnings.map((warning) => warning.text).join('\n');
    throw new Error(`The inline scripts compiled with warnings:\n${warnings}`);
  }
  const texts = Object.fromEntries(
    result.outputFiles.map((file) => [path.basename(file.path, '.js'), file.text.trim()]),
  ) as Partial<InlineScripts>;
  return Object.fromEntries(
    Object.keys(ENTRIES).map((name) => {
      const text = texts[name as InlineScriptName];
      if (text === undefined) throw new Error(`The inline script ${name} was not compiled.`);
      assertSelfContained(name, text);
      return [name, text];
    }),
  ) as InlineScripts;
}
