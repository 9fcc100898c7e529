// Alerts on every new source (`newSourceKeyword`): made without a coin or a source, refused with
// their reasons, and fired once per source that arrives after them (imported here as an operator's
// import does) and says the keyword in its title, description or transcript: not for the sources
// already there, not twice, not past the cooldown, not after NEW_SOURCE_HOURS, at most
// MAX_NEW_SOURCE_FIRINGS at a time, and from the change on when the keyword changes.
// Both engines: a firing is a compare-and-set of the alert's state with its event, and two
// evaluations at once must still fire each source once.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  MAX_NEW_SOURCE_FIRINGS,
  NEW_SOURCE_HOURS,
  SERVER_MESSAGES,
  type Alert,
  type AlertEventPage,
  type AlertList,
} from '@coinlens/contract';
import { eq } from 'drizzle-orm';
import { KeywordMatcher } from '../src/alerts/keywords.js';
import { sources } from '../src/db/schema.js';
import { importSources } from '../src/monitor/store.js';
import type { ImportedSource } from '../src/monitor/types.js';
import { call } from './helpers/auth.js';
import { FixedClock, signedInUser, startApiServer, T0, type ApiTestServer } from './helpers/api.js';

const MINUTE = 60_000;
const clock = new FixedClock(T0);
let t: ApiTestServer;
let made = 0;

before(async () => {
  t = await startApiServer({ clock, demoSources: false });
});

after(async () => {
  await t?.close();
});

const add = (token: string, body: Record<string, unknown>, language?: string) =>
  call<Alert>(t.url, '/api/alert/add', { token, body, ...(language ? { language } : {}) });
const eventsOf = async (token: string) =>
  (await call<AlertEventPage>(t.url, '/api/alert/events?size=50', { token })).data;
const evaluate = () => t.server.app.alertEvaluator.evaluate();

/** A source as an import brings it, saying `text` in its transcript; a fresh id each time. */
function source(fields: Partial<ImportedSource> & { text?: string } = {}): ImportedSource {
  made += 1;
  const { text = 'Nothing to note today.', ...rest } = fields;
  return {
    externalId: `new-source-${made}`,
    kind: 'podcast',
    author: 'Chain Talk',
    logo: null,
    title: `Episode ${made}`,
    description: '',
    link: `https://example.com/episodes/${made}`,
    language: 'en',
    time: Math.floor(clock.now() / 1000) - 3600,
    durationMinutes: 30,
    status: null,
    heat: 0,
    participants: [],
    tags: [],
    repeatEveryDays: null,
    transcript: [{ speaker: 'Host', text, offsetSec: 0 }],
    ...rest,
  };
}

/** Imports the sources now (by the test's clock): their ids, in order. */
async function arrive(...list: ImportedSource[]): Promise<number[]> {
  const db = t.server.app.feeds.options.db;
  await importSources(db, list, { demo: false, now: new Date(clock.now()) });
  const ids: number[] = [];
  for (const one of list) {
    const [row] = await db
      .select({ id: sources.id })
      .from(sources)
      .where(eq(sources.externalId, one.externalId));
    ids.push(row!.id);
  }
  return ids;
}

const fired = async (token: string) =>
  (await eventsOf(token)).records.map((event) => event.subject.id).sort((a, b) => a - b);

describe('the keywords a source says', () => {
  it('finds every keyword in one read, case-insensitive, never across two parts', () => {
    const matcher = new KeywordMatcher(['Spot ETF', 'spot etf', '减半', 'Solana']);
    assert.deepEqual(
      [...matcher.saidIn(['Why the SPOT ETF matters', '比特币减半之后', 'On SOLANA today'])].sort(),
      ['solana', 'spot etf', '减半'],
    );
    assert.deepEqual([...matcher.saidIn(['the spot', 'ETF flows'])], []);
    assert.ok(matcher.same(['solana', '减半', 'SPOT ETF']));
    assert.ok(!matcher.same(['solana', '减半']));
    assert.deepEqual([...new KeywordMatcher([]).saidIn(['anything'])], []);
  });
});

describe('alerts on every new source', () => {
  let token: string;

  beforeEach(async () => {
    token = await signedInUser(t);
    clock.advance(NEW_SOURCE_HOURS * 60 * MINUTE);
  });

  it('is made without a subject, and refused with a subject, a value or a bad keyword', async () => {
    const alert = await add(token, {
      kind: 'newSourceKeyword',
      keyword: '  Spot   ETF ',
      cooldownMinutes: 0,
    });
    assert.equal(alert.code, 200, alert.msg);
    assert.deepEqual(
      [alert.data.kind, alert.data.subject, alert.data.keyword, alert.data.state],
      ['newSourceKeyword', null, 'Spot ETF', 'armed'],
    );
    const listed = await call<AlertList>(t.url, '/api/alert/list', { token });
    assert.equal(listed.data.records[0]?.subject, null);

    const cases: [Record<string, unknown>, keyof typeof SERVER_MESSAGES][] = [
      [{ kind: 'newSourceKeyword', sourceId: 1, keyword: 'etf' }, 'alertSubject'],
      [{ kind: 'newSourceKeyword', coinId: 1, keyword: 'etf' }, 'alertSubject'],
      [{ kind: 'newSourceKeyword' }, 'alertKeyword'],
      [{ kind: 'newSourceKeyword', keyword: ' e ' }, 'alertKeyword'],
      [{ kind: 'newSourceKeyword', keyword: 'x'.repeat(61) }, 'alertKeyword'],
      [{ kind: 'newSourceKeyword', keyword: 'etf', value: 5 }, 'alertNoValue'],
      [{ kind: 'sourceKeyword', keyword: 'etf' }, 'alertSubject'],
    ];
    for (const [body, key] of cases) {
      for (const language of ['en', 'zh', 'pt-br'] as const) {
        const refused = await add(token, body, language);
        assert.equal(refused.code, 422, JSON.stringify(body));
        assert.equal(refused.msg, SERVER_MESSAGES[key][language], JSON.stringify(body));
      }
    }
    const after = await call<AlertList>(t.url, '/api/alert/list', { token });
    assert.equal(after.data.records.length, 1, 'nothing else was made');
  });

  it('fires once for each new source that says the keyword, and not for those already there', async () => {
    const [before] = await arrive(source({ title: 'The spot ETF is here' }));
    clock.advance(MINUTE);
    const alert = await add(token, {
      kind: 'newSourceKeyword',
      keyword: 'Spot ETF',
      cooldownMinutes: 0,
    });
    const other = await signedInUser(t);
    await add(other, { kind: 'newSourceKeyword', keyword: 'halving', cooldownMinutes: 0 });
    clock.advance(MINUTE);
    const [inTitle, inDescription, inTranscript, silent, invalid] = await arrive(
      source({ title: 'Why the SPOT etf matters' }),
      source({ description: 'On the spot ETF flows' }),
      source({ text: 'Then the spot ETF approval came through.' }),
      source({ text: 'Only stablecoins today.' }),
      source({ title: 'Spot ETF (withdrawn)', status: 'invalid' }),
    );
    await evaluate();
    const events = await eventsOf(token);
    assert.deepEqual(await fired(token), [inTitle!, inDescription!, inTranscript!]);
    assert.ok(
      events.records.every(
        (event) =>
          event.kind === 'newSourceKeyword' &&
          event.alertId === alert.data.id &&
          event.keyword === 'Spot ETF' &&
          event.subject.kind === 'source',
      ),
      JSON.stringify(events.records),
    );
    assert.ok(
      ![before, silent, invalid].some((id) => events.records.some((e) => e.subject.id === id)),
    );
    assert.deepEqual(
      (await eventsOf(other)).records,
      [],
      'the other user listens for another word',
    );

    await evaluate();
    assert.equal((await eventsOf(token)).total, 3, 'each source fires once');
    const [listed] = (await call<AlertList>(t.url, '/api/alert/list', { token })).data.records;
    assert.equal(listed?.state, 'armed', 'it listens on');
  });

  it('fires for a live source that says it later, within its hours, once the cooldown is over', async () => {
    await add(token, { kind: 'newSourceKeyword', keyword: 'halving', cooldownMinutes: 30 });
    clock.advance(MINUTE);
    const live = source({ text: 'Welcome to the show.' });
    const late = source({ text: 'Welcome back.' });
    const [liveId, lateId] = await arrive(live, late);
    await evaluate();
    assert.deepEqual(await fired(token), []);

    // The live one says it now; the cooldown has not begun, so it fires at once.
    clock.advance(MINUTE);
    await arrive({ ...live, transcript: [...live.transcript, line('The halving is near.')] });
    await evaluate();
    assert.deepEqual(await fired(token), [liveId!]);

    // Another says it within the cooldown: it fires when the cooldown ends.
    clock.advance(MINUTE);
    const [third] = await arrive(source({ title: 'Halving special' }));
    await evaluate();
    assert.deepEqual(await fired(token), [liveId!]);
    clock.advance(30 * MINUTE);
    await evaluate();
    assert.deepEqual(await fired(token), [liveId!, third!]);

    // A source that says it only after its NEW_SOURCE_HOURS is no longer new.
    clock.advance(NEW_SOURCE_HOURS * 60 * MINUTE);
    await arrive({ ...late, transcript: [...late.transcript, line('About the halving…')] });
    await evaluate();
    assert.deepEqual(await fired(token), [liveId!, third!]);
    assert.ok(lateId);
  });

  it('fires for at most the newest MAX_NEW_SOURCE_FIRINGS sources at a time, the rest next', async () => {
    await add(token, { kind: 'newSourceKeyword', keyword: 'airdrop', cooldownMinutes: 0 });
    const ids: number[] = [];
    for (let i = 0; i < MAX_NEW_SOURCE_FIRINGS + 5; i += 1) {
      clock.advance(1000);
      ids.push(...(await arrive(source({ title: `Airdrop ${i}` }))));
    }
    const first = await evaluate();
    assert.equal(first.length, MAX_NEW_SOURCE_FIRINGS);
    assert.deepEqual(await fired(token), ids.slice(5));
    await evaluate();
    assert.deepEqual(await fired(token), ids);
  });

  it('listens for a changed keyword from the change on, and a paused alert fires nothing', async () => {
    const alert = await add(token, {
      kind: 'newSourceKeyword',
      keyword: 'restaking',
      cooldownMinutes: 0,
    });
    clock.advance(MINUTE);
    const [earlier] = await arrive(source({ title: 'Liquid staking today' }));
    clock.advance(MINUTE);
    const changed = await call<Alert>(t.url, '/api/alert/modify', {
      token,
      body: { id: alert.data.id, keyword: 'liquid staking' },
    });
    assert.equal(changed.code, 200, changed.msg);
    clock.advance(MINUTE);
    const [later] = await arrive(source({ title: 'More on liquid staking' }));
    await call(t.url, '/api/alert/modify', { token, body: { id: alert.data.id, paused: true } });
    await evaluate();
    assert.deepEqual(await fired(token), []);
    await call(t.url, '/api/alert/modify', { token, body: { id: alert.data.id, paused: false } });
    await evaluate();
    assert.deepEqual(await fired(token), [later!]);
    assert.notEqual(earlier, later);
  });

  it('fires each source once when two evaluations run at once', async () => {
    await add(token, { kind: 'newSourceKeyword', keyword: 'bridge hack', cooldownMinutes: 0 });
    clock.advance(MINUTE);
    const ids = await arrive(
      source({ title: 'The bridge hack, explained' }),
      source({ text: 'After the bridge hack, funds moved.' }),
    );
    const [a, b] = await Promise.all([evaluate(), evaluate()]);
    assert.equal(a.length + b.length, 2);
    assert.deepEqual(await fired(token), ids);
  });
});

const line = (text: string) => ({ speaker: 'Host', text, offsetSec: 60 });
