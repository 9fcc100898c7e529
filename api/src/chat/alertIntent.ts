// Whether a chat message asks for an alert, and on what: "alert me when bitcoin drops under
// 60,000", "以太坊涨到4000提醒我", "avise-me quando o bitcoin cair abaixo de 60.000". Words of every
// language are tried (people type in the language they think in); numbers are read with the
// conventions of the language the request is in (60,000 / 60.000 / 6万 / 60k / 六万). Which coin
// or source the alert is about is left to the assistant, which knows the catalog and the page.
import type { Locale } from '@coinlens/contract';

/** What the alert watches: a price line, a 24 h move, the RSI, the 50-day average, a source. */
export type AlertTarget = 'price' | 'move' | 'rsi' | 'sma50' | 'sourceLive' | 'sourceSummary';

export interface AlertRequest {
  target: AlertTarget;
  /**
   * The side the words name ("under", "跌破", "acima de"); null when they name none, as "hits",
   * "到" or "atingir" do (then the side is the one the price is not on now).
   */
  direction: 'above' | 'below' | null;
  /** The price in US dollars, or the move in percent; null when the message gives none. */
  value: number | null;
  /** The price is in another currency (R$, 元, €), while alerts watch US dollar prices. */
  otherCurrency: boolean;
  /** The language whose words made it a request. */
  language: Locale;
}

type Patterns = Record<Locale, readonly RegExp[]>;

// Patterns run on the text in lower case without accents ("não" reads "nao"), with its
// punctuation kept for the numbers, so they are written without accents.

/** Asking to be told, in so many words: enough for any alert, a source's included. */
const ASK: Patterns = {
  en: [
    /\b(alert|notify|ping|warn|email|message) me\b/,
    /\bremind me (when|if|once|as soon as)\b/,
    /\b(set|create|make|add|put|setup)( me)?( up)?( an?| the| one| my)?( price)? (alert|notification|reminder)\b/,
    /\b(alert|notification)s? (when|if|once|for)\b/,
  ],
  zh: [/提醒|通知我|预警|报警/],
  'pt-br': [
    /\b(avise|avisa|avisar|notifique|notifica|notificar|alerte|alertar)\b/,
    /\bme (alerta|lembre|lembra) (quando|se|assim que)\b/,
    /\b(lembre|lembra)-me (quando|se|assim que)\b/,
    /\b(crie|criar|cria|configure|configurar|coloque|colocar|quero|faca|fazer)( um| uma)? (alerta|aviso|notificacao|lembrete)\b/,
    /\balertas? (quando|se|para|pra)\b/,
  ],
};

/** Looser ways to ask, read as a request only with a line to watch (a number). */
const ASK_LOOSELY: Patterns = {
  en: [/\blet me know\b/, /\btell me (when|if|once)\b/, /\bgive me a (shout|heads up)\b/],
  zh: [/告诉我|叫我|通知一下|提示我/],
  'pt-br': [/\bme (fala|fale|diga|diz|chama|chame|manda|mande)\b/],
};

/**
 * A message that is only the condition ("when ETH goes above 4k", "以太坊涨到4000时"), read as a
 * request when it names a side and a line, and is no question ("when did ETH go above 4k?").
 */
const CONDITION: Patterns = {
  en: [
    /^(when|if|once|as soon as) (?!(did|was|were|is|are|will|does|do|has|have|had|would|could|should|can)\b)/,
  ],
  zh: [/^(当|如果|一旦|等)/, /(时|的时候)$/],
  'pt-br': [/^(quando|se|assim que) (?!(foi|era|e|sera|vai|ira|esta|estava|estiver|tinha|teve)\b)/],
};
const QUESTION = /[?？]$|吗$|呢$|什么时候|多少/;

/** Words that put the line below the price now. */
const BELOW: Patterns = {
  en: [
    /\b(under|below|beneath|less than|lower than|down to|(drop|drops|dropped|fall|falls|fell|dip|dips|sink|sinks|crash|crashes|tank|tanks|decline|declines|go|goes) (down )?to)\b/,
    /</,
  ],
  zh: [
    /跌破|跌到|跌至|跌下|跌穿|跌回|跌|低于|小于|低过|降到|降至|降破|掉到|掉至|掉破|回落到|回落至|不到|以下|之下/,
  ],
  'pt-br': [
    /\b(abaixo|menos de|menor que|inferior a|(cair|cai|caia|baixar|baixe|descer|desca|recuar|recue) (para|pra|a|ate|abaixo))\b/,
  ],
};

/** Words that put the line above the price now. */
const ABOVE: Patterns = {
  en: [
    /\b(above|over|more than|higher than|exceeds?|exceeded|tops|breaks|passes|surpass(es)?|up to|(rise|rises|rose|climb|climbs|jump|jumps|pump|pumps|rally|rallies|moon|moons|go|goes) (up )?to)\b/,
    />/,
  ],
  zh: [
    /涨破|涨到|涨至|涨过|涨上|涨|突破|高于|大于|超过|站上|升到|升至|上涨|冲到|冲上|冲破|以上|之上/,
  ],
  'pt-br': [
    /\b(acima|mais de|maior que|superior a|passar de|passar dos|ultrapassar|ultrapassa|superar|supera|romper|rompe|(subir|sobe|suba|chegar) (para|pra|a|acima))\b/,
  ],
};

/** Words after a number that say the side: "60,000 or less", "6万以下", "60.000 ou mais". */
const BELOW_AFTER = /^\s*(or (less|lower|below)|ou (menos|abaixo)|以下|之下|或更低)/;
const ABOVE_AFTER = /^\s*(or (more|higher|above)|ou (mais|acima)|以上|之上|或更高)/;

/** A move of the price: "drops", "涨", "cair", with or without a line. */
const MOVE_WORDS: Patterns = {
  en: [
    /\b(drop|drops|fall|falls|dip|dips|crash|crashes|rise|rises|climb|climbs|pump|pumps|dump|dumps|move|moves|goes|hits|reaches|breaks|swings?|changes?|jumps?)\b/,
  ],
  zh: [/跌|涨|突破|到达|达到|波动|变动/],
  'pt-br': [
    /\b(cair|cai|caia|subir|sobe|suba|atingir|atinge|chegar|bater|bate|variar|varia|oscilar|romper|passar)\b/,
  ],
};

const RSI = /\brsi\b|overbought|oversold|sobrecomprad|sobrevendid|sobrecompra|sobrevenda|超买|超卖/;
const RSI_HIGH = /overbought|sobrecomprad|sobrecompra|超买/;
const RSI_LOW = /oversold|sobrevendid|sobrevenda|超卖/;
const SMA50 =
  /\b(50|fifty)[- ]?(day|d)\b|\bsma ?50\b|\bma ?50\b|\bmedia (movel )?de 50\b|50日均线|50天均线|五十日均线/;
/** Crossing a line, with no side named: the side is then asked. */
const CROSS = /\bcross(es|ing)?\b|\bcruz(ar|a|e)\b|穿/;

/** A source going live, and a source ending (its summary then follows). */
const SOURCE_LIVE: Patterns = {
  en: [/\b(goes live|go live|is live|starts|start|starting|begins|begin|kicks off)\b/],
  zh: [/开播|开始|直播/],
  'pt-br': [/\b(comecar|comeca|comece|iniciar|inicia|inicie|ao vivo|entrar no ar)\b/],
};
const SOURCE_END: Patterns = {
  en: [/\b(ends|end|ended|is over|finishes|finish|wraps up|summary|summarised|summarized)\b/],
  zh: [/结束|总结|摘要|完结/],
  'pt-br': [/\b(terminar|termina|termine|acabar|acaba|acabe|encerrar|encerra|encerre|resumo)\b/],
};

/** Asking for an alert by its name, which is enough to ask what it should watch. */
const ALERT_NOUN =
  /\b(an?|the|one|price) (alert|notification)\b|\b(um|uma) (alerta|aviso|notificacao)\b|设置提醒|设个提醒|价格提醒|预警/;

const LATIN_NUMBER_LOCALES: Record<Locale, { thousands: string; decimal: string }> = {
  en: { thousands: ',', decimal: '.' },
  zh: { thousands: ',', decimal: '.' },
  'pt-br': { thousands: '.', decimal: ',' },
};

const MULTIPLIERS: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  mil: 1e3,
  千: 1e3,
  万: 1e4,
  萬: 1e4,
  m: 1e6,
  mm: 1e6,
  mi: 1e6,
  million: 1e6,
  millions: 1e6,
  milhao: 1e6,
  milhoes: 1e6,
  百万: 1e6,
  亿: 1e8,
  億: 1e8,
};

// A number, its multiplier, a percent sign, and the currency before or after it. Alternatives are
// tried in order: "美元" before "元", "mil" before "m".
const NUMBER = new RegExp(
  [
    String.raw`(us\$|u\$s|usd|r\$|\$|€|¥|eur)?\s*`,
    String.raw`(\d+(?:[.,]\d+)*)`,
    String.raw`(?:\s*(thousand|millions?|milhao|milhoes|mil|mm|mi|百万|千|万|萬|亿|億|k|m)(?![a-z]))?`,
    String.raw`(\s*(?:%|percent|per cent|por cento|pct))?`,
    String.raw`(?:\s*(usd|us dollars?|dollars?|dolares|dolar|bucks|美元|美金|刀|人民币|rmb|cny|元|块|reais|real|brl|euros?|eur)(?![a-z]))?`,
  ].join(''),
  'g',
);

/** What follows a number that makes it a period or a count, not a line ("24h", "50-day", "7天"). */
const NOT_A_LINE =
  /^\s*-?\s*(h|hr|hrs|hours?|horas?|d|days?|dias?|weeks?|semanas?|min|mins|minutes?|minutos?|小时|天|日|周|分钟|个?月)(?![a-z])/;

const FOREIGN = /^(r\$|€|¥|eur|人民币|rmb|cny|元|块|reais|real|brl|euros?)$/;

const CHINESE_DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const CHINESE_UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1e3 };
const CHINESE_BIG_UNITS: Record<string, number> = { 万: 1e4, 亿: 1e8 };

/** A number written in Chinese characters ("六万", "十万", "四千五", "三点五万"); null if it is none. */
export function chineseNumber(text: string): number | null {
  const point = /^(.+)点([零〇一二两三四五六七八九]+)([万亿])?$/.exec(text);
  if (point) {
    const [, head = '', decimals = '', unit] = point;
    const whole = chineseNumber(head);
    if (whole === null) return null;
    const fraction = Number(`0.${[...decimals].map((c) => CHINESE_DIGITS[c]).join('')}`);
    return (whole + fraction) * (unit ? CHINESE_BIG_UNITS[unit]! : 1);
  }
  let total = 0;
  let section = 0;
  let digit: number | null = null;
  let lastUnit = 1;
  for (const char of text) {
    if (char in CHINESE_DIGITS) {
      if (digit !== null) return null;
      digit = CHINESE_DIGITS[char]!;
    } else if (char in CHINESE_UNITS) {
      const unit = CHINESE_UNITS[char]!;
      section += (digit ?? 1) * unit;
      digit = null;
      lastUnit = unit;
    } else if (char in CHINESE_BIG_UNITS) {
      const unit = CHINESE_BIG_UNITS[char]!;
      total += (section + (digit ?? 0)) * unit;
      if (section === 0 && digit === null && total === 0) return null;
      section = 0;
      digit = null;
      lastUnit = unit;
    } else {
      return null;
    }
  }
  // "四千五" is 4,500 and "六万五" 65,000: a last digit counts in the unit below the last one.
  if (digit !== null) section += lastUnit >= 10 ? digit * (lastUnit / 10) : digit;
  return total + section;
}

/** A run of digits and separators read by the conventions of `language`; null when malformed. */
export function readDecimal(digits: string, language: Locale): number | null {
  const { thousands, decimal } = LATIN_NUMBER_LOCALES[language];
  const dots = digits.split('.').length - 1;
  const commas = digits.split(',').length - 1;
  let plain: string;
  if (dots > 0 && commas > 0) {
    // Both: the last one is the decimal mark ("1,234.56", "1.234,56").
    const mark = digits.lastIndexOf('.') > digits.lastIndexOf(',') ? '.' : ',';
    const other = mark === '.' ? ',' : '.';
    if (digits.split(mark).length > 2) return null;
    plain = digits.replaceAll(other, '').replace(mark, '.');
  } else if (dots + commas === 0) {
    plain = digits;
  } else {
    const mark = dots > 0 ? '.' : ',';
    const groups = digits.split(mark);
    const [head = '', tail = ''] = groups;
    if (groups.length > 2) {
      // "60.000.000", "1,000,000": only grouping.
      if (groups.slice(1).some((g) => g.length !== 3)) return null;
      plain = groups.join('');
    } else if (tail.length !== 3 || /^0+$/.test(head)) {
      // "60.5", "0,125": a decimal mark, as a group always has three digits.
      plain = `${head}.${tail}`;
    } else if (mark === thousands || tail === '000') {
      // "60,000" in English and "60.000" in Portuguese group thousands; so does "60.000" in
      // English, as nobody writes a price with three decimal zeros.
      plain = `${head}${tail}`;
    } else {
      plain = mark === decimal ? `${head}.${tail}` : `${head}${tail}`;
    }
  }
  const value = Number(plain);
  return Number.isFinite(value) ? value : null;
}

interface FoundNumber {
  value: number;
  percent: boolean;
  otherCurrency: boolean;
  start: number;
  end: number;
}

/** The numbers of a text that can be a line: not a period ("24h", "50-day") nor part of a word. */
function numbersIn(text: string, language: Locale): FoundNumber[] {
  const found: FoundNumber[] = [];
  for (const match of text.matchAll(NUMBER)) {
    const [whole, before, digits = '', unit, percent, after] = match;
    const start = match.index;
    const end = start + whole.length;
    const digitsAt = start + whole.indexOf(digits);
    if (
      /[\p{L}\d]/u.test(text[digitsAt - 1] ?? '') &&
      !/[\u4e00-\u9fff]/u.test(text[digitsAt - 1] ?? '')
    ) {
      continue;
    }
    if (!unit && !percent && !after && NOT_A_LINE.test(text.slice(digitsAt + digits.length))) {
      continue;
    }
    const read = readDecimal(digits, language);
    if (read === null) continue;
    found.push({
      value: read * (unit ? (MULTIPLIERS[unit] ?? 1) : 1),
      percent: Boolean(percent),
      otherCurrency: FOREIGN.test(before ?? '') || FOREIGN.test(after ?? ''),
      start,
      end: end - whole.length + whole.trimEnd().length,
    });
  }
  // Numbers in Chinese characters: "六万", "十万", "百分之五".
  for (const match of text.matchAll(
    /(百分之)?([零〇一二两三四五六七八九十][零〇一二两三四五六七八九十百千万亿点]+|[一二两三四五六七八九十])(美元|美金|刀|元|块)?/g,
  )) {
    const [whole, percent, digits = '', after] = match;
    // A lone digit is a number only as a percent ("百分之五"); "一下" is not one.
    if (digits.length === 1 && !percent) continue;
    const value = chineseNumber(digits);
    if (value === null || value === 0) continue;
    if (!percent && NOT_A_LINE.test(text.slice(match.index + whole.length))) continue;
    found.push({
      value,
      percent: Boolean(percent),
      otherCurrency: after === '元' || after === '块',
      start: match.index,
      end: match.index + whole.length,
    });
  }
  for (const match of text.matchAll(/百分之(\d+(?:\.\d+)?)/g)) {
    found.push({
      value: Number(match[1]),
      percent: true,
      otherCurrency: false,
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** Where the last match of any pattern ends in `text`, or -1. */
function lastEnd(text: string, patterns: Patterns): number {
  let at = -1;
  for (const list of Object.values(patterns)) {
    for (const pattern of list) {
      const global = new RegExp(pattern.source, 'g');
      for (const match of text.matchAll(global)) at = Math.max(at, match.index + match[0].length);
    }
  }
  return at;
}

/** The side the words around a number name, the nearest word before it winning. */
function sideOf(text: string, number: FoundNumber): 'above' | 'below' | null {
  const before = text.slice(0, number.start);
  const below = lastEnd(before, BELOW);
  const above = lastEnd(before, ABOVE);
  if (below >= 0 || above >= 0) return below > above ? 'below' : 'above';
  const after = text.slice(number.end);
  if (BELOW_AFTER.test(after)) return 'below';
  if (ABOVE_AFTER.test(after)) return 'above';
  return null;
}

function sideInWords(text: string): 'above' | 'below' | null {
  const below = lastEnd(text, BELOW);
  const above = lastEnd(text, ABOVE);
  if (below < 0 && above < 0) return null;
  return below > above ? 'below' : 'above';
}

function firstLanguage(text: string, patterns: Patterns, languages: Locale[]): Locale | null {
  return languages.find((l) => patterns[l].some((pattern) => pattern.test(text))) ?? null;
}

/** The text as the patterns read it: lower case, full-width forms folded, no accents. */
function folded(text: string): string {
  return text
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[‐‑–—]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The alert `text` asks for, or null when it asks for none. A request needs words asking to be
 * told ("alert me", "提醒我", "me avise") and something to watch: a price line, a move in
 * percent, the RSI, the 50-day average, or a source going live or ending. "Let me know" and
 * "告诉我" count only with a number, as they also ask questions ("tell me when it starts").
 */
export function parseAlertRequest(text: string, locale: Locale = 'en'): AlertRequest | null {
  const normal = folded(text);
  const languages: Locale[] = [
    locale,
    ...(['en', 'zh', 'pt-br'] as const).filter((l) => l !== locale),
  ];
  const asked = firstLanguage(normal, ASK, languages);
  const loosely = asked ? null : firstLanguage(normal, ASK_LOOSELY, languages);
  const conditional =
    asked || loosely || QUESTION.test(normal) ? null : firstLanguage(normal, CONDITION, languages);
  const language = asked ?? loosely ?? conditional;
  if (!language) return null;

  const numbers = numbersIn(normal, language);
  const percent = numbers.find((n) => n.percent);
  const base = { otherCurrency: false, language };

  if (RSI.test(normal)) {
    const side = RSI_HIGH.test(normal)
      ? 'above'
      : RSI_LOW.test(normal)
        ? 'below'
        : (sideInWords(normal) ??
          (numbers[0] ? (numbers[0].value >= 50 ? 'above' : 'below') : null));
    // "Remind me what RSI means" asks for no alert.
    if (side !== null) return { ...base, target: 'rsi', direction: side, value: null };
  } else if (SMA50.test(normal)) {
    const side = sideInWords(normal);
    if (side !== null || CROSS.test(normal)) {
      return { ...base, target: 'sma50', direction: side, value: null };
    }
  } else if (percent) {
    return { ...base, target: 'move', direction: null, value: percent.value };
  } else {
    const line = numbers.find((n) => sideOf(normal, n) !== null) ?? numbers[numbers.length - 1];
    const side = line ? sideOf(normal, line) : null;
    if (line && (side !== null || !conditional)) {
      return {
        target: 'price',
        direction: side,
        value: line.value,
        otherCurrency: line.otherCurrency,
        language,
      };
    }
  }
  if (!asked) return null;
  const ends = firstLanguage(normal, SOURCE_END, languages);
  if (ends) return { ...base, target: 'sourceSummary', direction: null, value: null };
  const live = firstLanguage(normal, SOURCE_LIVE, languages);
  if (live) return { ...base, target: 'sourceLive', direction: null, value: null };
  // "Alert me when bitcoin drops", "set an alert for ETH": a price alert, its line to be asked.
  if (firstLanguage(normal, MOVE_WORDS, languages) || ALERT_NOUN.test(normal)) {
    return { ...base, target: 'price', direction: sideInWords(normal), value: null };
  }
  return null;
}
