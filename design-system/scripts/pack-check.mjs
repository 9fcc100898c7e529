// Proves that `npm pack` makes a package another project can install and use: packs the built
// package, installs the tarball into a throwaway project (its peers linked from this repository,
// as an app's own copies would be), then imports it as ESM and requires it as CommonJS and
// server-renders a component inside the provider. Run after `npm run build`.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoModules = join(root, '..', 'node_modules');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const peers = Object.keys(manifest.peerDependencies);
// What npm installs with the package (dayjs, lightweight-charts).
const dependencies = Object.keys(manifest.dependencies ?? {});

const fail = (message) => {
  console.error(`pack-check: ${message}`);
  process.exit(1);
};

if (!existsSync(join(root, 'dist', 'index.js')))
  fail('dist/ is missing: run `npm run build` first.');

const work = mkdtempSync(join(tmpdir(), 'coinlens-pack-'));
try {
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  );
  const files = packed.files.map((file) => file.path);
  for (const needed of [
    'package.json',
    'README.md',
    'dist/index.js',
    'dist/index.cjs',
    'dist/index.d.ts',
    'dist/index.d.cts',
  ]) {
    if (!files.includes(needed)) fail(`the tarball lacks ${needed}`);
  }
  const stray = files.filter((file) => /(^src\/|\.test\.|\.stories\.|__screenshots__)/.test(file));
  if (stray.length) fail(`the tarball carries files no consumer needs: ${stray.join(', ')}`);

  // The app: the tarball unpacked where npm would put it, its peers and dependencies beside it.
  const app = join(work, 'app');
  const installed = join(app, 'node_modules', '@coinlens', 'design-system');
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', [
    '-xzf',
    join(work, packed.filename),
    '-C',
    installed,
    '--strip-components=1',
  ]);
  for (const name of [...peers, ...dependencies]) {
    mkdirSync(dirname(join(app, 'node_modules', name)), { recursive: true });
    symlinkSync(join(repoModules, name), join(app, 'node_modules', name), 'dir');
  }
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );

  const render = `
    const html = renderToString(
      createElement(CoinlensProvider, null,
        createElement(CoinTable.Root, {
          coins: [{ id: 1, name: 'Bitcoin', symbol: 'BTC', price: 64231.5, percentChange24h: -0.8 }],
          label: 'Coins',
        },
          createElement(CoinTable.Header, {
            labels: { name: 'Name', price: 'Price', change: '24h change', action: 'Add' },
          }),
          createElement(CoinTable.Body, null, (coin) =>
            createElement(CoinTable.Row, { coin },
              createElement(CoinTable.Name),
              createElement(CoinTable.Price),
              createElement(CoinTable.Change),
              createElement(CoinTable.Action, {
                text: { add: 'Add', selected: 'Added', followed: 'Following' },
                getLabel: ({ coin }) => 'Add ' + coin.name,
              }))))));
    for (const text of ['Bitcoin', '$64,231.50', '-0.80%']) {
      if (!html.includes(text)) throw new Error('the rendered table lacks ' + text);
    }
    if (formatPrice(0.0001234) !== '$0.0001234') throw new Error('formatPrice is wrong');
    // The date locales register themselves as the package loads.
    const date = formatTimestamp(0, { now: 2 * 86400000, locale: 'zh-CN' });
    if (date !== '1970/01/01 00:00') throw new Error('formatTimestamp wrote ' + date);
    // Without a cache of the app's own, Emotion writes each rule inline before its first use:
    // every class the markup wears (Chakra's elements' and the recipe classes' alike) has one.
    const inline = [...html.matchAll(/<style data-emotion="css ([^"]+)"/g)].flatMap(([, ids]) => ids.split(' '));
    const worn = new Set([...html.matchAll(/class="([^"]+)"/g)].flatMap(([, names]) => names.split(' ')));
    const unstyled = [...worn].filter((name) => name.startsWith('css-') && !inline.includes(name.slice(4)));
    if (worn.size < 5 || unstyled.length) throw new Error('classes without their rules: ' + unstyled.join(' '));
  `;
  writeFileSync(
    join(app, 'esm.mjs'),
    `import { createElement } from 'react';
     import { renderToString } from 'react-dom/server';
     import { CoinlensProvider, CoinTable, formatPrice, formatTimestamp } from '@coinlens/design-system';
     ${render}`,
  );
  writeFileSync(
    join(app, 'cjs.cjs'),
    `const { createElement } = require('react');
     const { renderToString } = require('react-dom/server');
     const { CoinlensProvider, CoinTable, formatPrice, formatTimestamp } = require('@coinlens/design-system');
     ${render}`,
  );
  for (const script of ['esm.mjs', 'cjs.cjs']) {
    try {
      execFileSync(process.execPath, [script], { cwd: app, stdio: ['ignore', 'ignore', 'pipe'] });
    } catch (error) {
      fail(`the installed package does not work from ${script}:\n${error.stderr}`);
    }
  }
  const kb = (packed.size / 1024).toFixed(1);
  const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  console.log(
    `pack-check: ${pkg.name}@${pkg.version} (${kb} KB, ${files.length} files) installs and renders as ESM and CommonJS`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
