import { FakeApi } from './fakeApi';

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
