// The gzip cost of importing each export of the built package on its own, as an app's bundler
// would (esbuild, minified, peers external). `--check` fails when a component grows past its
// budget or when importing one component pulls in another component it does not compose.
// Run after `npm run build`.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'dist', 'index.js');
// The peers are the app's own, as the package's build leaves them (tsup.config.ts).
const { peerDependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const external = [...Object.keys(peerDependencies), 'react/jsx-runtime'];
// Loaded with import() only when a chart mounts: an app's bundler gives them a chunk of their own,
// which no import of ours pays for up front. Measured on their own below; a static import of
// one fails the check.
const onDemand = ['lightweight-charts'];

const source = readFileSync(entry, 'utf8');
const names = [...source.matchAll(/export\s*\{([^}]*)\}/g)]
  .flatMap((m) => m[1].split(','))
  .map((part) =>
    part
      .trim()
      .split(/\s+as\s+/)
      .pop(),
  )
  .filter(Boolean);

async function cost(code) {
  const result = await build({
    stdin: { contents: code, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    external: [...external, ...onDemand],
    logLevel: 'silent',
  });
  const text = result.outputFiles[0].text;
  return { text, gz: gzipSync(text, { level: 9 }).length };
}

// Every component's recipe has a class name: finding another's in a bundle means it came along.
const components = names.filter((n) => /^[A-Z][a-z]/.test(n) && n !== 'CoinlensProvider');
const classOf = (name) =>
  `cl-${name.replace(/[A-Z]/g, (c, i) => (i ? '-' : '') + c.toLowerCase())}`;

// Components built from others: importing them brings those along, and only those.
const composes = {
  // The alert form's Save and Cancel are the product's buttons.
  AlertForm: ['Button', 'Spinner'],
  ChatBubble: ['PriceChange'],
  CoinTable: ['PriceChange', 'PriceText'],
  MarketTable: ['PriceChange', 'PriceText', 'Sparkline'],
  Button: ['Spinner'],
  InlineRetry: ['Button', 'Spinner'],
  ReportCard: ['Button', 'InlineRetry', 'PriceChange', 'PriceText', 'Spinner'],
};

// Per-component gzip budgets in KB (peers external): about 15% above what each costs today, so
// that a real growth fails and has to be looked at. The components whose parts wear classes made
// once per recipe (hooks/useSlotClasses) carry that hook, about 0.6 KB gz of each one's figure but
// one copy in an app: it was raised for them on purpose (a report card page's start 5x cheaper).
// MonitorCard writes its start time with dayjs (format/dayjs.ts: the library, its UTC plugin and
// the Chinese and Portuguese locales), 4.9 KB gz of its figure and of everything's, one copy in
// an app that shows any date.
const budgets = {
  AlertBell: 2.7,
  // AlertForm: with the product's Button (and its Spinner) and the logo.
  AlertForm: 6.1,
  // AlertItem writes its times with dayjs as MonitorCard does (about 5 KB gz of its figure, one
  // copy in an app that shows any date).
  AlertItem: 11,
  Button: 1.25,
  // ChatBubble: with the assistant's alert offer and the alert it made (the subject's logo, what
  // the alert watches in the page's language, Yes and No), 8.6 KB gz; loaded with the chat only.
  ChatBubble: 9.9,
  ChipFooter: 3.5,
  CodeInput: 2.7,
  CoinTable: 5.4,
  // The theme: 2.1 KB gz since each colour role has its print value too.
  CoinlensProvider: 2.4,
  EmptyState: 1.9,
  InfiniteList: 2.2,
  InlineRetry: 2.6,
  LoadingBar: 2.6,
  LoadingOverlay: 2.1,
  // MarketTable: 16.4 KB gz, of which the window virtualizer (@tanstack/react-virtual and its
  // core, 10.2 KB gz) is most; the table's own code and recipe about 3.5 KB, Sparkline,
  // PriceChange, PriceText and the logo the rest.
  MarketTable: 18.9,
  // Modal: its body can also scroll inside it (`scrollBehavior`), which the picker dialogs need,
  // and it can fill a phone's screen (`fullScreen`, 0.12 KB gz of its recipe's styles).
  Modal: 2.1,
  MonitorCard: 11.1,
  PriceChange: 1,
  PriceChart: 5,
  PriceText: 1,
  // ReportCard: 7.38 KB gz since each part's placeholders pulse as one block, not bar by bar.
  ReportCard: 7.4,
  SearchInput: 2.9,
  Skeleton: 1,
  Sparkline: 1.9,
  Spinner: 1,
  Toaster: 3.5,
};
// The cards and the table as compound parts (a context and a forwardRef a part) cost about 1 KB
// gz of everything's figure, raised for it on purpose. The market table raised it from 38 to 54:
// 15.1 KB gz more (37.0 before it), two thirds of it the window virtualizer. The alert bell,
// item and form raised it from 54 to 60: 5.0 KB gz more (52.4 before them).
const EVERYTHING_BUDGET = 60;

const rows = [];
const over = [];
const leaks = [];
const staticImports = [];
for (const name of names.sort()) {
  const { text, gz } = await cost(
    `import { ${name} } from ${JSON.stringify(entry)}; console.log(${name});`,
  );
  rows.push([name, gz]);
  for (const lazy of onDemand) {
    const quoted = `["']${lazy.replace(/[/.-]/g, '\\$&')}["']`;
    if (new RegExp(`(from\\s*|import\\s*|require\\(\\s*)${quoted}`).test(text)) {
      staticImports.push(`${name} imports ${lazy} up front`);
    }
  }
  if (budgets[name] !== undefined && gz / 1024 > budgets[name]) {
    over.push([name, gz / 1024, budgets[name]]);
  }
  if (components.includes(name)) {
    for (const other of components) {
      const allowed = other === name || (composes[name] ?? []).includes(other);
      if (!allowed && text.includes(`"${classOf(other)}"`)) leaks.push(`${name} pulls in ${other}`);
    }
  }
}
const all = await cost(`import * as all from ${JSON.stringify(entry)}; console.log(all);`);
if (all.gz / 1024 > EVERYTHING_BUDGET) over.push(['everything', all.gz / 1024, EVERYTHING_BUDGET]);
const lazyCosts = [];
for (const lazy of onDemand) {
  const { gz } = await build({
    stdin: { contents: `export * from ${JSON.stringify(lazy)};`, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
  }).then((result) => ({ gz: gzipSync(result.outputFiles[0].text, { level: 9 }).length }));
  lazyCosts.push([lazy, gz]);
}
const failed = leaks.length || over.length || staticImports.length;
const quiet = process.argv.includes('--check') && !failed;
if (!quiet) {
  for (const [name, gz] of rows) {
    const budget = budgets[name] === undefined ? '' : `  (budget ${budgets[name]} KB)`;
    console.log(`${(gz / 1024).toFixed(2).padStart(6)} KB gz  ${name}${budget}`);
  }
  console.log(`${(all.gz / 1024).toFixed(2).padStart(6)} KB gz  (everything)`);
  for (const [lazy, gz] of lazyCosts) {
    console.log(
      `${(gz / 1024).toFixed(2).padStart(6)} KB gz  ${lazy} (on demand, when a chart mounts)`,
    );
  }
} else {
  console.log(
    `design-system size: ${rows.length} exports within budget, ${(all.gz / 1024).toFixed(2)} KB gz in all`,
  );
}
if (process.argv.includes('--check') && failed) {
  if (leaks.length)
    console.error(`\nImporting one component pulls in others:\n  ${leaks.join('\n  ')}`);
  if (staticImports.length)
    console.error(`\nOn-demand libraries imported up front:\n  ${staticImports.join('\n  ')}`);
  if (over.length) {
    console.error(
      [
        '\nOver budget (KB gz, peers external):',
        '| import | now | budget | grew past it by |',
        '|---|---:|---:|---:|',
        ...over.map(
          ([name, kb, budget]) =>
            `| ${name} | ${kb.toFixed(2)} | ${budget} | +${(kb - budget).toFixed(2)} |`,
        ),
      ].join('\n'),
    );
  }
  process.exit(1);
}
