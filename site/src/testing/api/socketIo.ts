// socket.io's server side of one msw WebSocket connection (`ws.link`): engine.io's handshake and
// pings, then socket.io's connect, events, acknowledgements, refusal and disconnect in the default
// namespace, each packet encoded and decoded by socket.io's own parsers (engine.io-parser for the
// frame, socket.io-parser for what is in it). What the server does with a handshake or an event
// is the caller's (chatSocket.ts).
//
// Not @mswjs/socket.io-binding: its 0.2.0 answers every connection at once with a fixed
// handshake (no refusal, no handshake a test holds), never pings although it announces a ping
// every 25 s (socket.io-client drops such a connection after 30 s), drops the packet id of an
// emit (no acknowledgement, and the chat's every question is acknowledged), and sends no
// disconnect.
import type { WebSocketHandlerConnection } from 'msw';
import { decodePacket, encodePacket, type Packet as EnginePacket } from 'engine.io-parser';
import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';

/** How often the server pings (ms), socket.io's default, as the API runs it. */
export const PING_INTERVAL_MS = 25_000;
/** How long the client waits for a ping past the interval before it gives up (ms). */
export const PING_TIMEOUT_MS = 20_000;

/** The namespace the site's socket joins. */
const NAMESPACE = '/';

type Client = WebSocketHandlerConnection['client'];

/** An acknowledgement the client asked for with its emit, to be called once. */
export type Acknowledge = (...answer: unknown[]) => void;

/** What the server makes of a connection. */
export interface SocketIoServer {
  /** The client asks to join, with its `auth`: `accept()` or `refuse()` it, now or later. */
  onConnect(connection: SocketIoConnection): void;
  /** An event from a joined client; `ack` is there when the client waits for an answer. */
  onEvent(
    connection: SocketIoConnection,
    event: string,
    args: unknown[],
    ack: Acknowledge | null,
  ): void;
}

/**
 * `opening`: engine.io's handshake went out, the client has not asked to join yet. `joining`: it
 * asked, and waits for `accept()` or `refuse()`. `connected`: joined. `closed`: refused,
 * disconnected or gone.
 */
export type SocketIoState = 'opening' | 'joining' | 'connected' | 'closed';

const encoder = new Encoder();
let sessions = 0;

/** One client's socket.io connection, as the server has it. */
export class SocketIoConnection {
  /** The engine.io session id (the server's handshake names it). */
  readonly sid: string;
  /** Where the client connected, with its query (`token`, `EIO`, `transport`). */
  readonly url: URL;
  /** The `auth` the client joined with (undefined until it asks to join). */
  auth: unknown = undefined;
  state: SocketIoState = 'opening';
  private readonly decoder = new Decoder();
  private readonly ping: ReturnType<typeof setInterval>;

  constructor(
    private readonly client: Client,
    private readonly server: SocketIoServer,
  ) {
    sessions += 1;
    this.sid = `mock-session-${sessions}`;
    this.url = client.url;
    this.decoder.on('decoded', (packet: Packet) => this.receive(packet));
    client.addEventListener('message', ({ data }) => this.read(data));
    client.addEventListener('close', () => this.end());
    this.sendFrame({
      type: 'open',
      data: JSON.stringify({
        sid: this.sid,
        upgrades: [],
        pingInterval: PING_INTERVAL_MS,
        pingTimeout: PING_TIMEOUT_MS,
        maxPayload: 1_000_000,
      }),
    });
    this.ping = setInterval(() => this.sendFrame({ type: 'ping' }), PING_INTERVAL_MS);
  }

  /** The query's `token`, or the `auth` one, which the API prefers. */
  get token(): string | null {
    const auth = this.auth as { token?: unknown } | undefined;
    if (typeof auth?.token === 'string') return auth.token;
    return this.url.searchParams.get('token');
  }

  /** Lets a joining client in: its `connect` event fires (nothing, when it has left). */
  accept(): void {
    if (this.state === 'closed') return;
    this.expect('joining', 'accept');
    this.state = 'connected';
    this.send({ type: PacketType.CONNECT, nsp: NAMESPACE, data: { sid: this.sid } });
  }

  /** Refuses a joining client as the API's middleware does: `connect_error` with `message`. */
  refuse(message: string): void {
    if (this.state === 'closed') return;
    this.expect('joining', 'refuse');
    this.send({ type: PacketType.CONNECT_ERROR, nsp: NAMESPACE, data: { message } });
    this.state = 'closed';
  }

  /** Sends `event` to a joined client. */
  emit(event: string, ...args: unknown[]): void {
    if (this.state !== 'connected') return;
    this.send({ type: PacketType.EVENT, nsp: NAMESPACE, data: [event, ...args] });
  }

  /** The server disconnects the socket (`io server disconnect`: the client does not retry). */
  disconnect(): void {
    if (this.state !== 'connected') return;
    this.send({ type: PacketType.DISCONNECT, nsp: NAMESPACE });
    this.state = 'closed';
  }

  /** The connection breaks (`transport close`: the client reconnects by itself). */
  drop(): void {
    this.end();
    this.client.close();
  }

  /** Stops pinging and hears nothing more; the client keeps its socket until it closes it. */
  silence(): void {
    this.end();
  }

  private expect(state: SocketIoState, action: string) {
    if (this.state !== state) {
      throw new Error(`Cannot ${action} a socket.io connection that is ${this.state}`);
    }
  }

  private end() {
    clearInterval(this.ping);
    this.state = 'closed';
  }

  private read(data: unknown) {
    // socket.io-client sends text frames only for what the site emits (no binary arguments).
    if (this.state === 'closed' || typeof data !== 'string') return;
    const frame = decodePacket(data);
    if (frame.type === 'message') this.decoder.add(frame.data);
    else if (frame.type === 'close') this.end();
  }

  private receive(packet: Packet) {
    if (this.state === 'closed' || packet.nsp !== NAMESPACE) return;
    switch (packet.type) {
      case PacketType.CONNECT:
        if (this.state !== 'opening') return;
        this.auth = packet.data;
        this.state = 'joining';
        this.server.onConnect(this);
        return;
      case PacketType.EVENT: {
        if (this.state !== 'connected') return;
        const [event, ...args] = packet.data as [string, ...unknown[]];
        this.server.onEvent(this, event, args, this.acknowledge(packet.id));
        return;
      }
      case PacketType.DISCONNECT:
        this.end();
        return;
    }
  }

  private acknowledge(id: number | undefined): Acknowledge | null {
    if (id === undefined) return null;
    let answered = false;
    return (...answer) => {
      if (answered || this.state !== 'connected') return;
      answered = true;
      this.send({ type: PacketType.ACK, nsp: NAMESPACE, id, data: answer });
    };
  }

  private send(packet: Packet) {
    for (const data of encoder.encode(packet) as unknown[]) {
      this.sendFrame({ type: 'message', data });
    }
  }

  private sendFrame(frame: EnginePacket) {
    encodePacket(frame, false, (encoded) => this.client.send(encoded as string));
  }
}
