// Conversations and their messages in the database. The server numbers messages: a question gets
// the next number and its reply the one after, reserved at once (the reply row is written when it
// starts and completed when its last part goes out), so a second question asked while a reply
// streams never takes the reply's number. A question keeps the id its tab made, by which a resend
// is recognised among all of the user's questions; a robot line keeps its key, held once per
// conversation.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Clock } from '../auth/clock.js';
import { ReadCache } from '../cache.js';
import type { Changes } from '../changes.js';
import type { ChatHistory, ChatLayer, ChatMessage, ChatSource, Locale } from '@coinlens/contract';
import type { Database } from '../db/client.js';
import { chatConversations, chatMessages, users } from '../db/schema.js';

type MessageRow = typeof chatMessages.$inferSelect;

/**
 * The key a question sent without a tab's id is recognised by: its conversation and the number the
 * client gave it (docs/api.md, "Resending"). It starts with `#`, which no tab's id holds, so it is
 * never taken for one nor sent back as one.
 */
export const clientSeqKey = (conversationId: string, seqNo: number) =>
  `#${conversationId}#${seqNo}`;

const isClientSeqKey = (key: string) => key.startsWith('#');

/** How long a question sent without a tab's id is recognised by its conversation and number. */
export const CLIENT_SEQ_WINDOW_MS = 10 * 60_000;

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    conversationId: row.conversationId,
    seqNo: row.seqNo,
    source: row.source as ChatSource,
    language: row.language as Locale,
    text: row.text,
    ...(row.context === null || row.context === undefined ? {} : { context: row.context }),
    layers: row.layers as ChatLayer[],
    more: false,
    ...(row.error ? { error: true } : {}),
    ...(row.clientId === null || isClientSeqKey(row.clientId) ? {} : { clientId: row.clientId }),
    ...(row.robotKey === null ? {} : { robotKey: row.robotKey }),
    timestamp: Math.floor(row.createdAt.getTime() / 1000),
  };
}

/**
 * What a `chat` emit turned out to be: a new question (stored, its reply's row reserved), a resend
 * of one stored before (nothing written), or a resend of one whose reply had failed (the reply's
 * row emptied, to be answered again under the same number).
 */
export type StoredQuestion =
  | { kind: 'new'; message: ChatMessage; replySeqNo: number }
  | {
      kind: 'resend';
      message: ChatMessage;
      replySeqNo: number;
      /** The reply when it is complete (and did not fail); null while it is being written. */
      reply: ChatMessage | null;
    }
  | { kind: 'retry'; message: ChatMessage; replySeqNo: number };

/** A question already stored, found by its tab's id, and how its reply stands. */
export interface KnownQuestion {
  message: ChatMessage;
  replySeqNo: number;
  /** The reply when it is complete, failed or not; null while it is being written. */
  reply: ChatMessage | null;
}

type HistoryPage = Omit<ChatHistory, 'conversationId'>;

/** Users, and pages of conversations, kept in memory at most. */
const KEPT = 10_000;

export class ChatStore {
  /** Each user's current conversation. */
  private readonly currents: ReadCache<number, string | null>;
  /** Pages of history by conversation, size and first number, grouped by conversation. */
  private readonly pages: ReadCache<string, HistoryPage, string>;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly changes: Changes,
    options: { cache: boolean },
  ) {
    const settings = { enabled: options.cache, maxEntries: KEPT, clock };
    this.currents = new ReadCache(settings);
    this.pages = new ReadCache(settings);
    changes.subscribe((change) => {
      if (change.kind === 'all') {
        this.currents.clear();
        this.pages.clear();
      } else if (change.kind === 'conversations') this.currents.delete(change.userId);
      else if (change.kind === 'messages') this.pages.deleteGroup(change.conversationId);
    });
  }

  /** The user's current conversation id (the newest; one is started when there is none). */
  async current(userId: number): Promise<string> {
    const latest = await this.currents.get(userId, async () => {
      const [row] = await this.db
        .select({ id: chatConversations.id })
        .from(chatConversations)
        .where(eq(chatConversations.userId, userId))
        .orderBy(desc(chatConversations.createdAt))
        .limit(1);
      return { value: row?.id ?? null };
    });
    return latest ?? this.start(userId);
  }

  /** Starts a new, empty conversation (the old ones are kept). */
  async start(userId: number): Promise<string> {
    const id = randomUUID();
    await this.db
      .insert(chatConversations)
      .values({ id, userId, createdAt: new Date(this.clock.now()) });
    this.changes.publish({ kind: 'conversations', userId });
    return id;
  }

  /** Whether the conversation exists and is the user's. */
  async owns(userId: number, conversationId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: chatConversations.id })
      .from(chatConversations)
      .where(and(eq(chatConversations.id, conversationId), eq(chatConversations.userId, userId)));
    return row !== undefined;
  }

  /**
   * A page of the conversation, oldest first: the newest `size` messages when `oldestSeqNo` is
   * -1, else the `size` before that number. Replies still streaming are left out.
   */
  history(conversationId: string, size: number, oldestSeqNo: number): Promise<HistoryPage> {
    return this.pages.get(
      `${conversationId} ${size} ${oldestSeqNo}`,
      async () => ({ value: await this.readHistory(conversationId, size, oldestSeqNo) }),
      conversationId,
    );
  }

  private async readHistory(
    conversationId: string,
    size: number,
    oldestSeqNo: number,
  ): Promise<HistoryPage> {
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.conversationId, conversationId),
          eq(chatMessages.complete, true),
          oldestSeqNo === -1 ? undefined : lt(chatMessages.seqNo, oldestSeqNo),
        ),
      )
      .orderBy(desc(chatMessages.seqNo))
      .limit(size + 1);
    const page = rows.slice(0, size).reverse();
    return { messages: page.map(toChatMessage), has_more: rows.length > size };
  }

  /** The last `limit` complete messages, oldest first (the assistant's context). */
  async recent(conversationId: string, limit: number): Promise<ChatMessage[]> {
    return (await this.history(conversationId, limit, -1)).messages;
  }

  /**
   * The user's question with this tab id (or `clientSeqKey`, asked within the last ten minutes),
   * with its reply as it stands; null when there is none.
   */
  async known(
    userId: number,
    clientId: string,
    db: Pick<Database, 'select'> = this.db,
  ): Promise<KnownQuestion | null> {
    const [row] = await db
      .select({ message: chatMessages })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .where(
        and(
          eq(chatConversations.userId, userId),
          eq(chatMessages.clientId, clientId),
          eq(chatMessages.source, 'USER'),
          isClientSeqKey(clientId)
            ? gte(chatMessages.createdAt, new Date(this.clock.now() - CLIENT_SEQ_WINDOW_MS))
            : undefined,
        ),
      )
      .orderBy(desc(chatMessages.id))
      .limit(1);
    if (!row) return null;
    const question = row.message;
    const [reply] = await db
      .select()
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.conversationId, question.conversationId),
          eq(chatMessages.seqNo, question.seqNo + 1),
        ),
      );
    return {
      message: toChatMessage(question),
      replySeqNo: question.seqNo + 1,
      reply: reply?.complete ? toChatMessage(reply) : null,
    };
  }

  /**
   * Stores a question and reserves its reply's number; or, for a resend (a question of the user's
   * with the same tab id, in any conversation), answers what was stored then, and empties a
   * failed reply so that it is answered again.
   */
  async ask(
    userId: number,
    input: {
      conversationId: string;
      clientId: string;
      language: Locale;
      text: string;
      context: unknown;
    },
  ): Promise<StoredQuestion> {
    const now = new Date(this.clock.now());
    const stored = await this.db.transaction(async (tx): Promise<StoredQuestion> => {
      // Questions of one user are numbered, and recognised, one at a time.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const known = await this.known(userId, input.clientId, tx);
      if (known) {
        const { message, replySeqNo, reply } = known;
        if (reply === null || !reply.error) return { kind: 'resend', message, replySeqNo, reply };
        await tx
          .update(chatMessages)
          .set({ text: '', layers: [], error: false, complete: false, createdAt: now })
          .where(
            and(
              eq(chatMessages.conversationId, message.conversationId),
              eq(chatMessages.seqNo, replySeqNo),
            ),
          );
        return { kind: 'retry', message, replySeqNo };
      }
      const seqNo = (await this.lastSeqNo(tx, input.conversationId)) + 1;
      const [question] = await tx
        .insert(chatMessages)
        .values({
          conversationId: input.conversationId,
          seqNo,
          source: 'USER',
          language: input.language,
          text: input.text,
          context: input.context ?? null,
          layers: [],
          clientId: input.clientId,
          createdAt: now,
        })
        .returning();
      // The reply's row, empty and incomplete until its last part.
      await tx.insert(chatMessages).values({
        conversationId: input.conversationId,
        seqNo: seqNo + 1,
        source: 'ASSISTANT',
        language: input.language,
        text: '',
        layers: [],
        complete: false,
        createdAt: now,
      });
      return { kind: 'new', message: toChatMessage(question!), replySeqNo: seqNo + 1 };
    });
    if (stored.kind !== 'resend') {
      this.changes.publish({ kind: 'messages', conversationId: stored.message.conversationId });
    }
    return stored;
  }

  /**
   * Stores a robot line in the user's current conversation under the next number, unless the
   * conversation already has a line with this key: that one is answered and nothing is written.
   */
  async robot(
    userId: number,
    input: { key: string; text: string; language: Locale; layers: ChatLayer[] },
  ): Promise<{ message: ChatMessage; created: boolean }> {
    const conversationId = await this.current(userId);
    const now = new Date(this.clock.now());
    const stored = await this.db.transaction(async (tx) => {
      // Numbered one at a time with the user's questions.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [existing] = await tx
        .select()
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.conversationId, conversationId),
            eq(chatMessages.robotKey, input.key),
          ),
        );
      if (existing) return { message: toChatMessage(existing), created: false };
      const [row] = await tx
        .insert(chatMessages)
        .values({
          conversationId,
          seqNo: (await this.lastSeqNo(tx, conversationId)) + 1,
          source: 'ROBOT',
          language: input.language,
          text: input.text,
          layers: input.layers,
          robotKey: input.key,
          createdAt: now,
        })
        .returning();
      return { message: toChatMessage(row!), created: true };
    });
    if (stored.created) this.changes.publish({ kind: 'messages', conversationId });
    return stored;
  }

  /** The robot line with this key in the user's current conversation, or null. */
  async robotLine(userId: number, key: string): Promise<ChatMessage | null> {
    const conversationId = await this.current(userId);
    const [row] = await this.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.robotKey, key)));
    return row ? toChatMessage(row) : null;
  }

  /** The reply under `seqNo` when it is complete; null while it is being written. */
  async completeReply(conversationId: string, seqNo: number): Promise<ChatMessage | null> {
    const [row] = await this.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.seqNo, seqNo)));
    return row?.complete ? toChatMessage(row) : null;
  }

  private async lastSeqNo(db: Pick<Database, 'select'>, conversationId: string): Promise<number> {
    const [last] = await db
      .select({ value: sql<number | null>`max(${chatMessages.seqNo})` })
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversationId));
    return Number(last?.value ?? 0);
  }

  /** Writes a reply's full text and layers and marks it complete; answers the stored message. */
  async complete(
    conversationId: string,
    seqNo: number,
    reply: { text: string; layers: ChatLayer[]; error: boolean },
  ): Promise<ChatMessage> {
    const [row] = await this.db
      .update(chatMessages)
      .set({
        text: reply.text,
        layers: reply.layers,
        error: reply.error,
        complete: true,
        createdAt: new Date(this.clock.now()),
      })
      .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.seqNo, seqNo)))
      .returning();
    if (!row) throw new Error(`no reply ${seqNo} in conversation ${conversationId}`);
    this.changes.publish({ kind: 'messages', conversationId });
    return toChatMessage(row);
  }
}
