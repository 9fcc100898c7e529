// Transcript summaries: coin mentions, the extractive summarizer in three languages, the
// assistant summarizer against a fake OpenAI-compatible endpoint, and the fallback between them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  assistantSettingsFromEnv,
  createAssistantSummarizer,
  createExtractiveSummarizer,
  createSummarizer,
  addressableNames,
  findCoinMentions,
  locateKeyPoints,
  parseAssistantAnswer,
  sentenceKind,
  splitSentences,
  transcriptForAssistant,
  truncateText,
} from '../src/monitor/summarizer.js';
import type { KnownCoin, SummaryInput } from '../src/monitor/types.js';
import type { Locale } from '@coinlens/contract';
import { startFakeAssistant, type FakeAssistant } from './helpers/fakeAssistant.js';

const COINS: KnownCoin[] = [
  { id: 1, name: 'Bitcoin', symbol: 'BTC' },
  { id: 2, name: 'Ethereum', symbol: 'ETH' },
  { id: 3, name: 'Cardano', symbol: 'ADA' },
  { id: 4, name: 'Harmony', symbol: 'ONE' },
  { id: 5, name: 'Solana', symbol: 'SOL' },
  { id: 6, name: 'Bitcoin Cash', symbol: 'BCH' },
  { id: 7, name: 'NEAR Protocol', symbol: 'NEAR' },
  { id: 8, name: 'Near', symbol: 'NEAR2' },
];

function transcript(language: Locale, lines: [string, string][], title = 'An event'): SummaryInput {
  return {
    title,
    language,
    coins: COINS,
    lines: lines.map(([speaker, text], i) => ({ speaker, text, offsetSec: i * 60 })),
  };
}

const ENGLISH = transcript('en', [
  ['Host', 'Welcome everyone to the Layer Two developer call. Thanks for joining!'],
  [
    'Alice',
    'Today we ship the new rollup bridge for Ethereum. The bridge moves ETH between the rollup and mainnet in minutes.',
  ],
  [
    'Bob',
    'Fees on the rollup dropped by half since the last upgrade. That is great news for users.',
  ],
  ['Alice', 'The bridge audit found two minor issues, and both are fixed in the release.'],
  ['Host', 'Any questions from the audience?'],
  ['Carol', 'Will the rollup bridge support Bitcoin or BTC wrapped tokens later?'],
  [
    'Bob',
    'Not this year. We focus on ETH and the rollup first. One more thing: the testnet opens on Monday.',
  ],
  ['Host', 'Thanks everyone, see you next week!'],
]);

const CHINESE = transcript('zh', [
  ['主持人', '欢迎大家来到本周的社区AMA。'],
  ['小王', '今天我们主要聊比特币减半以后的矿工收入。矿工收入下降了大约一半！'],
  ['小李', '减半以后，矿工开始出售更多的比特币，市场压力变大。'],
  ['小王', '另外，以太坊的质押收益也在下降。ETH质押的人越来越多。'],
  ['主持人', '谢谢大家！'],
]);

const PORTUGUESE = transcript('pt-br', [
  ['Apresentadora', 'Bem-vindos ao nosso podcast sobre criptomoedas.'],
  [
    'Rafael',
    'A rede Solana teve uma semana de recordes de transações. As taxas da rede Solana continuam muito baixas.',
  ],
  ['Júlia', 'Mas a rede ficou fora do ar por duas horas na quarta-feira.'],
  [
    'Rafael',
    'Os validadores da rede publicaram uma correção no mesmo dia. Eu acho que o SOL vai se recuperar.',
  ],
  ['Apresentadora', 'Obrigada a todos e até a próxima!'],
]);

describe('findCoinMentions', () => {
  it('orders coins by how often they are mentioned, by name or symbol', () => {
    const text = 'ETH is up. Bitcoin is flat, Ethereum gas is low, ETH staking grows.';
    assert.deepEqual(findCoinMentions(text, COINS), [2, 1]);
  });

  it('breaks ties by the first mention', () => {
    assert.deepEqual(findCoinMentions('Solana then Bitcoin', COINS), [5, 1]);
    assert.deepEqual(findCoinMentions('Bitcoin then Solana', COINS), [1, 5]);
  });

  it('matches names as whole words only: no Cardano in Canada', () => {
    assert.deepEqual(findCoinMentions('Canada, CANADA and canadian ada fans', COINS), []);
    assert.deepEqual(findCoinMentions('Bitcoiners and Ethereumish talk', COINS), []);
    assert.deepEqual(findCoinMentions('ADA rallied in Canada', COINS), [3]);
  });

  it('matches a name in any case but a symbol only in upper case', () => {
    assert.deepEqual(findCoinMentions('BITCOIN and bitcoin and Bitcoin', COINS), [1]);
    assert.deepEqual(findCoinMentions('btc and Btc and eth', COINS), []);
    assert.deepEqual(findCoinMentions('$BTC, (ETH) and BTC/ETH', COINS), [1, 2]);
  });

  it('skips a symbol that is a common word unless the name is mentioned too', () => {
    assert.deepEqual(findCoinMentions('ONE more thing, ONE day', COINS), []);
    assert.deepEqual(findCoinMentions('ONE more thing about Harmony: ONE is up', COINS), [4]);
  });

  it('counts a name that is an ordinary word only when capitalised and beside its symbol', () => {
    assert.deepEqual(findCoinMentions('we are near the end', COINS), []);
    assert.deepEqual(findCoinMentions('Near keeps shipping', COINS), []);
    assert.deepEqual(findCoinMentions('Near keeps shipping; NEAR2 is up', COINS), [8]);
  });

  it('prefers the longer name where two overlap', () => {
    assert.deepEqual(findCoinMentions('Bitcoin Cash forked from Bitcoin Cash', COINS), [6]);
    assert.deepEqual(findCoinMentions('NEAR Protocol', COINS), [7]);
    assert.deepEqual(findCoinMentions('Bitcoin. Cash is king', COINS), [1]);
  });

  it('finds names embedded in Chinese without spaces, and Chinese names', () => {
    const text = '我们讨论了Bitcoin和以太坊，BTC在涨，比特币现金也涨了。ETH';
    assert.deepEqual(findCoinMentions(text, COINS), [1, 2, 6]);
    assert.deepEqual(findCoinMentions('今天比特币大涨', COINS), [1]);
  });

  it('returns nothing for no text or no coins', () => {
    assert.deepEqual(findCoinMentions('', COINS), []);
    assert.deepEqual(findCoinMentions('Bitcoin', []), []);
  });
});

describe('sentences and cuts', () => {
  it('splits Portuguese at its sentence ends, not inside decimals', () => {
    assert.deepEqual(splitSentences('A taxa caiu 0,5% hoje. Mas voltou! Por quê? Sim.', 'pt-br'), [
      'A taxa caiu 0,5% hoje.',
      'Mas voltou!',
      'Por quê?',
      'Sim.',
    ]);
  });

  it('splits at sentence ends, not inside numbers, and at Chinese punctuation', () => {
    assert.deepEqual(splitSentences('Fees fell 3.5% today. Great! Really? yes'), [
      'Fees fell 3.5% today.',
      'Great!',
      'Really?',
      'yes',
    ]);
    assert.deepEqual(splitSentences('价格上涨。真的吗？是的！'), [
      '价格上涨。',
      '真的吗？',
      '是的！',
    ]);
  });

  it('cuts at a word boundary with an ellipsis, and between Chinese characters', () => {
    assert.equal(truncateText('short', 10), 'short');
    assert.equal(truncateText('the quick brown fox jumps', 12), 'the quick…');
    assert.equal(truncateText('比特币减半以后的矿工收入', 6), '比特币减半…');
  });
});

describe('sentenceKind', () => {
  const names = addressableNames(['Bashir Khan', 'Maria', 'Priya Raman', '小王', 'Ana Souza']);
  const cases: [string, ReturnType<typeof sentenceKind>][] = [
    // English
    ['Slashing is live on the main restaking protocols.', 'statement'],
    ['ETH/BTC printed a new low, then bounced!', 'statement'],
    ['"Not your keys, not your coins."', 'statement'],
    ['17 joules per terahash is the new normal.', 'statement'],
    ['What changed?', 'question'],
    ['Now a question from the chat: "Can staked LINK be slashed?"', 'question'],
    ['Really?!', 'question'],
    ['Restaking was the hottest narrative; Bashir, what changed?', 'question'],
    ['Bashir, walk us through the yields.', 'address'],
    ['Thanks, Maria.', 'address'],
    ['Thanks Bashir.', 'address'],
    ['Great point, Priya!', 'address'],
    ['Slashing is live now; Priya, take it from here.', 'address'],
    ['Thank you Priya Raman for joining.', 'address'],
    ['Priya Raman joined the call from Singapore.', 'statement'],
    ['The call was hosted by Maria.', 'statement'],
    ['and then the funding rate flipped.', 'fragment'],
    ['Funding flipped negative', 'fragment'],
    ['The funding rate flipped…', 'fragment'],
    ['The funding rate flipped...', 'fragment'],
    ['…; the funding rate flipped.', 'fragment'],
    ['Because the market stopped paying for governance.', 'fragment'],
    ['Yes, the issuance rate falls every year.', 'fragment'],
    // Chinese
    ['比特币本周突破了区间上沿。', 'statement'],
    ['ETF 连续四天净流入！', 'statement'],
    ['今年有什么变化？', 'question'],
    ['收益已经降到百分之一以下了吗', 'question'],
    ['你怎么看呢。', 'question'],
    ['小王，说说收益的变化。', 'address'],
    ['谢谢小王。', 'address'],
    ['收益的变化很大，小王。', 'address'],
    ['小王的团队上周发布了新版本。', 'statement'],
    ['，然后资金费率转负了。', 'fragment'],
    ['然后资金费率转负了', 'fragment'],
    ['是的，收益下降了。', 'fragment'],
    // Brazilian Portuguese
    ['O slashing está ativo nos principais protocolos.', 'statement'],
    ['O que mudou?', 'question'],
    ['A pergunta do dia é: rompe ou volta?', 'question'],
    ['Ana, fala dos rendimentos.', 'address'],
    ['Obrigado, Ana.', 'address'],
    ['Boa pergunta, Ana!', 'address'],
    ['A Ana Souza entrou na conversa de São Paulo.', 'statement'],
    ['e depois a taxa virou negativa.', 'fragment'],
    ['Porque o mercado parou de pagar por governança.', 'fragment'],
    ['Sim, a emissão cai todo ano.', 'fragment'],
  ];
  for (const [sentence, kind] of cases) {
    it(`calls "${sentence}" a ${kind}`, () => {
      assert.equal(sentenceKind(sentence, names), kind);
    });
  }

  it('addresses speakers by the whole name or any capitalised part of it', () => {
    assert.deepEqual(addressableNames(['Priya Raman', '小王', 'host', ' ', 'Ana de Souza']), [
      'Priya Raman',
      'Priya',
      'Raman',
      '小王',
      'host',
      'Ana de Souza',
      'Ana',
      'Souza',
    ]);
  });

  it('sees no address without names', () => {
    assert.equal(sentenceKind('Bashir, walk us through the yields.'), 'statement');
  });
});

describe('the extractive summarizer', () => {
  const summarizer = createExtractiveSummarizer();

  it('picks the expected sentences and coins of an English transcript', async () => {
    const result = await summarizer.summarize(ENGLISH);
    assert.deepEqual(result, {
      summary:
        'Today we ship the new rollup bridge for Ethereum. The bridge moves ETH between the rollup and mainnet in minutes. We focus on ETH and the rollup first.',
      keyPoints: [
        'Today we ship the new rollup bridge for Ethereum.',
        'The bridge moves ETH between the rollup and mainnet in minutes.',
        'Fees on the rollup dropped by half since the last upgrade.',
        'The bridge audit found two minor issues, and both are fixed in the release.',
        'We focus on ETH and the rollup first.',
      ],
      keyPointLines: [1, 1, 2, 3, 6],
      language: 'en',
      engine: 'extractive',
      coinIds: [2, 1],
    });
  });

  it('summarises a Chinese transcript by character bigrams, joined without spaces', async () => {
    const result = await summarizer.summarize(CHINESE);
    assert.equal(
      result.summary,
      '今天我们主要聊比特币减半以后的矿工收入。矿工收入下降了大约一半！减半以后，矿工开始出售更多的比特币，市场压力变大。',
    );
    assert.equal(result.keyPoints.length, 5);
    assert.ok(!result.keyPoints.includes('谢谢大家！'), 'a courtesy is not a key point');
    assert.equal(result.language, 'zh');
    assert.deepEqual(result.coinIds, [1, 2]);
  });

  it('summarises a Portuguese transcript without stop words taking over', async () => {
    const result = await summarizer.summarize(PORTUGUESE);
    assert.equal(
      result.summary,
      'A rede Solana teve uma semana de recordes de transações. As taxas da rede Solana continuam muito baixas. Mas a rede ficou fora do ar por duas horas na quarta-feira.',
    );
    assert.ok(!result.keyPoints.includes('Obrigada a todos e até a próxima!'));
    assert.equal(result.language, 'pt-br');
    assert.deepEqual(result.coinIds, [5]);
  });

  it('links each key point to the line its sentence is in, in every language', async () => {
    for (const input of [ENGLISH, CHINESE, PORTUGUESE]) {
      const result = await summarizer.summarize(input);
      assert.equal(result.keyPointLines.length, result.keyPoints.length, input.language);
      result.keyPoints.forEach((point, i) => {
        const line = result.keyPointLines[i];
        assert.ok(typeof line === 'number', `${input.language}: ${point} has a line`);
        assert.ok(input.lines[line]?.text.includes(point), `${input.language}: ${point}`);
      });
    }
  });

  it('links a sentence said twice to the line that said it first', async () => {
    const result = await summarizer.summarize(
      transcript('en', [
        ['A', 'Hello there.'],
        ['B', 'The validators ship the second client on the public testnet.'],
        ['C', 'Nothing else happened.'],
        ['B', 'The validators ship the second client on the public testnet.'],
      ]),
    );
    const at = result.keyPoints.indexOf(
      'The validators ship the second client on the public testnet.',
    );
    assert.ok(at >= 0);
    assert.equal(result.keyPointLines[at], 1);
  });

  it('is deterministic', async () => {
    const first = await summarizer.summarize(ENGLISH);
    for (let i = 0; i < 3; i++) assert.deepEqual(await summarizer.summarize(ENGLISH), first);
  });

  it('keeps within the lengths by leaving out long sentences, never by cutting one', async () => {
    const long = `${'The validators agreed on the upgrade schedule for the network '.repeat(8)}today.`;
    const result = await summarizer.summarize(
      transcript('en', [
        ['A', long],
        ['B', `${long.replace('today', 'tomorrow')}`],
        ['C', 'The network upgrade needs validators.'],
      ]),
    );
    assert.equal(result.summary, `${long} The network upgrade needs validators.`);
    assert.deepEqual(result.keyPoints, ['The network upgrade needs validators.']);
  });

  it('leaves out questions and addresses to speakers, in every language', async () => {
    const cases: { input: SummaryInput; left: string[] }[] = [
      {
        input: transcript('en', [
          [
            'Host Anna',
            'Restaking was the hottest narrative of last year; Bashir, what changed? Thanks, Bashir.',
          ],
          [
            'Bashir Khan',
            'Slashing is live on the main restaking protocols now. Good question, Anna.',
          ],
          [
            'Host Anna',
            'Bashir, tell us about the yields. Restaking yield fell below one percent.',
          ],
        ]),
        left: [
          'Slashing is live on the main restaking protocols now.',
          'Restaking yield fell below one percent.',
        ],
      },
      {
        input: transcript('zh', [
          ['主持人', '再质押去年最火；小王，今年有什么变化？谢谢小王。'],
          ['小王', '主流再质押协议已经上线罚没机制。再质押收益降到百分之一以下了吗'],
          ['主持人', '小王，再说说收益。再质押收益已经降到百分之一以下。'],
        ]),
        left: ['主流再质押协议已经上线罚没机制。', '再质押收益已经降到百分之一以下。'],
      },
      {
        input: transcript('pt-br', [
          [
            'Ana Souza',
            'O restaking foi a narrativa do ano passado; Bruno, o que mudou? Obrigada, Bruno.',
          ],
          [
            'Bruno Lima',
            'O slashing está ativo nos principais protocolos de restaking. Boa pergunta, Ana.',
          ],
          [
            'Ana Souza',
            'Bruno, fala dos rendimentos. O rendimento do restaking caiu abaixo de um por cento.',
          ],
        ]),
        left: [
          'O slashing está ativo nos principais protocolos de restaking.',
          'O rendimento do restaking caiu abaixo de um por cento.',
        ],
      },
    ];
    for (const { input, left } of cases) {
      const result = await summarizer.summarize(input);
      assert.deepEqual(result.keyPoints, left, input.language);
      assert.equal(result.summary, left.join(input.language === 'zh' ? '' : ' '), input.language);
    }
  });

  it('refuses a transcript with nothing but questions and addresses, and says so', async () => {
    await assert.rejects(
      summarizer.summarize(
        transcript('en', [
          ['Anna', 'Bashir, what changed?'],
          ['Bashir', 'Why do you ask? Thanks, Anna.'],
        ]),
      ),
      /no statement .* \(only questions, addresses to speakers or unfinished sentences\)/,
    );
  });

  it('refuses a transcript with no lines', async () => {
    await assert.rejects(summarizer.summarize(transcript('en', [])), /no lines/);
  });
});

describe('the assistant summarizer', () => {
  let fake: FakeAssistant;
  before(async () => {
    fake = await startFakeAssistant();
  });
  after(async () => {
    await fake.close();
  });

  function assistant(timeoutMs = 5000) {
    return createAssistantSummarizer({
      baseUrl: fake.baseUrl,
      apiKey: 'sk-test',
      model: 'test-model',
      timeoutMs,
    });
  }

  it('sends the model, the language instruction and the transcript, and reads the answer', async () => {
    fake.requests.length = 0;
    fake.reply = () => ({
      content: JSON.stringify({
        summary: '  Resumo curto.  ',
        keyPoints: ['Ponto um.', ' ', 'Ponto dois.'],
      }),
    });
    const result = await assistant().summarize({ ...PORTUGUESE, title: 'Semana da Solana' });
    assert.deepEqual(result, {
      summary: 'Resumo curto.',
      keyPoints: ['Ponto um.', 'Ponto dois.'],
      // Nothing in the transcript says either: no link rather than a wrong one.
      keyPointLines: [null, null],
      language: 'pt-br',
      engine: 'assistant',
      coinIds: [5],
    });
    assert.equal(fake.requests.length, 1);
    const [request] = fake.requests;
    assert.equal(request?.path, '/v1/chat/completions');
    assert.equal(request?.authorization, 'Bearer sk-test');
    assert.equal(request?.body.model, 'test-model');
    const [system, user] = request?.body.messages ?? [];
    assert.equal(system?.role, 'system');
    assert.match(system?.content ?? '', /Brazilian Portuguese/);
    assert.match(system?.content ?? '', /"keyPoints"/);
    assert.equal(user?.role, 'user');
    assert.match(user?.content ?? '', /Title: Semana da Solana/);
    assert.match(user?.content ?? '', /\nJúlia: Mas a rede ficou fora do ar/);
  });

  it('asks for a quote per key point and links each to the line the quote is in', async () => {
    fake.requests.length = 0;
    fake.reply = () => ({
      content: JSON.stringify({
        summary: 'A rollup bridge ships; fees halved.',
        keyPoints: [
          // Case, punctuation and spacing differ from the line: still found.
          { text: 'A new rollup bridge ships.', quote: 'today we ship the new rollup BRIDGE' },
          // Shortened with an ellipsis: both parts are in line 2.
          { text: 'Fees halved.', quote: 'Fees on the rollup … since the last upgrade' },
          // No quote: the key point's own words clearly match line 3.
          { text: 'The bridge audit found two minor issues, both fixed.', quote: null },
          // A quote found nowhere, and words that no line clearly says: no link.
          { text: 'The team is optimistic.', quote: 'we are very optimistic' },
        ],
      }),
    });
    const result = await assistant().summarize(ENGLISH);
    assert.deepEqual(result.keyPoints, [
      'A new rollup bridge ships.',
      'Fees halved.',
      'The bridge audit found two minor issues, both fixed.',
      'The team is optimistic.',
    ]);
    assert.deepEqual(result.keyPointLines, [1, 2, 3, null]);
    const system = fake.requests[0]?.body.messages?.[0]?.content ?? '';
    assert.match(system, /"quote"/);
    assert.match(system, /copied character for character/);
  });

  it('finds a Chinese quote with its punctuation left out', async () => {
    fake.reply = () => ({
      content: JSON.stringify({
        summary: '总结。',
        keyPoints: [
          { text: '矿工卖出更多比特币。', quote: '减半以后矿工开始出售更多的比特币' },
          { text: '以太坊质押收益下降。', quote: null },
        ],
      }),
    });
    const result = await assistant().summarize(CHINESE);
    assert.deepEqual(result.keyPointLines, [2, 3]);
  });

  it('links plain-string key points by their words alone, and only when one line clearly says them', async () => {
    fake.reply = () => ({
      content: JSON.stringify({
        summary: 'S.',
        keyPoints: [
          'The testnet opens on Monday.',
          // Two lines speak of the rollup bridge: neither is the clear source.
          'The rollup bridge.',
          // In English about a Portuguese line, with no word in common: no link.
          'The network went down for two hours on Wednesday.',
        ],
      }),
    });
    assert.deepEqual((await assistant().summarize(ENGLISH)).keyPointLines.slice(0, 2), [6, null]);
    assert.deepEqual((await assistant().summarize(PORTUGUESE)).keyPointLines[2], null);
  });

  it('reads JSON wrapped in ```json fences', async () => {
    fake.reply = () => ({
      content: 'Here it is:\n```json\n{"summary": "总结。", "keyPoints": ["要点一"]}\n```',
    });
    const result = await assistant().summarize(CHINESE);
    assert.equal(result.summary, '总结。');
    assert.deepEqual(result.keyPoints, ['要点一']);
    assert.equal(result.language, 'zh');
    assert.match(fake.requests.at(-1)?.body.messages?.[0]?.content ?? '', /Simplified Chinese/);
  });

  it('refuses a malformed or wrongly shaped answer', async () => {
    for (const content of [
      'I cannot do that.',
      '{"summary": "x", "keyPoints": [',
      '{"summary": "", "keyPoints": ["a"]}',
      '{"summary": "x", "keyPoints": "a"}',
      '{"summary": "x", "keyPoints": []}',
      '{"summary": 3, "keyPoints": ["a"]}',
      '',
    ]) {
      fake.reply = () => ({ content });
      await assert.rejects(assistant().summarize(ENGLISH), Error, content);
    }
  });

  it('fails on a 500 after one retry', async () => {
    fake.requests.length = 0;
    fake.reply = () => ({ status: 500, headers: { 'retry-after-ms': '10' } });
    await assert.rejects(assistant().summarize(ENGLISH), /500/);
    assert.equal(fake.requests.length, 2);
  });

  it('fails when the answer comes after the timeout', async () => {
    fake.reply = () => ({ delayMs: 3000, content: '{"summary": "late", "keyPoints": ["late"]}' });
    const started = Date.now();
    await assert.rejects(assistant(150).summarize(ENGLISH), /timed out/i);
    assert.ok(Date.now() - started < 2500, 'gave up before the answer came');
  });

  it('also works with a base URL without /v1', async () => {
    fake.requests.length = 0;
    fake.reply = () => ({ content: '{"summary": "ok", "keyPoints": ["ok"]}' });
    const summarizer = createAssistantSummarizer({
      baseUrl: fake.baseUrl.replace(/\/v1$/, ''),
      model: 'm',
    });
    assert.equal((await summarizer.summarize(ENGLISH)).summary, 'ok');
    assert.equal(fake.requests[0]?.path, '/chat/completions');
    assert.equal(fake.requests[0]?.authorization, 'Bearer none');
  });

  it('cuts a long transcript at a line end', () => {
    const lines: [string, string][] = Array.from({ length: 100 }, (_, i) => [
      `S${i}`,
      'x'.repeat(995),
    ]);
    const text = transcriptForAssistant(transcript('en', lines), 10_000);
    assert.ok(text.length <= 10_000 + 40);
    assert.match(text, /^S0: x+\nS1: /);
    assert.match(text, /S9: x+\n\[the rest of the transcript is cut\]$/);
  });

  it('parses key points given as {text, quote}, keeping each quote beside its point', () => {
    assert.deepEqual(
      parseAssistantAnswer(
        '{"summary": "s", "keyPoints": [{"text": " a ", "quote": "q1"}, {"text": " "}, "b", {"text": "c", "quote": ""}]}',
      ),
      { summary: 's', keyPoints: ['a', 'b', 'c'], quotes: ['q1', null, null] },
    );
    assert.throws(
      () => parseAssistantAnswer('{"summary": "s", "keyPoints": [{"quote": "q"}]}'),
      /no "keyPoints" list/,
    );
  });

  it('places key points only among the lines the assistant was shown', () => {
    const lines = ENGLISH.lines;
    const point = 'The bridge audit found two minor issues.';
    const quote = 'The bridge audit found two minor issues';
    assert.deepEqual(locateKeyPoints([point], [quote], lines), [3]);
    // Cut after line 2: line 3 was never sent, so neither its quote nor its words place it.
    assert.deepEqual(locateKeyPoints([point], [quote], lines, 3), [null]);
  });

  it('does not trust a quote too short to be told apart, nor a tie between lines', () => {
    const lines = transcript('en', [
      ['A', 'ETH staking grows every week.'],
      ['B', 'ETH staking grows every month.'],
      ['C', 'Something else entirely.'],
    ]).lines;
    // "ETH" is in two lines, and too short a quote anyway; the words match both equally.
    assert.deepEqual(locateKeyPoints(['ETH staking grows.'], ['ETH'], lines), [null]);
    // A quote in both lines goes to the one sharing more of the key point's words.
    assert.deepEqual(
      locateKeyPoints(['Staking grows every month.'], ['ETH staking grows every'], lines),
      [1],
    );
  });

  it('parses answers with a <think> block first', () => {
    assert.deepEqual(
      parseAssistantAnswer('<think>{maybe}</think>{"summary": "s", "keyPoints": ["k"]}'),
      { summary: 's', keyPoints: ['k'] },
    );
  });
});

describe('createSummarizer', () => {
  let fake: FakeAssistant;
  before(async () => {
    fake = await startFakeAssistant();
  });
  after(async () => {
    await fake.close();
  });

  function withLog() {
    const warnings: { obj: object; msg: string }[] = [];
    const summarizer = createSummarizer({
      assistant: { baseUrl: fake.baseUrl, model: 'm', timeoutMs: 2000 },
      log: { warn: (obj, msg) => warnings.push({ obj, msg }) },
    });
    return { summarizer, warnings };
  }

  it('uses the assistant when it works', async () => {
    fake.reply = () => ({ content: '{"summary": "From the assistant.", "keyPoints": ["k"]}' });
    const { summarizer, warnings } = withLog();
    const result = await summarizer.summarize(ENGLISH);
    assert.equal(result.engine, 'assistant');
    assert.equal(result.summary, 'From the assistant.');
    assert.deepEqual(result.coinIds, [2, 1]);
    assert.equal(warnings.length, 0);
  });

  it('falls back to the extractive summary, with a warning, when the assistant fails', async () => {
    fake.reply = () => ({ content: 'not json at all' });
    const { summarizer, warnings } = withLog();
    const result = await summarizer.summarize(ENGLISH);
    assert.equal(result.engine, 'extractive');
    assert.deepEqual(result, await createExtractiveSummarizer().summarize(ENGLISH));
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]?.msg ?? '', /assistant summary failed/);
    assert.ok((warnings[0]?.obj as { err?: unknown }).err instanceof Error);
  });

  it('is the extractive summarizer alone without an assistant', async () => {
    const result = await createSummarizer({ assistant: null }).summarize(ENGLISH);
    assert.equal(result.engine, 'extractive');
  });
});

describe('assistantSettingsFromEnv', () => {
  it('is null without ASSISTANT_BASE_URL', () => {
    assert.equal(assistantSettingsFromEnv({}), null);
    assert.equal(assistantSettingsFromEnv({ ASSISTANT_BASE_URL: '' }), null);
  });

  it('reads the URL, the key and the model, defaulting the model', () => {
    assert.deepEqual(
      assistantSettingsFromEnv({ ASSISTANT_BASE_URL: 'http://127.0.0.1:11434/v1' }),
      {
        baseUrl: 'http://127.0.0.1:11434/v1',
        model: 'gpt-4o-mini',
      },
    );
    assert.deepEqual(
      assistantSettingsFromEnv({
        ASSISTANT_BASE_URL: 'https://api.example.com/v1',
        ASSISTANT_API_KEY: 'k',
        ASSISTANT_MODEL: 'llama3',
      }),
      { baseUrl: 'https://api.example.com/v1', apiKey: 'k', model: 'llama3' },
    );
  });

  it('refuses a base URL that is not an absolute http(s) URL', () => {
    for (const value of ['api.example.com/v1', 'ftp://example.com', '/v1']) {
      assert.throws(
        () => assistantSettingsFromEnv({ ASSISTANT_BASE_URL: value }),
        /ASSISTANT_BASE_URL must be an absolute http or https URL/,
      );
    }
  });
});
