// Feeds, transcripts and pages in the encodings the web still serves (ISO-8859-1 meaning
// windows-1252, GB2312 and GB18030, UTF-16 with a byte order mark), from fixture files kept as the
// bytes a server sends: which source of the encoding wins, and the characters that come out, both
// decoded alone and read by the poller from a local server.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client.js';
import { feeds, sourceLines, sources } from '../src/db/schema.js';
import { bodyDecoder, decodeBody } from '../src/feeds/encoding.js';
import { parseFeed } from '../src/feeds/parse.js';
import { FeedPoller } from '../src/feeds/poller.js';
import { transcriptLines } from '../src/feeds/transcript.js';
import { FetchGuard } from '../src/net/guard.js';
import { FixedClock, T0 } from './helpers/api.js';
import { testDatabase, type TestDatabase } from './helpers/database.js';

const FIXTURES = new URL('../../test/fixtures/feeds/', import.meta.url);
const bytes = (name: string) => readFileSync(new URL(name, FIXTURES));
const latin1 = (text: string) => Buffer.from(text, 'latin1');

describe('the encoding a body is read in', () => {
  it('reads an ISO-8859-1 feed as windows-1252, as browsers do', () => {
    const body = bytes('noticias.latin1.rss.xml');
    assert.equal(bodyDecoder(body, 'application/rss+xml').encoding, 'windows-1252');
    const [item] = parseFeed(decodeBody(body, 'application/rss+xml')).items;
    assert.equal(item?.title, 'Câmbio: bitcoin a € 80 mil');
    assert.match(item?.content ?? '', /com “ação” forte dos fundos/);
    assert.match(item?.content ?? '', /Ninguém esperava tamanha alta — diz o analista/);
  });

  it('reads GB18030, four-byte characters too, by the header over the declaration', () => {
    const body = bytes('kuaixun.gb18030.rss.xml');
    assert.equal(bodyDecoder(body, 'text/xml; charset=GB18030').encoding, 'gb18030');
    const feed = parseFeed(decodeBody(body, 'text/xml; charset=GB18030'));
    assert.equal(feed.title, '币圈快讯');
    assert.equal(feed.items[0]?.title, '比特币矿工减半后收入下降，𠮷野家也收比特币');
    // The declaration's GB2312 is read as the Encoding Standard says: by the GB18030 decoder.
    assert.equal(bodyDecoder(body, 'application/rss+xml').encoding, 'gb18030');
  });

  it('reads UTF-16 by its byte order mark, over a header that says otherwise', () => {
    const body = bytes('weekly.utf16.atom.xml');
    const feed = parseFeed(decodeBody(body, 'application/atom+xml; charset=utf-8'));
    assert.equal(feed.title, 'Rollup Weekly');
    assert.equal(feed.items[0]?.title, 'Ethereum’s “Pectra” upgrade, 以太坊升级');
    assert.equal(feed.items[0]?.author, 'Zoë Brandt');
    const be = Buffer.concat([
      Buffer.from([0xfe, 0xff]),
      Buffer.from('<a>é</a>', 'utf16le').swap16(),
    ]);
    assert.equal(decodeBody(be, ''), '<a>é</a>');
  });

  it('reads an HTML page by its <meta charset>, and only an HTML page', () => {
    const body = bytes('kuaixun-article.html.gbk');
    assert.equal(bodyDecoder(body, 'text/html').encoding, 'gb18030');
    assert.match(decodeBody(body, 'text/html'), /<h1>比特币矿工减半后收入下降<\/h1>/);
    assert.equal(bodyDecoder(body, 'text/plain').encoding, 'utf-8');
    const page = latin1('<html><head><meta charset="windows-1252"></head><p>\x93caf\xe9\x94</p>');
    assert.match(decodeBody(page, 'application/xhtml+xml'), /<p>“café”<\/p>/);
  });

  it('takes the header, then the declaration, and passes over a label it does not know', () => {
    const declared = (encoding: string, text: string) =>
      latin1(`<?xml version="1.0" encoding="${encoding}"?><a>${text}</a>`);
    const utf8 = Buffer.from('<?xml version="1.0" encoding="windows-1252"?><a>é</a>');
    assert.equal(decodeBody(utf8, 'text/xml; charset=UTF-8'), utf8.toString('utf8'));
    assert.equal(
      decodeBody(declared('ISO-8859-1', '\xe9'), 'text/xml; charset=x-unknown'),
      '<?xml version="1.0" encoding="ISO-8859-1"?><a>é</a>',
    );
    assert.equal(bodyDecoder(declared('no-such-encoding', ''), 'text/xml').encoding, 'utf-8');
    assert.equal(
      bodyDecoder(declared('UTF-16', ''), 'text/xml').encoding,
      'utf-8',
      'a declaration read as ASCII is not UTF-16',
    );
    assert.equal(
      bodyDecoder(declared('koi8-r', ''), 'text/xml;charset="shift_jis"').encoding,
      'shift_jis',
    );
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<a>ü</a>')]);
    assert.equal(decodeBody(bom, 'text/xml; charset=windows-1252'), '<a>ü</a>', 'BOM stripped');
    assert.equal(
      decodeBody(Buffer.from('{"title":"稳定币"}'), 'application/feed+json'),
      '{"title":"稳定币"}',
    );
  });

  it('reads a windows-1252 transcript by the charset its answer gives', () => {
    const text = decodeBody(
      bytes('cambio.cp1252.srt'),
      'application/x-subrip; charset=windows-1252',
    );
    assert.deepEqual(
      transcriptLines(text, 'srt', 'Host').map((line) => line.text),
      ['Olá, bem-vindos ao episódio — “Câmbio”.', 'O euro (€) caiu.'],
    );
  });
});

describe('feeds in other encodings, read by the poller', () => {
  const routes = new Map<string, { body: Buffer; type: string }>();
  const server = http.createServer((request, response) => {
    const route = routes.get(request.url ?? '/');
    if (route) response.writeHead(200, { 'content-type': route.type }).end(route.body);
    else response.writeHead(404).end();
  });
  let base = '';
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let guard: FetchGuard;
  let poller: FeedPoller;

  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const withBase = (body: Buffer) =>
      // The placeholder is ASCII, which GB18030 keeps as it is: replaced in the bytes.
      latin1(body.toString('latin1').replaceAll('{{BASE}}', base));
    routes.set('/noticias.xml', {
      body: bytes('noticias.latin1.rss.xml'),
      type: 'application/rss+xml',
    });
    routes.set('/kuaixun.xml', {
      body: withBase(bytes('kuaixun.gb18030.rss.xml')),
      type: 'text/xml; charset=GB18030',
    });
    routes.set('/kuaixun/miners', { body: bytes('kuaixun-article.html.gbk'), type: 'text/html' });
    routes.set('/weekly.atom', {
      body: bytes('weekly.utf16.atom.xml'),
      type: 'application/atom+xml; charset=utf-8',
    });
    database = await testDatabase();
    handle = await database.open();
    guard = new FetchGuard({ allowPrivate: false, allowAddresses: ['127.0.0.1'] });
    const quiet = () => undefined;
    poller = new FeedPoller({
      db: handle.db,
      guard,
      clock: new FixedClock(T0),
      log: { info: quiet, warn: quiet, error: quiet } as unknown as FeedPoller['options']['log'],
    });
  });

  after(async () => {
    guard?.close();
    await handle?.close();
    await database?.cleanup();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function readOne(path: string) {
    const url = `${base}${path}`;
    await poller.sync([url]);
    const [report] = await poller.run();
    assert.equal(report?.outcome, 'read', report?.error ?? '');
    const [feed] = await handle.db.select().from(feeds).where(eq(feeds.url, url));
    const [source] = await handle.db.select().from(sources).where(eq(sources.feedId, feed!.id));
    assert.ok(source);
    const lines = await handle.db
      .select({ text: sourceLines.text })
      .from(sourceLines)
      .where(eq(sourceLines.sourceId, source.id))
      .orderBy(sourceLines.seq);
    return { feed: feed!, source, lines: lines.map((line) => line.text) };
  }

  it('reads an ISO-8859-1 feed', async () => {
    const { feed, source, lines } = await readOne('/noticias.xml');
    assert.equal(feed.title, 'Notícias do Bloco');
    assert.equal(source.title, 'Câmbio: bitcoin a € 80 mil');
    assert.equal(source.language, 'pt-br');
    assert.deepEqual(lines, [
      'A cotação do bitcoin passou de € 80 mil nesta manhã, com “ação” forte dos fundos.',
      'Ninguém esperava tamanha alta — diz o analista.',
    ]);
  });

  it('reads a GB18030 feed, and its excerpt whole from a GBK page', async () => {
    const { source, lines } = await readOne('/kuaixun.xml');
    assert.equal(source.title, '比特币矿工减半后收入下降，𠮷野家也收比特币');
    assert.equal(source.description, '减半之后，矿工收入下降约三分之一，部分矿企开始出售储备。');
    // The article's six paragraphs (under its heading), read from the page.
    const paragraphs = lines.filter((line) => line.length > 40);
    assert.equal(paragraphs.length, 6, lines.join('\n'));
    assert.match(paragraphs[0]!, /^比特币减半之后，矿工每个区块获得的收入减少了大约三分之一/);
    assert.match(paragraphs[5]!, /市场情绪也会随之改善。$/);
    for (const around of ['首页导航', '公众号', '版权所有']) {
      assert.ok(!lines.join('').includes(around), `"${around}" is not the article's`);
    }
  });

  it('reads a UTF-16 feed', async () => {
    const { source, lines } = await readOne('/weekly.atom');
    assert.equal(source.title, 'Ethereum’s “Pectra” upgrade, 以太坊升级');
    assert.equal(source.author, 'Zoë Brandt');
    assert.deepEqual(lines, ['Blobs got cheaper — rollups café talk: 以太坊的费用下降了。']);
  });
});
