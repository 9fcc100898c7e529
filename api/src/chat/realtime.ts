// The realtime channel: socket.io on the API's own HTTP server at /socket.io. A connection shows
// a bearer token (handshake `auth.token`, or the `token` query the site's spec names) and comes
// from the API's own origin or one of CORS_ORIGINS; every socket joins its user's room, so a
// reply reaches all of the user's tabs, including one that reconnected mid-reply. A socket that
// resends a question is sent what it missed of the reply by whichever process streams it, which
// other processes ask for over the Redis adapter's server-side events.
//
// A socket lives no longer than its token: a revoked token's sockets are disconnected the moment
// the revocation is announced (in every process, changes.ts), each message checks the
// token again, and a sweep disconnects the sockets whose token expired meanwhile.
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import type { Clock } from '../auth/clock.js';
import type { Changes } from '../changes.js';
import type { AuthUser } from '../auth/tokens.js';
import { serverMessage as t, type ChatMessage } from '@coinlens/contract';
import { localeOf } from '../i18n.js';
import { corsSettings } from '../plugins/api-policy.js';
import type { ChatService, ChatTransport, ReplayRequest } from './service.js';

/** Sockets one user may have open at once. */
export const MAX_SOCKETS_PER_USER = 10;
/**
 * Largest message a client may send (bytes). Past it socket.io drops the connection without a
 * word, so it sits well above the largest valid question (2,000 characters and 4 KB of context):
 * an over-long question is read and refused with a reason the site shows, on a socket that stays.
 */
const MAX_MESSAGE_BYTES = 1024 * 1024;
/** How often the sockets are checked for a token that expired meanwhile. */
export const EXPIRY_SWEEP_INTERVAL_MS = 60_000;
/** Between API processes: send this socket the reply you are streaming, so far. */
const REPLAY_EVENT = 'chatReplay';

function isReplayRequest(value: unknown): value is ReplayRequest {
  if (typeof value !== 'object' || value === null) return false;
  const { conversationId, seqNo, socketId } = value as Record<string, unknown>;
  return (
    typeof conversationId === 'string' && typeof seqNo === 'number' && typeof socketId === 'string'
  );
}

const roomOf = (userId: number) => `user:${userId}`;
const tokenRoomOf = (hash: string) => `token:${hash}`;

/** Whether a handshake comes from a page the API accepts: no Origin (not a browser), its own, or a listed one. */
export function originAllowed(request: IncomingMessage, allowed: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (allowed.has(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

function languageOf(payload: unknown): unknown {
  return typeof payload === 'object' && payload !== null
    ? (payload as { language?: unknown }).language
    : undefined;
}

function tokenOf(socket: Socket): string | null {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  const fromQuery = socket.handshake.query.token;
  const token = typeof fromAuth === 'string' ? fromAuth : fromQuery;
  return typeof token === 'string' && token !== '' ? token : null;
}

export interface RealtimeOptions {
  corsOrigins: readonly string[];
  /**
   * Redis (REDIS_URL) carries messages between API processes, so that a reply reaches a user's
   * sockets on any of them; null for one process.
   */
  redisUrl?: string | null;
  authenticate(token: string): Promise<AuthUser | null>;
  /** Announces revoked tokens, whose sockets are then disconnected. */
  changes: Changes;
  clock: Clock;
  /** Set once the service exists (it needs the transport this returns). */
  service(): ChatService;
}

/** What the socket keeps of its token, to check it again. */
interface SocketData {
  userId: number;
  token: string;
  tokenHash: string;
  expiresAt: number;
}

/** Attaches socket.io to the app's server; answers the transport the chat service sends through. */
export async function attachRealtime(
  app: FastifyInstance,
  options: RealtimeOptions,
): Promise<{
  io: Server;
  transport: ChatTransport;
  sweepExpired(): Promise<void>;
  notify(userId: number, event: string, payload: unknown): void;
}> {
  const allowed = new Set(options.corsOrigins);
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    ...(allowed.size > 0 ? { cors: corsSettings(options.corsOrigins) } : {}),
    allowRequest: (request, callback) =>
      originAllowed(request, allowed)
        ? callback(null, true)
        : callback('origin not allowed', false),
  });

  if (options.redisUrl) {
    const publisher = createClient({ url: options.redisUrl });
    const subscriber = publisher.duplicate();
    for (const client of [publisher, subscriber]) {
      client.on('error', (error: unknown) => app.log.error({ err: error }, 'redis'));
    }
    await Promise.all([publisher.connect(), subscriber.connect()]);
    io.adapter(createAdapter(publisher, subscriber));
    app.addHook('onClose', async () => {
      await Promise.all([publisher.quit(), subscriber.quit()]);
    });
  }

  /**
   * Sockets held by each user in this process (with several processes, per process): connected
   * or admitted and not yet connected. A slot is taken in the same step as the check, with no
   * await between them, so that handshakes whose token lookups end together cannot all pass
   * the check before any of them is counted (a socket joins its user's room only later).
   */
  const held = new Map<number, number>();
  /** Takes one of the user's slots until the socket ends; false when none is free. */
  function hold(socket: Socket, userId: number): boolean {
    const count = held.get(userId) ?? 0;
    if (count >= MAX_SOCKETS_PER_USER) return false;
    held.set(userId, count + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (held.get(userId) ?? 1) - 1;
      if (left > 0) held.set(userId, left);
      else held.delete(userId);
    };
    // 'disconnect' once connected; the connection's close covers a socket whose client left
    // between the check and the connection, which never hears 'disconnect'.
    socket.once('disconnect', release);
    socket.conn.once('close', release);
    return true;
  }

  io.use((socket, next) => {
    const token = tokenOf(socket);
    if (!token) return next(new Error('unauthorized'));
    options.authenticate(token).then(
      (user) => {
        if (!user) return next(new Error('unauthorized'));
        // Gone while its token was looked up: its connection's close would never free a slot.
        if (socket.conn.readyState !== 'open') return next(new Error('closed'));
        if (!hold(socket, user.id)) return next(new Error('too many connections'));
        const data: SocketData = {
          userId: user.id,
          token,
          tokenHash: user.token.hash,
          expiresAt: user.token.expiresAt.getTime(),
        };
        Object.assign(socket.data, data);
        next();
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'socket authentication failed');
        next(new Error('unavailable'));
      },
    );
  });

  io.on('connection', (socket) => {
    const { userId, token, tokenHash } = socket.data as SocketData;
    void socket.join([roomOf(userId), tokenRoomOf(tokenHash)]);
    // A revocation announced between the handshake's check and the join found no socket to end.
    options.authenticate(token).then(
      (user) => {
        if (user?.id !== userId) socket.disconnect(true);
      },
      () => undefined,
    );
    socket.on('chat', (payload: unknown, ack?: unknown) => {
      let answered = false;
      const answer = (value: unknown) => {
        if (answered) return;
        answered = true;
        if (typeof ack === 'function') ack(value);
      };
      // The token may have been revoked or have expired since the handshake.
      options
        .authenticate(token)
        .then((user) => {
          if (user?.id !== userId) {
            answer({
              code: 401,
              msg: t('unauthorized', localeOf(languageOf(payload))),
              data: null,
            });
            socket.disconnect(true);
            return;
          }
          (socket.data as SocketData).expiresAt = user.token.expiresAt.getTime();
          return options.service().handle(userId, socket.id, payload, answer);
        })
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'chat message failed');
          answer({ code: 500, msg: t('internal', localeOf(languageOf(payload))), data: null });
        });
    });
  });

  // Each process disconnects its own sockets: every process hears each revocation.
  const unsubscribe = options.changes.subscribe((change) => {
    if (change.kind === 'token') {
      io.local.in(tokenRoomOf(change.hash)).disconnectSockets(true);
    } else if (change.kind === 'user' && change.signedOut) {
      io.local.in(roomOf(change.userId)).disconnectSockets(true);
    }
  });

  async function sweepExpired(): Promise<void> {
    const now = options.clock.now();
    for (const socket of io.sockets.sockets.values()) {
      const data = socket.data as SocketData;
      if (data.expiresAt > now) continue;
      // Its expiry may have moved on with the token's use elsewhere.
      const user = await options.authenticate(data.token).catch(() => undefined);
      if (user === undefined) continue;
      if (user?.id === data.userId) data.expiresAt = user.token.expiresAt.getTime();
      else socket.disconnect(true);
    }
  }
  const sweeper = setInterval(() => {
    sweepExpired().catch((error: unknown) => app.log.error({ err: error }, 'socket sweep failed'));
  }, EXPIRY_SWEEP_INTERVAL_MS);
  sweeper.unref();

  // Sockets first, so that the HTTP server's close does not wait for them.
  app.addHook('preClose', async () => {
    clearInterval(sweeper);
    unsubscribe();
    io.disconnectSockets(true);
    io.engine.close();
  });

  // A resent question whose reply another process streams: that process sends the reply so far
  // to the resending socket (with one process there is nobody to ask).
  if (options.redisUrl) {
    io.on(REPLAY_EVENT, (request: unknown, callback: unknown) => {
      const answer = typeof callback === 'function' ? (callback as (done: boolean) => void) : null;
      answer?.(isReplayRequest(request) && options.service().replaySoFar(request));
    });
  }

  const transport: ChatTransport = {
    toUser(userId: number, message: ChatMessage, exceptSocket?: string) {
      const room = io.to(roomOf(userId));
      (exceptSocket ? room.except(exceptSocket) : room).emit('chat', message);
    },
    toSocket(socketId: string, message: ChatMessage) {
      io.to(socketId).emit('chat', message);
    },
    async replayElsewhere(request: ReplayRequest) {
      if (!options.redisUrl) return false;
      try {
        const answers: unknown[] = await io.serverSideEmitWithAck(REPLAY_EVENT, request);
        return answers.some((done) => done === true);
      } catch (error) {
        // Some process did not answer in time; one of those that did may have sent it.
        const answers = (error as { responses?: unknown[] }).responses ?? [];
        return answers.some((done) => done === true);
      }
    },
  };
  /** Sends `payload` as `event` to every socket of the user, in every process. */
  const notify = (userId: number, event: string, payload: unknown) => {
    io.to(roomOf(userId)).emit(event, payload);
  };
  return { io, transport, sweepExpired, notify };
}
