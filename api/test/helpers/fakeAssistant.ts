// A stand-in for an OpenAI-compatible endpoint on 127.0.0.1: answers chat completions the way
// the test tells it to and records every request, so that a test can check what was sent.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake received it. */
export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** The JSON body (for a chat completion: model, messages...). */
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    [key: string]: unknown;
  };
}

/** How to answer one request. */
export interface FakeReply {
  /** Default 200. */
  status?: number;
  /** The assistant message's content, wrapped in the OpenAI response shape. */
  content?: string;
  /** A raw body instead (for a malformed response). */
  rawBody?: string;
  /** Wait this long before answering (to run past a client timeout). */
  delayMs?: number;
  /** Extra response headers (the SDK honours `retry-after-ms` between retries). */
  headers?: Record<string, string>;
}

export interface FakeAssistant {
  /** The API root to configure, ending in /v1. */
  baseUrl: string;
  /** Every request received, oldest first. */
  requests: RecordedRequest[];
  /** What the next requests get; replace it at will. */
  reply: (request: RecordedRequest) => FakeReply;
  close(): Promise<void>;
}

function completion(model: string, content: string): object {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null },
        logprobs: null,
        finish_reason: 'stop',
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the fake on a free port; by default it answers a fixed valid summary. */
export async function startFakeAssistant(
  reply: (request: RecordedRequest) => FakeReply = () => ({
    content: JSON.stringify({ summary: 'A fake summary.', keyPoints: ['One point.'] }),
  }),
): Promise<FakeAssistant> {
  const timers = new Set<NodeJS.Timeout>();
  const fake: FakeAssistant = {
    baseUrl: '',
    requests: [],
    reply,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const text = await readBody(request);
    let body: RecordedRequest['body'] = {};
    try {
      body = JSON.parse(text) as RecordedRequest['body'];
    } catch {
      // Recorded as empty: the test sees it.
    }
    const recorded: RecordedRequest = {
      method: request.method ?? '',
      path,
      authorization: request.headers.authorization,
      body,
    };
    fake.requests.push(recorded);
    if (
      request.method !== 'POST' ||
      (path !== '/v1/chat/completions' && path !== '/chat/completions')
    ) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const plan = fake.reply(recorded);
    const send = () => {
      timers.delete(timer);
      if (response.destroyed) return;
      const status = plan.status ?? 200;
      const payload =
        plan.rawBody ??
        (status === 200
          ? JSON.stringify(completion(body.model ?? 'fake', plan.content ?? ''))
          : JSON.stringify({ error: { message: 'fake failure', type: 'server_error' } }));
      response.writeHead(status, { 'content-type': 'application/json', ...plan.headers });
      response.end(payload);
    };
    const timer = setTimeout(send, plan.delayMs ?? 0);
    timers.add(timer);
  };

  const server = createServer((request, response) => {
    answer(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}/v1`;
  return fake;
}
