// Checks the bundled demo data set of monitored sources (api/data/demo-sources.json): the
// import format, the limits of every field, the mix of events the demo relies on, and what the
// built-in summarizer makes of each transcript.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Locale } from '@coinlens/contract';
import { createExtractiveSummarizer, splitSentences } from '../src/monitor/summarizer.js';

// Compiled to api/<outDir>/test/, so two levels up is api/.
const FILE = new URL('../../data/demo-sources.json', import.meta.url);

const SOURCE_FIELDS = new Set([
  'externalId',
  'kind',
  'author',
  'title',
  'description',
  'link',
  'logo',
  'language',
  'startsInHours',
  'durationMinutes',
  'status',
  'heat',
  'participants',
  'tags',
  'repeatEveryDays',
  'transcript',
]);
const LINE_FIELDS = ['offsetSec', 'speaker', 'text'];
const KINDS = ['space', 'ama', 'podcast', 'devcall'];
const LANGUAGES: Locale[] = ['en', 'zh', 'pt-br'];

/** Coins a summary should be able to find: names and tickers (and a few Chinese names). */
const COIN_NAMES = [
  'Bitcoin',
  'Ethereum',
  'Ether',
  'Solana',
  'XRP',
  'BNB',
  'Cardano',
  'Dogecoin',
  'Chainlink',
  'Avalanche',
  'Polkadot',
  'Toncoin',
  'Tether',
  'USD Coin',
  'Arbitrum',
  'Optimism',
  'Litecoin',
  'Uniswap',
  'Aave',
  'NEAR',
  'Sui',
  '比特币',
  '以太坊',
  '狗狗币',
  '莱特币',
  '瑞波币',
];
const TICKERS = [
  'BTC',
  'ETH',
  'SOL',
  'ADA',
  'DOGE',
  'LINK',
  'AVAX',
  'DOT',
  'TON',
  'USDT',
  'USDC',
  'ARB',
  'OP',
  'LTC',
  'UNI',
  'AAVE',
  'SUI',
];
const COIN_PATTERN = new RegExp(
  `(?<![A-Za-z0-9])(?:${[...COIN_NAMES, ...TICKERS].join('|')})(?![A-Za-z0-9])`,
  'u',
);

interface Line {
  speaker: string;
  text: string;
  offsetSec: number;
}

interface Source {
  externalId: string;
  kind: string;
  author: string;
  title: string;
  description?: string;
  link: string;
  logo?: null;
  language: Locale;
  startsInHours: number;
  durationMinutes: number;
  status?: 'cancelled' | 'invalid';
  heat: number;
  participants: string[];
  tags: string[];
  repeatEveryDays: number | null;
  transcript?: Line[];
}

const raw: unknown = JSON.parse(readFileSync(FILE, 'utf8'));
assert.ok(raw !== null && typeof raw === 'object' && !Array.isArray(raw));
assert.deepEqual(Object.keys(raw), ['sources']);
const sources = (raw as { sources: Source[] }).sources;

const lines = (s: Source): Line[] => s.transcript ?? [];
const endsInHours = (s: Source): number => s.startsInHours + s.durationMinutes / 60;
const isPast = (s: Source): boolean => s.status === undefined && endsInHours(s) <= 0;
const isLive = (s: Source): boolean =>
  s.status === undefined && s.startsInHours < 0 && endsInHours(s) > 0;
const isUpcoming = (s: Source): boolean => s.status === undefined && s.startsInHours > 0;
const pastWithTranscript = sources.filter((s) => isPast(s) && lines(s).length > 0);

describe('demo sources: counts', () => {
  it('holds at least 64 sources', () => {
    assert.ok(Array.isArray(sources));
    assert.ok(sources.length >= 64, `${sources.length} sources`);
  });

  it('has the mix of past, live, upcoming, cancelled and invalid events', () => {
    const count = (pred: (s: Source) => boolean): number => sources.filter(pred).length;
    assert.ok(
      pastWithTranscript.length >= 36,
      `past with transcript: ${pastWithTranscript.length}`,
    );
    assert.ok(count((s) => isPast(s) && lines(s).length === 0) >= 4, 'past waiting for one');
    assert.ok(count((s) => isUpcoming(s)) >= 14, 'upcoming');
    assert.ok(count((s) => isLive(s)) >= 3, 'in progress');
    assert.ok(count((s) => s.status === 'cancelled') >= 4, 'cancelled');
    assert.ok(count((s) => s.status === 'invalid') >= 2, 'invalid');
    assert.ok(count((s) => s.repeatEveryDays === 7) >= 6, 'weekly');
  });

  it('has transcripts in Chinese and Brazilian Portuguese', () => {
    const byLanguage = (language: string): number =>
      pastWithTranscript.filter((s) => s.language === language).length;
    assert.ok(byLanguage('zh') >= 5, `zh: ${byLanguage('zh')}`);
    assert.ok(byLanguage('pt-br') >= 5, `pt-br: ${byLanguage('pt-br')}`);
  });

  it('spreads over many authors and every kind', () => {
    assert.ok(new Set(sources.map((s) => s.author)).size >= 25);
    for (const kind of KINDS)
      assert.ok(
        sources.some((s) => s.kind === kind),
        kind,
      );
  });
});

describe('demo sources: format', () => {
  it('uses unique externalIds of the allowed form', () => {
    const ids = sources.map((s) => s.externalId);
    assert.equal(new Set(ids).size, ids.length);
    for (const id of ids) assert.match(id, /^demo-[A-Za-z0-9._:-]{1,123}$/);
  });

  it('has no unknown fields', () => {
    for (const s of sources) {
      for (const key of Object.keys(s)) {
        assert.ok(SOURCE_FIELDS.has(key), `${s.externalId}: unknown field ${key}`);
      }
      for (const line of lines(s)) {
        assert.deepEqual(Object.keys(line).sort(), LINE_FIELDS, s.externalId);
      }
    }
  });

  it('keeps every field within its limits', () => {
    for (const s of sources) {
      const id = s.externalId;
      assert.ok(KINDS.includes(s.kind), `${id}: kind`);
      assert.ok(s.author.length >= 1 && s.author.length <= 100, `${id}: author`);
      assert.ok(s.title.length >= 1 && s.title.length <= 200, `${id}: title`);
      assert.ok(s.description === undefined || s.description.length <= 2000, `${id}: description`);
      const link = new URL(s.link);
      assert.equal(link.protocol, 'https:', `${id}: link`);
      assert.ok(!/^(localhost|127\.|\[|10\.|192\.168\.)/.test(link.hostname), `${id}: link host`);
      assert.equal(s.logo, null, `${id}: logo stays null (the server draws a monogram)`);
      assert.ok(LANGUAGES.includes(s.language), `${id}: language`);
      assert.ok(Number.isFinite(s.startsInHours), `${id}: startsInHours`);
      assert.ok(!('time' in s), `${id}: uses startsInHours, not time`);
      assert.ok(Number.isInteger(s.durationMinutes), `${id}: durationMinutes`);
      assert.ok(s.durationMinutes >= 30 && s.durationMinutes <= 180, `${id}: duration`);
      assert.ok(s.status === undefined || ['cancelled', 'invalid'].includes(s.status), id);
      assert.ok(Number.isInteger(s.heat) && s.heat >= 0 && s.heat <= 1e9, `${id}: heat`);
      assert.ok(s.participants.length >= 1 && s.participants.length <= 6, `${id}: participants`);
      for (const p of s.participants) assert.ok(p.length >= 1 && p.length <= 100, id);
      assert.equal(new Set(s.participants).size, s.participants.length, `${id}: participants`);
      assert.ok(s.tags.length >= 1 && s.tags.length <= 20, `${id}: tags`);
      for (const tag of s.tags) assert.match(tag, /^[a-z0-9][a-z0-9-]{0,31}$/, `${id}: tag`);
      assert.ok(s.repeatEveryDays === null || s.repeatEveryDays === 7, `${id}: repeatEveryDays`);
    }
  });

  it('places events on the demo clock', () => {
    for (const s of sources) {
      const id = s.externalId;
      assert.ok(s.startsInHours >= -720 && s.startsInHours <= 400, `${id}: startsInHours`);
      if (isPast(s)) assert.ok(s.startsInHours <= -3, `${id}: past`);
      if (isUpcoming(s)) assert.ok(s.startsInHours >= 2, `${id}: upcoming`);
      if (isLive(s)) {
        assert.ok(s.startsInHours >= -1 && s.startsInHours <= -0.25, `${id}: live start`);
        assert.ok(s.durationMinutes >= 90, `${id}: live duration`);
      }
    }
  });
});

describe('demo sources: transcripts', () => {
  it('gives a transcript to every past, live, upcoming and weekly event but a few', () => {
    for (const s of sources) {
      const id = s.externalId;
      if (isLive(s) || isUpcoming(s) || s.repeatEveryDays !== null) {
        assert.ok(lines(s).length > 0, `${id}: transcript prepared`);
      }
      if (s.status !== undefined) assert.equal(lines(s).length, 0, `${id}: ${s.status}`);
    }
  });

  it('has well-formed lines in increasing order', () => {
    for (const s of sources) {
      const transcript = lines(s);
      if (transcript.length === 0) continue;
      const id = s.externalId;
      assert.ok(transcript.length >= 14 && transcript.length <= 30, `${id}: line count`);
      let previous = 0;
      for (const line of transcript) {
        assert.ok(Number.isInteger(line.offsetSec) && line.offsetSec >= previous, id);
        assert.ok(line.offsetSec <= s.durationMinutes * 60, `${id}: offset within the event`);
        previous = line.offsetSec;
        assert.ok(line.speaker.length >= 1 && line.speaker.length <= 100, id);
        assert.ok(s.participants.includes(line.speaker), `${id}: ${line.speaker} listed`);
        const count = splitSentences(line.text, s.language).length;
        assert.ok(count >= 1 && count <= 3, `${id}: ${count} sentences in "${line.text}"`);
      }
    }
  });

  it('writes each transcript in the language of its event', () => {
    for (const s of sources) {
      for (const line of lines(s)) {
        const han = /\p{Script=Han}/u.test(line.text);
        assert.equal(han, s.language === 'zh', `${s.externalId}: "${line.text}"`);
      }
    }
  });

  it('mentions at least one coin by name or ticker in each past transcript', () => {
    for (const s of pastWithTranscript) {
      const text = lines(s)
        .map((line) => line.text)
        .join('\n');
      assert.match(text, COIN_PATTERN, s.externalId);
    }
  });
});

/**
 * What a summary sentence must not be, judged here from the text alone and independently of the
 * summarizer's own sorting (so that a mistake there cannot hide here): a question, an address to
 * one of the speakers, or a scrap that does not start and end like a sentence.
 */
function faultOf(sentence: string, speakers: readonly string[]): string | null {
  if (/[?？]["'”’」)]*$/u.test(sentence)) return 'a question';
  if (/[吗呢][。！]?$/u.test(sentence)) return 'a Chinese question';
  const names = speakers.flatMap((speaker) => [speaker, ...speaker.split(' ')]);
  for (const name of names.filter((n) => n.length >= 2)) {
    if (sentence.startsWith(`${name},`) || sentence.startsWith(`${name}，`))
      return `addressed to ${name}`;
    if (sentence.includes(`; ${name},`) || sentence.includes(`；${name}，`))
      return `addressed to ${name}`;
    if (
      new RegExp(`(?:,|，|^Thanks|^Thank you|^Obrigad[oa]|^谢谢)\\s*${name}[.!。！]$`, 'u').test(
        sentence,
      )
    )
      return `addressed to ${name}`;
  }
  if (!/^["“'(「]?[\p{Lu}\p{N}\p{sc=Han}]/u.test(sentence)) return 'not starting a sentence';
  if (!/[^.…][.!。！]["'”’」)]*$/u.test(sentence)) return 'not ending a sentence';
  return null;
}

describe('demo sources: built-in summaries', () => {
  const summarizer = createExtractiveSummarizer();
  for (const language of LANGUAGES) {
    describe(`in ${language}`, () => {
      // Live and upcoming events carry the transcript they will be summarised from, too.
      for (const s of sources.filter(
        (source) => source.language === language && lines(source).length > 0,
      )) {
        it(`sums up ${s.externalId} in statements of the transcript`, async () => {
          const transcript = lines(s);
          const speakers = [...new Set(transcript.map((line) => line.speaker))];
          const said = new Set(transcript.flatMap((line) => splitSentences(line.text, language)));
          const result = await summarizer.summarize({
            title: s.title,
            language,
            lines: transcript,
            coins: [],
          });
          assert.equal(result.language, language);
          const summarySentences = splitSentences(result.summary, language);
          assert.ok(summarySentences.length >= 1, 'a summary');
          assert.ok(result.keyPoints.length >= 3, `${result.keyPoints.length} key points`);
          for (const [part, sentence] of [
            ...summarySentences.map((text) => ['summary', text] as const),
            ...result.keyPoints.map((text) => ['key point', text] as const),
          ]) {
            assert.ok(said.has(sentence), `${part} "${sentence}" is a sentence of the transcript`);
            assert.equal(faultOf(sentence, speakers), null, `${part} "${sentence}"`);
          }
          for (const point of result.keyPoints) {
            assert.equal(splitSentences(point, language).length, 1, `one sentence: "${point}"`);
            assert.ok([...point].length <= 200, `short enough: "${point}"`);
          }
          assert.ok([...result.summary].length <= 600, 'summary length');
        });
      }
    });
  }
});
