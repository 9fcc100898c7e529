// Chat history (`GET /api/chat/list`), a new conversation (`POST /api/chat/clean`), the
// onboarding robot's lines (`POST /api/chat/robot`) and the user's onboarding progress
// (`GET`/`PUT /api/chat/onboarding`); the questions and replies themselves travel over socket.io
// (chat/realtime.ts).
import {
  MAX_CHAT_TEXT,
  ROUTES,
  type ChatLayer,
  type Locale,
  type OnboardingProgress,
} from '@coinlens/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Clock } from '../../auth/clock.js';
import { SlidingWindowLimiter } from '../../auth/rateLimit.js';
import { currentUser } from '../../auth/requireUser.js';
import type { OnboardingStore } from '../../chat/onboarding.js';
import type { ChatTransport } from '../../chat/service.js';
import type { ChatStore } from '../../chat/store.js';
import { ApiError, ok } from '../../envelope.js';
import { bearer } from '../docs.js';

export interface ChatRoutesOptions {
  store: ChatStore;
  onboarding: OnboardingStore;
  /** Sends a stored robot line to the user's other sockets. */
  transport: Pick<ChatTransport, 'toUser'>;
  clock: Clock;
}

/** Robot lines a user may store per minute: a whole onboarding has about 30. */
export const MAX_ROBOT_LINES_PER_MINUTE = 60;

const tags = ['chat'];

export const chat: FastifyPluginAsyncTypebox<ChatRoutesOptions> = async (
  app,
  { store, onboarding, transport, clock },
) => {
  const robotLines = new SlidingWindowLimiter(MAX_ROBOT_LINES_PER_MINUTE, 60_000, clock);

  app.get(
    '/api/chat/list',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Chat history',
        description:
          "The current conversation (one is started when there is none), oldest first: the newest `size` messages for `oldestSeqNo` -1, else the `size` before that number. The user's questions, the assistant's replies and the onboarding robot's lines, in one order. A reply still streaming is not in it yet. Codes: 422 for a size outside 1 to 50 or an oldestSeqNo below -1.",
        security: bearer,
        ...ROUTES['GET /api/chat/list'],
      },
    },
    async (request) => {
      const { size = 10, oldestSeqNo = -1 } = request.query;
      if (size < 1 || size > 50) throw new ApiError(422, 'chatSizeInvalid');
      if (oldestSeqNo < -1 || oldestSeqNo > 2_147_483_647) throw new ApiError(422, 'seqNoInvalid');
      const conversationId = await store.current(currentUser(request).id);
      return ok(request, {
        conversationId,
        ...(await store.history(conversationId, size, oldestSeqNo)),
      });
    },
  );

  app.post(
    '/api/chat/clean',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Start a new conversation',
        description:
          'The old conversations are kept; the new one becomes the current one. The onboarding progress belongs to the user and is kept; the robot lines stay with the old conversation.',
        security: bearer,
        ...ROUTES['POST /api/chat/clean'],
      },
    },
    async (request) => ok(request, { conversationId: await store.start(currentUser(request).id) }),
  );

  app.post(
    '/api/chat/robot',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Store a line of the onboarding robot',
        description: `Stores a ROBOT message in the current conversation under the next seqNo, so that it is in the history in order, and sends it over socket.io (\`chat\`) to the user's other sockets. Idempotent by \`key\`: when the conversation already has a line with it, that line is answered with \`created: false\` and nothing is stored or sent. Codes: 400 for a malformed body (key, language, layers); 422 for a text of 0 or more than ${MAX_CHAT_TEXT} characters; 429 past ${MAX_ROBOT_LINES_PER_MINUTE} new lines a minute, with \`data.retryAfter\`.`,
        security: bearer,
        ...ROUTES['POST /api/chat/robot'],
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { key, language, socketId } = request.body;
      const text = request.body.text.replaceAll('\u0000', '').trim();
      if (text.length === 0 || [...text].length > MAX_CHAT_TEXT) {
        throw new ApiError(422, 'chatTextLength');
      }
      const wait = robotLines.take(user.id);
      if (wait > 0) {
        // A line stored already is answered past the limit: it costs nothing.
        const existing = await store.robotLine(user.id, key);
        if (existing) return ok(request, { message: existing, created: false });
        throw new ApiError(429, 'chatRobotTooMany', {
          retryAfter: Math.max(1, Math.ceil(wait / 1000)),
        });
      }
      let stored: Awaited<ReturnType<ChatStore['robot']>>;
      try {
        stored = await store.robot(user.id, {
          key,
          text,
          language: language as Locale,
          layers: (request.body.layers ?? []) as ChatLayer[],
        });
      } catch (error) {
        robotLines.release(user.id);
        throw error;
      }
      if (stored.created) transport.toUser(user.id, stored.message, socketId);
      // Answering a line already stored costs nothing.
      else robotLines.release(user.id);
      return ok(request, stored);
    },
  );

  app.get(
    '/api/chat/onboarding',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Onboarding progress',
        description:
          'How far the user got in the welcome onboarding, as last saved from any tab or device; null before the first save. It belongs to the user: a new conversation keeps it.',
        security: bearer,
        ...ROUTES['GET /api/chat/onboarding'],
      },
    },
    async (request) => ok(request, await onboarding.get(currentUser(request).id)),
  );

  app.put(
    '/api/chat/onboarding',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Save the onboarding progress',
        description:
          "Merges a tab's progress into the stored one and answers the result, which the tab should adopt. The script only moves forward, so the further progress is kept (finished first, then the later item id; the stored one on a tie), and each task it left pending takes the other's outcome when that is done or skipped; its `passedOver` list is its own. A stale tab therefore never rewinds the onboarding. Unknown keys are dropped. Codes: 400 for a progress of another shape (version 1; id 1 to 24; both tasks pending, done or skipped; at most 24 passedOver ids from 1 to 24).",
        security: bearer,
        ...ROUTES['PUT /api/chat/onboarding'],
      },
    },
    async (request) =>
      ok(
        request,
        await onboarding.save(currentUser(request).id, request.body.progress as OnboardingProgress),
      ),
  );
};
