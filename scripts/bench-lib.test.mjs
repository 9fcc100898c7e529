// The pure parts of `npm run bench`: node --test scripts/bench-lib.test.mjs
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import {
  END_MARKER,
  FLOOR_HEADERS,
  FLOOR_PAGE,
  ROUTES,
  START_MARKER,
  apiRows,
  chatRows,
  describeMachine,
  describeSpeed,
  floorHeaders,
  floorNote,
  floorRows,
  formatCls,
  formatDuration,
  formatTable,
  jsRows,
  lighthouseRows,
  median,
  missedByTheFloorToo,
  missedGoals,
  parseArgs,
  parseJsSize,
  replaceGenerated,
  readShareRows,
  apiMarkers,
  summarizeRuns,
  withFloors,
  wrongFinalUrl,
} from './bench-lib.mjs';

const met = (rows) => Object.fromEntries(rows.map((row) => [row.measure, row.met]));

describe('median', () => {
  it('takes the middle of an odd count and the mean of the middle two of an even one', () => {
    assert.equal(median([3, 1, 2]), 2);
    assert.equal(median([0.99, 0.97, 1]), 0.99);
    assert.equal(median([4, 1, 3, 2]), 2.5);
    assert.equal(median([7]), 7);
  });

  it('leaves out values that are not numbers and gives NaN for none', () => {
    assert.equal(median([5, NaN, 1, undefined, 3]), 3);
    assert.ok(Number.isNaN(median([])));
  });

  it('does not reorder the array it is given', () => {
    const values = [3, 1, 2];
    median(values);
    assert.deepEqual(values, [3, 1, 2]);
  });
});

describe('parseJsSize', () => {
  it("reads js-size's lines and ignores anything else", () => {
    const output = [
      '  161.1 KB gz   5 files  /',
      '   98.0 KB gz  12 files  /reporting/',
      '(node:1) ExperimentalWarning: something',
      '  130.4 KB gz   1 file  /pt-br/mobile/',
      '',
    ].join('\n');
    assert.deepEqual(parseJsSize(output), [
      { path: '/', kb: 161.1, files: 5 },
      { path: '/reporting/', kb: 98, files: 12 },
      { path: '/pt-br/mobile/', kb: 130.4, files: 1 },
    ]);
  });
});

describe('summarizeRuns', () => {
  it('takes each metric median on its own', () => {
    const summary = summarizeRuns([
      { score: 0.99, lcpMs: 900, tbtMs: 10, cls: 0 },
      { score: 0.95, lcpMs: 700, tbtMs: 80, cls: 0.02 },
      { score: 1, lcpMs: 800, tbtMs: 30, cls: 0 },
    ]);
    assert.deepEqual(summary, { score: 0.99, lcpMs: 800, tbtMs: 30, cls: 0, runs: 3 });
  });
});

describe('wrongFinalUrl', () => {
  const origin = 'http://127.0.0.1:9000';
  it('accepts a mobile run on the mobile page and a desktop run anywhere else', () => {
    assert.equal(
      wrongFinalUrl('mobile', `${origin}/mobile/`, `${origin}/mobile/`, `${origin}/mobile/`),
      null,
    );
    assert.equal(
      wrongFinalUrl('desktop', `${origin}/welcome/`, `${origin}/welcome/`, `${origin}/?t=login`),
      null,
    );
  });

  it('refuses a mobile run sent away from /mobile/ and a desktop run sent to it', () => {
    assert.match(
      wrongFinalUrl('mobile', `${origin}/mobile/`, `${origin}/`, `${origin}/`),
      /not the mobile page/,
    );
    assert.match(
      wrongFinalUrl('desktop', `${origin}/`, `${origin}/mobile/`, `${origin}/mobile/`),
      /taken for a phone/,
    );
    assert.match(
      wrongFinalUrl('desktop', `${origin}/`, `${origin}/`, `${origin}/zh/mobile/`),
      /taken for a phone/,
    );
  });
});

describe('wrongFinalUrl signed in', () => {
  const origin = 'http://127.0.0.1:9000';
  it('accepts a signed-in run that stays on its page', () => {
    assert.equal(
      wrongFinalUrl(
        'desktop',
        `${origin}/reporting/`,
        `${origin}/reporting/`,
        `${origin}/reporting/`,
        true,
      ),
      null,
    );
  });

  it('refuses a signed-in run sent to the login, from the head or after it started', () => {
    for (const [mainDocument, final] of [
      [`${origin}/?t=login`, `${origin}/?t=login`],
      [`${origin}/monitoring/`, `${origin}/?t=login`],
      [`${origin}/zh/?t=login`, `${origin}/zh/?t=login`],
    ]) {
      assert.match(
        wrongFinalUrl('desktop', `${origin}/monitoring/`, mainDocument, final, true),
        /took the run for signed out/,
      );
    }
  });

  it('still refuses a signed-in desktop run taken for a phone', () => {
    assert.match(
      wrongFinalUrl(
        'desktop',
        `${origin}/welcome/`,
        `${origin}/welcome/`,
        `${origin}/mobile/`,
        true,
      ),
      /taken for a phone/,
    );
  });

  it('measures the signed-in areas signed in, and / and /mobile/ as a first visitor sees them', () => {
    assert.deepEqual(
      ROUTES.map(({ path, signedIn }) => [path, signedIn]),
      [
        ['/', false],
        ['/reporting/', true],
        ['/monitoring/', true],
        ['/welcome/', true],
        ['/mobile/', false],
      ],
    );
  });
});

describe('goals', () => {
  it('holds desktop routes to 0.99 and TBT under 50 ms, and CLS to exactly 0', () => {
    const rows = lighthouseRows('/', 'desktop', { score: 0.99, lcpMs: 500, tbtMs: 49, cls: 0 });
    assert.deepEqual(Object.values(met(rows)), [true, null, true, true]);
    const missed = lighthouseRows('/', 'desktop', {
      score: 0.98,
      lcpMs: 500,
      tbtMs: 50,
      cls: 0.0004,
    });
    assert.deepEqual(Object.values(met(missed)), [false, null, false, false]);
    assert.equal(missed[3].value, '0.0004');
  });

  it('holds /mobile/ to 0.98 and TBT under 100 ms', () => {
    const rows = lighthouseRows('/mobile/', 'mobile', {
      score: 0.98,
      lcpMs: 2000,
      tbtMs: 99,
      cls: 0,
    });
    assert.deepEqual(Object.values(met(rows)), [true, null, true, true]);
    const slow = lighthouseRows('/mobile/', 'mobile', {
      score: 0.97,
      lcpMs: 2000,
      tbtMs: 100,
      cls: 0,
    });
    assert.deepEqual(Object.values(met(slow)), [false, null, false, true]);
  });

  it('names a signed-in run in its rows, and holds it to the same goals', () => {
    const figures = { score: 0.99, lcpMs: 500, tbtMs: 49, cls: 0 };
    const rows = lighthouseRows('/reporting/', 'desktop', figures, { signedIn: true });
    assert.deepEqual(
      rows.map((row) => row.measure),
      ['performance', 'LCP', 'TBT', 'CLS'].map(
        (metric) => `Lighthouse \`/reporting/\` (desktop, signed in): ${metric}`,
      ),
    );
    assert.deepEqual(
      rows.map(({ value, goal, met: isMet }) => [value, goal, isMet]),
      lighthouseRows('/', 'desktop', figures).map(({ value, goal, met: isMet }) => [
        value,
        goal,
        isMet,
      ]),
    );
    assert.equal(
      lighthouseRows('/', 'desktop', figures)[0].measure,
      'Lighthouse `/` (desktop): performance',
    );
  });

  it('counts a route whose every run failed as missed, not met', () => {
    const rows = lighthouseRows('/', 'desktop', summarizeRuns([]));
    assert.deepEqual(Object.values(met(rows)), [false, null, false, false]);
    assert.equal(rows[0].value, 'n/a');
  });

  it('gives the home page 110 KB gz of first-load JS and other routes 130, a missing one none', () => {
    const rows = jsRows(
      ['/', '/reporting/', '/welcome/', '/mobile/'],
      [
        { path: '/', kb: 110, files: 5 },
        { path: '/reporting/', kb: 130, files: 5 },
        { path: '/welcome/', kb: 130.1, files: 5 },
      ],
    );
    assert.deepEqual(Object.values(met(rows)), [true, true, false, false]);
    assert.equal(rows[0].goal, '<= 110 KB gz');
    assert.equal(rows[3].value, 'not built');
  });

  it("gives the chat the contract's 1 s to its first part and 5 s to its last", () => {
    assert.deepEqual(Object.values(met(chatRows({ firstMs: 1000, lastMs: 5000, count: 5 }))), [
      true,
      true,
    ]);
    assert.deepEqual(Object.values(met(chatRows({ firstMs: 1001, lastMs: NaN, count: 0 }))), [
      false,
      false,
    ]);
  });

  it('sets the API no goal and lists only the missed rows', () => {
    const rows = [
      ...apiRows({ title: '`GET /x`', requestsPerSecond: 1234.4, p99Ms: 7 }),
      ...chatRows({ firstMs: 2000, lastMs: 10, count: 5 }),
    ];
    assert.deepEqual(
      rows.slice(0, 2).map((row) => [row.value, row.met]),
      [
        ['1234', null],
        ['7 ms', null],
      ],
    );
    assert.deepEqual(
      missedGoals(rows).map((row) => row.measure),
      ['Chat: first part of the reply (median of 5)'],
    );
  });
});

describe('the floor page', () => {
  it('is measured before the first route of each preset, and only then', () => {
    const pages = withFloors(ROUTES);
    assert.deepEqual(
      pages.map((page) => [page.path, page.preset, page.floor === true]),
      [
        ['/floor/desktop/', 'desktop', true],
        ['/', 'desktop', false],
        ['/reporting/', 'desktop', false],
        ['/monitoring/', 'desktop', false],
        ['/welcome/', 'desktop', false],
        ['/floor/mobile/', 'mobile', true],
        ['/mobile/', 'mobile', false],
      ],
    );
    assert.ok(pages.filter((page) => page.floor).every((page) => page.signedIn === false));
    assert.deepEqual(withFloors([]), []);
  });

  it("passes each run's own address check: a phone's floor is a mobile page, a desktop's not", () => {
    const origin = 'http://127.0.0.1:9';
    for (const page of withFloors(ROUTES).filter((entry) => entry.floor)) {
      const url = `${origin}${page.path}`;
      assert.equal(wrongFinalUrl(page.preset, url, url, url), null, page.path);
    }
  });

  it('is a page without a script, a style sheet or a font', () => {
    assert.match(FLOOR_PAGE, /^<!doctype html>/);
    assert.match(FLOOR_PAGE, /<meta name="viewport"/);
    assert.doesNotMatch(FLOOR_PAGE, /<script|<style|<link|style=|@font-face/i);
  });

  it("takes the product's security headers and nothing else", () => {
    const product = new Headers({
      'Content-Security-Policy': "default-src 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'x-frame-options': 'DENY',
      'content-encoding': 'br',
      'content-length': '10142',
      etag: 'W/"1"',
      'cache-control': 'no-cache',
    });
    assert.deepEqual(floorHeaders(product), {
      'content-security-policy': "default-src 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'x-frame-options': 'DENY',
    });
    assert.deepEqual(floorHeaders([['Referrer-Policy', 'no-referrer']]), {
      'referrer-policy': 'no-referrer',
    });
    assert.ok(FLOOR_HEADERS.includes('cross-origin-opener-policy'));
  });

  it('refuses a product page that sent none of them', () => {
    assert.throws(
      () => floorHeaders(new Headers({ 'content-type': 'text/html' })),
      /sent none of content-security-policy, cross-origin-opener-policy/,
    );
  });

  it("says whether the floor reaches its preset's goals, with no goal row of its own", () => {
    const quick = floorRows('mobile', { score: 0.98, lcpMs: 700, tbtMs: 99, cls: 0 });
    assert.deepEqual(
      quick.map((row) => [row.measure, row.value, row.goal, row.met, row.reaches]),
      [
        ['Lighthouse floor page (mobile): performance', '0.98', '-', null, true],
        ['Lighthouse floor page (mobile): TBT', '99 ms', '-', null, true],
      ],
    );
    const slow = floorRows('mobile', { score: 0.97, lcpMs: 700, tbtMs: 100, cls: 0 });
    assert.deepEqual(
      slow.map((row) => row.reaches),
      [false, false],
    );
    assert.deepEqual(
      floorRows('desktop', { score: 0.99, lcpMs: 300, tbtMs: 50, cls: 0 }).map(
        (row) => row.reaches,
      ),
      [true, false],
    );
    assert.deepEqual(missedGoals(slow), []);
  });

  it('explains only the missed goals its own preset and metric missed on the floor too', () => {
    const rows = [
      ...floorRows('desktop', { score: 1, lcpMs: 300, tbtMs: 0, cls: 0 }),
      ...lighthouseRows('/welcome/', 'desktop', { score: 0.9, lcpMs: 900, tbtMs: 180, cls: 0 }),
      ...floorRows('mobile', { score: 0.99, lcpMs: 700, tbtMs: 160, cls: 0 }),
      ...lighthouseRows('/mobile/', 'mobile', { score: 0.8, lcpMs: 1400, tbtMs: 900, cls: 0.01 }),
      ...chatRows({ firstMs: 2000, lastMs: 10, count: 5 }),
    ];
    assert.deepEqual(
      missedByTheFloorToo(rows).map((row) => row.measure),
      ['Lighthouse `/mobile/` (mobile): TBT'],
    );
    assert.equal(
      floorNote(missedByTheFloorToo(rows)),
      'The floor page missed this goal too, in the same run: `/mobile/` (mobile): TBT. ' +
        'No page could meet it on this machine then.',
    );
    // Without a floor measured, nothing is explained.
    assert.deepEqual(missedByTheFloorToo(rows.filter((row) => !row.floor)), []);
    assert.equal(floorNote([]), '');
  });
});

describe('formatCls', () => {
  it('never rounds a shift away to 0', () => {
    assert.equal(formatCls(0), '0');
    assert.equal(formatCls(0.000234), '0.00023');
    assert.equal(formatCls(0.0416), '0.042');
  });
});

describe('formatTable', () => {
  const rows = [
    { measure: 'Lighthouse `/` (desktop): performance', value: '0.99', goal: '>= 0.99', met: true },
    { measure: 'TBT', value: '120 ms', goal: '< 50 ms', met: false },
    { measure: 'API a|b', value: '10', goal: '-', met: null },
  ];

  it('writes one padded Markdown table with yes, no and - for the goals', () => {
    assert.equal(
      formatTable(rows),
      [
        '| measure                               | value  | goal    | met    |',
        '| ------------------------------------- | ------ | ------- | ------ |',
        '| Lighthouse `/` (desktop): performance | 0.99   | >= 0.99 | yes    |',
        '| TBT                                   | 120 ms | < 50 ms | **no** |',
        '| API a\\|b                              | 10     | -       | -      |',
      ].join('\n'),
    );
  });

  it('is already as Prettier writes it', async () => {
    const prettier = createRequire(import.meta.url)('prettier');
    const table = `${formatTable(rows)}\n`;
    assert.equal(await prettier.format(table, { parser: 'markdown' }), table);
  });
});

describe('parseArgs', () => {
  it('reads the four options and refuses anything else', () => {
    assert.deepEqual(parseArgs([]), {
      build: true,
      api: false,
      write: false,
      check: false,
      help: false,
    });
    assert.deepEqual(parseArgs(['--no-build', '--api', '--write', '--check']), {
      build: false,
      api: true,
      write: true,
      check: true,
      help: false,
    });
    assert.throws(() => parseArgs(['--nobuild']), /unknown option --nobuild/);
  });
});

describe('readShareRows', () => {
  it("says each read's share of the reference's rate, met from a quarter", () => {
    const rows = readShareRows({ title: '`GET /a`', requestsPerSecond: 10_000 }, [
      { title: '`GET /b`', requestsPerSecond: 2_600 },
      { title: '`GET /c`', requestsPerSecond: 2_400 },
      { title: '`GET /d`', requestsPerSecond: NaN },
    ]);
    assert.deepEqual(
      rows.map((row) => [row.measure, row.value, row.goal, row.met]),
      [
        ["API `GET /b`: share of `GET /a`'s requests/s", '26 %', '>= 25 %', true],
        ["API `GET /c`: share of `GET /a`'s requests/s", '24 %', '>= 25 %', false],
        ["API `GET /d`: share of `GET /a`'s requests/s", 'n/a', '>= 25 %', false],
      ],
    );
  });
});

describe('formatDuration', () => {
  it('writes seconds, then minutes and seconds', () => {
    assert.equal(formatDuration(38_400), '38 s');
    assert.equal(formatDuration(252_000), '4 min 12 s');
    assert.equal(formatDuration(605_000), '10 min 05 s');
  });
});

describe('describeMachine', () => {
  it('names the CPU model once with the core count, the RAM and the versions', () => {
    const cpu = { model: 'AMD EPYC 7B13 ', speed: 2450 };
    assert.equal(
      describeMachine({
        cpus: [cpu, cpu],
        memoryBytes: 8 * 1024 ** 3,
        os: 'Linux 6.1.0 (x64)',
        node: 'v22.1.0',
        chromium: 'Chromium 156.0.8078.79',
      }),
      [
        '- CPU: AMD EPYC 7B13, 2 cores',
        '- RAM: 8.0 GB',
        '- OS: Linux 6.1.0 (x64)',
        '- Node.js: v22.1.0',
        '- Chromium: Chromium 156.0.8078.79',
      ].join('\n'),
    );
  });
});

describe('describeSpeed', () => {
  it("gives the median and the range of Lighthouse's benchmark index", () => {
    assert.equal(
      describeSpeed([1445, 2031.5, 1652, 1170.4]),
      "Lighthouse's benchmark index (higher is faster) 1549 median, 1170-2032 over 4 Lighthouse runs",
    );
    assert.equal(
      describeSpeed([1500]),
      "Lighthouse's benchmark index (higher is faster) 1500 median, 1500 over 1 Lighthouse run",
    );
  });

  it('leaves out runs that did not report it, and says so when none did', () => {
    assert.equal(
      describeSpeed([undefined, 1200, NaN]),
      "Lighthouse's benchmark index (higher is faster) 1200 median, 1200 over 1 Lighthouse run",
    );
    assert.equal(describeSpeed([undefined]), "Lighthouse's benchmark index was not reported");
  });

  it('is a line of the machine when the indexes are given', () => {
    const machine = describeMachine({
      cpus: [{ model: 'AMD EPYC', speed: 2450 }],
      memoryBytes: 8 * 1024 ** 3,
      os: 'Linux 6.1.0 (x64)',
      node: 'v22.1.0',
      chromium: 'Chromium 156',
      benchmarkIndexes: [1000, 3000],
    });
    assert.equal(
      machine.split('\n').at(-1),
      "- Speed: Lighthouse's benchmark index (higher is faster) 2000 median, 1000-3000 over 2 Lighthouse runs",
    );
  });
});

describe('replaceGenerated', () => {
  it('replaces only the text between the markers', () => {
    const doc = `# Benchmarks\n\nWritten by hand.\n\n${START_MARKER}\n\nold table\n\n${END_MARKER}\n\nAlso by hand.\n`;
    assert.equal(
      replaceGenerated(doc, 'new table\n'),
      `# Benchmarks\n\nWritten by hand.\n\n${START_MARKER}\n\nnew table\n\n${END_MARKER}\n\nAlso by hand.\n`,
    );
  });

  it('rewrites the part between other markers when given them', () => {
    const api = apiMarkers('pglite');
    const doc = `${START_MARKER}\nmain\n${END_MARKER}\n${api.start}\nold\n${api.end}\n`;
    assert.equal(
      replaceGenerated(doc, 'new', api),
      `${START_MARKER}\nmain\n${END_MARKER}\n${api.start}\n\nnew\n\n${api.end}\n`,
    );
    assert.equal(api.start, '<!-- bench-api:pglite:start -->');
  });

  it('refuses a doc without its markers rather than overwrite it', () => {
    assert.throws(() => replaceGenerated('# Benchmarks\n', 'table'), /no <!-- bench:start -->/);
    assert.throws(
      () => replaceGenerated(`${END_MARKER}\n${START_MARKER}\n`, 'table'),
      /put the markers back/,
    );
  });
});
