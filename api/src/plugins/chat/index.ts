// Chat history (`GET /api/chat/list`), a new conversation (`POST /api/chat/clean`), the
// onboarding robot's lines (`POST /api/chat/robot`) and the user's onboarding progress
// (`GET`/`PUT /api/chat/onboarding`); the questions and replies themselves travel over socket.io
// (chat/realtime.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Clock } from '../../auth/clock.js';
import { SlidingWindowLimiter } from '../../auth/rateLimit.js';
import { currentUser } from '../../auth/requireUser.js';
import type { OnboardingStore } from '../../chat/onboarding.js';
import { ONBOARDING_LAST_ITEM } from '../../chat/onboarding.js';
import { MAX_CHAT_TEXT, type ChatTransport } from '../../chat/service.js';
import type { ChatStore } from '../../chat/store.js';
import type { ChatLayer, Locale, OnboardingProgress } from '../../contract/index.js';
import { ApiError, ok } from '../../envelope.js';
import { answers, bearer } from '../auth/schemas.js';
import { Coin, MonitorSourceSchema } from '../coins/schemas.js';

export interface ChatRoutesOptions {
  store: ChatStore;
  onboarding: OnboardingStore;
  /** Sends a stored robot line to the user's other sockets. */
  transport: Pick<ChatTransport, 'toUser'>;
  clock: Clock;
}

/** Robot lines a user may store per minute: a whole onboarding has about 30. */
export const MAX_ROBOT_LINES_PER_MINUTE = 60;
/** Layers of a robot line, and coins or sources in one layer. */
const MAX_ROBOT_LAYERS = 4;
const MAX_LAYER_ITEMS = 20;

const Layer = Type.Union([
  Type.Object({ type: Type.Literal('coins'), coins: Type.Array(Coin) }),
  Type.Object({ type: Type.Literal('sources'), sources: Type.Array(MonitorSourceSchema) }),
  Type.Object({ type: Type.Literal('report'), coinId: Type.Integer() }),
  Type.Object({ type: Type.Literal('link'), title: Type.String(), url: Type.String() }),
]);

/** A layer a client sends (a robot line's): the same shapes, with bounds. */
const LayerInput = Type.Union([
  Type.Object({
    type: Type.Literal('coins'),
    coins: Type.Array(Coin, { maxItems: MAX_LAYER_ITEMS }),
  }),
  Type.Object({
    type: Type.Literal('sources'),
    sources: Type.Array(MonitorSourceSchema, { maxItems: MAX_LAYER_ITEMS }),
  }),
  Type.Object({ type: Type.Literal('report'), coinId: Type.Integer({ minimum: 1 }) }),
  Type.Object({
    type: Type.Literal('link'),
    title: Type.String({ maxLength: 200 }),
    url: Type.String({ pattern: '^https?://', maxLength: 2000 }),
  }),
]);

const Language = Type.Union([Type.Literal('en'), Type.Literal('zh'), Type.Literal('pt-br')]);

const ChatMessage = Type.Object({
  conversationId: Type.String(),
  seqNo: Type.Integer({
    description:
      "The server's number, in the conversation's order; a reply's is its question's plus one.",
  }),
  source: Type.Union([Type.Literal('USER'), Type.Literal('ASSISTANT'), Type.Literal('ROBOT')]),
  language: Type.String(),
  text: Type.String(),
  context: Type.Optional(
    Type.Unknown({
      description: "A question's context as it was asked: `{ page?, coinId?, sourceId? }`.",
    }),
  ),
  layers: Type.Array(Layer),
  more: Type.Boolean(),
  error: Type.Optional(Type.Boolean()),
  clientId: Type.Optional(Type.String({ description: "A question's id, made by its tab." })),
  robotKey: Type.Optional(Type.String({ description: "A robot line's key." })),
  timestamp: Type.Integer({ description: 'Unix seconds.' }),
});

const TaskOutcome = Type.Union([
  Type.Literal('pending'),
  Type.Literal('done'),
  Type.Literal('skipped'),
]);
const ItemId = Type.Integer({ minimum: 1, maximum: ONBOARDING_LAST_ITEM });

const Progress = Type.Object(
  {
    version: Type.Literal(1),
    id: Type.Integer({
      minimum: 1,
      maximum: ONBOARDING_LAST_ITEM,
      description: 'The id of the script item shown last (1 to 24, in the order shown).',
    }),
    finished: Type.Boolean(),
    tasks: Type.Object(
      { 1: TaskOutcome, 2: TaskOutcome },
      { additionalProperties: false, description: 'What became of each task.' },
    ),
    passedOver: Type.Optional(
      Type.Array(ItemId, {
        maxItems: ONBOARDING_LAST_ITEM,
        description: 'Ids of task items passed over unseen (their task skipped from its card).',
      }),
    ),
  },
  {
    additionalProperties: false,
    description: "The welcome onboarding's progress, as the site's onboarding machine saves it.",
  },
);

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
        querystring: Type.Object({
          size: Type.Optional(
            Type.Integer({ description: '1 to 50 (default 10; 1 for a probe).' }),
          ),
          oldestSeqNo: Type.Optional(
            Type.Integer({
              description: '-1 (default) for the newest page, else the first seqNo shown.',
            }),
          ),
        }),
        response: answers(
          Type.Object({
            conversationId: Type.String(),
            messages: Type.Array(ChatMessage),
            has_more: Type.Boolean(),
          }),
          'A page of the conversation.',
          { guarded: true },
        ),
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
        response: answers(Type.Object({ conversationId: Type.String() }), 'The new conversation.', {
          guarded: true,
        }),
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
        body: Type.Object({
          key: Type.String({
            pattern: '^[a-z0-9-]{1,64}$',
            description: "The line's key, such as `onboarding-3` or `onboarding-hot-coins`.",
          }),
          text: Type.String({ description: `1 to ${MAX_CHAT_TEXT} characters once trimmed.` }),
          language: Language,
          layers: Type.Optional(
            Type.Array(LayerInput, {
              maxItems: MAX_ROBOT_LAYERS,
              description: `At most ${MAX_ROBOT_LAYERS} layers, of at most ${MAX_LAYER_ITEMS} coins or sources each.`,
            }),
          ),
          socketId: Type.Optional(
            Type.String({
              maxLength: 64,
              description: "The posting tab's socket id: the line is not sent back to it.",
            }),
          ),
        }),
        response: answers(
          Type.Object({
            message: ChatMessage,
            created: Type.Boolean({
              description: 'False when the conversation had the line already.',
            }),
          }),
          'The stored line; or code 422.',
          { guarded: true, limited: true },
        ),
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
        response: answers(Type.Union([Progress, Type.Null()]), 'The progress, or null.', {
          guarded: true,
        }),
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
        body: Type.Object({ progress: Progress }, { additionalProperties: false }),
        response: answers(Progress, 'The progress kept.', { guarded: true }),
      },
    },
    async (request) =>
      ok(
        request,
        await onboarding.save(currentUser(request).id, request.body.progress as OnboardingProgress),
      ),
  );
};
