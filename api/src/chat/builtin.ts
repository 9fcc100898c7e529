// The built-in assistant: recognises what a message asks (intents.ts), reads the numbers from
// our own data and streams a reply worded by builtinText.ts. It never makes a number up: what the
// data does not have, it says it does not have.
import type {
  AlertAddBody,
  AlertSubject,
  ChatContext,
  ChatLayer,
  ChatMessage,
  Coin,
  Locale,
  MonitorSource,
  SourceStatus,
} from '@coinlens/contract';
import { splitSentences, truncateText } from '../monitor/summarizer.js';
import { parseAlertRequest, type AlertRequest } from './alertIntent.js';
import { coinSubject, offerLayer, replyToOffer, sourceSubject, whyNot } from './alertOffer.js';
import { builtinTexts, type BuiltinTexts, type Changes, type Stamp } from './builtinText.js';
import {
  COIN_INTENTS,
  normalise,
  recognise,
  type Intent,
  type Period,
  type Recognition,
} from './intents.js';
import type { Assistant, AssistantData, AssistantInput, ReplyPart } from './types.js';

/** How many coins or sources a list answer shows. */
const LIST_SIZE = 5;
/** How long the key sentence of a source's summary may be. */
const KEY_SENTENCE_MAX_CHARS = 200;
/** How far back a follow-up looks for the coin it is about. */
const HISTORY_DEPTH = 10;
/** How long the summary of a source asked about may be. */
const SOURCE_SUMMARY_MAX_CHARS = 600;
/** Key points of a source asked about. */
const KEY_POINTS = 5;
/** The statuses of `SourceStatus` this file tells apart. */
const NOT_STARTED: SourceStatus = 1;
const LIVE: SourceStatus = 2;
const COMPLETED: SourceStatus = 5;

/** A piece of a reply before it is joined to the ones before it. */
interface Piece {
  text: string;
  layers?: ChatLayer[];
}

interface Context {
  data: AssistantData;
  locale: Locale;
  t: BuiltinTexts;
  stamp: Stamp;
  history: readonly ChatMessage[];
  /** The user's message. */
  text: string;
  /** What the user had in front of them when asking; null: nothing known. */
  page: ChatContext | null;
  /** The coin of `page`, when it names one the catalog knows. */
  pageCoin: Coin | null;
}

/** The built-in, data-grounded assistant. */
export function createBuiltinAssistant(): Assistant {
  return { reply: (input) => streamReply(input) };
}

async function* streamReply(input: AssistantInput): AsyncGenerator<ReplyPart> {
  // A yes or a no to the alert offered just before is that offer's answer, whatever its words.
  const settled = replyToOffer(input);
  if (settled) {
    yield* settled;
    return;
  }
  const { data, locale, signal } = input;
  const context: Context = {
    data,
    locale,
    t: builtinTexts(locale),
    stamp: stampOf(data),
    history: input.history,
    text: input.text,
    page: input.context ?? null,
    pageCoin: input.context?.coinId ? data.coin(input.context.coinId) : null,
  };
  let first = true;
  for await (const piece of answer(context)) {
    if (signal?.aborted) return;
    if (piece.text === '' && !piece.layers?.length) continue;
    // Each piece is a paragraph: a line break joins it to the one before, in every language.
    const text = first || piece.text === '' ? piece.text : `\n${piece.text}`;
    first = false;
    yield { text, layers: piece.layers ?? [] };
  }
}

// ---------------------------------------------------------------------------------------------
// What to answer

async function* answer(c: Context): AsyncGenerator<Piece> {
  let found = findCoins(c, c.text);
  const recognition = recognise(c.text, c.locale, () => found.coins);
  let { intent } = recognition;
  let period = recognition.period;
  let topic = recognition.topic;
  const { reference, mine } = recognition;

  // "Alert me when bitcoin drops under 60,000": before the other intents, which would read it as
  // a price question.
  const alertRequest = c.data.alerts ? parseAlertRequest(c.text, c.locale) : null;
  if (alertRequest) {
    yield* offerAlert(c, alertRequest, found, reference);
    return;
  }

  // "This event" on a source's page, "this coin" on a coin's: what the page shows, unless the
  // message names a coin itself. "It" and "this one" mean the page's coin, else its source, but
  // leave a plain "how does it work" a request for help.
  if (found.coins.length === 0 && c.page !== null && reference !== null) {
    const { sourceId } = c.page;
    if (sourceId && (reference === 'source' || (reference === 'any' && !c.pageCoin))) {
      const source = await c.data.source(sourceId);
      if (source) {
        yield* aboutSource(c, source);
        return;
      }
    }
    if (c.pageCoin && (reference === 'coin' || (reference === 'any' && intent !== 'help'))) {
      found = { coins: [c.pageCoin], ambiguous: [] };
    }
  }

  // "and ETH?" after "is BTC overbought": the same question about the coin named now; else a
  // coin named in a question not understood, or in a greeting ("hi, BTC"), asks its price.
  if ((intent === 'unknown' || intent === 'help') && found.coins.length > 0) {
    const previous = recognition.followUp ? previousQuestion(c) : null;
    if (previous && COIN_INTENTS.has(previous.intent) && previous.intent !== 'compare') {
      intent = previous.intent;
      period ??= previous.period;
      topic ??= previous.topic;
    } else {
      intent = 'price';
    }
  }

  if (COIN_INTENTS.has(intent)) {
    yield* answerAboutCoins(c, intent, found, { period, topic, reference });
    return;
  }
  switch (intent) {
    case 'watchlist':
      yield* watchlist(c);
      return;
    case 'mySources':
      yield* mySources(c);
      return;
    // "My next events", "my top movers", "my hottest spaces": the user's own coins and sources,
    // never everyone's; the same question without "my" is about everyone's.
    case 'upcomingSources':
      yield* mine ? myNextEvents(c) : upcomingSources(c);
      return;
    case 'hotCoins':
      yield* mine ? watchlist(c) : hotCoins(c);
      return;
    case 'hotSources':
      yield* mine ? mySources(c, 'heat') : hotSources(c);
      return;
    case 'help':
      yield { text: c.t.help.lead };
      yield { text: c.t.help.examples };
      return;
    default:
      yield { text: c.t.unknown.lead };
      yield { text: c.t.unknown.suggestions };
  }
}

async function* answerAboutCoins(
  c: Context,
  intent: Intent,
  found: FoundCoins,
  options: Pick<Recognition, 'period' | 'topic' | 'reference'>,
): AsyncGenerator<Piece> {
  const note = found.ambiguous.map((a) => c.t.ambiguous(a.query, a.coin)).join(' ');
  const withNote = (text: string) => (note === '' ? text : `${note} ${text}`);

  if (intent === 'compare') {
    let [a, b] = found.coins;
    // "compare this coin (or it) with ETH": the page's coin against the one named; with no
    // page, or no word pointing at it, the coin of the conversation, else the page's.
    if (a && !b) {
      const onPage =
        options.reference === 'coin' || options.reference === 'any' ? c.pageCoin : null;
      const other = onPage ?? coinFromHistory(c).coin ?? c.pageCoin;
      if (other && other.id !== a.id) [a, b] = [other, a];
    }
    if (!a) {
      const top = c.data.topCoins(LIST_SIZE);
      yield { text: c.t.askTwoCoins.lead };
      const [x, y] = top;
      yield {
        text: x && y ? c.t.askTwoCoins.hint(x, y) : '',
        layers: top.length > 0 ? [{ type: 'coins', coins: top }] : [],
      };
      return;
    }
    if (!b) {
      // Coins come once each: "BTC vs Bitcoin" names one coin.
      const only = a;
      const others = c.data.topCoins(LIST_SIZE + 1).filter((coin) => coin.id !== only.id);
      yield { text: withNote(c.t.askSecondCoin(only)) };
      yield {
        text: c.t.askCoin.hint(others.slice(0, 3)),
        layers: [{ type: 'coins', coins: others.slice(0, LIST_SIZE) }],
      };
      return;
    }
    yield* compare(c, a, b, options.period, note);
    return;
  }

  let coin = found.coins[0];
  if (!coin) {
    // The coin of the conversation, else the one on the page the question came from.
    const earlier = coinFromHistory(c);
    coin = earlier.coin ?? c.pageCoin ?? undefined;
    if (!coin) {
      const suggestions =
        earlier.candidates.length > 0 ? earlier.candidates : c.data.topCoins(LIST_SIZE);
      yield { text: c.t.askCoin.lead };
      yield {
        text: c.t.askCoin.hint(suggestions.slice(0, 3)),
        layers: suggestions.length > 0 ? [{ type: 'coins', coins: suggestions }] : [],
      };
      return;
    }
  }

  if (intent === 'change') yield* change(c, coin, options.period, note);
  else if (intent === 'report') yield* report(c, coin, options.topic, note);
  else yield* price(c, (await c.data.report(coin.id, c.locale))?.coin ?? coin, note);
}

// ---------------------------------------------------------------------------------------------
// Coins

function* price(c: Context, coin: Coin, note: string): Generator<Piece> {
  yield { text: joinSentences(c.locale, note, c.t.price.lead(coin, c.stamp)) };
  yield { text: c.t.price.details(coin), layers: [{ type: 'coins', coins: [coin] }] };
}

/**
 * A coin's price and changes as its report card shows them: the report's coin (its latest price
 * and 24 h change) and its 7- and 30-day changes, all from one history by the definitions of
 * market/figures.ts; the quote alone where there is no report.
 */
async function changesOf(
  c: Context,
  quoted: Coin,
): Promise<{ coin: Coin; changes: Changes; report: Report }> {
  const report = await c.data.report(quoted.id, c.locale);
  const coin = report?.coin ?? quoted;
  return {
    coin,
    changes: {
      '24h': finite(coin.quotes.percentChange24h),
      '7d': finite(report?.indicators.change7d),
      '30d': finite(report?.indicators.change30d),
    },
    report,
  };
}

type Report = Awaited<ReturnType<AssistantData['report']>>;

async function* change(
  c: Context,
  coin: Coin,
  period: Period | null,
  note: string,
): AsyncGenerator<Piece> {
  const { coin: shown, changes } = await changesOf(c, coin);
  const asked = period ?? '24h';
  yield {
    text: joinSentences(c.locale, note, c.t.change.lead(shown, asked, changes[asked], c.stamp)),
  };
  yield { text: c.t.change.details(changes), layers: [{ type: 'coins', coins: [shown] }] };
}

async function* compare(
  c: Context,
  a: Coin,
  b: Coin,
  period: Period | null,
  note: string,
): AsyncGenerator<Piece> {
  const [left, right] = await Promise.all([changesOf(c, a), changesOf(c, b)]);
  // The period asked, else the week, else the day: the first both coins have a number for.
  const periods: Period[] = period ? [period, '7d', '24h'] : ['7d', '24h'];
  const shared = periods.find((p) => left.changes[p] !== null && right.changes[p] !== null);
  const va = shared ? left.changes[shared] : null;
  const vb = shared ? right.changes[shared] : null;
  const lead =
    shared && va !== null && vb !== null
      ? c.t.compare.lead(left.coin, right.coin, shared, va, vb)
      : '';
  yield { text: joinSentences(c.locale, note, lead) };
  yield {
    text: c.t.compare.table(
      {
        coin: left.coin,
        changes: left.changes,
        rsi: finite(left.report?.indicators.rsi14),
        volatility: finite(left.report?.indicators.volatility30d),
      },
      {
        coin: right.coin,
        changes: right.changes,
        rsi: finite(right.report?.indicators.rsi14),
        volatility: finite(right.report?.indicators.volatility30d),
      },
      c.stamp,
    ),
    layers: [{ type: 'coins', coins: [left.coin, right.coin] }],
  };
}

async function* report(
  c: Context,
  coin: Coin,
  topic: Recognition['topic'],
  note: string,
): AsyncGenerator<Piece> {
  const found = await c.data.report(coin.id, c.locale);
  if (!found) {
    yield { text: joinSentences(c.locale, note, c.t.report.none(coin)) };
    yield* price(c, coin, '');
    return;
  }
  if (topic === null) yield { text: joinSentences(c.locale, note, c.t.report.lead(coin, c.stamp)) };
  const { indicators } = found;
  const rsi = finite(indicators.rsi14);
  const macd =
    indicators.macd &&
    Number.isFinite(indicators.macd.macd) &&
    Number.isFinite(indicators.macd.signal)
      ? { macd: indicators.macd.macd, signal: indicators.macd.signal }
      : null;
  if (topic !== null) {
    const facts = topic === 'macd' ? { topic, macd } : { topic, rsi };
    yield { text: joinSentences(c.locale, note, c.t.report.topic(coin, facts)) };
  }
  if (found.summary.trim() !== '') yield { text: found.summary.trim() };
  yield {
    text: `${c.t.report.readings(rsi, macd)}\n${c.t.report.signals(found.signals)}`,
    layers: [{ type: 'report', coinId: coin.id }],
  };
}

// ---------------------------------------------------------------------------------------------
// Lists

async function* watchlist(c: Context): AsyncGenerator<Piece> {
  const entries = await c.data.watchlist();
  if (entries.length === 0) {
    const top = c.data.topCoins(LIST_SIZE);
    yield { text: c.t.watchlist.empty };
    yield {
      text: c.t.watchlist.emptyHint,
      layers: top.length > 0 ? [{ type: 'coins', coins: top }] : [],
    };
    return;
  }
  const coins = entries.map((entry) => c.data.coin(entry.coinId) ?? entry.coin);
  yield { text: c.t.watchlist.lead(coins.length, c.stamp) };
  const lines = coins.map((coin) => c.t.watchlist.line(coin));
  const moving = coins.filter((coin) => Number.isFinite(coin.quotes.percentChange24h));
  if (moving.length >= 2) {
    const sorted = [...moving].sort(
      (x, y) => y.quotes.percentChange24h - x.quotes.percentChange24h,
    );
    const best = sorted[0];
    const worst = sorted[sorted.length - 1];
    if (best && worst) lines.push(c.t.watchlist.bestWorst(best, worst));
  }
  yield { text: lines.join('\n'), layers: [{ type: 'coins', coins }] };
}

/** What the user's sources said: newest first, or for "my hottest sources" by heat. */
async function* mySources(c: Context, order: 'newest' | 'heat' = 'newest'): AsyncGenerator<Piece> {
  const sources = await c.data.userSources();
  const newestFirst = (x: MonitorSource, y: MonitorSource) => y.time - x.time;
  const byOrder =
    order === 'heat'
      ? (x: MonitorSource, y: MonitorSource) => y.heat - x.heat || newestFirst(x, y)
      : newestFirst;
  const live = sources.filter((s) => s.status === LIVE).sort(byOrder);
  const completed = sources.filter((s) => s.status === COMPLETED).sort(byOrder);
  if (sources.length === 0) {
    const hot = await c.data.hotSources(3);
    yield { text: c.t.mySources.none };
    yield {
      text: c.t.mySources.noneHint(hot.length > 0),
      layers: hot.length > 0 ? [{ type: 'sources', sources: hot }] : [],
    };
    return;
  }
  if (completed.length === 0 && live.length === 0) {
    yield { text: c.t.mySources.noneCompleted(sources.length) };
    yield {
      text: c.t.mySources.noneCompletedHint,
      layers: [{ type: 'sources', sources: sources.slice(0, LIST_SIZE).map(plainSource) }],
    };
    return;
  }
  yield { text: order === 'heat' ? c.t.mySources.leadByHeat : c.t.mySources.lead };
  // What is on now first, then what ended.
  const listed = [...live, ...completed];
  const shown = listed.slice(0, LIST_SIZE);
  const summaries = await Promise.all(
    shown.map((s) => (s.status === COMPLETED ? c.data.sourceSummary(s.id) : null)),
  );
  const lines = shown.map((source, i) =>
    source.status === LIVE
      ? c.t.mySources.live(source)
      : c.t.mySources.line(source, keySentence(summaries[i]?.summary)),
  );
  if (listed.length > shown.length) lines.push(c.t.mySources.more(listed.length - shown.length));
  yield { text: lines.join('\n'), layers: [{ type: 'sources', sources: shown.map(plainSource) }] };
}

/** One source the user pointed at ("this event"): what it said, or how it stands. */
async function* aboutSource(c: Context, source: MonitorSource): AsyncGenerator<Piece> {
  const layers: ChatLayer[] = [{ type: 'sources', sources: [plainSource(source)] }];
  const summary = source.status === COMPLETED ? await c.data.sourceSummary(source.id) : null;
  if (!summary) {
    yield { text: c.t.source.status(source) };
    yield { text: c.t.source.here, layers };
    return;
  }
  yield { text: c.t.source.said(source) };
  yield { text: truncateText(summary.summary.trim(), SOURCE_SUMMARY_MAX_CHARS) };
  const points = summary.keyPoints
    .slice(0, KEY_POINTS)
    .map((point) => truncateText(point, KEY_SENTENCE_MAX_CHARS));
  if (summary.coins.length > 0) {
    layers.push({ type: 'coins', coins: summary.coins.slice(0, LIST_SIZE) });
  }
  yield { text: points.length > 0 ? c.t.source.keyPoints(points) : '', layers };
}

async function* upcomingSources(c: Context): AsyncGenerator<Piece> {
  const sources = await c.data.upcomingSources(LIST_SIZE);
  if (sources.length === 0) {
    yield { text: c.t.upcoming.none };
    yield { text: c.t.upcoming.noneHint };
    return;
  }
  yield { text: c.t.upcoming.lead(sources.length) };
  yield {
    text: sources.map((s) => c.t.upcoming.line(s)).join('\n'),
    layers: [{ type: 'sources', sources }],
  };
}

/**
 * The user's own next events, as the phone's list has them: of the sources the user monitors,
 * those live now (longest running first), then those still to come, soonest first. When there are
 * none, the answer says so and offers everyone's next sources, which can be added.
 */
async function* myNextEvents(c: Context): AsyncGenerator<Piece> {
  const [live, notStarted] = await Promise.all([
    c.data.userSources(LIVE),
    c.data.userSources(NOT_STARTED),
  ]);
  const soonestFirst = (x: MonitorSource, y: MonitorSource) => x.time - y.time || x.id - y.id;
  const listed = [
    ...live.filter((s) => s.status === LIVE).sort(soonestFirst),
    ...notStarted.filter((s) => s.status === NOT_STARTED).sort(soonestFirst),
  ];
  if (listed.length === 0) {
    const [monitored, everyones] = await Promise.all([
      c.data.userSources(),
      c.data.upcomingSources(3),
    ]);
    const offered = everyones.length > 0;
    yield {
      text:
        monitored.length === 0
          ? c.t.mySources.none
          : c.t.myNextEvents.noneScheduled(monitored.length),
    };
    yield {
      text:
        monitored.length === 0
          ? c.t.myNextEvents.noneHint(offered)
          : c.t.myNextEvents.noneScheduledHint(offered),
      layers: offered ? [{ type: 'sources', sources: everyones.map(plainSource) }] : [],
    };
    return;
  }
  const shown = listed.slice(0, LIST_SIZE);
  const lines = shown.map((s) =>
    s.status === LIVE ? c.t.myNextEvents.live(s) : c.t.upcoming.line(s),
  );
  if (listed.length > shown.length) lines.push(c.t.mySources.more(listed.length - shown.length));
  yield { text: c.t.myNextEvents.lead(shown.length) };
  yield { text: lines.join('\n'), layers: [{ type: 'sources', sources: shown.map(plainSource) }] };
}

function* hotCoins(c: Context): Generator<Piece> {
  const coins = c.data.hotCoins(LIST_SIZE);
  if (coins.length === 0) {
    yield { text: c.t.hotCoins.none };
    yield { text: c.t.hotCoins.noneHint };
    return;
  }
  yield { text: c.t.hotCoins.lead(c.stamp) };
  yield {
    text: coins.map((coin) => c.t.hotCoins.line(coin)).join('\n'),
    layers: [{ type: 'coins', coins }],
  };
}

async function* hotSources(c: Context): AsyncGenerator<Piece> {
  const sources = await c.data.hotSources(LIST_SIZE);
  if (sources.length === 0) {
    yield { text: c.t.hotSources.none };
    yield { text: c.t.hotSources.noneHint };
    return;
  }
  yield { text: c.t.hotSources.lead };
  yield {
    text: sources.map((s) => c.t.hotSources.line(s)).join('\n'),
    layers: [{ type: 'sources', sources }],
  };
}

// ---------------------------------------------------------------------------------------------
// Alerts

/**
 * Offers the alert a message asks for (alertOffer.ts makes it on the user's yes), or asks what is
 * missing: the coin, the event, the price, the side. The coin is the one named (of namesakes, one
 * the user follows first), else the one pointed at or talked about, as for any coin question.
 */
async function* offerAlert(
  c: Context,
  request: AlertRequest,
  found: FoundCoins,
  reference: Recognition['reference'],
): AsyncGenerator<Piece> {
  const t = c.t.alert;
  if (request.otherCurrency) {
    yield { text: t.otherCurrency };
    return;
  }
  let target = request.target;
  if (target === 'sourceLive' || target === 'sourceSummary') {
    const pointsAtCoin = found.coins.length > 0 || reference === 'coin';
    const sourceId = pointsAtCoin ? undefined : c.page?.sourceId;
    const source = sourceId ? await c.data.source(sourceId) : null;
    if (source) {
      yield* offer(c, { kind: target, sourceId: source.id }, sourceSubject(source), null);
      return;
    }
    // "Alert me when bitcoin starts to drop": a coin's price, its line to be asked.
    if (!pointsAtCoin) {
      yield { text: t.askSource };
      return;
    }
    target = 'price';
  }

  if (found.coins.length > 1) {
    yield { text: t.oneCoin, layers: [{ type: 'coins', coins: found.coins.slice(0, LIST_SIZE) }] };
    return;
  }
  let coin = found.coins[0] ?? null;
  let note = '';
  if (coin) {
    const ambiguous = found.ambiguous.find((a) => a.coin.id === coin?.id);
    if (ambiguous) {
      const followed = await followedNamesake(c, ambiguous.query);
      if (followed) coin = followed;
      else note = c.t.ambiguous(ambiguous.query, coin);
    }
  } else {
    const onPage = reference === 'coin' || reference === 'any' ? c.pageCoin : null;
    coin = onPage ?? coinFromHistory(c).coin ?? c.pageCoin;
  }
  if (!coin) {
    // The user's own coins to pick from, else the largest.
    const followed = (await c.data.watchlist()).map((e) => c.data.coin(e.coinId) ?? e.coin);
    const offered = (followed.length > 0 ? followed : c.data.topCoins(LIST_SIZE)).slice(
      0,
      LIST_SIZE,
    );
    yield {
      text: t.askCoin,
      layers: offered.length > 0 ? [{ type: 'coins', coins: offered }] : [],
    };
    return;
  }
  coin = c.data.coin(coin.id) ?? coin;

  let alert: AlertAddBody;
  switch (target) {
    case 'price': {
      const price = coin.quotes.price;
      if (request.value === null) {
        yield { text: joinSentences(c.locale, note, t.askPrice(coin, exampleLine(price))) };
        return;
      }
      // "Hits 60,000": the side the price is not on now.
      const side = request.direction ?? (request.value < price ? 'below' : 'above');
      alert = {
        kind: side === 'above' ? 'priceAbove' : 'priceBelow',
        coinId: coin.id,
        value: request.value,
      };
      break;
    }
    case 'move':
      alert = { kind: 'move24h', coinId: coin.id, value: request.value ?? 0 };
      break;
    case 'rsi':
    case 'sma50':
      if (request.direction === null) {
        yield { text: joinSentences(c.locale, note, t.askSide(target, coin)) };
        return;
      }
      alert = {
        kind:
          target === 'rsi'
            ? request.direction === 'above'
              ? 'rsiOverbought'
              : 'rsiOversold'
            : request.direction === 'above'
              ? 'sma50CrossUp'
              : 'sma50CrossDown',
        coinId: coin.id,
      };
      break;
  }
  yield* offer(c, alert, coinSubject(coin), { coin, note });
}

/** Offers `alert`, or says in the API's words why it cannot be made. */
async function* offer(
  c: Context,
  alert: AlertAddBody,
  subject: AlertSubject,
  about: { coin: Coin; note: string } | null,
): AsyncGenerator<Piece> {
  const t = c.t.alert;
  const reason = await whyNot(c.data, alert, c.locale);
  if (reason !== null) {
    yield { text: joinSentences(c.locale, about?.note ?? '', t.failed(reason)) };
    return;
  }
  const what = t.describe(alert, subject);
  const lead = [about?.note ?? '', t.offer(what)];
  if (about && (alert.kind === 'priceAbove' || alert.kind === 'priceBelow')) {
    const price = about.coin.quotes.price;
    const line = alert.value ?? 0;
    const past = alert.kind === 'priceAbove' ? price >= line : price <= line;
    lead.push(t.priceNow(about.coin, c.stamp, past));
  }
  yield { text: joinSentences(c.locale, ...lead) };
  yield { text: t.ask, layers: [offerLayer(c.data, alert, subject)] };
}

/** Of the coins that go by `query`, the one the user follows; null when none is followed. */
async function followedNamesake(c: Context, query: string): Promise<Coin | null> {
  const lower = query.toLowerCase();
  const followed = new Set((await c.data.watchlist()).map((e) => e.coinId));
  return (
    c.data
      .searchCoins(query, 10)
      .find(
        (coin) =>
          (coin.symbol.toLowerCase() === lower || coin.name.toLowerCase() === lower) &&
          followed.has(coin.id),
      ) ?? null
  );
}

/** A round price a tenth under `price`, to show how an alert is asked for. */
function exampleLine(price: number): number {
  if (!(price > 0)) return 1;
  const target = price * 0.9;
  const step = 10 ** Math.floor(Math.log10(target));
  return Math.max(step, Math.round(target / step) * step);
}

// ---------------------------------------------------------------------------------------------
// Coins named, and coins meant

/** Words of English and Portuguese questions that are also tickers somewhere (ONE, ME, AI...). */
const NOT_TICKERS = new Set(
  (
    'a about ai all am an and any are as at be big but by can cat coin coins do dog for fun gas ' +
    'get go good he hi hot how i if in is it its me much my new no not now of ok on one or out ' +
    'price so sun that the this to up us vs we what when which who why win with yes you your ' +
    'week month day today rsi macd analysis report news' +
    ' o a os as um uma de do da dos das em no na e ou que qual quanto como foi esta preco moeda ' +
    'hoje semana mes dia sobre meu minha' +
    // Words of alert requests ("alert me when btc drops under 60k", "me avise quando o eth cair").
    ' alert alerts notify remind tell let know drop drops fall falls dip dips under below above ' +
    'over rise rises hit hits reach reaches goes move moves cross crosses live starts ends yes ' +
    'avise avisa alerta quando cair cai abaixo acima subir sobe passar mil sim nao'
  ).split(' '),
);

interface FoundCoins {
  coins: Coin[];
  /** Names that several coins go by, with the one taken. */
  ambiguous: { query: string; coin: Coin }[];
}

/**
 * The coins a message names: `coinsMentioned` (names in any case, tickers in capitals), else
 * tickers typed in lower case ("price of btc"). Where several coins share the ticker or name
 * typed, the highest ranked is taken.
 */
function findCoins(c: Context, text: string): FoundCoins {
  const words = normalise(text).split(' ');
  let coins = c.data.coinsMentioned(text);
  if (coins.length === 0) {
    coins = words
      .filter((w) => /^[a-z][a-z0-9]{1,9}$/.test(w) && !NOT_TICKERS.has(w))
      .flatMap((w) =>
        c.data
          .searchCoins(w, LIST_SIZE)
          .filter((coin) => coin.symbol.toLowerCase() === w)
          .slice(0, 1),
      );
  }
  const ambiguous: FoundCoins['ambiguous'] = [];
  const picked: Coin[] = [];
  for (const coin of coins) {
    const symbol = coin.symbol.toLowerCase();
    const query = words.includes(symbol) ? coin.symbol : coin.name;
    const lower = query.toLowerCase();
    const namesakes = c.data
      .searchCoins(query, 10)
      .filter(
        (other) => (query === coin.symbol ? other.symbol : other.name).toLowerCase() === lower,
      );
    let chosen = coin;
    if (namesakes.length > 1) {
      chosen = namesakes.reduce((best, other) => (other.rank < best.rank ? other : best), coin);
      ambiguous.push({
        query: query === coin.symbol ? coin.symbol.toUpperCase() : coin.name,
        coin: chosen,
      });
    }
    if (!picked.some((p) => p.id === chosen.id)) picked.push(chosen);
  }
  return { coins: picked, ambiguous };
}

/** The earlier messages, without the current question if the history already holds it. */
function earlierMessages(c: Context): readonly ChatMessage[] {
  const last = c.history[c.history.length - 1];
  const withoutCurrent =
    last && last.source === 'USER' && last.text.trim() === c.text.trim()
      ? c.history.slice(0, -1)
      : c.history;
  return withoutCurrent.slice(-HISTORY_DEPTH);
}

/**
 * The coin a follow-up is about: the newest of a report layer, a one-coin layer of an answer, or
 * a coin named in a question. An answer about several coins (a comparison, a list) leaves it open:
 * they are offered to choose from.
 */
function coinFromHistory(c: Context): { coin: Coin | null; candidates: Coin[] } {
  const messages = earlierMessages(c);
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (!message) continue;
    if (message.source === 'ASSISTANT') {
      for (const layer of [...message.layers].reverse()) {
        if (layer.type === 'report') {
          const coin = c.data.coin(layer.coinId);
          if (coin) return { coin, candidates: [] };
        }
      }
      const coinLayers = message.layers.filter((l) => l.type === 'coins');
      const last = coinLayers[coinLayers.length - 1];
      if (last) {
        const [only, ...more] = last.coins;
        if (only && more.length === 0)
          return { coin: c.data.coin(only.id) ?? only, candidates: [] };
        if (only) return { coin: null, candidates: last.coins.map((x) => c.data.coin(x.id) ?? x) };
      }
    } else if (message.source === 'USER') {
      const named = c.data.coinsMentioned(message.text)[0];
      if (named) return { coin: named, candidates: [] };
    }
  }
  return { coin: null, candidates: [] };
}

/** What the user's previous question asked, for "and ETH?". */
function previousQuestion(c: Context): Recognition | null {
  const messages = earlierMessages(c);
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.source === 'USER') return recognise(message.text, c.locale);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Small helpers

/** Where the market numbers come from and how old they are, as the replies state it. */
function stampOf(data: AssistantData): Stamp {
  const market = data.market();
  return {
    nowSec: data.nowSec(),
    asOfSec: market.asOf,
    source: market.source,
    stale: market.stale,
  };
}

function finite(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Sentences in a row: with a space between them, but none in Chinese. */
function joinSentences(locale: Locale, ...sentences: string[]): string {
  return sentences.filter((s) => s !== '').join(locale === 'zh' ? '' : ' ');
}

/** The first sentence of a summary, cut to a readable length; null when there is none. */
function keySentence(summary: string | undefined): string | null {
  const first = summary ? splitSentences(summary)[0] : undefined;
  return first ? truncateText(first, KEY_SENTENCE_MAX_CHARS) : null;
}

/** A user's source as the `sources` layer carries it, without the per-user fields. */
function plainSource(
  source: MonitorSource & { addedAt?: number; unread?: boolean },
): MonitorSource {
  const { id, logo, author, title, status, time, heat, link } = source;
  return { id, logo, author, title, status, time, heat, link };
}
