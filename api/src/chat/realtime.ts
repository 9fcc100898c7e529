// The realtime channel: socket.io on the API's own HTTP server at /socket.io. A connection shows
// a bearer token (handshake `auth.token`, or the `token` query the site's spec names) and comes
// from the API's own origin or one of CORS_ORIGINS; every socket joins its user's room, so a
// reply reaches all of the user's tabs, including one that reconnected mid-reply.
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import type { AuthUser } from '../auth/tokens.js';
import type { ChatMessage } from '../contract/index.js';
import { corsSettings } from '../plugins/api-policy.js';
import type { ChatService, ChatTransport } from './service.js';

/** Sockets one user may have open at once. */
export const MAX_SOCKETS_PER_USER = 10;
/** Largest message a client may send (bytes). */
const MAX_MESSAGE_BYTES = 16 * 1024;

const roomOf = (userId: number) => `user:${userId}`;

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
  /** Set once the service exists (it needs the transport this returns). */
  service(): ChatService;
}

/** Attaches socket.io to the app's server; answers the transport the chat service sends through. */
export async function attachRealtime(
  app: FastifyInstance,
  options: RealtimeOptions,
): Promise<{ io: Server; transport: ChatTransport }> {
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

  io.use((socket, next) => {
    const token = tokenOf(socket);
    if (!token) return next(new Error('unauthorized'));
    options.authenticate(token).then(
      (user) => {
        if (!user) return next(new Error('unauthorized'));
        // Counted in this process (with several processes, per process).
        const open = io.sockets.adapter.rooms.get(roomOf(user.id))?.size ?? 0;
        if (open >= MAX_SOCKETS_PER_USER) return next(new Error('too many connections'));
        socket.data.userId = user.id;
        next();
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'socket authentication failed');
        next(new Error('unavailable'));
      },
    );
  });

  io.on('connection', (socket) => {
    const userId = socket.data.userId as number;
    void socket.join(roomOf(userId));
    socket.on('chat', (payload: unknown, ack?: unknown) => {
      options
        .service()
        .handle(userId, socket.id, payload)
        .then(
          (answer) => {
            if (typeof ack === 'function') ack(answer);
          },
          (error: unknown) => {
            app.log.error({ err: error }, 'chat message failed');
            if (typeof ack === 'function') {
              ack({
                code: 500,
                msg: 'Something went wrong on our side; please try again',
                data: null,
              });
            }
          },
        );
    });
  });

  // Sockets first, so that the HTTP server's close does not wait for them.
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
    io.engine.close();
  });

  const transport: ChatTransport = {
    toUser(userId: number, message: ChatMessage, exceptSocket?: string) {
      const room = io.to(roomOf(userId));
      (exceptSocket ? room.except(exceptSocket) : room).emit('chat', message);
    },
  };
  return { io, transport };
}
