// Chat history (`GET /api/chat/list`) and a new conversation (`POST /api/chat/clean`); the
// messages themselves travel over socket.io (chat/realtime.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { currentUser } from '../../auth/requireUser.js';
import type { ChatStore } from '../../chat/store.js';
import { ApiError, ok } from '../../envelope.js';
import { answers, bearer } from '../auth/schemas.js';
import { Coin, MonitorSourceSchema } from '../coins/schemas.js';

export interface ChatRoutesOptions {
  store: ChatStore;
}

const Layer = Type.Union([
  Type.Object({ type: Type.Literal('coins'), coins: Type.Array(Coin) }),
  Type.Object({ type: Type.Literal('sources'), sources: Type.Array(MonitorSourceSchema) }),
  Type.Object({ type: Type.Literal('report'), coinId: Type.Integer() }),
  Type.Object({ type: Type.Literal('link'), title: Type.String(), url: Type.String() }),
]);

const ChatMessage = Type.Object({
  conversationId: Type.String(),
  seqNo: Type.Integer(),
  source: Type.Union([Type.Literal('USER'), Type.Literal('ASSISTANT'), Type.Literal('ROBOT')]),
  language: Type.String(),
  text: Type.String(),
  context: Type.Optional(Type.Unknown()),
  layers: Type.Array(Layer),
  more: Type.Boolean(),
  error: Type.Optional(Type.Boolean()),
  timestamp: Type.Integer({ description: 'Unix seconds.' }),
});

const tags = ['chat'];

export const chat: FastifyPluginAsyncTypebox<ChatRoutesOptions> = async (app, { store }) => {
  app.get(
    '/api/chat/list',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Chat history',
        description:
          'The current conversation (one is started when there is none), oldest first: the newest `size` messages for `oldestSeqNo` -1, else the `size` before that number. A reply still streaming is not in it yet. Codes: 422 for a size outside 1 to 50 or an oldestSeqNo below -1.',
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
        description: 'The old conversations are kept; the new one becomes the current one.',
        security: bearer,
        response: answers(Type.Object({ conversationId: Type.String() }), 'The new conversation.', {
          guarded: true,
        }),
      },
    },
    async (request) => ok(request, { conversationId: await store.start(currentUser(request).id) }),
  );
};
