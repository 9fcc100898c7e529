import type { ChatMessage } from '@coinlens/contract';
import {
  applyLatest,
  mergePart,
  normalizeQuestion,
  oldestShown,
  ordered,
  placeMessage,
  prependOlder,
  readAcknowledgement,
  readMessage,
  type ChatEntry,
} from './messages';

function message(seqNo: number, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    conversationId: 'conv-1',
    seqNo,
    source: 'ASSISTANT',
    language: 'en',
    text: '',
    layers: [],
    more: false,
    timestamp: 1,
    ...extra,
  };
}

const entry = (key: string, m: ChatMessage, extra: Partial<ChatEntry> = {}): ChatEntry => ({
  key,
  message: m,
  status: null,
  ...extra,
});

const texts = (entries: readonly ChatEntry[]) =>
  entries.map((item) => `${item.key}:${item.message.text}`);

describe('reading what the server sends', () => {
  it('takes a message with its layers and flags made whole, and nothing else', () => {
    expect(readMessage({ ...message(2, { text: 'Hi' }), layers: undefined, more: 1 })).toEqual(
      message(2, { text: 'Hi' }),
    );
    expect(readMessage({ seqNo: 1, source: 'SYSTEM', text: 'x', conversationId: 'c' })).toBeNull();
    expect(readMessage('chat')).toBeNull();
  });

  it('tells an acknowledgement with its numbers from a refusal and from nonsense', () => {
    expect(
      readAcknowledgement({ code: 200, msg: 'ok', data: { seqNo: 3, conversationId: 'c' } }),
    ).toEqual({ accepted: true, data: { seqNo: 3, conversationId: 'c', resend: false } });
    expect(readAcknowledgement({ code: 429, msg: 'Slow down', data: { retryAfter: 5 } })).toEqual({
      accepted: false,
      code: 429,
      msg: 'Slow down',
      data: { retryAfter: 5 },
    });
    expect(readAcknowledgement({ code: 200, msg: 'ok', data: null })).toBeNull();
    expect(readAcknowledgement(null)).toBeNull();
  });

  it('counts a question as the API does', () => {
    expect(normalizeQuestion(' \u0000 hi ')).toEqual({ text: 'hi' });
    expect(normalizeQuestion('  ')).toMatchObject({ error: { reason: 'empty' } });
    expect(normalizeQuestion('😀'.repeat(2000))).toEqual({ text: '😀'.repeat(2000) });
    expect(normalizeQuestion('a'.repeat(2001))).toMatchObject({ error: { reason: 'tooLong' } });
  });
});

describe('merging a part', () => {
  it('appends a part, and puts a replay in place of what the bubble had', () => {
    const bubble = entry('r', message(2, { text: 'One', more: true }), {
      status: 'concat',
      crashed: true,
      pending: true,
    });
    const appended = mergePart(bubble, message(2, { text: ', two', more: true }));
    expect(appended).toEqual(
      entry('r', message(2, { text: 'One, two', more: true }), { status: 'concat' }),
    );
    const replayed = mergePart(appended, message(2, { text: 'One, two, three.', replay: true }));
    expect(replayed.message).toEqual(message(2, { text: 'One, two, three.' }));
    expect(replayed.status).toBe('success');
  });
});

describe('placing a message that is not the awaited reply', () => {
  const shown = [
    entry('q', message(1, { source: 'USER', text: 'Hi', clientId: 'a' })),
    entry('r', message(2, { text: 'Hel', more: true }), { status: 'concat' }),
  ];

  it('merges a reply into its bubble, or starts one, and leaves out a reply closed here', () => {
    expect(texts(placeMessage(shown, message(2, { text: 'lo' }), new Set()))).toEqual([
      'q:Hi',
      'r:Hello',
    ]);
    expect(texts(placeMessage(shown, message(4, { text: 'New' }), new Set()))).toEqual([
      'q:Hi',
      'r:Hel',
      'ASSISTANT-4:New',
    ]);
    expect(placeMessage(shown, message(2, { text: 'lo' }), new Set(['ASSISTANT:2']))).toEqual(
      shown,
    );
    // A replay is the whole reply, closed or not.
    expect(
      texts(
        placeMessage(shown, message(2, { text: 'Hello', replay: true }), new Set(['ASSISTANT:2'])),
      ),
    ).toEqual(['q:Hi', 'r:Hello']);
  });

  it('adds another tab question once, known by its id or its number', () => {
    const other = message(3, { source: 'USER', text: 'And ETH?', clientId: 'b' });
    const added = placeMessage(shown, other, new Set());
    expect(texts(added)).toEqual(['q:Hi', 'r:Hel', 'USER-3:And ETH?']);
    expect(placeMessage(added, other, new Set())).toEqual(added);
    expect(placeMessage(shown, message(0, { text: 'Refused', error: true }), new Set())).toEqual(
      shown,
    );
  });

  it('takes the stored robot line in place of the one shown under its key', () => {
    const robot = [
      entry('onboarding-1', message(0, { source: 'ROBOT', text: 'Hi', robotKey: 'onboarding-1' }), {
        pending: true,
      }),
    ];
    const stored = message(5, { source: 'ROBOT', text: 'Hi', robotKey: 'onboarding-1' });
    expect(placeMessage(robot, stored, new Set())).toEqual([entry('onboarding-1', stored)]);
    expect(placeMessage([], stored, new Set())).toEqual([entry('onboarding-1', stored)]);
  });
});

describe('the newest page', () => {
  it('keeps the keys shown, what is not stored yet, and finds the awaited reply', () => {
    const current = [
      entry('q', message(1, { source: 'USER', text: 'Hi' }), { delivery: 'sent' }),
      entry('r', message(2, { text: 'Hel', more: true }), { status: 'concat', questionKey: 'q' }),
      entry('line', message(0, { source: 'ROBOT', text: 'Hey', robotKey: 'line' }), {
        pending: true,
      }),
    ];
    const applied = applyLatest(
      current,
      {
        conversationId: 'conv-1',
        messages: [message(1, { source: 'USER', text: 'Hi' }), message(2, { text: 'Hello' })],
        has_more: false,
      },
      true,
      { replyKey: 'r', replySeqNo: 2 },
    );
    expect(texts(applied.entries)).toEqual(['q:Hi', 'r:Hello', 'line:Hey']);
    expect(applied.entries[1]).toMatchObject({ status: 'success', questionKey: 'q' });
    expect(applied.awaitedReply?.key).toBe('r');
    expect(applied.complete).toEqual(['ASSISTANT:2']);
  });

  it('of another conversation keeps only what is not stored yet', () => {
    const current = [
      entry('q', message(1, { source: 'USER', text: 'Old' })),
      entry('line', message(0, { source: 'ROBOT', text: 'Hey', robotKey: 'line' }), {
        pending: true,
      }),
    ];
    const applied = applyLatest(
      current,
      {
        conversationId: 'conv-2',
        messages: [message(1, { conversationId: 'conv-2', source: 'USER', text: 'New' })],
        has_more: false,
      },
      false,
      null,
    );
    expect(texts(applied.entries)).toEqual(['USER-1:New', 'line:Hey']);
  });

  it('prepends an older page without what is shown, and knows the oldest number shown', () => {
    const current = [entry('r', message(4, { text: 'Four' }))];
    const older = prependOlder(current, {
      conversationId: 'conv-1',
      messages: [message(3, { source: 'USER', text: 'Three' }), message(4, { text: 'Four' })],
      has_more: true,
    });
    expect(texts(older.entries)).toEqual(['USER-3:Three', 'r:Four']);
    expect(oldestShown(older.entries)).toBe(3);
    expect(oldestShown([entry('p', message(0), { pending: true })])).toBeNull();
  });
});

describe('the order of the bubbles', () => {
  it('is the server order, with what it has not numbered yet at the end', () => {
    const mine = entry('mine', message(0, { source: 'USER', text: 'Mine' }), { pending: true });
    const other = entry('other', message(3, { source: 'USER', text: 'Other' }));
    const first = entry('first', message(1, { source: 'USER', text: 'First' }));
    expect(texts(ordered([mine, other, first]))).toEqual([
      'first:First',
      'other:Other',
      'mine:Mine',
    ]);
    const inOrder = [first, other, mine];
    expect(ordered(inOrder)).toEqual(inOrder);
  });
});
