// The monitored sources of the stories' mocked API, at fixed times around one fixed moment
// (`STORY_NOW`, the clock the monitoring stories set), so that a card says "Today 18:30" or
// "11/02/2026 15:00" whatever day the stories run: live events, AMAs and podcasts in every state,
// the list Ana monitors, and a podcast with more episodes than one page of her list holds.
import type { ContentLine } from '@coinlens/contract';
import { fakeSource, type FakeSource } from './api';
import type { Locale } from '../i18n/locales';
import { coin, monogram, QUOTED_AT } from './fixtures';

/** The moment the monitoring stories are set at (Unix ms): 2026-11-01 12:00 UTC. */
export const STORY_NOW = QUOTED_AT * 1000;

/** Unix seconds of a UTC day and time in November 2026 (`day` 0 is 31 October). */
const november = (day: number, hours: number, minutes = 0) =>
  Date.UTC(2026, 10, day, hours, minutes) / 1000;

// What the speakers of the builders' space say, in turn.
const SPOKEN: Array<[speaker: string, text: string]> = [
  ['Ada', 'Welcome, everyone: today is all about what builders shipped on Solana this month.'],
  ['Grace', 'Fees stayed under a cent through the busiest week we have had this year.'],
  ['Linus', 'Validator teams are testing a second client on the public testnet.'],
  ['Ada', 'Bitcoin moving above 64,000 brought a wave of new wallets with it.'],
  ['Grace', 'Stablecoin volume on chain has doubled since the summer.'],
  ['Linus', 'Most of the new liquidity still comes over the Ethereum bridges.'],
  ['Ada', 'The grant round for wallet teams closes on 30 November.'],
  ['Grace', 'We will take questions from the audience in a few minutes.'],
];

/** `count` lines of the builders' space, `everySec` seconds apart, ids from 1. */
function transcript(count: number, everySec: number): ContentLine[] {
  return Array.from({ length: count }, (_, index) => {
    const [speaker, text] = SPOKEN[index % SPOKEN.length] ?? ['Ada', ''];
    return { id: index + 1, speaker, text, offsetSec: index * everySec };
  });
}

const source = (
  id: number,
  colour: string | null,
  fields: Partial<FakeSource> & Pick<FakeSource, 'title' | 'author' | 'status' | 'time'>,
): FakeSource =>
  fakeSource(id, {
    // No logo: the card draws the host's initial instead.
    logo: colour === null ? '' : monogram(fields.author, colour),
    link: `https://x.com/i/spaces/story${id}`,
    description: '',
    heat: 0,
    ...fields,
  });

/** The completed builders' space: a summary that names three coins, and 45 lines. */
export const BUILDERS_SPACE = source(21, '#9945ff', {
  title: 'Solana builders space',
  author: 'Solana Devs',
  status: 5,
  time: november(1, 9),
  startedAt: november(1, 9, 2),
  endedAt: november(1, 10, 31),
  heat: 12_345,
  kind: 'space',
  description: 'The monthly space of the teams building on Solana: fees, validators and grants.',
  participants: ['Ada', 'Grace', 'Linus'],
  tags: ['solana', 'fees', 'validators'],
  summary: {
    summary:
      'Builders reported a month of low fees and steady growth: validator teams are testing a ' +
      'second client, stablecoin volume doubled, and the grant round for wallets closes on ' +
      '30 November.',
    keyPoints: [
      'Fees stayed under a cent through the busiest week of the year',
      'A second validator client is on the public testnet',
      'Stablecoin volume on Solana doubled since the summer',
    ],
    coins: [coin('SOL'), coin('BTC'), coin('ETH')],
    language: 'en',
  },
  lines: transcript(45, 40),
});

/**
 * The builders' space again (its own id, not in the lists), with its key points linked to the lines
 * they came from: 0:40 and 1:20 on the transcript's first page, 24:00 on its second, and one
 * whose line is not known.
 */
export const LINKED_SPACE = source(41, '#9945ff', {
  ...BUILDERS_SPACE,
  id: 41,
  summary: {
    ...BUILDERS_SPACE.summary!,
    keyPoints: [
      'Fees stayed under a cent through the busiest week of the year',
      'A second validator client is on the public testnet',
      'Stablecoin volume on chain doubled since the summer',
      'The audience asked about the grant round',
    ],
    keyPointSources: [
      { lineId: 2, offsetSec: 40 },
      { lineId: 3, offsetSec: 80 },
      { lineId: 37, offsetSec: 1440 },
      null,
    ],
  },
});

// The paragraphs of the foundation's post, one a line.
const POST: string[] = [
  'This month the network processed more transactions than in any month before.',
  'Median fees stayed below a tenth of a cent, even in the busiest hour.',
  'A second validator client reached the public testnet, run by three independent teams.',
  'Stablecoin supply on Solana passed ten billion dollars.',
  'Wallet teams can apply for the next grant round until 30 November.',
  'Thank you to everyone who builds with us.',
];

/** A post of the foundation's feed: "See in text" links, and the feed it was read from. */
export const FEED_POST = source(42, '#14f195', {
  title: 'Solana network report: October',
  author: 'Solana Foundation',
  status: 5,
  time: november(1, 8),
  startedAt: november(1, 8),
  endedAt: november(1, 8),
  heat: 640,
  kind: 'article',
  link: 'https://solana.com/news/network-report-october',
  feed: {
    title: 'Solana Foundation news',
    url: 'https://solana.com/news/rss.xml',
    link: 'https://solana.com/news',
  },
  summary: {
    summary:
      'Record transactions at fees below a tenth of a cent; a second validator client is on the ' +
      'public testnet, and the wallet grant round is open until 30 November.',
    keyPoints: [
      'Median fees stayed below a tenth of a cent',
      'A second validator client reached the public testnet',
      'Wallet grants are open until 30 November',
    ],
    keyPointSources: [
      { lineId: 2, offsetSec: 0 },
      { lineId: 3, offsetSec: 0 },
      { lineId: 5, offsetSec: 0 },
    ],
    coins: [coin('SOL')],
    language: 'en',
  },
  lines: POST.map((text, index) => ({
    id: index + 1,
    speaker: 'Solana Foundation',
    text,
    offsetSec: 0,
  })),
});

/** Upcoming today at 18:30 UTC. */
export const HALVING_AMA = source(11, '#f7931a', {
  title: 'Bitcoin halving AMA',
  author: 'Satoshi Fans',
  status: 1,
  time: november(1, 18, 30),
  kind: 'ama',
  description: 'Questions and answers on the next halving.',
});

/** Live since 11:32 UTC, with 12 lines spoken so far. */
export const TRADING_DESK = source(31, '#e5484d', {
  title: 'Live trading desk',
  author: 'Market Desk',
  status: 2,
  time: november(1, 11, 30),
  startedAt: november(1, 11, 32),
  kind: 'space',
  description: 'The morning call of the desk, live.',
  participants: ['Ada', 'Grace'],
  lines: transcript(12, 60),
});

/**
 * When the devcall, the roundtable and the weekly start (2, 3 and 4 November), as a card writes a
 * time of another day in each language: its own order of day, month and year.
 */
export const LATER_STARTS: Record<
  Locale,
  readonly [devcall: string, roundtable: string, weekly: string]
> = {
  en: ['11/02/2026 15:00', '11/03/2026 09:00', '11/04/2026 20:00'],
  zh: ['2026/11/02 15:00', '2026/11/03 09:00', '2026/11/04 20:00'],
  'pt-br': ['02/11/2026 15:00', '03/11/2026 09:00', '04/11/2026 20:00'],
};

/**
 * Every source there is: five upcoming (the dialog's group shows the first four, soonest first),
 * one live, seven ended ones of which the group shows the six newest, and one cancelled.
 */
export const MONITOR_SOURCES: FakeSource[] = [
  HALVING_AMA,
  source(12, '#627eea', {
    title: 'Ethereum core devcall',
    author: 'Core devs',
    status: 1,
    time: november(2, 15),
    kind: 'devcall',
  }),
  source(13, null, {
    title: 'Layer 2 roundtable',
    author: 'L2 Club',
    status: 1,
    time: november(3, 9),
  }),
  source(14, '#e0457b', {
    title: 'NFT market weekly',
    author: 'NFT Desk',
    status: 1,
    time: november(4, 20),
    kind: 'podcast',
  }),
  source(15, '#0ea5e9', {
    title: 'DeFi office hours',
    author: 'DeFi Lab',
    status: 1,
    time: november(6, 17),
  }),
  TRADING_DESK,
  BUILDERS_SPACE,
  source(22, '#3e63dd', {
    title: 'Macro podcast',
    author: 'Macro Weekly',
    status: 4,
    time: november(1, 7),
    kind: 'podcast',
  }),
  source(23, '#26a17b', {
    title: 'Stablecoin policy AMA',
    author: 'Policy Hub',
    status: 3,
    time: november(1, 5),
    kind: 'ama',
  }),
  source(24, '#8e4ec6', {
    title: 'Mining economics',
    author: 'Hash Club',
    status: 5,
    time: november(0, 20),
    heat: 2_150,
  }),
  source(25, '#0d9488', {
    title: 'Wallet security clinic',
    author: 'SafeKeys',
    status: 5,
    time: november(0, 16),
    heat: 870,
  }),
  source(26, '#d97706', {
    title: 'Governance call',
    author: 'DAO Forum',
    status: 5,
    time: november(0, 14),
    heat: 45_600,
  }),
  source(27, '#64748b', {
    title: 'Market recap',
    author: 'Market Desk',
    status: 5,
    time: november(-3, 18),
    heat: 300,
  }),
  source(32, '#71717a', {
    title: 'Cancelled bitcoin chat',
    author: 'Coin Talk',
    status: 6,
    time: november(1, 8),
  }),
];

/**
 * The sources Ana monitors, most recently added first: one in each state (the completed space
 * and the live desk have lines she has not read).
 */
export const ANA_SOURCES: number[] = [21, 11, 31, 22, 23, 32, 12];

/** `count` completed episodes of one podcast, newest first (ids from 100). */
export function episodes(count: number): FakeSource[] {
  return Array.from({ length: count }, (_, index) =>
    source(100 + index, '#0f766e', {
      title: `Chain Weekly #${count - index}`,
      author: 'Chain Weekly',
      status: 5,
      time: november(0, 12) - (index + 1) * 24 * 3600,
      heat: 1_000 + 37 * (count - index),
      kind: 'podcast',
    }),
  );
}
