// The pure parts of scripts/js-size.mjs: node --test scripts/js-size.test.mjs
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import {
  routeOf,
  ceilingsBelowBaseline,
  goalOf,
  goalReport,
  overBudgetReport,
  updatedBudget,
  withReference,
} from './js-size.mjs';

const page = (route, kb, parts = { app: 2048 }) => ({ route, path: route, kb, parts });
const goals = {
  overReferenceKb: { '/': 15, '/mobile/': 15, '*': 35 },
  reference: { kb: 120, measured: '2026-11-28' },
};

describe('routeOf', () => {
  it('reads each language as one route, and every coin page as one', () => {
    assert.equal(routeOf('/zh/reporting/'), '/reporting/');
    assert.equal(routeOf('/pt-br/'), '/');
    assert.equal(routeOf('/coins/bitcoin/'), '/coins/*');
    assert.equal(routeOf('/zh/mobile/coins/usd-coin/'), '/mobile/coins/*');
    assert.equal(routeOf('/coins/'), '/coins/');
    assert.equal(routeOf('/markets/'), '/markets/');
  });
});

describe('updatedBudget', () => {
  it('keeps a route its ceiling and gives a new route 2 KB of headroom, rounded up', () => {
    const budget = { goals, routes: { '/': { ceiling: 100, kb: 99 } } };
    const updated = updatedBudget(budget, [page('/', 100.44), page('/new/', 90.21)]);
    assert.equal(updated.routes['/'].ceiling, 100);
    assert.equal(updated.routes['/'].kb, 100.4);
    assert.equal(updated.routes['/new/'].ceiling, 93);
    assert.deepEqual(updated.goals, goals);
  });

  it('records the parts under 1 KB raw as one sum', () => {
    const updated = updatedBudget({ routes: {} }, [page('/', 1, { big: 4096, a: 100, b: 20 })]);
    assert.deepEqual(updated.routes['/'].parts, { big: 4096, '(smaller parts)': 120 });
  });
});

describe('ceilingsBelowBaseline', () => {
  it('names each route whose recorded baseline weighs more than its ceiling', () => {
    const budget = updatedBudget({ routes: { '/': { ceiling: 103.6 }, '/a/': { ceiling: 110 } } }, [
      page('/', 103.9),
      page('/a/', 103.9),
    ]);
    assert.deepEqual(ceilingsBelowBaseline(budget), ['/: baseline 103.9 KB gz, ceiling 103.6 KB']);
  });

  it('names nothing when every baseline is within its ceiling', () => {
    assert.deepEqual(ceilingsBelowBaseline({ routes: { '/': { ceiling: 104, kb: 104 } } }), []);
    assert.deepEqual(ceilingsBelowBaseline({}), []);
  });
});

describe('overBudgetReport', () => {
  const budget = { goals, routes: { '/': { ceiling: 101, kb: 100.9, parts: {} } } };

  it('compares a page to its ceiling to the 0.1 KB it prints, as --update does', () => {
    // 101.04 prints as 101.0 and is recorded as 101.0: within a ceiling of 101.
    assert.deepEqual(overBudgetReport(budget, [page('/', 101.04)]), []);
    const over = overBudgetReport(budget, [page('/', 101.06)]);
    assert.match(
      over.join('\n'),
      /\/ \(\/\): 101\.1 KB gz, ceiling 101 KB, baseline 100\.9 KB, goal 135\.0 KB/,
    );
  });

  it('fails exactly the routes --update names as over their ceilings', () => {
    for (const kb of [100.94, 101.04, 101.05, 101.06, 101.5]) {
      const pages = [page('/', kb)];
      const named = ceilingsBelowBaseline(updatedBudget(budget, pages)).length > 0;
      assert.equal(overBudgetReport(budget, pages).length > 0, named, `at ${kb} KB`);
    }
  });
});

describe('goals', () => {
  it("are the reference page's recorded figure plus 15 KB for / and /mobile/, 35 KB elsewhere", () => {
    const budget = { goals };
    assert.equal(goalOf(budget, '/'), 135);
    assert.equal(goalOf(budget, '/mobile/'), 135);
    assert.equal(goalOf(budget, '/reporting/'), 155);
    assert.equal(goalOf(budget, '/mobile/privacy/'), 155);
    assert.ok(Number.isNaN(goalOf({ goals: { overReferenceKb: goals.overReferenceKb } }, '/')));
  });

  it('hold the site to those allowances', () => {
    const budget = JSON.parse(readFileSync(new URL('../site/js-budget.json', import.meta.url)));
    assert.deepEqual(budget.goals.overReferenceKb, { '/': 15, '/mobile/': 15, '*': 35 });
    assert.ok(budget.goals.reference.kb > 0, 'the reference page has a recorded figure');
    assert.match(budget.goals.reference.measured, /^\d{4}-\d{2}-\d{2}$/);
  });

  it('records a new reference figure to 0.1 KB and keeps the rest of the budget', () => {
    const budget = { goals, onDemand: ['x'], routes: { '/': { ceiling: 150, kb: 140 } } };
    assert.deepEqual(withReference(budget, 126.04, '2026-12-01'), {
      goals: { ...goals, reference: { kb: 126, measured: '2026-12-01' } },
      onDemand: ['x'],
      routes: budget.routes,
    });
    assert.deepEqual(budget.goals.reference, goals.reference);
  });

  it('names each route over its goal once, at its heaviest language, to the 0.1 KB it prints', () => {
    const at = (path, kb) => ({ route: path.replace(/^\/(zh|pt-br)(?=\/)/, ''), path, kb });
    const lines = goalReport({ goals }, [
      at('/', 134.9),
      at('/zh/', 135.04),
      at('/pt-br/', 135.2),
      at('/reporting/', 155.1),
      at('/zh/reporting/', 156),
      at('/mobile/privacy/', 150),
    ]);
    assert.deepEqual(lines, [
      "goals: the reference page's 120 KB gz (measured 2026-11-28), +15 KB /, +15 KB /mobile/, " +
        '+35 KB for the other routes: 2 routes above them',
      '  /pt-br/: 135.2 KB gz, goal 135.0 KB',
      '  /zh/reporting/: 156.0 KB gz, goal 155.0 KB',
    ]);
    assert.match(goalReport({ goals }, [at('/', 135.04)])[0], /every route within them$/);
  });

  it('says when no reference figure is recorded', () => {
    assert.match(
      goalReport({ goals: { overReferenceKb: goals.overReferenceKb } }, [page('/', 200)])[0],
      /no reference figure recorded \(npm run bench -- --write records it\)/,
    );
  });
});
