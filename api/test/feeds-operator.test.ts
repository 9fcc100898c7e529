// What the operator sees of the feeds (OPERATOR_EMAILS, `GET /api/monitor/feed/list`) and what
// everyone sees of a source's feed (`feed` in a source's detail).
// Both engines: the feed list counts each feed's sources with a grouped join.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type {
  FeedState,
  ListPage,
  MonitorSource,
  MonitorSourceDetail,
  UserInfo,
} from '@coinlens/contract';
import { operatorEmails, Operators } from '../src/auth/operators.js';
import { configFromEnv } from '../src/config.js';
import { feeds, sources } from '../src/db/schema.js';
import { FeedStates } from '../src/feeds/states.js';
import {
  monitorCall,
  signedInAccount,
  startApiServer,
  T0,
  type ApiTestServer,
} from './helpers/api.js';
import { call } from './helpers/auth.js';

const OPERATOR = 'Ops@Example.com';

describe('OPERATOR_EMAILS', () => {
  it('reads addresses separated by commas or white space, lower-cased, each once', () => {
    assert.deepEqual(operatorEmails(' ops@example.com,\nOPS@example.com  ana@example.org '), [
      'ops@example.com',
      'ana@example.org',
    ]);
    assert.deepEqual(operatorEmails(undefined), []);
    assert.deepEqual(configFromEnv({ OPERATOR_EMAILS: 'a@b.co' }).operatorEmails, ['a@b.co']);
  });

  it('refuses anything that is not an email address, naming it', () => {
    assert.throws(() => operatorEmails('ops@example.com, x:12345'), /OPERATOR_EMAILS.*"x:12345"/);
    assert.throws(() => configFromEnv({ OPERATOR_EMAILS: 'nobody' }), /OPERATOR_EMAILS/);
  });

  it('knows an operator by the normalised account', () => {
    const operators = new Operators(operatorEmails(OPERATOR));
    assert.equal(operators.has('ops@example.com'), true);
    assert.equal(operators.has('other@example.com'), false);
    assert.equal(new Operators().has('ops@example.com'), false);
  });
});

describe('the feeds for the operator, and a source’s feed', () => {
  let t: ApiTestServer;
  let operator: { token: string; user: UserInfo };
  let stranger: { token: string; user: UserInfo };
  let ids: number[];
  const db = () => t.server.app.feeds.options.db;

  before(async () => {
    t = await startApiServer({ operatorEmails: operatorEmails(OPERATOR) });
    operator = await signedInAccount(t, OPERATOR.toLowerCase());
    stranger = await signedInAccount(t);
    const list = await monitorCall<ListPage<MonitorSource>>(
      t.url,
      '/api/monitor/source/list?size=3',
    );
    ids = list.data.records.map((source) => source.id);
    assert.equal(ids.length, 3);
    const at = (minutes: number) => new Date(T0 + minutes * 60_000);
    const written = await db()
      .insert(feeds)
      .values([
        {
          url: 'https://blog.example.com/feed.xml',
          title: 'Example blog',
          link: 'https://blog.example.com/',
          lastFetchedAt: at(-5),
          lastSuccessAt: at(-5),
          nextFetchAt: at(10),
          createdAt: at(-60),
          updatedAt: at(-5),
        },
        {
          url: 'https://a.example.net/podcast.rss',
          lastFetchedAt: at(-2),
          lastSuccessAt: at(-120),
          lastError: 'HTTP 503',
          failures: 3,
          nextFetchAt: at(4),
          createdAt: at(-600),
          updatedAt: at(-2),
        },
        {
          url: 'https://0.example.org/old.atom',
          active: false,
          title: 'Old feed',
          nextFetchAt: at(0),
          createdAt: at(-900),
          updatedAt: at(-100),
        },
      ])
      .returning({ id: feeds.id, url: feeds.url });
    const blog = written.find((feed) => feed.url.includes('blog'))!.id;
    const podcast = written.find((feed) => feed.url.includes('podcast'))!.id;
    await db().update(sources).set({ feedId: blog }).where(eq(sources.id, ids[0]!));
    await db().update(sources).set({ feedId: blog }).where(eq(sources.id, ids[1]!));
    await db().update(sources).set({ feedId: podcast }).where(eq(sources.id, ids[2]!));
  });

  after(async () => {
    await t?.close();
  });

  it('says who is an operator on sign-in and in GET /api/user', async () => {
    assert.equal(operator.user.operator, true);
    assert.equal(stranger.user.operator, false);
    const me = await call<UserInfo>(t.url, '/api/user', { token: operator.token });
    assert.equal(me.data.operator, true);
    const other = await call<UserInfo>(t.url, '/api/user', { token: stranger.token });
    assert.equal(other.data.operator, false);
  });

  it('shows the operator every feed: configured first, by address, with its state', async () => {
    const answer = await monitorCall<FeedState[]>(t.url, '/api/monitor/feed/list', {
      token: operator.token,
    });
    assert.equal(answer.ok, true, answer.msg);
    const seconds = (minutes: number) => Math.floor((T0 + minutes * 60_000) / 1000);
    assert.deepEqual(
      answer.data.map(({ id: _id, ...state }) => state),
      [
        {
          url: 'https://a.example.net/podcast.rss',
          title: null,
          link: null,
          active: true,
          lastFetchedAt: seconds(-2),
          lastSuccessAt: seconds(-120),
          nextFetchAt: seconds(4),
          failures: 3,
          lastError: 'HTTP 503',
          sources: 1,
          keep: [],
          mute: [],
        },
        {
          url: 'https://blog.example.com/feed.xml',
          title: 'Example blog',
          link: 'https://blog.example.com/',
          active: true,
          lastFetchedAt: seconds(-5),
          lastSuccessAt: seconds(-5),
          nextFetchAt: seconds(10),
          failures: 0,
          lastError: null,
          sources: 2,
          keep: [],
          mute: [],
        },
        {
          url: 'https://0.example.org/old.atom',
          title: 'Old feed',
          link: null,
          active: false,
          lastFetchedAt: null,
          lastSuccessAt: null,
          nextFetchAt: null,
          failures: 0,
          lastError: null,
          sources: 0,
          keep: [],
          mute: [],
        },
      ],
    );
  });

  it('names the keyword rules of each feed that has some', async () => {
    const rules = { keep: ['bitcoin', '以太坊'], mute: ['giveaway'] };
    const states = new FeedStates(db(), new Map([['https://blog.example.com/feed.xml', rules]]));
    const listed = await states.list();
    assert.deepEqual(
      listed.map(({ url, keep, mute }) => ({ url, keep, mute })),
      [
        { url: 'https://a.example.net/podcast.rss', keep: [], mute: [] },
        { url: 'https://blog.example.com/feed.xml', ...rules },
        { url: 'https://0.example.org/old.atom', keep: [], mute: [] },
      ],
    );
  });

  it('refuses everyone else: 401 without a token, 403 in their language for a user', async () => {
    const anonymous = await monitorCall(t.url, '/api/monitor/feed/list');
    assert.equal(anonymous.status, 401);
    const refused = await monitorCall(t.url, '/api/monitor/feed/list', {
      token: stranger.token,
      language: 'zh',
    });
    assert.equal(refused.status, 200);
    assert.deepEqual([refused.ok, refused.code, refused.data], [false, 403, null]);
    assert.equal(refused.msg, '仅此服务器的运维人员可查看');
  });

  it('names the feed a source was read from, by its host when it has no title', async () => {
    const detail = (id: number) =>
      monitorCall<MonitorSourceDetail>(t.url, `/api/monitor/source/detail?sourceId=${id}`);
    assert.deepEqual((await detail(ids[0]!)).data.feed, {
      title: 'Example blog',
      url: 'https://blog.example.com/feed.xml',
      link: 'https://blog.example.com/',
    });
    assert.deepEqual((await detail(ids[2]!)).data.feed, {
      title: 'a.example.net',
      url: 'https://a.example.net/podcast.rss',
      link: null,
    });
    const list = await monitorCall<ListPage<MonitorSource>>(
      t.url,
      '/api/monitor/source/list?size=4',
    );
    const unfed = list.data.records.find((source) => !ids.includes(source.id))!;
    assert.equal((await detail(unfed.id)).data.feed, null);
  });
});
