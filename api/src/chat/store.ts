// Conversations and their messages in the database. The server numbers messages: a question gets
// the next number and its reply the one after, reserved at once (the reply row is written when it
// starts and completed when its last part goes out), so a second question asked while a reply
// streams never takes the reply's number.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Clock } from '../auth/clock.js';
import { ReadCache } from '../cache.js';
import type { Changes } from '../changes.js';
import type { ChatHistory, ChatLayer, ChatMessage, ChatSource, Locale } from '../contract/index.js';
import type { Database } from '../db/client.js';
import { chatConversations, chatMessages, users } from '../db/schema.js';

/** A resend of the same question within this long is recognised and not stored again. */
export const RESEND_WINDOW_MS = 10 * 60_000;

type MessageRow = typeof chatMessages.$inferSelect;

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
    timestamp: Math.floor(row.createdAt.getTime() / 1000),
  };
}

export interface StoredQuestion {
  /** The question as stored. */
  message: ChatMessage;
  /** The number its reply goes under. */
  replySeqNo: number;
  /** True when this was a resend of a question already stored (nothing new was written). */
  duplicate: boolean;
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
   * Stores a question and reserves its reply's number, or, for a resend of the same client
   * number within 10 minutes, answers what was stored then.
   */
  async ask(
    userId: number,
    input: {
      conversationId: string;
      clientSeqNo: number;
      language: Locale;
      text: string;
      context: unknown;
    },
  ): Promise<StoredQuestion> {
    const now = new Date(this.clock.now());
    const stored = await this.db.transaction(async (tx): Promise<StoredQuestion> => {
      // Questions of one user are numbered one at a time.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [resent] = await tx
        .select()
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.conversationId, input.conversationId),
            eq(chatMessages.source, 'USER'),
            eq(chatMessages.clientSeqNo, input.clientSeqNo),
            gte(chatMessages.createdAt, new Date(now.getTime() - RESEND_WINDOW_MS)),
          ),
        )
        .orderBy(desc(chatMessages.seqNo))
        .limit(1);
      if (resent) {
        return { message: toChatMessage(resent), replySeqNo: resent.seqNo + 1, duplicate: true };
      }
      const [last] = await tx
        .select({ value: sql<number | null>`max(${chatMessages.seqNo})` })
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, input.conversationId));
      const seqNo = Number(last?.value ?? 0) + 1;
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
          clientSeqNo: input.clientSeqNo,
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
      return { message: toChatMessage(question!), replySeqNo: seqNo + 1, duplicate: false };
    });
    if (!stored.duplicate) {
      this.changes.publish({ kind: 'messages', conversationId: input.conversationId });
    }
    return stored;
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
