/** @jest-environment node */
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { COMPILE_HINT, CompileHintsPlugin, loadsFirst } from './compileHints';

describe('loadsFirst', () => {
  it.each([
    ['app', true],
    ['component---src-pages-mobile-index-tsx', true],
    ['component---src-pages-index-tsx', true],
    ['chat', false],
    ['polyfill', false],
    [null, false],
    [undefined, false],
  ])('%s: %s', (name, expected) => {
    expect(loadsFirst(name)).toBe(expected);
  });
});

/** Builds a small site shaped like Gatsby's: an `app` entry, a page loaded by name, a dialog on demand. */
async function build(plugins: webpack.WebpackPluginInstance[]) {
  const dir = await mkdtemp(path.join(tmpdir(), 'coinlens-hints-'));
  const files: Record<string, string> = {
    'app.js': [
      'export function start() {',
      '  return import(/* webpackChunkName: "component---src-pages-home-tsx" */ "./page.js");',
      '}',
      'start().then((page) => page.render());',
    ].join('\n'),
    'page.js': [
      'export function render() {',
      '  const marker = "rendered by the page";',
      '  document.title = marker;',
      '  document.body.onclick = () => import("./dialog.js").then((dialog) => dialog.open());',
      '}',
    ].join('\n'),
    'dialog.js': 'export function open() { document.title = "a dialog"; }',
  };
  await Promise.all(
    Object.entries(files).map(([name, code]) => writeFile(path.join(dir, name), code)),
  );
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: { app: './app.js' },
    devtool: 'source-map',
    output: { path: path.join(dir, 'out'), filename: '[name].js', chunkFilename: '[name].js' },
    plugins,
  });
  const stats = await new Promise<webpack.Stats>((resolve, reject) =>
    compiler.run((error, result) => (error || !result ? reject(error) : resolve(result))),
  );
  await new Promise((resolve) => compiler.close(resolve));
  expect(stats.hasErrors()).toBe(false);
  const out = path.join(dir, 'out');
  const names = (await readdir(out)).filter((name) => name.endsWith('.js'));
  const read = async (name: string) => readFile(path.join(out, name), 'utf8');
  return { dir, out, names, read };
}

describe('CompileHintsPlugin', () => {
  let site: Awaited<ReturnType<typeof build>>;
  beforeAll(async () => {
    site = await build([new CompileHintsPlugin()]);
  }, 30_000);
  afterAll(() => rm(site.dir, { recursive: true, force: true }));

  it('starts the entry and the page with the hint, once, after minifying', async () => {
    const app = await site.read('app.js');
    expect(app.startsWith(COMPILE_HINT)).toBe(true);
    expect(app.split('\n')[1]).toMatch(/^\(\(\)=>\{/);
    const page = await site.read('component---src-pages-home-tsx.js');
    expect(page.startsWith(COMPILE_HINT)).toBe(true);
    expect(page.indexOf('allFunctionsCalledOnLoad')).toBe(
      page.lastIndexOf('allFunctionsCalledOnLoad'),
    );
  });

  it('leaves what loads on demand without it', async () => {
    const onDemand = site.names.filter(
      (name) => name !== 'app.js' && !name.startsWith('component---'),
    );
    expect(onDemand).toEqual([expect.stringMatching(/\.js$/)]);
    for (const name of onDemand) {
      expect(await site.read(name)).not.toContain('allFunctionsCalledOnLoad');
    }
  });

  it('keeps the source maps right: the added line is counted', async () => {
    const page = await site.read('component---src-pages-home-tsx.js');
    const map = new TraceMap(
      await readFile(path.join(site.out, 'component---src-pages-home-tsx.js.map'), 'utf8'),
    );
    const lines = page.split('\n');
    const line = lines.findIndex((text) => text.includes('rendered by the page'));
    expect(line).toBeGreaterThan(0);
    const column = (lines[line] ?? '').indexOf('"rendered by the page"');
    const original = originalPositionFor(map, { line: line + 1, column });
    expect(original).toMatchObject({ source: expect.stringMatching(/page\.js$/), line: 2 });
  });

  it('adds nothing without it', async () => {
    const plain = await build([]);
    try {
      for (const name of plain.names) {
        expect(await plain.read(name)).not.toContain('allFunctionsCalledOnLoad');
      }
    } finally {
      await rm(plain.dir, { recursive: true, force: true });
    }
  }, 30_000);
});
