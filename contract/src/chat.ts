// The assistant's chat: its messages and their attachments (layers), over HTTP and socket.io,
// the onboarding robot's lines and the onboarding's progress.
import { Type, type Static } from 'typebox';
import { Alert, AlertAddBody, AlertSubject } from './alerts.js';
import { Coin } from './coins.js';
import type { Envelope, RetryAfter } from './envelope.js';
import { Locale } from './locale.js';
import { MonitorSource } from './sources.js';

/** The most characters a question or a robot line may have, once trimmed. */
export const MAX_CHAT_TEXT = 2000;
/** Layers of a robot line, and coins or sources in one layer. */
export const MAX_ROBOT_LAYERS = 4;
export const MAX_LAYER_ITEMS = 20;
/** The id of the onboarding script's last item: ids run from 1 to it, in the order shown. */
export const ONBOARDING_LAST_ITEM = 24;

/** Who wrote a chat message: the user, the assistant, or the onboarding robot. */
export const ChatSource = Type.Union([
  Type.Literal('USER'),
  Type.Literal('ASSISTANT'),
  Type.Literal('ROBOT'),
]);
export type ChatSource = Static<typeof ChatSource>;

export const ChatLayer = Type.Union([
  Type.Object({ type: Type.Literal('coins'), coins: Type.Array(Coin) }),
  Type.Object({ type: Type.Literal('sources'), sources: Type.Array(MonitorSource) }),
  Type.Object({ type: Type.Literal('report'), coinId: Type.Integer() }),
  Type.Object({ type: Type.Literal('link'), title: Type.String(), url: Type.String() }),
  Type.Object(
    {
      type: Type.Literal('alertProposal'),
      alert: AlertAddBody,
      subject: AlertSubject,
      expiresAt: Type.Integer({ description: 'Unix seconds: a yes after it makes nothing.' }),
    },
    {
      description:
        'An alert the assistant offers to make (the body of POST /api/alert/add): it is made only when the very next message of the conversation says yes before `expiresAt`.',
    },
  ),
  Type.Object(
    { type: Type.Literal('alert'), alert: Alert },
    { description: 'The alert the assistant made once the user said yes.' },
  ),
]);

/** Something a chat message carries beside its text. */
export type ChatLayer =
  | { type: 'coins'; coins: Coin[] }
  | { type: 'sources'; sources: MonitorSource[] }
  | { type: 'report'; coinId: number }
  | { type: 'link'; title: string; url: string }
  /**
   * An alert the assistant offers to make: `alert` is what it would send to
   * `POST /api/alert/add`. Only the assistant's replies carry it, and it is made only when the
   * user's very next message in the conversation says yes ("yes", "是", "sim") before
   * `expiresAt` (Unix seconds); any other next message lets it lapse.
   */
  | { type: 'alertProposal'; alert: AlertAddBody; subject: AlertSubject; expiresAt: number }
  /** The alert the assistant made once the user said yes, as `POST /api/alert/add` answers it. */
  | { type: 'alert'; alert: Alert };

/** A layer a client may send (a robot line's): any but the assistant's alert layers. */
export type ChatLayerInput = Exclude<ChatLayer, { type: 'alertProposal' } | { type: 'alert' }>;

/** A layer a client sends (a robot line's): the same shapes, with bounds. */
export const ChatLayerInput = Type.Union([
  Type.Object({
    type: Type.Literal('coins'),
    coins: Type.Array(Coin, { maxItems: MAX_LAYER_ITEMS }),
  }),
  Type.Object({
    type: Type.Literal('sources'),
    sources: Type.Array(MonitorSource, { maxItems: MAX_LAYER_ITEMS }),
  }),
  Type.Object({ type: Type.Literal('report'), coinId: Type.Integer({ minimum: 1 }) }),
  Type.Object({
    type: Type.Literal('link'),
    title: Type.String({ maxLength: 200 }),
    url: Type.String({ pattern: '^https?://', maxLength: 2000 }),
  }),
]);

export const ChatMessage = Type.Object({
  conversationId: Type.String(),
  seqNo: Type.Integer({
    description:
      "The server's number, in the conversation's order; a reply's is its question's plus one.",
  }),
  source: ChatSource,
  language: Type.String(),
  text: Type.String(),
  context: Type.Optional(
    Type.Unknown({
      description: "A question's context as it was asked: `{ page?, coinId?, sourceId? }`.",
    }),
  ),
  layers: Type.Array(ChatLayer),
  more: Type.Boolean(),
  error: Type.Optional(Type.Boolean()),
  clientId: Type.Optional(Type.String({ description: "A question's id, made by its tab." })),
  robotKey: Type.Optional(Type.String({ description: "A robot line's key." })),
  timestamp: Type.Integer({ description: 'Unix seconds.' }),
});

/** A chat message, or one part of a streamed reply (`more: true` on every part but the last). */
export interface ChatMessage {
  conversationId: string;
  /**
   * The server's number, in the conversation's order; a reply's is its question's plus one. 0 on
   * a notice about a question that was not stored (the 429 error part).
   */
  seqNo: number;
  source: ChatSource;
  language: Locale;
  text: string;
  /** A question's `ChatContext` as stored (older questions may hold any JSON). */
  context?: unknown;
  layers: ChatLayer[];
  more: boolean;
  error?: boolean;
  /**
   * On a question: the id its tab gave it. On the 429 error part: the id of the question refused.
   */
  clientId?: string;
  /** On a robot line: its key (`onboarding-3`), held once per conversation. */
  robotKey?: string;
  /**
   * Sent for a resend, or when a failed reply starts over: `text` and `layers` are the whole
   * reply so far (`more: true`) or the whole reply (`more: false`). Replace what you have of the
   * reply with it; the parts that follow without `replay` are appended as usual.
   */
  replay?: true;
  /** Unix seconds. */
  timestamp: number;
}

/**
 * What the user has in front of them when asking (from a side panel): the page, and the coin or
 * the source it shows. Other keys are dropped; the whole is at most 4 KB as JSON.
 */
export interface ChatContext {
  /** The page's name: a lower-case letter, then lower-case letters, digits or `-` (32 at most). */
  page?: string;
  /** The coin the page shows (a report card): "this coin", "this report", "it". */
  coinId?: number;
  /** The monitored source the page shows: "this source", "this event". */
  sourceId?: number;
}

/** The payload of a `chat` emit: one question. */
export interface ChatQuestion {
  /**
   * The question's id, made by the sending tab (8 to 64 of `A-Z a-z 0-9 _ -`, e.g. a UUID); a
   * resend carries the same one. Unique among the user's questions. The site always sends one.
   */
  clientId?: string;
  /**
   * Only without `clientId`: the client's idea of the question's number (a whole number from 0).
   * A question sent again with the same conversation and `seqNo` within ten minutes is a resend.
   */
  seqNo?: number;
  conversationId: string;
  source: 'USER';
  language: Locale;
  /** 1 to 2,000 characters once trimmed. */
  text: string;
  context?: ChatContext | null;
}

/** `data` of a `chat` emit's acknowledgement with code 200. */
export interface ChatAckData {
  /** The question's number; its reply comes under `seqNo + 1`. */
  seqNo: number;
  /** The conversation the question is in (a resend's may be an older one). */
  conversationId: string;
  /** True when the question was stored before (a resend): its reply is replayed, not repeated. */
  resend: boolean;
}

/** The acknowledgement of a `chat` emit: 200 with `ChatAckData`, 429 with `RetryAfter`, else null. */
export type ChatAck = Envelope<ChatAckData | RetryAfter | null>;

export const ChatHistory = Type.Object({
  conversationId: Type.String(),
  messages: Type.Array(ChatMessage),
  has_more: Type.Boolean(),
});

/** `GET /api/chat/list`. */
export interface ChatHistory {
  conversationId: string;
  /** Oldest first. */
  messages: ChatMessage[];
  has_more: boolean;
}

export const RobotLineInput = Type.Object({
  key: Type.String({
    pattern: '^[a-z0-9-]{1,64}$',
    description: "The line's key, such as `onboarding-3` or `onboarding-hot-coins`.",
  }),
  text: Type.String({ description: `1 to ${MAX_CHAT_TEXT} characters once trimmed.` }),
  language: Locale,
  layers: Type.Optional(
    Type.Array(ChatLayerInput, {
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
});

/** `POST /api/chat/robot`: one line of the onboarding robot, stored in the current conversation. */
export interface RobotLineInput {
  /** `[a-z0-9-]{1,64}`, e.g. `onboarding-3`, `onboarding-hot-coins`: once per conversation. */
  key: string;
  /** 1 to 2,000 characters, in `language` (the site translates the script). */
  text: string;
  language: Locale;
  /** At most 4 layers of at most 20 items each. */
  layers?: ChatLayerInput[];
  /** The posting tab's socket id: the line is sent to the user's other sockets only. */
  socketId?: string;
}

export const RobotLine = Type.Object({
  message: ChatMessage,
  created: Type.Boolean({
    description: 'False when the conversation had the line already.',
  }),
});

/** The answer of `POST /api/chat/robot`. */
export interface RobotLine {
  message: ChatMessage;
  /** False when the conversation already had a line with this key (nothing was stored). */
  created: boolean;
}

/** What became of an onboarding task. */
export const OnboardingTaskOutcome = Type.Union([
  Type.Literal('pending'),
  Type.Literal('done'),
  Type.Literal('skipped'),
]);
export type OnboardingTaskOutcome = Static<typeof OnboardingTaskOutcome>;

const ItemId = Type.Integer({ minimum: 1, maximum: ONBOARDING_LAST_ITEM });

export const OnboardingProgress = Type.Object(
  {
    version: Type.Literal(1),
    id: Type.Integer({
      minimum: 1,
      maximum: ONBOARDING_LAST_ITEM,
      description: 'The id of the script item shown last (1 to 24, in the order shown).',
    }),
    finished: Type.Boolean(),
    tasks: Type.Object(
      { 1: OnboardingTaskOutcome, 2: OnboardingTaskOutcome },
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

/**
 * How far the user got in the welcome onboarding (`GET`/`PUT /api/chat/onboarding`), as the
 * site's onboarding machine saves it.
 */
export interface OnboardingProgress {
  version: 1;
  /** The id (1 to 24) of the script item shown last. */
  id: number;
  finished: boolean;
  tasks: { 1: OnboardingTaskOutcome; 2: OnboardingTaskOutcome };
  /** Ids of task items passed over unseen (at most 24). */
  passedOver?: readonly number[];
}
