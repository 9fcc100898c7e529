// The alert mails, in the user's language: each alert with what fired it (the figure, the line,
// the provider and the as-of time of the figure, so that the user can check it), when it fired, a
// link to the coin's or the source's page on the site, and the unsubscribe link.
import type { AlertKind, Locale } from '@coinlens/contract';

/** An alert event as a mail tells it. Times in ms. */
export interface MailEvent {
  id: number;
  kind: AlertKind;
  subject:
    | { kind: 'coin'; id: number; name: string; symbol: string; slug: string }
    | { kind: 'source'; id: number; title: string };
  line: number | null;
  keyword: string | null;
  figure: number | null;
  provider: string | null;
  asOf: number | null;
  firedAt: number;
}

export interface AlertMailInput {
  mode: 'each' | 'digest';
  locale: Locale;
  events: readonly MailEvent[];
  /** The UTC day (`YYYY-MM-DD`) of a digest. */
  day?: string;
  /** The site's public origin, without a trailing slash. */
  siteUrl: string;
  unsubscribeUrl: string;
}

interface Words {
  numberLocale: string;
  subjectOne: (headline: string) => string;
  subjectMany: (count: number) => string;
  subjectDigest: (day: string, count: number) => string;
  introOne: string;
  introMany: (count: number) => string;
  introDigest: (day: string, count: number) => string;
  kinds: Record<AlertKind, (e: { name: string; line: string; keyword: string }) => string>;
  figure: (e: { value: string; line: string; provider: string; asOf: string }) => string;
  fired: (at: string) => string;
  providers: Record<string, string>;
  why: Record<'each' | 'digest', string>;
  change: (url: string) => string;
  unsubscribe: (url: string) => string;
  more: (count: number) => string;
}

const WORDS: Record<Locale, Words> = {
  en: {
    numberLocale: 'en-US',
    subjectOne: (headline) => `Coinlens alert: ${headline}`,
    subjectMany: (count) => `Coinlens: ${count} alerts fired`,
    subjectDigest: (day, count) =>
      `Coinlens daily digest for ${day}: ${count} alert${count === 1 ? '' : 's'}`,
    introOne: 'Your alert fired:',
    introMany: (count) => `${count} of your alerts fired within a minute:`,
    introDigest: (day, count) =>
      `Your alerts that fired on ${day} (UTC): ${count} alert${count === 1 ? '' : 's'}.`,
    kinds: {
      priceAbove: ({ name, line }) => `${name}: the price reached ${line} from below`,
      priceBelow: ({ name, line }) => `${name}: the price fell to ${line}`,
      move24h: ({ name, line }) => `${name}: a 24 h move of ${line} or more`,
      rsiOverbought: ({ name }) => `${name}: the RSI crossed 70 upward`,
      rsiOversold: ({ name }) => `${name}: the RSI crossed 30 downward`,
      sma50CrossUp: ({ name }) => `${name}: the price crossed its 50-day average upward`,
      sma50CrossDown: ({ name }) => `${name}: the price crossed its 50-day average downward`,
      sourceLive: ({ name }) => `${name} is live`,
      sourceSummary: ({ name }) => `The summary of ${name} is ready`,
      sourceKeyword: ({ name, keyword }) => `“${keyword}” was said in ${name}`,
      newSourceKeyword: ({ name, keyword }) => `A new source says “${keyword}”: ${name}`,
    },
    figure: ({ value, line, provider, asOf }) =>
      `Value ${value} (line ${line}); source: ${provider}; figure as of ${asOf}.`,
    fired: (at) => `Fired ${at}.`,
    providers: { demo: 'the bundled demo data', coingecko: 'CoinGecko' },
    why: {
      each: 'You get a mail for your alerts as they fire.',
      digest: 'You get one mail a day with the alerts that fired that day.',
    },
    change: (url) =>
      `Choose a mail per alert, a daily digest or no mail in your alert settings: ${url}`,
    unsubscribe: (url) => `Stop alert mails (no sign-in needed): ${url}`,
    more: (count) => `and ${count} more`,
  },
  zh: {
    numberLocale: 'zh-CN',
    subjectOne: (headline) => `Coinlens 提醒：${headline}`,
    subjectMany: (count) => `Coinlens：${count} 条提醒已触发`,
    subjectDigest: (day, count) => `Coinlens 每日摘要（${day}）：${count} 条提醒`,
    introOne: '您的提醒已触发：',
    introMany: (count) => `您有 ${count} 条提醒在一分钟内触发：`,
    introDigest: (day, count) => `${day}（UTC）触发的提醒：共 ${count} 条。`,
    kinds: {
      priceAbove: ({ name, line }) => `${name}：价格自下而上达到 ${line}`,
      priceBelow: ({ name, line }) => `${name}：价格跌至 ${line}`,
      move24h: ({ name, line }) => `${name}：24 小时涨跌幅达到 ${line} 或以上`,
      rsiOverbought: ({ name }) => `${name}：RSI 向上突破 70`,
      rsiOversold: ({ name }) => `${name}：RSI 向下跌破 30`,
      sma50CrossUp: ({ name }) => `${name}：价格向上穿过 50 日均线`,
      sma50CrossDown: ({ name }) => `${name}：价格向下穿过 50 日均线`,
      sourceLive: ({ name }) => `${name} 已开始`,
      sourceSummary: ({ name }) => `${name} 的摘要已生成`,
      sourceKeyword: ({ name, keyword }) => `${name} 中提到了“${keyword}”`,
      newSourceKeyword: ({ name, keyword }) => `新来源提到了“${keyword}”：${name}`,
    },
    figure: ({ value, line, provider, asOf }) =>
      `数值 ${value}（提醒线 ${line}），数据来源 ${provider}，数据时间 ${asOf}。`,
    fired: (at) => `触发时间 ${at}。`,
    providers: { demo: '内置演示数据', coingecko: 'CoinGecko' },
    why: {
      each: '您的提醒触发时，您会收到邮件。',
      digest: '您每天会收到一封邮件，列出当天触发的提醒。',
    },
    change: (url) => `在提醒设置中选择每条提醒一封邮件、每日摘要或不发邮件：${url}`,
    unsubscribe: (url) => `停止接收提醒邮件（无需登录）：${url}`,
    more: (count) => `以及另外 ${count} 条`,
  },
  'pt-br': {
    numberLocale: 'pt-BR',
    subjectOne: (headline) => `Alerta do Coinlens: ${headline}`,
    subjectMany: (count) => `Coinlens: ${count} alertas disparados`,
    subjectDigest: (day, count) =>
      `Resumo diário do Coinlens de ${day}: ${count} alerta${count === 1 ? '' : 's'}`,
    introOne: 'Seu alerta disparou:',
    introMany: (count) => `${count} dos seus alertas dispararam em um minuto:`,
    introDigest: (day, count) =>
      `Seus alertas que dispararam em ${day} (UTC): ${count} alerta${count === 1 ? '' : 's'}.`,
    kinds: {
      priceAbove: ({ name, line }) => `${name}: o preço subiu até ${line}`,
      priceBelow: ({ name, line }) => `${name}: o preço caiu até ${line}`,
      move24h: ({ name, line }) => `${name}: uma variação em 24 h de ${line} ou mais`,
      rsiOverbought: ({ name }) => `${name}: o RSI cruzou 70 para cima`,
      rsiOversold: ({ name }) => `${name}: o RSI cruzou 30 para baixo`,
      sma50CrossUp: ({ name }) => `${name}: o preço cruzou a média de 50 dias para cima`,
      sma50CrossDown: ({ name }) => `${name}: o preço cruzou a média de 50 dias para baixo`,
      sourceLive: ({ name }) => `${name} começou`,
      sourceSummary: ({ name }) => `O resumo de ${name} está pronto`,
      sourceKeyword: ({ name, keyword }) => `“${keyword}” foi dito em ${name}`,
      newSourceKeyword: ({ name, keyword }) => `Uma fonte nova diz “${keyword}”: ${name}`,
    },
    figure: ({ value, line, provider, asOf }) =>
      `Valor ${value} (linha ${line}); fonte: ${provider}; dado de ${asOf}.`,
    fired: (at) => `Disparou em ${at}.`,
    providers: { demo: 'dados de demonstração incluídos', coingecko: 'CoinGecko' },
    why: {
      each: 'Você recebe um e-mail quando seus alertas disparam.',
      digest: 'Você recebe um e-mail por dia com os alertas que dispararam naquele dia.',
    },
    change: (url) =>
      `Escolha um e-mail por alerta, um resumo diário ou nenhum e-mail nas configurações de alertas: ${url}`,
    unsubscribe: (url) => `Parar os e-mails de alerta (sem precisar entrar): ${url}`,
    more: (count) => `e mais ${count}`,
  },
};

/** The site's path prefix of a language (English has none). */
export function localePrefix(locale: Locale): string {
  return locale === 'en' ? '' : `/${locale}`;
}

/** `2026-11-20 12:00:05 UTC`: one form in every language, so that it reads the same everywhere. */
export function utcTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** Which unit the figure and line of a kind are in. */
function unitOf(kind: AlertKind): 'usd' | 'percent' | 'index' | 'distance' | null {
  switch (kind) {
    case 'priceAbove':
    case 'priceBelow':
      return 'usd';
    case 'move24h':
      return 'percent';
    case 'rsiOverbought':
    case 'rsiOversold':
      return 'index';
    case 'sma50CrossUp':
    case 'sma50CrossDown':
      return 'distance';
    default:
      return null;
  }
}

/** A figure in its unit: prices as the site shows them (2 decimals from 1 up, else 4 digits). */
function formatted(value: number, unit: ReturnType<typeof unitOf>, numberLocale: string): string {
  switch (unit) {
    case 'usd': {
      const small = Math.abs(value) < 1 && value !== 0;
      return new Intl.NumberFormat(numberLocale, {
        style: 'currency',
        currency: 'USD',
        ...(small
          ? { maximumSignificantDigits: 4 }
          : { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      }).format(value);
    }
    case 'percent':
    case 'distance': {
      const text = new Intl.NumberFormat(numberLocale, { maximumFractionDigits: 2 }).format(value);
      return `${unit === 'distance' && value > 0 ? '+' : ''}${text} %`;
    }
    default:
      return new Intl.NumberFormat(numberLocale, { maximumFractionDigits: 1 }).format(value);
  }
}

/** The page of what the event is about on the site, in the user's language. */
export function eventLink(event: MailEvent, locale: Locale, siteUrl: string): string {
  const prefix = `${siteUrl}${localePrefix(locale)}`;
  return event.subject.kind === 'coin'
    ? `${prefix}/coins/${encodeURIComponent(event.subject.slug)}/`
    : `${prefix}/monitoring/detail/?id=${event.subject.id}`;
}

function headline(event: MailEvent, words: Words): string {
  const unit = unitOf(event.kind);
  const name =
    event.subject.kind === 'coin'
      ? `${event.subject.name} (${event.subject.symbol})`
      : event.subject.title;
  const line = event.line === null ? '' : formatted(event.line, unit, words.numberLocale);
  return words.kinds[event.kind]({ name, line, keyword: event.keyword ?? '' });
}

/** What fired a coin's alert: the value, the line, the provider and the figure's time. */
function figureLine(event: MailEvent, words: Words): string | null {
  if (event.figure === null) return null;
  const unit = unitOf(event.kind);
  return words.figure({
    value: formatted(event.figure, unit, words.numberLocale),
    line: event.line === null ? '' : formatted(event.line, unit, words.numberLocale),
    provider: words.providers[event.provider ?? ''] ?? event.provider ?? '',
    asOf: event.asOf === null ? '' : utcTime(event.asOf),
  });
}

function eventBlock(event: MailEvent, input: AlertMailInput, words: Words): string {
  const lines = [`• ${headline(event, words)}`];
  const figure = figureLine(event, words);
  if (figure !== null) lines.push(`  ${figure}`);
  lines.push(`  ${words.fired(utcTime(event.firedAt))}`);
  lines.push(`  ${eventLink(event, input.locale, input.siteUrl)}`);
  return lines.join('\n');
}

/** Subject and text of an alert mail. */
export function alertMail(input: AlertMailInput): { subject: string; text: string } {
  const words = WORDS[input.locale];
  const events = [...input.events].sort((a, b) => a.firedAt - b.firedAt || a.id - b.id);
  const count = events.length;
  const day = input.day ?? utcTime(events[0]?.firedAt ?? 0).slice(0, 10);
  const subject =
    input.mode === 'digest'
      ? words.subjectDigest(day, count)
      : count === 1
        ? words.subjectOne(headline(events[0]!, words))
        : words.subjectMany(count);
  const intro =
    input.mode === 'digest'
      ? words.introDigest(day, count)
      : count === 1
        ? words.introOne
        : words.introMany(count);
  const text = [
    intro,
    '',
    events.map((event) => eventBlock(event, input, words)).join('\n\n'),
    '',
    '--',
    words.why[input.mode],
    words.change(`${input.siteUrl}${localePrefix(input.locale)}/`),
    words.unsubscribe(input.unsubscribeUrl),
    '',
  ].join('\n');
  return { subject, text };
}

/** Headlines a many-alert notification lists before it says how many more there are. */
const PUSH_LISTED = 3;

/** A browser notification of what fired (Web Push's payload, shown by the site's worker). */
export interface AlertPushPayload {
  title: string;
  body: string;
  /** The page a click opens: the coin's or source's for one alert, the alerts page for more. */
  url: string;
  /** One per notification: a second push never replaces a first the user has not seen. */
  tag: string;
}

/** The notification of one user's alerts that fired together, in the browser's language. */
export function alertPush(input: {
  events: readonly MailEvent[];
  locale: Locale;
  siteUrl: string;
}): AlertPushPayload {
  const words = WORDS[input.locale];
  const events = [...input.events].sort((a, b) => a.firedAt - b.firedAt || a.id - b.id);
  const first = events[0]!;
  const tag = `coinlens-alert-${first.id}`;
  if (events.length === 1) {
    return {
      title: words.subjectOne(headline(first, words)),
      body: figureLine(first, words) ?? words.fired(utcTime(first.firedAt)),
      url: eventLink(first, input.locale, input.siteUrl),
      tag,
    };
  }
  const listed = events.slice(0, PUSH_LISTED).map((event) => `• ${headline(event, words)}`);
  const more = events.length - listed.length;
  return {
    title: words.subjectMany(events.length),
    body: [...listed, ...(more > 0 ? [words.more(more)] : [])].join('\n'),
    url: `${input.siteUrl}${localePrefix(input.locale)}/alerts/`,
    tag,
  };
}
