import { serverMessage } from '@coinlens/contract';
import { ANA } from '../fixtures';
import { ContractMismatch, checkAnswer, respond, route, takeMockFaults } from './respond';
import { server } from './server';
import { mockApi } from './unitTest';

const settledWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

const getUser = (token?: string) =>
  fetch('/api/user', token ? { headers: { Authorization: `Bearer ${token}` } } : undefined);

describe('answers checked against the contract', () => {
  it('lets an answer the route declares through', () => {
    expect(() =>
      checkAnswer('GET /api/follow/list', 401, { code: 401, msg: 'Please log in', data: null }),
    ).not.toThrow();
  });

  it('refuses an answer that breaks the route schema, naming the route and the first mismatch', () => {
    const wrong = { code: 200, msg: 'ok', data: { ...ANA, id: 'seven' } };
    expect(() => respond('GET /api/user', 200, wrong as never)).toThrow(ContractMismatch);
    expect(() => respond('GET /api/user', 200, wrong as never)).toThrow(
      'The mock of GET /api/user answered HTTP 200 against the contract: /data must have required properties',
    );
  });

  it('refuses a success envelope under an error status', () => {
    expect(() =>
      checkAnswer('GET /api/asset/hot', 500, { code: 200, msg: 'ok', data: [] }),
    ).toThrow('a success envelope with an error status');
  });

  it('fails the request, and keeps the fault for the test to fail on, when a handler answers wrong', async () => {
    server.use(
      route('GET /api/asset/hot', () =>
        respond('GET /api/asset/hot', 200, { code: 200, msg: 'ok', data: [{ id: 1 }] }),
      ),
    );
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    await expect(fetch('/api/asset/hot?size=5')).rejects.toThrow('Failed to fetch');
    error.mockRestore();
    const faults = takeMockFaults();
    expect(faults).toHaveLength(1);
    expect(faults[0]?.message).toMatch(
      /^The mock of GET \/api\/asset\/hot answered HTTP 200 .*\/data\/0/,
    );
  });

  it('answers the signed-in user as the contract describes one', async () => {
    const api = mockApi();
    const token = api.tokenFor(ANA);
    const response = await getUser(token);
    const body: unknown = await response.json();
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ code: 200, data: { id: ANA.id, priceColors: null } });
    checkAnswer('GET /api/user', 200, body);
  });
});

describe('the mocked API', () => {
  it('answers a guarded route 401 without a token, in the request language', async () => {
    mockApi();
    const response = await fetch('/api/follow/list', { headers: { Language: 'zh' } });
    expect(response.status).toBe(401);
    await expect(response.json()).resolves.toEqual({
      code: 401,
      msg: serverMessage('unauthorized', 'zh'),
      data: null,
    });
  });

  it('logs every request, faulted ones too', async () => {
    const api = mockApi({ faults: { 'GET /api/user': 'network' } });
    await expect(getUser()).rejects.toThrow('Failed to fetch');
    await fetch('/api/asset/list?keyword=btc&page=1&size=20');
    expect(api.calls('GET /api/user')).toHaveLength(1);
    expect(api.paths('/api/asset/list')).toEqual(['/api/asset/list?keyword=btc&page=1&size=20']);
  });

  it('refuses with the code a fault names, with its HTTP status', async () => {
    mockApi({ faults: { 'GET /api/asset/hot': { code: 500, key: 'internal' } } });
    const response = await fetch('/api/asset/hot?size=5');
    expect(response.status).toBe(500);
    await expect(response.json()).resolves.toEqual({
      code: 500,
      msg: serverMessage('internal', 'en'),
      data: null,
    });
  });

  it('answers as usual once healed', async () => {
    const api = mockApi({ faults: { 'GET /api/asset/hot': 'network' } });
    await expect(fetch('/api/asset/hot')).rejects.toThrow();
    api.heal('GET /api/asset/hot');
    expect((await fetch('/api/asset/hot')).status).toBe(200);
  });
});

// A held request stays pending until the story or test ends (`close`): what is still pending then
// would be handed by the app's cache to the next story's request of the same resource.
describe('a hold fault', () => {
  it('ends a held request when the API closes', async () => {
    const api = mockApi({ faults: { 'GET /api/user': 'hold' } });
    const request = getUser();
    expect(await settledWithin(request, 60)).toBe(false);
    api.close();
    await expect(request).rejects.toThrow('Failed to fetch');
  });

  it('holds nothing that reaches it after the API closed', async () => {
    const api = mockApi({ faults: { 'GET /api/user': 'hold' } });
    api.close();
    await expect(getUser()).rejects.toThrow('Failed to fetch');
  });

  it('counts a held request as under way until it ends', async () => {
    const api = mockApi({ faults: { 'GET /api/user': 'hold' } });
    const request = getUser().catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await settledWithin(api.settled(10, 200), 100)).toBe(false);
    api.close();
    await request;
    await expect(api.settled(10, 200)).resolves.toBeUndefined();
  });
});

// A gate keeps a request waiting until the story lets it through, then it is answered.
describe('a gate fault', () => {
  it('answers as usual once the story opens the gate, and not before', async () => {
    const api = mockApi({ faults: { 'GET /api/user': 'gate' } });
    const request = getUser();
    expect(await settledWithin(request, 60)).toBe(false);
    api.openGate('GET /api/user');
    // As the same request without the fault: unauthorized, as no token was sent.
    expect((await request).status).toBe(401);
    // The gate stays open for the next request.
    expect(await settledWithin(getUser(), 60)).toBe(true);
  });

  it('keeps a gate named with a query string for that query alone', async () => {
    const page = 'GET /api/asset/list?page=2' as const;
    const api = mockApi({ faults: { [page]: 'gate' } });
    const second = fetch('/api/asset/list?page=2');
    expect(await settledWithin(fetch('/api/asset/list?page=1'), 60)).toBe(true);
    expect(await settledWithin(second, 60)).toBe(false);
    api.openGate(page);
    expect(await settledWithin(second, 60)).toBe(true);
  });

  it('lets its waiting requests through when the API closes', async () => {
    const api = mockApi({ faults: { 'GET /api/user': 'gate' } });
    const request = getUser();
    await new Promise((resolve) => setTimeout(resolve, 20));
    api.close();
    expect(await settledWithin(request, 60)).toBe(true);
  });

  it('holds only the next request when a test holds it, until released', async () => {
    const api = mockApi();
    const release = api.holdNext('GET /api/asset/hot');
    const first = fetch('/api/asset/hot');
    expect(await settledWithin(fetch('/api/asset/hot'), 60)).toBe(true);
    expect(await settledWithin(first, 60)).toBe(false);
    release();
    expect(await settledWithin(first, 60)).toBe(true);
  });
});

describe('a request no handler answers', () => {
  it('fails when it is to the API', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    await expect(fetch('/api/nothing/here')).rejects.toThrow();
    error.mockRestore();
  });
});
