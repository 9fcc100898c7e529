// The pure parts of `npm run bench`: node --test bench/bench-lib.test.mjs
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import {
  END_MARKER,
  COMPARE_ROUNDS,
  GOALS,
  ROUTES,
  comparisonTable,
  compareFigure,
  quantile,
  START_MARKER,
  apiRows,
  alertRows,
  chatRows,
  describeMachine,
  describeSpeed,
  feedRows,
  formatCls,
  formatDuration,
  formatTable,
  jsRows,
  lighthouseRound,
  lighthouseRows,
  median,
  medianAndRange,
  missedGoals,
  parseArgs,
  parseJsSize,
  replaceGenerated,
  readShareRows,
  rssFeed,
  rssFeedChunks,
  rssItemXml,
  seededRandom,
  vttTranscript,
  apiMarkers,
  summarizeRuns,
  whyBuildReference,
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
        { signedIn: true },
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
        wrongFinalUrl('desktop', `${origin}/monitoring/`, mainDocument, final, { signedIn: true }),
        /took the run for signed out/,
      );
    }
  });

  it('still refuses a signed-in desktop run taken for a phone', () => {
    assert.match(
      wrongFinalUrl('desktop', `${origin}/welcome/`, `${origin}/welcome/`, `${origin}/mobile/`, {
        signedIn: true,
      }),
      /taken for a phone/,
    );
  });

  it('measures the signed-in areas signed in, and the public pages as a first visitor sees them', () => {
    assert.deepEqual(
      ROUTES.map(({ path, signedIn }) => [path, signedIn]),
      [
        ['/', false],
        ['/reporting/', true],
        ['/monitoring/', true],
        ['/welcome/', true],
        ['/markets/', false],
        ['/coins/bitcoin/', false],
        ['/mobile/', false],
      ],
    );
  });
});

describe('goals', () => {
  const reference = { score: 0.97, lcpMs: 1500, tbtMs: 120, cls: 0.002, runs: 5 };
  const allowances = { '/': 15, '/mobile/': 15, '*': 35 };

  it('holds desktop routes to 0.95, TBT to the reference plus 50 ms, and CLS to exactly 0', () => {
    const rows = lighthouseRows(
      '/',
      'desktop',
      { score: 0.95, lcpMs: 2500, tbtMs: 170, cls: 0 },
      { reference },
    );
    assert.deepEqual(Object.values(met(rows)), [true, null, true, true]);
    assert.deepEqual(
      rows.map((row) => [row.value, row.reference, row.goal]),
      [
        ['0.95', '0.97', '>= 0.95'],
        ['2500 ms', '1500 ms', '-'],
        ['170 ms', '120 ms', '<= 170 ms (reference + 50 ms)'],
        ['0', '0.002', '0'],
      ],
    );
    const missed = lighthouseRows(
      '/',
      'desktop',
      { score: 0.94, lcpMs: 500, tbtMs: 171, cls: 0.0004 },
      { reference },
    );
    assert.deepEqual(Object.values(met(missed)), [false, null, false, false]);
    assert.equal(missed[3].value, '0.0004');
  });

  it("holds /mobile/ to the reference's score and LCP, and TBT to its plus 50 ms", () => {
    const even = { score: 0.97, lcpMs: 1500, tbtMs: 170, cls: 0 };
    const rows = lighthouseRows('/mobile/', 'mobile', even, { reference });
    assert.deepEqual(Object.values(met(rows)), [true, true, true, true]);
    assert.deepEqual(
      rows.map((row) => row.goal),
      [
        ">= 0.97 (the reference's)",
        "<= 1500 ms (the reference's)",
        '<= 170 ms (reference + 50 ms)',
        '0',
      ],
    );
    const slow = lighthouseRows(
      '/mobile/',
      'mobile',
      { score: 0.96, lcpMs: 1501, tbtMs: 171, cls: 0 },
      { reference },
    );
    assert.deepEqual(Object.values(met(slow)), [false, false, false, true]);
    // A score the mobile goal misses meets the desktop one: 0.95 is the desktop score.
    assert.equal(
      lighthouseRows('/', 'desktop', { ...even, score: 0.96 }, { reference })[0].met,
      true,
    );
  });

  it('misses every goal set by a reference that was not measured', () => {
    const figures = { score: 1, lcpMs: 100, tbtMs: 0, cls: 0 };
    const rows = lighthouseRows('/mobile/', 'mobile', figures, {
      reference: summarizeRuns([]),
    });
    assert.deepEqual(Object.values(met(rows)), [false, false, false, true]);
    assert.equal(rows[2].goal, '<= n/a (reference + 50 ms)');
    const desktop = lighthouseRows('/', 'desktop', figures);
    assert.deepEqual(Object.values(met(desktop)), [true, null, false, true]);
    assert.equal(desktop[0].reference, 'n/a');
  });

  it('names a signed-in run in its rows, and holds it to the same goals', () => {
    const figures = { score: 0.99, lcpMs: 500, tbtMs: 49, cls: 0 };
    const rows = lighthouseRows('/reporting/', 'desktop', figures, { signedIn: true, reference });
    assert.deepEqual(
      rows.map((row) => row.measure),
      ['performance', 'LCP', 'TBT', 'CLS'].map(
        (metric) => `Lighthouse \`/reporting/\` (desktop, signed in): ${metric}`,
      ),
    );
    assert.deepEqual(
      rows.map(({ value, goal, met: isMet }) => [value, goal, isMet]),
      lighthouseRows('/', 'desktop', figures, { reference }).map(({ value, goal, met: isMet }) => [
        value,
        goal,
        isMet,
      ]),
    );
    assert.equal(
      lighthouseRows('/', 'desktop', figures, { reference })[0].measure,
      'Lighthouse `/` (desktop): performance',
    );
  });

  it('counts a route whose every run failed as missed, not met', () => {
    const rows = lighthouseRows('/', 'desktop', summarizeRuns([]), { reference });
    assert.deepEqual(Object.values(met(rows)), [false, null, false, false]);
    assert.equal(rows[0].value, 'n/a');
  });

  it('gives / and /mobile/ the reference plus 15 KB gz of first-load JS, other routes plus 35', () => {
    const rows = jsRows(
      ['/', '/mobile/', '/reporting/', '/welcome/', '/monitoring/'],
      [
        { path: '/', kb: 115, files: 5 },
        { path: '/mobile/', kb: 115.1, files: 5 },
        { path: '/reporting/', kb: 135, files: 5 },
        { path: '/welcome/', kb: 135.1, files: 5 },
      ],
      { path: '/', kb: 100, files: 4 },
      allowances,
    );
    assert.deepEqual(Object.values(met(rows)), [true, false, true, false, false]);
    assert.deepEqual(
      rows.slice(0, 3).map((row) => [row.value, row.reference, row.goal]),
      [
        ['115.0 KB gz', '100.0 KB gz', '<= 115.0 KB gz (reference + 15 KB)'],
        ['115.1 KB gz', '100.0 KB gz', '<= 115.0 KB gz (reference + 15 KB)'],
        ['135.0 KB gz', '100.0 KB gz', '<= 135.0 KB gz (reference + 35 KB)'],
      ],
    );
    assert.equal(rows[4].value, 'not built');
  });

  it('misses every first-load goal when the reference was not measured', () => {
    const rows = jsRows(['/'], [{ path: '/', kb: 1, files: 1 }], undefined, allowances);
    assert.deepEqual(
      rows.map((row) => [row.reference, row.goal, row.met]),
      [['not built', '<= n/a (reference + 15 KB)', false]],
    );
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

  it('holds the alert latency to p99 under a second, with every alert heard', () => {
    const latency = (p99Ms, heard) => ({
      users: 1000,
      results: [{ engine: 'PGlite', medianMs: 500, p99Ms, heard, expected: 3000 }],
    });
    const evaluation = { alerts: 10_000, results: [{ engine: 'PGlite', median: 1064.4 }] };
    const rows = alertRows({ evaluation, latency: latency(999, 3000) });
    assert.deepEqual(
      rows.map((row) => [row.measure, row.value, row.goal, row.met]),
      [
        ['Alerts: one evaluation of 10,000 alerts (PGlite, median tick)', '1064 ms', '-', null],
        [
          'Alerts: price change to in-app alert, 1,000 users (PGlite, p99)',
          '999 ms',
          '< 1000 ms',
          true,
        ],
      ],
    );
    assert.equal(alertRows({ latency: latency(1000, 3000) })[0].met, false);
    const unheard = alertRows({ latency: latency(400, 2999) })[0];
    assert.deepEqual([unheard.value, unheard.met], ['400 ms, 2999 of 3000 heard', false]);
    assert.deepEqual(alertRows({}), []);
  });

  it('holds a full feed read to its items/s and the 50 MB read to its RSS growth', () => {
    const read = (fields) => ({
      ms: 14_812,
      added: 200,
      rssBeforeMb: 439,
      peakRssMb: 694.4,
      heapBeforeMb: 24,
      peakHeapMb: 194,
      ...fields,
    });
    const figures = (rates, big) => ({
      articles: { items: 200, itemKb: 3.71 },
      podcast: { items: 20, cues: 360 },
      big: { bytes: 50_004_321, items: 10_513, written: 200 },
      results: [
        { engine: 'PGlite', articles: { rates }, podcast: { rates: [1.2, 1.5, 1.3] }, big },
      ],
    });
    const rows = feedRows(figures([52, 50, 61], read({})));
    assert.deepEqual(
      rows.map((row) => [row.measure, row.value, row.goal, row.met]),
      [
        [
          'Feeds: RSS of 200 articles (3.7 KB each) read into sources (PGlite, median of 3)',
          '52 items/s (50-61)',
          '>= 50 items/s',
          true,
        ],
        [
          'Feeds: podcast of 20 episodes, each with a 360-cue WebVTT transcript (PGlite, median of 3)',
          '1.3 items/s (1.2-1.5)',
          '-',
          null,
        ],
        [
          'Feeds: a 50 MB RSS of 10,513 items, the newest 200 written (PGlite): peak RSS growth',
          '255 MB (peak 694 MB)',
          `<= ${GOALS.feeds.bigFeedRssGrowthMb} MB`,
          true,
        ],
        [
          'Feeds: a 50 MB RSS of 10,513 items, the newest 200 written (PGlite): peak heap growth',
          '170 MB',
          '-',
          null,
        ],
        [
          'Feeds: a 50 MB RSS of 10,513 items, the newest 200 written (PGlite): time',
          '14.8 s, 200 written',
          '-',
          null,
        ],
      ],
    );
    assert.equal(feedRows(figures([49, 49.9, 80], read({})))[0].met, false);
    const limit = GOALS.feeds.bigFeedRssGrowthMb;
    assert.equal(feedRows(figures([60], read({ peakRssMb: 439 + limit })))[2].met, true);
    assert.equal(feedRows(figures([60], read({ peakRssMb: 440 + limit })))[2].met, false);
    // A read that wrote fewer items than it should have is not a memory figure to trust.
    assert.equal(feedRows(figures([60], read({ added: 199 })))[2].met, false);
    assert.equal(feedRows(figures([], undefined))[0].value, 'n/a');
    assert.equal(feedRows(figures([], undefined))[2].met, false);
    assert.deepEqual(feedRows({}), []);
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

describe('the reference page', () => {
  it('is measured once a round, just before the first route of each preset', () => {
    const pages = lighthouseRound(ROUTES);
    assert.deepEqual(
      pages.map((page) => [page.path, page.preset, page.reference === true]),
      [
        ['/', 'desktop', true],
        ['/', 'desktop', false],
        ['/reporting/', 'desktop', false],
        ['/monitoring/', 'desktop', false],
        ['/welcome/', 'desktop', false],
        ['/markets/', 'desktop', false],
        ['/coins/bitcoin/', 'desktop', false],
        ['/', 'mobile', true],
        ['/mobile/', 'mobile', false],
      ],
    );
    assert.ok(pages.filter((page) => page.reference).every((page) => page.signedIn === false));
    assert.deepEqual(lighthouseRound([]), []);
  });

  it('must stay where it was sent, with either preset', () => {
    const origin = 'http://127.0.0.1:9';
    for (const page of lighthouseRound(ROUTES).filter((entry) => entry.reference)) {
      const url = `${origin}${page.path}`;
      assert.equal(wrongFinalUrl(page.preset, url, url, url, { reference: true }), null);
      assert.match(
        wrongFinalUrl(page.preset, url, url, `${origin}/zh/`, { reference: true }),
        /the reference page .* ended on .*\/zh\/: it redirects nobody/,
      );
    }
    // Without the flag, a mobile run on a page without "mobile" in its path is refused.
    assert.match(
      wrongFinalUrl('mobile', `${origin}/`, `${origin}/`, `${origin}/`),
      /not the mobile page/,
    );
  });

  it('is built when it has no build, or when a source is newer than it', () => {
    const sources = [
      { path: 'bench/reference/src/pages/index.tsx', mtimeMs: 1000 },
      { path: 'package-lock.json', mtimeMs: 900 },
    ];
    assert.equal(whyBuildReference(null, sources), 'it has not been built');
    assert.equal(whyBuildReference(1000, sources), null);
    assert.equal(
      whyBuildReference(950, sources),
      'bench/reference/src/pages/index.tsx changed since its build',
    );
    const many = ['a', 'b', 'c', 'd', 'e'].map((path) => ({ path, mtimeMs: 2 }));
    assert.equal(whyBuildReference(1, many), 'a, b, c and 2 more changed since its build');
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

  it("puts the reference's figure beside ours when a row has one", async () => {
    const compared = [
      { measure: 'TBT', value: '120 ms', reference: '80 ms', goal: '<= 130 ms', met: true },
      { measure: 'API', value: '10', goal: '-', met: null },
    ];
    const table = formatTable(compared);
    assert.equal(
      table,
      [
        '| measure | ours   | reference | goal      | met |',
        '| ------- | ------ | --------- | --------- | --- |',
        '| TBT     | 120 ms | 80 ms     | <= 130 ms | yes |',
        '| API     | 10     | -         | -         | -   |',
      ].join('\n'),
    );
    const prettier = createRequire(import.meta.url)('prettier');
    assert.equal(await prettier.format(`${table}\n`, { parser: 'markdown' }), `${table}\n`);
  });
});

describe('parseArgs', () => {
  const defaults = {
    build: true,
    api: false,
    write: false,
    check: false,
    help: false,
    against: null,
    rounds: COMPARE_ROUNDS,
  };
  it('reads the options and refuses anything else', () => {
    assert.deepEqual(parseArgs([]), defaults);
    assert.deepEqual(parseArgs(['--no-build', '--api', '--write', '--check']), {
      ...defaults,
      build: false,
      api: true,
      write: true,
      check: true,
    });
    assert.throws(() => parseArgs(['--nobuild']), /unknown option --nobuild/);
  });

  it('reads the other build and the rounds of a comparison, and refuses a missing or bad value', () => {
    assert.deepEqual(parseArgs(['--against', '/tmp/other', '--rounds', '12', '--no-build']), {
      ...defaults,
      build: false,
      against: '/tmp/other',
      rounds: 12,
    });
    assert.throws(() => parseArgs(['--against']), /--against needs a value/);
    assert.throws(() => parseArgs(['--against', '--no-build']), /--against needs a value/);
    assert.throws(() => parseArgs(['--rounds', '1']), /at least 2, not 1/);
    assert.throws(() => parseArgs(['--rounds', 'ten']), /at least 2, not ten/);
    assert.throws(() => parseArgs(['--against', 'x', '--api']), /does not go with --api/);
  });
});

describe('quantile', () => {
  it('interpolates between the sorted values and ignores what is not a number', () => {
    assert.equal(quantile([4, 1, 3, 2], 0.5), 2.5);
    assert.equal(quantile([1, 2, 3, 4, 5], 0.25), 2);
    assert.equal(quantile([10, NaN, 20], 1), 20);
    assert.ok(Number.isNaN(quantile([], 0.5)));
  });
});

describe('compareFigure', () => {
  it('weighs the difference of the medians against the larger interquartile range', () => {
    const clear = compareFigure([100, 110, 120, 130, 140], [300, 310, 320, 330, 340]);
    assert.equal(clear.difference, 200);
    assert.equal(clear.spread, 20);
    assert.equal(clear.beyondSpread, true);
    const noisy = compareFigure([100, 110, 120, 130, 140], [0, 60, 150, 300, 400]);
    assert.equal(noisy.difference, 30);
    assert.equal(noisy.spread, 240);
    assert.equal(noisy.beyondSpread, false);
  });
});

describe('comparisonTable', () => {
  it('prints each page and figure with both medians, the difference and the verdict', () => {
    const run = (score, lcpMs, tbtMs) => ({ score, lcpMs, tbtMs, cls: 0 });
    const table = comparisonTable(
      [
        {
          path: '/mobile/',
          preset: 'mobile',
          signedIn: false,
          base: [run(0.99, 1400, 50), run(0.99, 1450, 60), run(1, 1420, 40)],
          other: [run(0.9, 2400, 250), run(0.91, 2500, 260), run(0.92, 2450, 240)],
        },
      ],
      { base: 'with', other: 'without' },
    );
    const lines = table.split('\n');
    assert.match(lines[0], /\| page: figure +\| with median +\| without median +\| difference/);
    assert.match(
      table,
      /`\/mobile\/` mobile: LCP +\| 1420 ms \(IQR 25 ms, 3 runs\) +\| 2450 ms \(IQR 50 ms, 3 runs\) +\| \+1030 ms +\| yes/,
    );
    assert.match(
      table,
      /`\/mobile\/` mobile: CLS +\| 0 \(IQR 0, 3 runs\) +\| 0 \(IQR 0, 3 runs\) +\| 0 +\| no/,
    );
    assert.equal(lines.length, 2 + 4);
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

  it('holds a read to its own share when it names one', () => {
    const rows = readShareRows({ title: '`GET /a`', requestsPerSecond: 10_000 }, [
      { title: '`GET /e`', requestsPerSecond: 10_000, goalShare: 1 },
      { title: '`GET /f`', requestsPerSecond: 9_900, goalShare: 1 },
    ]);
    assert.deepEqual(
      rows.map((row) => [row.value, row.goal, row.met]),
      [
        ['100 %', '>= 100 %', true],
        ['99 %', '>= 100 %', false],
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

describe('medianAndRange', () => {
  it('gives the median and the range, to a tenth where whole numbers would hide them', () => {
    assert.equal(medianAndRange([30.2, 20.4, 31.9], 'items/s'), '30 items/s (20-32)');
    assert.equal(medianAndRange([1.24, 1.5, 1.31, NaN], 'items/s'), '1.3 items/s (1.2-1.5)');
    assert.equal(medianAndRange([12, 12.4], 'items/s'), '12 items/s');
    assert.equal(medianAndRange([], 'items/s'), 'n/a');
  });
});

describe('the generated feeds', () => {
  const { XMLParser, XMLValidator } = createRequire(import.meta.url)('fast-xml-parser');
  const items = (xml) => {
    assert.equal(XMLValidator.validate(xml), true);
    const item = new XMLParser({ ignoreAttributes: false }).parse(xml).rss.channel.item;
    return Array.isArray(item) ? item : [item];
  };

  it('makes the same numbers from the same seed, in [0, 1)', () => {
    const a = seededRandom(3);
    const b = seededRandom(3);
    const values = Array.from({ length: 1000 }, () => a());
    assert.deepEqual(
      values.slice(0, 5),
      Array.from({ length: 5 }, () => b()),
    );
    assert.ok(values.every((value) => value >= 0 && value < 1));
    assert.notDeepEqual(values.slice(0, 5), Array.from({ length: 5 }, seededRandom(4)));
  });

  it('writes well-formed RSS with the items asked for, the newest first', () => {
    const read = items(rssFeed({ items: 3, bodyChars: 2000 }));
    assert.equal(read.length, 3);
    assert.deepEqual(
      read.map((item) => item.guid['#text']),
      [0, 1, 2].map((index) => `https://news.bench.invalid/posts/${index}`),
    );
    assert.ok(Date.parse(read[0].pubDate) > Date.parse(read[1].pubDate));
    assert.ok(read[0]['content:encoded'].length >= 2000);
    assert.equal(read[0].enclosure, undefined);
    assert.equal(rssItemXml(5, { bodyChars: 800 }), rssItemXml(5, { bodyChars: 800 }));
  });

  it("gives an episode its audio and its transcript's address", () => {
    const [episode] = items(
      rssFeed({ items: 1, bodyChars: 100, transcript: (index) => `http://x.test/${index}.vtt` }),
    );
    assert.equal(episode['podcast:transcript']['@_url'], 'http://x.test/0.vtt');
    assert.equal(episode['podcast:transcript']['@_type'], 'text/vtt');
    assert.ok(episode.enclosure['@_url'].endsWith('.mp3'));
  });

  it('sends a feed of at least the bytes asked for, an item a piece, that reads whole', () => {
    const chunks = [...rssFeedChunks({ bytes: 50_000, bodyChars: 4000 })];
    const xml = chunks.join('');
    const bytes = Buffer.byteLength(xml);
    assert.ok(bytes >= 50_000 && bytes < 50_000 + 6000, `${bytes} bytes`);
    assert.equal(items(xml).length, chunks.length - 2);
  });

  it('times a transcript cue by cue, 5 s each, two speakers taking turns', () => {
    const vtt = vttTranscript(0, 721);
    const lines = vtt.split('\n');
    assert.equal(lines[0], 'WEBVTT');
    assert.equal(lines[2], '00:00:00.000 --> 00:00:05.000');
    assert.ok(lines[3].startsWith('<v Host>'));
    assert.ok(lines[6].startsWith('<v Guest>'));
    assert.ok(vtt.includes('01:00:00.000 --> 01:00:05.000'));
  });
});
