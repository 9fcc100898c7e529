// What a chat message asks the built-in assistant: keywords and patterns in English, Chinese and
// Portuguese (whatever the interface language, since people type in the language they think in),
// the coins it names, the period and the indicator it is about, and whether it follows up on the
// previous question ("and ETH?", "那以太坊呢", "e o XRP?").
import type { Coin, Locale } from '@coinlens/contract';

export type Intent =
  /** The price, 24 h change and market cap of one coin. */
  | 'price'
  /** How one coin moved over 24 h, 7 d and 30 d. */
  | 'change'
  /** Two coins side by side. */
  | 'compare'
  /** A coin's report: summary, signals, RSI and MACD. */
  | 'report'
  /** The user's followed coins. */
  | 'watchlist'
  /** What the user's monitored sources said. */
  | 'mySources'
  /** Sources that have not started yet. */
  | 'upcomingSources'
  /** The biggest movers over 24 h. */
  | 'hotCoins'
  /** The sources with the most heat. */
  | 'hotSources'
  /** A greeting or a request for help. */
  | 'help'
  | 'unknown';

/** What a message points at without naming it (see `Recognition.reference`). */
export type Reference = 'coin' | 'source' | 'any';

/** The intents that are about one or two named coins. */
export const COIN_INTENTS: ReadonlySet<Intent> = new Set(['price', 'change', 'compare', 'report']);

/** The period a change question is about. */
export type Period = '24h' | '7d' | '30d';

/** What part of the report a question is about; null for the report as a whole. */
export type ReportTopic = 'overbought' | 'oversold' | 'rsi' | 'macd';

export interface Recognition {
  intent: Intent;
  /** The coins named, most mentioned first; empty when no coin finder was given. */
  coins: Coin[];
  /** The period named ("this week", "30天", "em 30 dias"); null when none is. */
  period: Period | null;
  /** For `report`: the indicator asked about. */
  topic: ReportTopic | null;
  /** The message continues the previous one: "and ETH?", "what about its RSI", "那以太坊呢". */
  followUp: boolean;
  /**
   * What the message points at without naming it: a coin ("this coin", "这份报告", "esta
   * moeda"), a source ("this event", "这个来源", "esta fonte"), or either ("this one", "it",
   * "它"); null when it points at nothing. The question's context says which one is meant.
   */
  reference: Reference | null;
  /**
   * The message asks about the user's own coins or sources ("my next events", "meus próximos
   * eventos", "我的下一个活动"), not everyone's: lists are then drawn from what the user follows and
   * monitors only.
   */
  mine: boolean;
  /** The language of the keyword that decided the intent; the given locale when none did. */
  language: Locale;
}

/** Patterns of one intent in each language, tried on the normalised text (see `normalise`). */
type Patterns = Record<Locale, readonly RegExp[]>;

// Latin patterns run on text without accents or punctuation ("preço?" reads "preco"), so they
// are written without accents; Chinese ones are plain characters, as Chinese has no word breaks.

const WATCHLIST: Patterns = {
  en: [
    /\bmy (watch ?list|coins?|portfolio|list|favou?rites?|follows|followed coins|bag)\b/,
    /\bwatch ?list\b/,
    /\b(coins|ones) i (follow|watch|hold|track)\b/,
    /\bfollowed coins\b/,
  ],
  zh: [
    /自选/,
    /我的(币|币种|持仓|关注列表|列表|观察列表)/,
    /我关注的(币|币种|代币)/,
    /关注列表|观察列表/,
  ],
  'pt-br': [
    /\bminha (lista|carteira|watchlist)\b/,
    /\bmeus (ativos|favoritos|criptoativos)\b/,
    /\bminhas (moedas|criptos|criptomoedas)\b/,
    /\bmoedas que (eu )?(sigo|acompanho)\b/,
  ],
};

const MY_SOURCES: Patterns = {
  en: [
    /\bmy (monitored )?(sources?|spaces?|feeds?|events?|monitors?|amas?|podcasts?|shows?)\b/,
    /\b(sources|spaces|events|shows) i (follow|monitor|watch|track)\b/,
    /\bwhat did my\b/,
  ],
  zh: [
    /我(关注|订阅|监控|添加)的(监控源|监控|源|空间|节目|活动|信息源|直播)/,
    /我的(监控源|监控|信息源|源|空间|订阅|节目)/,
  ],
  'pt-br': [
    /\bminhas (fontes|transmissoes|lives|monitoracoes)\b/,
    /\bmeus (spaces|eventos|monitoramentos|podcasts|programas)\b/,
    /\b(fontes|eventos|spaces) (que )?(eu )?(sigo|acompanho|monitoro)\b/,
  ],
};

const UPCOMING: Patterns = {
  en: [
    /\bupcoming\b/,
    /\bwhat s (next|coming( up)?)\b/,
    /\bwhats (next|coming)\b/,
    /\bnext (spaces?|sources?|events?|amas?|calls?|podcasts?|shows?)\b/,
    /\b(spaces?|events?|sources?|amas?|shows?) (coming up|starting soon|later|tomorrow)\b/,
    /\bcoming up\b/,
    /\bschedule(d)?\b/,
    /\bstarting soon\b/,
  ],
  zh: [/即将|接下来|下一场|下一个(监控|空间|活动|节目)|将要开始|快开始|马上开始|预告|日程/],
  'pt-br': [
    /\bproxim[oa]s? (eventos?|spaces?|fontes?|transmissoes|lives?|amas?|podcasts?)\b/,
    /\bproxim[oa]s?$/,
    /\bem breve\b/,
    /\bagenda\b/,
    /\bo que vem (por ai|a seguir|ai)\b/,
    /\b(vao|vai) comecar\b/,
  ],
};

const HOT_SOURCES: Patterns = {
  en: [
    /\b(hot|hottest|trending|popular|top|biggest|busiest) (spaces?|sources?|events?|amas?|podcasts?|monitors?|shows?)\b/,
  ],
  zh: [
    /(热门|最热|最火|热度最高|热度高)的?(监控|空间|源|活动|节目|信息源|直播)/,
    /(监控|空间|活动|节目)(热度|排行|热榜)/,
  ],
  'pt-br': [
    /\b(fontes?|spaces?|eventos?|transmissoes|lives?) (em alta|populares?|quentes?|mais quentes|do momento|em destaque)\b/,
    /\b(fontes|eventos|spaces) mais (populares|comentad[oa]s|ouvid[oa]s)\b/,
  ],
};

const HOT_COINS: Patterns = {
  en: [
    /\b(hot|hottest|trending|top|biggest) (coins?|movers?|gainers?|losers?|cryptos?|tokens?)\b/,
    /\b(movers|gainers|losers)\b/,
    /\bwhat s (hot|pumping|moving|trending)\b/,
    /\bwhats (hot|pumping|moving|trending)\b/,
    /\btrending\b/,
    /\bwhich (coins?|tokens?|cryptos?) (is|are) (pumping|mooning|moving|hot)\b/,
    /\b(how s|how is|whats|what s) the market\b/,
    /\bmarket (overview|movers|today)\b/,
  ],
  zh: [
    /热门(的)?(币|币种|代币|加密货币|资产)?/,
    /热币|涨幅榜|跌幅榜|异动|波动最大|涨得最多|跌得最多|最火的币|大盘|市场(怎么样|如何|行情)/,
  ],
  'pt-br': [
    /\b(moedas?|criptos?|criptomoedas?|tokens?) (em alta|quentes?|populares?|do momento|em destaque)\b/,
    /\bmaiores (altas|quedas|variacoes|movimentos)\b/,
    /\bo que (esta|ta) em alta\b/,
    /\bcomo (esta|ta|anda) o mercado\b/,
  ],
};

const COMPARE: Patterns = {
  en: [
    /\bvs\b/,
    /\bversus\b/,
    /\bcompar(e|ed|ing|ison)\b/,
    /\bwhich (one )?(is|was|did|does|has) (better|best|stronger)\b/,
    /\bbetter\b.*\bor\b/,
  ],
  zh: [/比较|对比|相比|比一比|哪个(更|好|强)|谁(更|好|强)|pk/],
  'pt-br': [
    /\bcompar(ar|e|acao|ando|a)\b/,
    /\bqual (e|foi|esta|sera) (melhor|mais forte)\b/,
    /\bmelhor\b.*\bou\b/,
  ],
};

const REPORT: Patterns = {
  en: [
    /\b(analysis|analyse|analyze|analy[sz]ing|technical|technicals|indicators?|signals?|overbought|oversold|rsi|macd|outlook|report|trend|moving averages?|bullish|bearish|momentum)\b/,
  ],
  zh: [/分析|技术|指标|信号|超买|超卖|rsi|macd|趋势|报告|看涨|看跌|走势|动能|均线/],
  'pt-br': [
    /\b(analise|analisar|analisa|tecnica|tecnico|indicadores?|sinais|sinal|sobrecomprad[oa]|sobrecompra|sobrevendid[oa]|sobrevenda|relatorio|tendencia|rsi|macd|medias? moveis)\b/,
  ],
};

const CHANGE: Patterns = {
  en: [
    /\bhow (did|has|have|is|s|was|are) .*\b(do|doing|done|did|perform(ed|ing)?|going|gone|been|moved?|fared?)\b/,
    /\b(performance|performed|perform|change|changes|changed|moved|gain|gains|gained|lost|losses|up or down|returns?)\b/,
  ],
  zh: [/涨跌|涨幅|跌幅|表现|涨了|跌了|涨多少|跌多少|怎么样了|收益|变化|变动/],
  'pt-br': [
    /\bcomo (foi|esta|ta|anda|se saiu|vai|andou|ficou)\b/,
    /\b(desempenho|variacao|variacoes|variou|rendimento|rendeu|subiu|caiu|valorizou|desvalorizou|performance)\b/,
  ],
};

const PRICE: Patterns = {
  en: [
    /\b(price|prices|priced|cost|costs|worth|value|trading at|quote|how much|market cap|mcap)\b/,
  ],
  zh: [/多少钱|价格|价钱|币价|现价|报价|市值|值多少|多少美元|行情|多少了/],
  'pt-br': [/\b(preco|precos|cotacao|custa|custando|vale|valendo|valor|quanto|capitalizacao)\b/],
};

const HELP: Patterns = {
  en: [
    /^(hi|hello|hey|yo|hiya|howdy|greetings|good (morning|afternoon|evening)|start)\b/,
    /\b(help|what can you do|what do you do|how does (this|it) work|commands|who are you)\b/,
  ],
  zh: [
    /你好|您好|嗨|哈喽|哈啰|早上好|晚上好|帮助|帮忙|能做什么|可以做什么|会做什么|你会什么|怎么用|使用说明|你是谁/,
  ],
  'pt-br': [
    /^(ola|oi|opa|e ai|bom dia|boa tarde|boa noite|salve)\b/,
    /\b(ajuda|socorro)\b/,
    /\bo que (voce|vc) (faz|pode fazer|sabe fazer|sabe)\b/,
    /\bcomo (funciona|te uso|usar)\b/,
    /\bquem e voce\b/,
  ],
};

/** Tried in this order: the first intent with a matching pattern wins. */
const ORDER: readonly [Intent, Patterns][] = [
  // Before the coin intents: "how is my watchlist doing" is no change question.
  ['upcomingSources', UPCOMING],
  ['hotSources', HOT_SOURCES],
  ['mySources', MY_SOURCES],
  ['watchlist', WATCHLIST],
  ['hotCoins', HOT_COINS],
  ['compare', COMPARE],
  ['report', REPORT],
  ['change', CHANGE],
  ['price', PRICE],
];

const PERIODS: readonly [Period, Patterns][] = [
  [
    '30d',
    {
      en: [/\b(30 ?d|30 ?days?|month|monthly|30 day)\b/],
      zh: [/30天|三十天|一个月|本月|这个月|近一月|近一个月|月/],
      'pt-br': [/\b(30 ?dias|mes|mensal)\b/],
    },
  ],
  [
    '7d',
    {
      en: [/\b(7 ?d|7 ?days?|week|weekly|7 day)\b/],
      zh: [/7天|七天|一周|本周|这周|这一周|近一周|周/],
      'pt-br': [/\b(7 ?dias|semana|semanal)\b/],
    },
  ],
  [
    '24h',
    {
      en: [/\b(24 ?h|24 ?hours?|today|day|daily)\b/],
      zh: [/24小时|24h|今天|今日|一天|日内/],
      'pt-br': [/\b(24 ?h|24 ?horas|hoje|dia|diari[oa])\b/],
    },
  ],
];

const TOPICS: readonly [ReportTopic, RegExp][] = [
  ['overbought', /\boverbought\b|\bsobrecomprad[oa]\b|\bsobrecompra\b|超买/],
  ['oversold', /\boversold\b|\bsobrevendid[oa]\b|\bsobrevenda\b|超卖/],
  ['rsi', /\brsi\b/],
  ['macd', /\bmacd\b/],
];

const FOLLOW_UP: readonly RegExp[] = [
  /^(and|also|what about|how about|same for|now)\b/,
  /\b(its|it|that one|this one|that coin|this coin)\b/,
  /^(e|e o|e a|e quanto|e sobre|agora)\b/,
  /\b(dele|dela|esse|essa|nele|nela)\b/,
  /^(那|那么|还有|再看看|再看|换成)/,
  /(呢|它|它的|这个币|这个|那个币)/,
];

// "This coin" and "this source", as people point at what the page in front of them shows.
const REFERENCES: readonly [Reference, Patterns][] = [
  [
    'source',
    {
      en: [/\b(this|that) (source|event|space|ama|podcast|call|show|stream|session|livestream)\b/],
      zh: [
        /这个来源|这个监控源|这个信息源|这个源|这场活动|这个活动|这场直播|这个直播|这期节目|这个节目/,
      ],
      'pt-br': [
        /\b(esta|essa) (fonte|live|transmissao|sessao|chamada)\b/,
        /\b(este|esse) (evento|space|podcast|programa|ama)\b/,
      ],
    },
  ],
  [
    'coin',
    {
      en: [/\b(this|that) (coin|token|crypto|cryptocurrency|asset|report|chart|analysis)\b/],
      zh: [/这个币种|这个币|这种币|这只币|这个代币|这份报告|这个报告|这份分析|该币/],
      'pt-br': [
        /\b(esta|essa) (moeda|cripto|criptomoeda|analise)\b/,
        /\b(este|esse) (relatorio|token|ativo|grafico|criptoativo)\b/,
      ],
    },
  ],
  [
    'any',
    {
      en: [/\b(this|that) one\b/, /\b(it|its)\b/],
      zh: [/它/],
      'pt-br': [/\b(dele|dela|nele|nela|isso|isto)\b/, /\b(este|esse|esta|essa) aqui\b/],
    },
  ],
];

// "My", or what the user follows, monitors or holds, in any language: the words that make a list
// the user's own. "I" alone is not enough ("which events should I watch" asks about everyone's).
const MINE: readonly RegExp[] = [
  /\b(my|mine)\b/,
  /\b(coins|tokens|ones|sources|spaces|events|shows|amas|podcasts) (that )?i (follow|monitor|watch|track|hold|added)\b/,
  /\b(meu|meus|minha|minhas)\b/,
  /\b(que|eu) (sigo|acompanho|monitoro|adicionei)\b/,
  /我(自己)?的|我(关注|订阅|监控|添加|持有|收藏)的|自选/,
];

/**
 * The text as the Latin patterns read it: lower case, no accents ("preço" -> "preco"), full-width
 * forms folded (NFKC), punctuation as spaces ("what's" -> "what s"), single spaces.
 */
export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function languagesFrom(locale: Locale): Locale[] {
  return [locale, ...(['en', 'zh', 'pt-br'] as const).filter((l) => l !== locale)];
}

function firstMatch(normal: string, patterns: Patterns, languages: Locale[]): Locale | null {
  for (const language of languages) {
    if (patterns[language].some((pattern) => pattern.test(normal))) return language;
  }
  return null;
}

/**
 * What `text` asks. Patterns of every language are tried (the interface language first, which
 * decides only `language` when a text matches in several). `coinsMentioned` names the coins in
 * the text (`AssistantData.coinsMentioned`); without it `coins` is empty. A text with no intent
 * keyword is `unknown`, even when it names a coin: the caller decides what to make of that.
 */
export function recognise(
  text: string,
  locale: Locale = 'en',
  coinsMentioned?: (text: string) => readonly Coin[],
): Recognition {
  const normal = normalise(text);
  const languages = languagesFrom(locale);
  const coins = coinsMentioned ? [...coinsMentioned(text)] : [];

  let intent: Intent = 'unknown';
  let language: Locale | null = null;
  for (const [candidate, patterns] of ORDER) {
    language = firstMatch(normal, patterns, languages);
    if (language) {
      intent = candidate;
      break;
    }
  }
  // Two coins in a price or change question ("price of BTC and ETH", "BTC x ETH", "BTC和ETH
  // 涨了多少") are best answered side by side.
  if ((intent === 'unknown' || intent === 'price' || intent === 'change') && coins.length >= 2) {
    intent = 'compare';
  }
  // A period alone ("ETH this week", "SOL 30天") asks how the coin moved.
  const period = PERIODS.find(([, patterns]) => firstMatch(normal, patterns, languages))?.[0];
  if (intent === 'unknown' && period !== undefined && period !== '24h') intent = 'change';
  if (intent === 'unknown') {
    language = firstMatch(normal, HELP, languages);
    if (language) intent = 'help';
  }

  return {
    intent,
    coins,
    period: period ?? null,
    topic: intent === 'report' ? (TOPICS.find(([, re]) => re.test(normal))?.[0] ?? null) : null,
    followUp: FOLLOW_UP.some((pattern) => pattern.test(normal)),
    reference:
      REFERENCES.find(([, patterns]) => firstMatch(normal, patterns, languages))?.[0] ?? null,
    mine: MINE.some((pattern) => pattern.test(normal)),
    language: language ?? locale,
  };
}
