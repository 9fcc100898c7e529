// The inline scripts' texts in the server render (gatsby-ssr.tsx). The build compiles them once
// (site/gatsby-node.ts) and hands them to the render's bundle as the constant
// COINLENS_INLINE_SCRIPTS (webpack's DefinePlugin): the render reads no file, and its bundle holds
// neither esbuild nor the compiler.
import type { compileInlineScripts, InlineScripts } from './compile';

/** The name of the constant the build defines (site/gatsby-node.ts). */
export const INLINE_SCRIPTS_CONSTANT = 'COINLENS_INLINE_SCRIPTS';

declare const COINLENS_INLINE_SCRIPTS: InlineScripts | undefined;

/** Each inline script's text, by name (compile.ts). */
export function inlineScripts(): InlineScripts {
  if (typeof COINLENS_INLINE_SCRIPTS === 'undefined') {
    // Outside the build (the unit tests of gatsby-ssr.tsx), compiled here. In the build webpack
    // knows the constant is defined and leaves this branch, and the compiler, out of the bundle.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const compiler = require('./compile') as { compileInlineScripts: typeof compileInlineScripts };
    return compiler.compileInlineScripts();
  }
  return COINLENS_INLINE_SCRIPTS;
}
