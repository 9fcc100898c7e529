// A unit test's mocked API: `const api = mockApi({ follows: [1] })` answers the test's `/api/*`
// through the Jest setup's msw server until the test ends.
import { MockApi, type MockApiOptions } from './mockApi';
import { server, whenTestEnds } from './server';

/** A mocked API answering the test's requests until it ends. */
export function mockApi(options?: MockApiOptions): MockApi {
  const api = new MockApi(options);
  const stop = api.listen(server);
  whenTestEnds(() => {
    api.close();
    stop();
  });
  return api;
}
