// A stand-in for an OpenAI-compatible endpoint on 127.0.0.1 that streams chat completions as
// Server-Sent Events in OpenAI's chunk format, scripted reply by reply, and records every request,
// so that a test can check what the assistant sent and how it copes with what comes back.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message of a recorded request, as the assistant sent it. */
export interface SentMessage {
  role: string;
  content?: string | null;
  tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

/** One request as the fake received it. */
export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    stream?: boolean;
    messages?: SentMessage[];
    tools?: {
      type: string;
      function: { name: string; description?: string; parameters?: unknown };
    }[];
    tool_choice?: unknown;
    [key: string]: unknown;
  };
  /** True once the client closed the connection before the reply was over. */
  closedEarly: boolean;
}

/** One step of a streamed reply. */
export type StreamStep =
  /** `data: <JSON>` */
  | { chunk: unknown }
  /** Written as it is (for malformed events). */
  | { raw: string }
  /** A pause. */
  | { waitMs: number }
  /** The socket is destroyed: the stream breaks off. */
  | { destroy: true };

/** How to answer one request. */
export interface FakeStreamReply {
  /** Default 200; any other answers a JSON error body instead of a stream. */
  status?: number;
  /** The error body's message. */
  errorMessage?: string;
  headers?: Record<string, string>;
  /** Wait this long before the headers (to run past a client timeout). */
  delayMs?: number;
  steps?: StreamStep[];
  /** End with `data: [DONE]` (default true). */
  done?: boolean;
}

export interface FakeOpenAiStream {
  /** The API root to configure, ending in /v1. */
  baseUrl: string;
  /** Every request received, oldest first. */
  requests: RecordedRequest[];
  /** The replies of the next requests, in order; a request beyond them gets a 500. */
  script(...replies: FakeStreamReply[]): void;
  /** Every later request gets this reply (for endless loops). */
  always(reply: FakeStreamReply): void;
  close(): Promise<void>;
}

/** A chunk in OpenAI's format. */
export function chunkOf(delta: object, finishReason: string | null = null): object {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 1_768_485_900,
    model: 'fake-model',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  };
}

/** `text` streamed in pieces of `size` characters, then the stop chunk. */
export function textSteps(text: string, size = 3): StreamStep[] {
  const steps: StreamStep[] = [{ chunk: chunkOf({ role: 'assistant', content: '' }) }];
  for (let at = 0; at < text.length; at += size) {
    steps.push({ chunk: chunkOf({ content: text.slice(at, at + size) }) });
  }
  steps.push({ chunk: chunkOf({}, 'stop') });
  return steps;
}

/** A streamed call of a tool: its arguments come in the pieces given. */
export interface FakeToolCall {
  id: string;
  name: string;
  /** Pieces of the arguments' JSON, one chunk each. */
  argumentPieces: string[];
}

/**
 * Tool calls streamed the way OpenAI does: per call, a first delta with index, id and name, then
 * the arguments piece by piece; calls interleave when `interleave` is set. Ends with
 * finish_reason "tool_calls".
 */
export function toolCallSteps(calls: FakeToolCall[], interleave = false): StreamStep[] {
  const perCall = calls.map((call, index) => [
    chunkOf({
      tool_calls: [
        { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } },
      ],
    }),
    ...call.argumentPieces.map((piece) =>
      chunkOf({ tool_calls: [{ index, function: { arguments: piece } }] }),
    ),
  ]);
  const ordered: object[] = [];
  if (interleave) {
    const longest = Math.max(...perCall.map((c) => c.length));
    for (let i = 0; i < longest; i++) {
      for (const c of perCall) {
        const next = c[i];
        if (next) ordered.push(next);
      }
    }
  } else {
    ordered.push(...perCall.flat());
  }
  return [
    { chunk: chunkOf({ role: 'assistant', content: null }) },
    ...ordered.map((chunk) => ({ chunk })),
    { chunk: chunkOf({}, 'tool_calls') },
  ];
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the fake on a free port. */
export async function startFakeOpenAiStream(): Promise<FakeOpenAiStream> {
  const timers = new Set<NodeJS.Timeout>();
  let queue: FakeStreamReply[] = [];
  let fallback: FakeStreamReply | null = null;

  const wait = (ms: number, response: ServerResponse) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        timers.delete(timer);
        response.off('close', done);
        resolve();
      }
      timers.add(timer);
      response.once('close', done);
    });

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
      closedEarly: false,
    };
    fake.requests.push(recorded);
    response.once('close', () => {
      if (!response.writableFinished) recorded.closedEarly = true;
    });
    if (
      request.method !== 'POST' ||
      (path !== '/v1/chat/completions' && path !== '/chat/completions')
    ) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const plan = queue.shift() ??
      fallback ?? { status: 500, errorMessage: 'no scripted reply for this request' };
    if (plan.delayMs) await wait(plan.delayMs, response);
    if (response.destroyed) return;
    const status = plan.status ?? 200;
    if (status !== 200) {
      response.writeHead(status, { 'content-type': 'application/json', ...plan.headers });
      response.end(
        JSON.stringify({
          error: { message: plan.errorMessage ?? 'fake failure', type: 'fake_error', code: null },
        }),
      );
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      ...plan.headers,
    });
    response.flushHeaders();
    for (const step of plan.steps ?? []) {
      if (response.destroyed) return;
      if ('chunk' in step) response.write(`data: ${JSON.stringify(step.chunk)}\n\n`);
      else if ('raw' in step) response.write(step.raw);
      else if ('waitMs' in step) await wait(step.waitMs, response);
      else {
        response.destroy();
        return;
      }
    }
    if (response.destroyed) return;
    if (plan.done ?? true) response.write('data: [DONE]\n\n');
    response.end();
  };

  const server = createServer((request, response) => {
    answer(request, response).catch(() => response.destroy());
  });
  const fake: FakeOpenAiStream = {
    baseUrl: '',
    requests: [],
    script: (...replies) => {
      queue = [...replies];
    },
    always: (reply) => {
      fallback = reply;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}/v1`;
  return fake;
}
