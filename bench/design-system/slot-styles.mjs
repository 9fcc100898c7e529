#!/usr/bin/env node
// `node bench/design-system/slot-styles.mjs [--rounds N]`: server-renders three report-card-shaped
// trees with Chakra's slot recipe context and with the design system's useSlotClasses, rounds
// alternating, and prints each way's median and spread. Bundled here with esbuild, as the design
// system's build (tsup) does, so that it runs the sources as they are.
import { build } from 'esbuild';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20' } } });
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 2) {
  console.error('--rounds takes a whole number of at least 2');
  process.exit(2);
}

// Inside the repository, so that the bundle finds React in its node_modules.
const cache = fileURLToPath(new URL('../../node_modules/.cache/', import.meta.url));
await mkdir(cache, { recursive: true });
const dir = await mkdtemp(join(cache, 'coinlens-slot-styles-'));
try {
  const outfile = join(dir, 'slotStyles.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('./slotStyles.tsx', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    outfile,
    logLevel: 'error',
    // React and its server renderer are CommonJS: they load through Node, not the bundle.
    external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
  });
  process.env.NODE_ENV = 'production';
  const { render, ELEMENTS_PER_CARD } = await import(pathToFileURL(outfile).href);
  const CARDS = 3;
  // The first renders make the system, the recipes' functions and the classes: not what repeats.
  for (let i = 0; i < 5; i++) {
    render('hook', CARDS);
    render('context', CARDS);
  }
  const times = { hook: [], context: [] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ['hook', 'context'] : ['context', 'hook'];
    for (const way of order) {
      const start = performance.now();
      render(way, CARDS);
      times[way].push(performance.now() - start);
    }
  }
  const quantile = (list, q) => {
    const sorted = [...list].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  };
  console.log(
    `${CARDS} cards of ${ELEMENTS_PER_CARD} styled elements, ${rounds} rounds alternating`,
  );
  for (const way of ['context', 'hook']) {
    const label = way === 'hook' ? 'useSlotClasses' : 'createSlotRecipeContext';
    const [q1, median, q3] = [0.25, 0.5, 0.75].map((q) => quantile(times[way], q).toFixed(1));
    console.log(`${label.padEnd(24)} median ${median} ms (IQR ${q1}-${q3})`);
  }
  const ratio = quantile(times.context, 0.5) / quantile(times.hook, 0.5);
  console.log(`the context's median is ${ratio.toFixed(1)} times the hook's`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
