// A stand-in for socket.io-client's `io` and its sockets in Jest: it records how each socket was
// opened and lets a test play the server (accept, refuse, drop, kick). Its `active` and
// `disconnect` follow socket.io's: a refusal or a server-side disconnect leaves the socket
// inactive (socket.io will not retry it), a lost transport leaves it active (socket.io retries).
import type { Socket } from 'socket.io-client';
import type { IoFactory, RealtimeSocketOptions } from '../features/assistant/realtime/connection';

type Handler = (...args: unknown[]) => void;

export class FakeSocket {
  /** Whether socket.io would still reconnect it by itself. */
  active = true;
  connected = false;
  /** How often `connect()` was called (a manual retry). */
  connectCalls = 0;
  /** Whether `disconnect()` was called. */
  disconnected = false;
  private readonly handlers = new Map<string, Handler[]>();

  constructor(
    readonly url: string,
    readonly options: RealtimeSocketOptions,
  ) {}

  on(event: string, handler: Handler): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }

  connect(): this {
    this.connectCalls += 1;
    this.active = true;
    return this;
  }

  disconnect(): this {
    this.disconnected = true;
    this.active = false;
    if (this.connected) {
      this.connected = false;
      this.emit('disconnect', 'io client disconnect');
    }
    return this;
  }

  /** The server accepts the handshake (first time or after a reconnection). */
  accept(): void {
    this.connected = true;
    this.emit('connect');
  }

  /** The server's middleware refuses the handshake with `message`. */
  refuse(message: string): void {
    this.active = false;
    this.emit('connect_error', new Error(message));
  }

  /** The transport fails (server down, network gone); socket.io keeps retrying. */
  lose(): void {
    this.connected = false;
    this.emit('disconnect', 'transport close');
  }

  /** The server disconnects the socket (it is shutting down); socket.io does not retry. */
  kick(): void {
    this.connected = false;
    this.active = false;
    this.emit('disconnect', 'io server disconnect');
  }

  private emit(event: string, ...args: unknown[]): void {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
}

/** A fake `io` and the sockets it opened, oldest first. */
export function fakeIo(): { io: jest.Mock & IoFactory; sockets: FakeSocket[] } {
  const sockets: FakeSocket[] = [];
  const io = jest.fn((url: string, options: RealtimeSocketOptions) => {
    const socket = new FakeSocket(url, options);
    sockets.push(socket);
    return socket as unknown as Socket;
  });
  return { io, sockets };
}

/** Lets pending promise callbacks run (the socket opens after its module has loaded). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}
