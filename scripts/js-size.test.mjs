// The pure parts of scripts/js-size.mjs: node --test scripts/js-size.test.mjs
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ceilingsBelowBaseline, overBudgetReport, updatedBudget } from './js-size.mjs';

const page = (route, kb, parts = { app: 2048 }) => ({ route, path: route, kb, parts });

describe('updatedBudget', () => {
  it('keeps a route its ceiling and gives a new route 2 KB of headroom, rounded up', () => {
    const budget = { goals: { '/': 110, '*': 130 }, routes: { '/': { ceiling: 100, kb: 99 } } };
    const updated = updatedBudget(budget, [page('/', 100.44), page('/new/', 90.21)]);
    assert.equal(updated.routes['/'].ceiling, 100);
    assert.equal(updated.routes['/'].kb, 100.4);
    assert.equal(updated.routes['/new/'].ceiling, 93);
    assert.equal(updated.goals['/'], 110);
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
  const budget = { goals: { '*': 130 }, routes: { '/': { ceiling: 101, kb: 100.9, parts: {} } } };

  it('compares a page to its ceiling to the 0.1 KB it prints, as --update does', () => {
    // 101.04 prints as 101.0 and is recorded as 101.0: within a ceiling of 101.
    assert.deepEqual(overBudgetReport(budget, [page('/', 101.04)]), []);
    const over = overBudgetReport(budget, [page('/', 101.06)]);
    assert.match(over.join('\n'), /\/ \(\/\): 101\.1 KB gz, ceiling 101 KB/);
  });

  it('fails exactly the routes --update names as over their ceilings', () => {
    for (const kb of [100.94, 101.04, 101.05, 101.06, 101.5]) {
      const pages = [page('/', kb)];
      const named = ceilingsBelowBaseline(updatedBudget(budget, pages)).length > 0;
      assert.equal(overBudgetReport(budget, pages).length > 0, named, `at ${kb} KB`);
    }
  });
});
