import { FakeApi, type RouteName } from './fakeApi';

// A `hold` fault keeps a request pending until the story ends (`close`). What is still pending
// then would be handed by the app's cache to the next story's request of the same resource.
describe('FakeApi hold', () => {
  const held = { faults: { 'GET /api/user': 'hold' as const }, latencyMs: 30 };

  it('ends a held request when the story ends', async () => {
    const api = new FakeApi(held);
    const fetch = api.handler(undefined);
    const request = fetch('/api/user');
    await new Promise((resolve) => setTimeout(resolve, 60));
    api.close();
    await expect(request).rejects.toThrow('Failed to fetch');
  });

  it('holds nothing that reaches it after the story ended (its latency outlived the story)', async () => {
    const api = new FakeApi(held);
    const fetch = api.handler(undefined);
    const request = fetch('/api/user');
    api.close();
    await expect(request).rejects.toThrow('Failed to fetch');
  });
});

// A `gate` fault keeps a request waiting until the story lets it through, then answers it.
describe('FakeApi gate', () => {
  const gated = { faults: { 'GET /api/user': 'gate' as const }, latencyMs: 1 };
  const settledWithin = (promise: Promise<unknown>, ms: number) =>
    Promise.race([
      promise.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
    ]);

  it('answers as usual once the story opens the gate, and not before', async () => {
    const api = new FakeApi(gated);
    const fetch = api.handler(undefined);
    const request = fetch('/api/user');
    expect(await settledWithin(request, 60)).toBe(false);
    api.openGate('GET /api/user');
    const response = await request;
    // As the same request without the fault: unauthorized, as no token was sent.
    const plain = new FakeApi({ latencyMs: 1 });
    expect((await plain.handler(undefined)('/api/user')).status).toBe(response.status);
    plain.close();
    // The gate stays open for the next request.
    expect(await settledWithin(fetch('/api/user'), 60)).toBe(true);
    api.close();
  });

  it('keeps a gate named with a query string for that query alone', async () => {
    const page = 'GET /api/user?page=2' as RouteName;
    const api = new FakeApi({ faults: { [page]: 'gate' as const }, latencyMs: 1 });
    const fetch = api.handler(undefined);
    const second = fetch('/api/user?page=2');
    expect(await settledWithin(fetch('/api/user'), 60)).toBe(true);
    expect(await settledWithin(second, 60)).toBe(false);
    api.openGate(page);
    expect(await settledWithin(second, 60)).toBe(true);
    api.close();
  });

  it('lets its waiting requests through when the story ends', async () => {
    const api = new FakeApi(gated);
    const request = api.handler(undefined)('/api/user');
    await new Promise((resolve) => setTimeout(resolve, 20));
    api.close();
    expect(await settledWithin(request, 60)).toBe(true);
  });
});
