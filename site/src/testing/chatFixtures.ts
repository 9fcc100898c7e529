// The conversations of the chat stories: Ana's questions and the assistant's answers at fixed
// times of 1 November 2026 (the day the chat stories are set on, STORY_NOW, noon UTC), so that a
// bubble's time reads "09:00" whatever day the stories run, in each of the site's languages.
import type { ChatLayer, ChatMessage, ChatSource, Locale } from '@coinlens/contract';
import { COINS } from './fixtures';
import { STORY_NOW } from './monitorFixtures';

/** The moment the chat stories are set at (Unix ms): 2026-11-01 12:00 UTC. */
export const CHAT_NOW = STORY_NOW;

/** Unix seconds of a UTC day and time in November 2026 (`day` 0 is 31 October). */
export const november = (day: number, hours: number, minutes = 0) =>
  Date.UTC(2026, 10, day, hours, minutes) / 1000;

/** One stored message of conversation `conv-1`. */
export function chatMessage(
  seqNo: number,
  source: ChatSource,
  text: string,
  timestamp: number,
  extra: Partial<ChatMessage> = {},
): ChatMessage {
  return {
    conversationId: 'conv-1',
    seqNo,
    source,
    language: 'en',
    text,
    layers: [],
    more: false,
    timestamp,
    ...extra,
  };
}

/** A question, its answer and the answer's layers. */
export type Exchange = [question: string, answer: string, layers?: ChatLayer[]];

/**
 * Messages numbered from `firstSeqNo`, a question and its answer per exchange, asked from
 * `start` (Unix seconds) two minutes apart and each answered half a minute later.
 */
export function conversation(
  exchanges: readonly Exchange[],
  start: number,
  { language = 'en' as Locale, firstSeqNo = 1 } = {},
): ChatMessage[] {
  return exchanges.flatMap(([question, answer, layers = []], index) => {
    const askedAt = start + index * 120;
    const seqNo = firstSeqNo + index * 2;
    return [
      chatMessage(seqNo, 'USER', question, askedAt, { language }),
      chatMessage(seqNo + 1, 'ASSISTANT', answer, askedAt + 30, { language, layers }),
    ];
  });
}

/** This morning's two questions, in each language. */
export const MORNING: Record<Locale, Exchange[]> = {
  en: [
    ['How is Bitcoin doing today?', 'Bitcoin is at $64,231.50, up 2.35% over the last 24 hours.'],
    ['And Ethereum?', 'Ethereum is at $3,120.42, down 1.20% over the last 24 hours.'],
  ],
  zh: [
    ['比特币今天表现如何？', '比特币现价 64,231.50 美元，过去 24 小时上涨 2.35%。'],
    ['以太坊呢？', '以太坊现价 3,120.42 美元，过去 24 小时下跌 1.20%。'],
  ],
  'pt-br': [
    [
      'Como está o Bitcoin hoje?',
      'O Bitcoin está em US$ 64.231,50, alta de 2,35% nas últimas 24 horas.',
    ],
    ['E o Ethereum?', 'O Ethereum está em US$ 3.120,42, queda de 1,20% nas últimas 24 horas.'],
  ],
};

/** This morning's conversation (numbers 1 to 4, from 09:00) in `language`. */
export const morning = (language: Locale = 'en'): ChatMessage[] =>
  conversation(MORNING[language], november(1, 9), { language });

/** A question about each fixture coin and its answer. */
const coinExchanges: Exchange[] = COINS.map((coin) => [
  `How did ${coin.name} move?`,
  `${coin.name} (${coin.symbol}) moved ${coin.quotes.percentChange24h.toFixed(2)}% in 24 hours.`,
]);

/**
 * A longer conversation than one history page holds (18 messages, 10 a page): four exchanges
 * yesterday evening (1 to 8), five this morning (9 to 18). The two days are more than an hour
 * apart, so the first bubble of this morning keeps its time when yesterday's load above it.
 */
export const LONG_HISTORY: ChatMessage[] = [
  ...conversation(coinExchanges.slice(0, 4), november(0, 18)),
  ...conversation(coinExchanges.slice(4, 8), november(1, 9), { firstSeqNo: 9 }),
  ...conversation([['Which of them moved most?', 'XRP, up 12.50% in 24 hours.']], november(1, 10), {
    firstSeqNo: 17,
  }),
];
