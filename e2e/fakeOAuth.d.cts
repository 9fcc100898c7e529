// The types of fakeOAuth.cjs, for the TypeScript of the browser tests.

/** The Google client id of test builds (scripts/test.mjs) when the environment sets none. */
export declare const TEST_GOOGLE_CLIENT_ID: string;

export interface FakeOAuthClients {
  google: { clientId: string; clientSecret: string };
  x: { clientId: string; clientSecret?: string | null };
}

export interface FakeOAuth {
  /** Its origin on 127.0.0.1. */
  url: string;
  close(): Promise<void>;
}

/** Starts the fake Google and X on a free port of 127.0.0.1. */
export declare function startFakeOAuth(clients: FakeOAuthClients): Promise<FakeOAuth>;
