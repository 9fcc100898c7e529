import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

// The peers stay the app's own: never bundled (with React's JSX runtime, a path of a peer).
const { peerDependencies } = JSON.parse(readFileSync('package.json', 'utf8')) as {
  peerDependencies: Record<string, string>;
};
const external = [...Object.keys(peerDependencies), 'react/jsx-runtime'];

export default defineConfig([
  {
    // ESM: one module per component (shared code in chunks), so that a bundler that imports one
    // component leaves the others out (the package is `sideEffects: false`).
    entry: [
      'src/index.ts',
      // Each component's index and its plain modules (recipe, state, formatters), so that importing
      // a helper does not bring the component's React code along.
      'src/components/*/*.ts',
      // An icon exported on its own, so that it does not share a chunk with the form that draws it.
      'src/icons/BroadcastIcon.tsx',
      'src/format/*.ts',
      'src/provider/index.ts',
      'src/theme/system.ts',
      '!src/**/*.test.ts',
      '!src/**/*.stories.tsx',
    ],
    format: ['esm'],
    splitting: true,
    sourcemap: true,
    clean: true,
    treeshake: true,
    target: 'es2020',
    external,
  },
  {
    // CommonJS for tools that still require(): one file.
    entry: ['src/index.ts'],
    format: ['cjs'],
    sourcemap: true,
    target: 'es2020',
    external,
  },
  {
    // The types of both (index.d.ts, index.d.cts) from one run of the compiler: each run reads the
    // whole program, and a run per format took twice the time.
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: { only: true },
    external,
  },
]);
