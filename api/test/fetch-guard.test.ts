// The guard of the server's own requests (src/net/guard.ts): which addresses it refuses (each
// special range, in IPv4, IPv6 and IPv4-mapped IPv6), a name that resolves to a private address,
// a resolver that answers differently the second time, a redirect to a private address, the
// time-out and the size limit, against local HTTP servers.
import assert from 'node:assert/strict';
import type { LookupAddress } from 'node:dns';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { configFromEnv } from '../src/config.js';
import { FetchGuard, FetchRefusedError, isPublicAddress } from '../src/net/guard.js';

/** A resolver that answers from `names`, each answer in turn for a name given several. */
function fakeLookup(names: Record<string, string[][]>): LookupFunction & { calls: string[] } {
  const calls: string[] = [];
  const lookup = ((hostname: string, options: unknown, callback: unknown) => {
    calls.push(hostname);
    const answers = names[hostname];
    const done = callback as (error: NodeJS.ErrnoException | null, ...rest: unknown[]) => void;
    if (!answers) {
      const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
      error.code = 'ENOTFOUND';
      process.nextTick(done, error);
      return;
    }
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    const all: LookupAddress[] = answer.map((address) => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));
    if ((options as { all?: boolean }).all) process.nextTick(done, null, all);
    else process.nextTick(done, null, all[0]!.address, all[0]!.family);
  }) as LookupFunction & { calls: string[] };
  lookup.calls = calls;
  return lookup;
}

let server: Server;
let port: number;
const hits: string[] = [];

before(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    hits.push(request.url ?? '');
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/redirect') {
      response.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
    } else if (url.pathname === '/slow') {
      // Never answers: the client's time-out ends it.
    } else if (url.pathname === '/big') {
      response.end(Buffer.alloc(100_000, 'x'));
    } else {
      response.end(`hello ${url.pathname}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

after(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('the address rule', () => {
  const refused: [string, string][] = [
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.254', 'private 172.16/12'],
    ['192.168.1.1', 'private 192.168/16'],
    ['169.254.169.254', 'link-local: cloud metadata'],
    ['169.254.10.1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['100.64.0.1', 'CGNAT 100.64/10'],
    ['100.127.255.254', 'CGNAT 100.64/10'],
    ['192.0.2.10', 'documentation (reserved)'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fc00::1', 'unique local fc00::/7'],
    ['fd12:3456:789a::1', 'unique local fc00::/7'],
    ['fe80::1', 'IPv6 link-local fe80::/10'],
    ['febf::1', 'IPv6 link-local fe80::/10'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata, in hex'],
    ['64:ff9b::a00:1', 'NAT64 of a private address'],
    ['not an address', 'not an address'],
  ];
  for (const [address, what] of refused) {
    it(`refuses ${address} (${what})`, () => assert.equal(isPublicAddress(address), false));
  }
  const allowed = [
    '8.8.8.8',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
  ];
  for (const address of allowed) {
    it(`lets ${address} through`, () => assert.equal(isPublicAddress(address), true));
  }
});

describe('checking an address before use', () => {
  const guard = new FetchGuard({
    allowPrivate: false,
    lookup: fakeLookup({
      'public.test': [['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']],
      'private.test': [['10.0.0.5']],
      'mixed.test': [['93.184.216.34', '127.0.0.1']],
      'mapped.test': [['::ffff:192.168.0.1']],
    }),
  });
  after(() => guard.close());

  const reasonOf = async (url: string, protocols?: string[]) => {
    try {
      await guard.checkUrl(url, protocols ? { protocols } : {});
      return 'allowed';
    } catch (error) {
      assert.ok(error instanceof FetchRefusedError, String(error));
      return error.reason;
    }
  };

  it('takes a public name or address', async () => {
    assert.equal(await reasonOf('https://public.test/hook'), 'allowed');
    assert.equal(await reasonOf('https://93.184.216.34/hook'), 'allowed');
    assert.equal(await reasonOf('https://[2606:4700:4700::1111]/'), 'allowed');
  });

  it('refuses a name whose DNS answers a private address, even one among public ones', async () => {
    assert.equal(await reasonOf('https://private.test/'), 'address');
    assert.equal(await reasonOf('https://mixed.test/'), 'address');
    assert.equal(await reasonOf('https://mapped.test/'), 'address');
  });

  it('refuses private literals, IPv6 and IPv4-mapped included', async () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/',
      'https://[fe80::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:7f00:1]/',
      'https://0.0.0.0/',
      // WHATWG URL reads these as 127.0.0.1.
      'https://2130706433/',
      'https://0x7f.1/',
    ]) {
      assert.equal(await reasonOf(url), 'address', url);
    }
  });

  it('says which part is wrong: the address, the scheme, or a host not found', async () => {
    assert.equal(await reasonOf('not a url'), 'url');
    assert.equal(await reasonOf('https://user:secret@public.test/'), 'url');
    assert.equal(await reasonOf('ftp://public.test/'), 'scheme');
    assert.equal(await reasonOf('http://public.test/', ['https:']), 'scheme');
    assert.equal(await reasonOf('https://nowhere.test/'), 'host');
  });
});

describe('requests', () => {
  it('refuse a private address where the socket connects: literal, mapped, or by name', async () => {
    const guard = new FetchGuard({ allowPrivate: false });
    try {
      const before = hits.length;
      for (const url of [
        `http://127.0.0.1:${port}/a`,
        `http://[::ffff:127.0.0.1]:${port}/b`,
        `http://localhost:${port}/c`,
      ]) {
        await assert.rejects(guard.request(url), /not allowed/, url);
      }
      assert.equal(hits.length, before, 'nothing reached the server');
    } finally {
      guard.close();
    }
  });

  it('connect to the address checked: a name that rebinds to a private one after the check is refused', async () => {
    const lookup = fakeLookup({ 'rebind.test': [['93.184.216.34'], ['127.0.0.1']] });
    const guard = new FetchGuard({ allowPrivate: false, lookup });
    try {
      const url = await guard.checkUrl(`http://rebind.test:${port}/rebound`);
      const before = hits.length;
      await assert.rejects(guard.request(url), /not allowed/);
      assert.equal(hits.length, before);
      assert.deepEqual(lookup.calls, ['rebind.test', 'rebind.test']);
    } finally {
      guard.close();
    }
  });

  it('follow a redirect only when asked, and check where it leads', async () => {
    // This one local address stands for a public receiver; every other private one is refused.
    const lookup = fakeLookup({
      'receiver.test': [['127.0.0.1']],
      'inside.test': [['127.0.0.2']],
    });
    const guard = new FetchGuard({ allowPrivate: false, allowAddresses: ['127.0.0.1'], lookup });
    try {
      const origin = `http://receiver.test:${port}`;
      const plain = await guard.request(`${origin}/redirect?to=/landed`);
      assert.equal(plain.status, 302, 'not followed by default');
      const followed = await guard.request(`${origin}/redirect?to=/landed`, { maxRedirects: 2 });
      assert.equal(followed.status, 200);
      assert.equal(followed.body.toString(), 'hello /landed');
      for (const to of [
        `http://127.0.0.2:${port}/private`,
        `http://inside.test:${port}/private`,
        `http://[::ffff:127.0.0.2]:${port}/private`,
      ]) {
        const before = hits.length;
        await assert.rejects(
          guard.request(`${origin}/redirect?to=${encodeURIComponent(to)}`, { maxRedirects: 2 }),
          /not allowed/,
          to,
        );
        assert.deepEqual(hits.slice(before), [`/redirect?to=${encodeURIComponent(to)}`]);
      }
      await assert.rejects(
        guard.request(`${origin}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`, {
          maxRedirects: 2,
        }),
        (error) => error instanceof FetchRefusedError && error.reason === 'scheme',
      );
    } finally {
      guard.close();
    }
  });

  it('reach private addresses where the operator allows them, and end at the time-out and size limit', async () => {
    const guard = new FetchGuard({ allowPrivate: true });
    try {
      const answer = await guard.request(`http://127.0.0.1:${port}/ok`);
      assert.deepEqual([answer.status, answer.body.toString()], [200, 'hello /ok']);
      const started = Date.now();
      await assert.rejects(guard.request(`http://127.0.0.1:${port}/slow`, { timeoutMs: 200 }));
      assert.ok(Date.now() - started < 2000);
      const big = await guard.request(`http://127.0.0.1:${port}/big`, { maxBytes: 1000 });
      assert.deepEqual([big.truncated, big.body.length], [true, 1000]);
      const whole = await guard.request(`http://127.0.0.1:${port}/big`);
      assert.deepEqual([whole.truncated, whole.body.length], [false, 100_000]);
    } finally {
      guard.close();
    }
  });
});

describe('the operator’s allowance', () => {
  it('is off unless ALLOW_PRIVATE_FETCH says so, and refuses a value that is not a yes or no', () => {
    assert.equal(configFromEnv({}).allowPrivateFetch, false);
    assert.equal(configFromEnv({ ALLOW_PRIVATE_FETCH: '1' }).allowPrivateFetch, true);
    assert.equal(configFromEnv({ ALLOW_PRIVATE_FETCH: 'false' }).allowPrivateFetch, false);
    assert.throws(() => configFromEnv({ ALLOW_PRIVATE_FETCH: 'sometimes' }), /ALLOW_PRIVATE_FETCH/);
  });
});
