// A stand-in for the realtime socket in the chat store's unit tests, which hand the store its
// socket and play the server by hand, step by step under fake timers: they read what was emitted,
// acknowledge it (or not) and send reply parts. It has what the store uses of socket.io-client's
// socket: listeners that can be removed, emits with an acknowledgement and socket.io's
// `timeout(ms)` flag, and events from the server. Stories, and tests of the connection itself,
// talk to the mocked API's realtime socket over msw instead (api/chatSocket.ts).
import type { ChatMessage, ChatQuestion } from '@coinlens/contract';
import type { Socket } from 'socket.io-client';

type Handler = (...args: unknown[]) => void;
type Acknowledge = (error: Error | null, ...answer: unknown[]) => void;

/** What the chat emits for a question. */
export type ChatPayload = ChatQuestion;

/** One emit the client made. */
export interface SentEvent {
  event: string;
  payload: ChatPayload;
  /** Whether the emit asked for an acknowledgement within a time limit. */
  timeoutMs: number | null;
  /** Whether the acknowledgement was given or timed out. */
  settled: boolean;
}

/** socket.io's message when an acknowledgement does not come in time. */
export const ACK_TIMEOUT_MESSAGE = 'operation has timed out';

export class FakeChatSocket {
  connected = true;
  readonly sent: SentEvent[] = [];
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly acks = new Map<SentEvent, Acknowledge>();

  on(event: string, handler: Handler): this {
    const set = this.handlers.get(event) ?? new Set<Handler>();
    set.add(handler);
    this.handlers.set(event, set);
    return this;
  }

  off(event: string, handler: Handler): this {
    this.handlers.get(event)?.delete(handler);
    return this;
  }

  /** How many listeners `event` has. */
  listenerCount(event: string): number {
    return this.handlers.get(event)?.size ?? 0;
  }

  /** socket.io's `timeout(ms)`: the acknowledgement callback gets an error when none comes in time. */
  timeout(ms: number): { emit: (event: string, ...args: unknown[]) => FakeChatSocket } {
    return { emit: (event, ...args) => this.record(event, args, ms) };
  }

  emit(event: string, ...args: unknown[]): this {
    return this.record(event, args, null);
  }

  /** The server sends `event` to this socket. */
  receive(event: string, ...args: unknown[]): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(...args);
  }

  /** The server sends a reply part (or another tab's question) on `chat`. */
  part(message: ChatMessage): void {
    this.receive('chat', message);
  }

  /** The last emit (fails the test when there was none). */
  last(): SentEvent {
    const sent = this.sent.at(-1);
    if (!sent) throw new Error('nothing was emitted');
    return sent;
  }

  /** The server acknowledges an emit (the last by default) with `answer`. */
  ack(answer: unknown, sent: SentEvent = this.last()): void {
    const acknowledge = this.acks.get(sent);
    if (!acknowledge || sent.settled) return;
    sent.settled = true;
    this.acks.delete(sent);
    acknowledge(null, answer);
  }

  private record(event: string, args: unknown[], timeoutMs: number | null): this {
    const callback =
      typeof args.at(-1) === 'function' ? (args.pop() as (...answer: unknown[]) => void) : null;
    const sent: SentEvent = {
      event,
      payload: args[0] as ChatPayload,
      timeoutMs,
      settled: false,
    };
    this.sent.push(sent);
    if (callback) {
      // Without the timeout flag socket.io calls the callback with the answer alone.
      this.acks.set(
        sent,
        timeoutMs === null
          ? (_error, ...answer) => callback(...answer)
          : (error, ...answer) => callback(error, ...answer),
      );
      if (timeoutMs !== null) {
        setTimeout(() => {
          if (sent.settled) return;
          sent.settled = true;
          this.acks.delete(sent);
          callback(new Error(ACK_TIMEOUT_MESSAGE));
        }, timeoutMs);
      }
    }
    return this;
  }
}

/** The fake as the socket.io-client type the store expects. */
export function asSocket(socket: FakeChatSocket | null): Socket | null {
  return socket as unknown as Socket | null;
}
