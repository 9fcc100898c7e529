// The conversation's data without its timing: what the server sends, read and checked, and the
// list of bubbles it makes, each update a plain function from one list to the next. The
// conversation's state machine (conversationMachine.ts) decides when each applies.
import {
  MAX_CHAT_TEXT,
  type ChatAckData,
  type ChatHistory,
  type ChatMessage,
  type ChatSource,
} from '@coinlens/contract';

/** How a reply is doing: waiting, streaming, failed, or complete. */
export type MessageStatus = 'loading' | 'concat' | 'error' | 'success';

/** Silence after which a reply is given up; the server gives up after the same. */
export const REPLY_TIMEOUT_MS = 35_000;
/** Messages per history page. */
export const HISTORY_PAGE_SIZE = 10;
/** The longest question, in characters (code points), as the API counts them. */
export const MAX_QUESTION_LENGTH = MAX_CHAT_TEXT;

/** One bubble. */
export interface ChatEntry {
  /** Stable React key; it survives the server's numbering and reloads of the history. */
  key: string;
  /** The message as merged so far (text appended, layers concatenated). */
  message: ChatMessage;
  /** For assistant replies and placeholders this page waits for or streams; null for the rest. */
  status: MessageStatus | null;
  /** The user's question this reply answers (for retry), when known. */
  questionKey?: string;
  /** True when this bubble is the crash text (Robot_message_crash) after a timeout/error/stop. */
  crashed?: boolean;
  /** For a USER message this page sent: 'sending' until acknowledged, then 'sent', or 'failed'. */
  delivery?: 'sending' | 'sent' | 'failed';
  /**
   * Not numbered by the server yet: a question before its acknowledgement, the placeholder of
   * its reply, a robot line not stored yet. Its `message.seqNo` means nothing until then.
   */
  pending?: boolean;
}

/** Why a question was not sent: it is empty or too long, or a reply is awaited. */
export class ChatInputError extends Error {
  override readonly name = 'ChatInputError';
  readonly reason: 'empty' | 'tooLong' | 'busy';
  /** The longest question allowed (characters). */
  readonly limit = MAX_QUESTION_LENGTH;

  constructor(reason: 'empty' | 'tooLong' | 'busy') {
    super(
      reason === 'empty'
        ? 'The question is empty'
        : reason === 'tooLong'
          ? `The question is longer than ${MAX_QUESTION_LENGTH} characters`
          : 'A reply is still awaited',
    );
    this.reason = reason;
  }
}

/** The question with the API's own clean-up (no NUL, trimmed), or why it cannot be sent. */
export function normalizeQuestion(text: string): { text: string } | { error: ChatInputError } {
  // The API strips NUL and trims, then counts code points; the same here, so that a question
  // this page accepts is one the API accepts.
  const question = text.replaceAll('\u0000', '').trim();
  if (question.length === 0) return { error: new ChatInputError('empty') };
  if ([...question].length > MAX_QUESTION_LENGTH) return { error: new ChatInputError('tooLong') };
  return { text: question };
}

const SOURCES: ReadonlySet<string> = new Set<ChatSource>(['USER', 'ASSISTANT', 'ROBOT']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A `chat` event's message, made whole, or null when it is none. */
export function readMessage(value: unknown): ChatMessage | null {
  if (!isRecord(value)) return null;
  const { conversationId, seqNo, source, text, timestamp } = value;
  if (
    typeof conversationId !== 'string' ||
    typeof seqNo !== 'number' ||
    typeof source !== 'string' ||
    !SOURCES.has(source) ||
    typeof text !== 'string'
  ) {
    return null;
  }
  return {
    ...(value as unknown as ChatMessage),
    layers: Array.isArray(value.layers) ? (value.layers as ChatMessage['layers']) : [],
    more: value.more === true,
    timestamp: typeof timestamp === 'number' ? timestamp : 0,
  };
}

/** A `chat` emit's acknowledgement as read: accepted with its numbers, or refused with words. */
export type Acknowledgement =
  | { accepted: true; data: ChatAckData }
  | { accepted: false; code: number; msg: string; data: unknown };

/** The acknowledgement of a `chat` emit, or null when the answer is none. */
export function readAcknowledgement(value: unknown): Acknowledgement | null {
  if (!isRecord(value) || typeof value.code !== 'number') return null;
  const msg = typeof value.msg === 'string' ? value.msg : '';
  const { data } = value;
  if (
    value.code === 200 &&
    isRecord(data) &&
    typeof data.seqNo === 'number' &&
    typeof data.conversationId === 'string'
  ) {
    return {
      accepted: true,
      data: {
        seqNo: data.seqNo,
        conversationId: data.conversationId,
        resend: data.resend === true,
      },
    };
  }
  // A 200 without its numbers is no acknowledgement the page can use.
  if (value.code === 200) return null;
  return { accepted: false, code: value.code, msg, data: data ?? null };
}

/** The bubble's `source:seqNo`, which names a stored message in its conversation. */
export const idOf = (message: Pick<ChatMessage, 'source' | 'seqNo'>) =>
  `${message.source}:${message.seqNo}`;

/** Whether `entry` carries a number the server gave it. */
export const numbered = (entry: ChatEntry) => entry.pending !== true;

/** The status a reply's part leaves its bubble in. */
export const statusOf = (part: ChatMessage): MessageStatus =>
  part.error ? 'error' : part.more ? 'concat' : 'success';

/**
 * `entry` with `part` merged in: its text appended and its layers added, or, for a replay, the
 * whole reply so far in their place.
 */
export function mergePart(entry: ChatEntry, part: ChatMessage): ChatEntry {
  const replay = part.replay === true;
  const { replay: _replay, ...fields } = part;
  // The parts take the place of a crash text, and carry the server's number.
  const { crashed: _crashed, pending: _pending, ...rest } = entry;
  return {
    ...rest,
    message: {
      ...entry.message,
      ...fields,
      text: replay ? part.text : entry.message.text + part.text,
      layers: replay ? part.layers : [...entry.message.layers, ...part.layers],
    },
    status: statusOf(part),
  };
}

/**
 * A key no entry of `entries` has: a robot line's own key (the onboarding finds its lines by it),
 * or one made from the message's number.
 */
export function freshKey(entries: readonly ChatEntry[], message: ChatMessage): string {
  const base = message.robotKey ?? `${message.source}-${message.seqNo}`;
  let key = base;
  for (let n = 2; entries.some((entry) => entry.key === key); n += 1) key = `${base}-${n}`;
  return key;
}

/** `entries` with the entry whose key is `key` changed by `change` (when it is there). */
export function patch(
  entries: readonly ChatEntry[],
  key: string,
  change: (entry: ChatEntry) => ChatEntry,
): ChatEntry[] {
  return entries.map((entry) => (entry.key === key ? change(entry) : entry));
}

/** The numbered bubble of the message `source:seqNo`, if shown. */
export function findNumbered(
  entries: readonly ChatEntry[],
  source: ChatSource,
  seqNo: number,
): ChatEntry | undefined {
  return entries.find(
    (entry) => numbered(entry) && entry.message.source === source && entry.message.seqNo === seqNo,
  );
}

/** The bubble of a question or robot line shown already, known by its id or its number. */
function shownAs(
  entries: readonly ChatEntry[],
  message: ChatMessage,
  id: 'clientId' | 'robotKey',
): ChatEntry | undefined {
  return entries.find(
    (entry) =>
      entry.message.source === message.source &&
      ((message[id] !== undefined && entry.message[id] === message[id]) ||
        (numbered(entry) && entry.message.seqNo === message.seqNo)),
  );
}

/**
 * A message that is not this page's awaited reply: another tab's question, a robot line, or a
 * reply this page did not ask for (or no longer waits for). Merged into its bubble when shown,
 * appended otherwise; a part of a reply in `closed` (complete or given up here) is left out,
 * unless it replays the whole reply.
 */
export function placeMessage(
  entries: readonly ChatEntry[],
  message: ChatMessage,
  closed: ReadonlySet<string>,
): ChatEntry[] {
  if (message.source === 'USER') {
    if (shownAs(entries, message, 'clientId')) return [...entries];
    return [
      ...entries,
      { key: freshKey(entries, message), message: { ...message, more: false }, status: null },
    ];
  }
  if (message.source === 'ROBOT') {
    const same = shownAs(entries, message, 'robotKey');
    if (same) return patch(entries, same.key, (entry) => storedRobotLine(entry, message));
    return [...entries, { key: freshKey(entries, message), message, status: null }];
  }
  // The notice about a question that was not stored (seqNo 0) belongs to that question's tab,
  // whose acknowledgement says the same.
  if (message.seqNo <= 0) return [...entries];
  const streaming = findNumbered(entries, 'ASSISTANT', message.seqNo);
  if (closed.has(idOf(message)) && message.replay !== true) return [...entries];
  if (streaming) return patch(entries, streaming.key, (entry) => mergePart(entry, message));
  const fresh: ChatEntry = {
    key: freshKey(entries, message),
    message: { ...message, text: '', layers: [] },
    status: 'loading',
  };
  return [...entries, mergePart(fresh, message)];
}

/**
 * The bubbles in the server's order: those it numbered by their numbers, then those it has not
 * numbered yet as they came. Two tabs asking at once show the same conversation in the same
 * order once both questions are numbered.
 */
export function ordered(entries: readonly ChatEntry[]): ChatEntry[] {
  const stored = entries.filter(numbered);
  const sorted = [...stored].sort((a, b) => a.message.seqNo - b.message.seqNo);
  const moved = sorted.some((entry, index) => entry !== stored[index]);
  const inOrder = stored.every((entry, index) => entries[index] === entry);
  if (!moved && inOrder) return [...entries];
  return [...sorted, ...entries.filter((entry) => !numbered(entry))];
}

/** A robot line shown before it was stored, now with the server's number and time. */
export function storedRobotLine(entry: ChatEntry, message: ChatMessage): ChatEntry {
  const { pending: _pending, ...rest } = entry;
  return { ...rest, message };
}

/** What the newest history page does to the bubbles. */
export interface LatestApplied {
  entries: ChatEntry[];
  /** The awaited reply, complete in the page: its bubble's key, for the machine to finish. */
  awaitedReply: ChatEntry | null;
  /** Every reply in the page: they are complete, so no part of theirs is merged again. */
  complete: string[];
}

/**
 * The newest page in place of what it covers: bubbles this page shows keep their keys and their
 * link to their question, and what the page cannot contain stays (questions not numbered yet,
 * robot lines not stored yet, and messages newer than the page). When the page belongs to
 * another conversation (started in another tab), only what is not stored yet stays.
 */
export function applyLatest(
  current: readonly ChatEntry[],
  page: ChatHistory,
  sameConversation: boolean,
  awaited: { replyKey: string; replySeqNo: number | null } | null,
): LatestApplied {
  const entries = sameConversation ? current : current.filter((entry) => !numbered(entry));
  const byId = new Map(entries.filter(numbered).map((entry) => [idOf(entry.message), entry]));
  const byRobotKey = new Map(
    entries
      .filter((entry) => entry.message.robotKey !== undefined)
      .map((entry) => [entry.message.robotKey, entry]),
  );
  const loadedIds = new Set<string>();
  const complete: string[] = [];
  let newest = 0;
  const loaded: ChatEntry[] = page.messages.map((message) => {
    const id = idOf(message);
    loadedIds.add(id);
    newest = Math.max(newest, message.seqNo);
    if (message.source === 'ASSISTANT') complete.push(id);
    const existing =
      byId.get(id) ??
      (message.robotKey === undefined ? undefined : byRobotKey.get(message.robotKey));
    const entry: ChatEntry = { key: existing?.key ?? '', message, status: null };
    if (existing?.questionKey !== undefined) entry.questionKey = existing.questionKey;
    if (existing?.delivery !== undefined) entry.delivery = 'sent';
    // The history's reply is complete: a streaming or crashed look is over.
    if (existing?.status != null) entry.status = message.error ? 'error' : 'success';
    return entry;
  });
  // Keys for new ones after the lookup, so that they never take an existing entry's key.
  const keyed: ChatEntry[] = [];
  for (const entry of loaded) {
    keyed.push(
      entry.key === '' ? { ...entry, key: freshKey([...entries, ...keyed], entry.message) } : entry,
    );
  }

  let awaitedReply: ChatEntry | null = null;
  if (awaited?.replySeqNo != null) {
    const index = keyed.findIndex(
      (entry) => entry.message.source === 'ASSISTANT' && entry.message.seqNo === awaited.replySeqNo,
    );
    const found = keyed[index];
    if (found) {
      awaitedReply = {
        ...found,
        key: awaited.replyKey,
        status: found.message.error ? 'error' : 'success',
      };
      keyed[index] = awaitedReply;
    }
  }
  const loadedKeys = new Set(keyed.map((entry) => entry.key));
  const robotKeys = new Set(page.messages.map((message) => message.robotKey).filter(Boolean));
  const kept = entries.filter(
    (entry) =>
      !loadedKeys.has(entry.key) &&
      !(entry.message.robotKey !== undefined && robotKeys.has(entry.message.robotKey)) &&
      (!numbered(entry) || (!loadedIds.has(idOf(entry.message)) && entry.message.seqNo > newest)),
  );
  return { entries: [...keyed, ...kept], awaitedReply, complete };
}

/** An older page before the bubbles, without the messages already shown. */
export function prependOlder(
  entries: readonly ChatEntry[],
  page: ChatHistory,
): { entries: ChatEntry[]; complete: string[] } {
  const present = new Set(entries.filter(numbered).map((entry) => idOf(entry.message)));
  const older: ChatEntry[] = [];
  const complete: string[] = [];
  for (const message of page.messages) {
    const id = idOf(message);
    if (present.has(id)) continue;
    present.add(id);
    if (message.source === 'ASSISTANT') complete.push(id);
    older.push({ key: freshKey([...older, ...entries], message), message, status: null });
  }
  return { entries: [...older, ...entries], complete };
}

/** The oldest number shown, which the next older page is asked before; null when none is. */
export function oldestShown(entries: readonly ChatEntry[]): number | null {
  const numbers = entries.filter(numbered).map((entry) => entry.message.seqNo);
  return numbers.length === 0 ? null : Math.min(...numbers);
}
