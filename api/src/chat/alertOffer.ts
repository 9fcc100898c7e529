// Alerts the assistant offers to make, and the user's answer. Either assistant offers an alert as a
// layer of its reply (`alertProposal`, with what it would send to POST /api/alert/add); the alert
// is made only when the user's very next message in the conversation says yes before the offer
// expires, through the alert routes' own service, so that the limit, the checks and the refusals
// are the API's. The offer lives in the conversation itself, stored with the reply: whichever API
// process answers the yes reads it from there, and a message that is neither yes nor no lets it
// lapse.
import {
  MAX_ALERTS,
  serverMessage,
  type Alert,
  type AlertAddBody,
  type AlertSubject,
  type ChatLayer,
  type ChatMessage,
  type Coin,
  type Locale,
  type MonitorSource,
} from '@coinlens/contract';
import { checkAlertInput } from '../alerts/service.js';
import { ApiError } from '../envelope.js';
import { builtinTexts } from './builtinText.js';
import { normalise } from './intents.js';
import type { AssistantData, AssistantInput, ReplyPart } from './types.js';

/** How long an offer may be taken up, in seconds. */
export const OFFER_LIFETIME_SEC = 10 * 60;

export type OfferLayer = Extract<ChatLayer, { type: 'alertProposal' }>;

export function coinSubject(coin: Coin): AlertSubject {
  return { kind: 'coin', id: coin.id, name: coin.name, symbol: coin.symbol, logo: coin.logo };
}

export function sourceSubject(source: MonitorSource): AlertSubject {
  return { kind: 'source', id: source.id, name: source.title, symbol: null, logo: source.logo };
}

/** The layer that offers `alert`, to be taken up within `OFFER_LIFETIME_SEC` from now. */
export function offerLayer(
  data: AssistantData,
  alert: AlertAddBody,
  subject: AlertSubject,
): OfferLayer {
  return { type: 'alertProposal', alert, subject, expiresAt: data.nowSec() + OFFER_LIFETIME_SEC };
}

/**
 * Why `alert` cannot be offered, in the API's own words: a value out of range, or the user's
 * alerts at the limit already. Null when it can: the service checks it all again on the yes.
 */
export async function whyNot(
  data: AssistantData,
  alert: AlertAddBody,
  locale: Locale,
): Promise<string | null> {
  try {
    checkAlertInput(alert);
  } catch (error) {
    if (error instanceof ApiError) return serverMessage(error.key, locale);
    throw error;
  }
  const alerts = (await data.alerts?.list()) ?? [];
  return alerts.length >= MAX_ALERTS ? serverMessage('alertLimit', locale) : null;
}

// Whole answers only: "yes", "ok, do it", "是的", "pode criar"; "yes, but at 55k" is neither.
// Words of every language count, whatever the interface's; politeness words are dropped first.
const POLITE = /\b(please|pls|thanks|thank you|thx|por favor|obrigad[oa]|valeu)\b|谢谢|请/g;
const YES_WORDS = [
  'yes',
  'y',
  'yeah',
  'yea',
  'yep',
  'yup',
  'sure',
  'ok',
  'okay',
  'k',
  'confirm',
  'confirmed',
  'go ahead',
  'do it',
  'please do',
  'create it',
  'make it',
  'set it',
  'set it up',
  'sounds good',
  'absolutely',
  'of course',
  'correct',
  'sim',
  's',
  'pode',
  'pode sim',
  'pode criar',
  'cria',
  'crie',
  'criar',
  'confirmo',
  'confirma',
  'confirmar',
  'claro',
  'beleza',
  'isso',
  'isso mesmo',
  'manda ver',
  'com certeza',
  'quero',
  'bora',
];
const YES_CJK = [
  '是的',
  '是',
  '好的',
  '好啊',
  '好吧',
  '好',
  '行',
  '可以',
  '确认',
  '确定',
  '对的',
  '对',
  '嗯',
  '创建吧',
  '创建',
  '设置吧',
  '没问题',
  '要',
  '当然',
];
const NO_WORDS = [
  'no',
  'n',
  'nope',
  'nah',
  'cancel',
  'cancel it',
  'don t',
  'dont',
  'do not',
  'never mind',
  'nevermind',
  'forget it',
  'stop',
  'not now',
  'no way',
  'nao',
  'cancela',
  'cancelar',
  'cancele',
  'deixa',
  'deixa pra la',
  'deixa para la',
  'esquece',
  'nao quero',
  'agora nao',
  'melhor nao',
  'negativo',
];
const NO_CJK = [
  '不用了',
  '不要了',
  '不需要',
  '不用',
  '不要',
  '不必',
  '不了',
  '先不要',
  '先不',
  '取消',
  '算了',
  '否',
  '别',
  '不',
];

/** A whole message made of these answers only (Latin words apart, Chinese ones run together). */
function answerPattern(words: readonly string[], cjk: readonly string[]): RegExp {
  return new RegExp(`^(?:(?:${words.join('|')})(?: |$)|(?:${cjk.join('|')}) ?)+$`);
}
const YES = answerPattern(YES_WORDS, YES_CJK);
const NO = answerPattern(NO_WORDS, NO_CJK);

/** What a message answers to an offer: yes, no, or neither (it is about something else). */
export function answerOf(text: string): 'yes' | 'no' | null {
  const words = normalise(text).replace(POLITE, ' ').replace(/\s+/g, ' ').trim();
  if (words === '') return null;
  if (YES.test(words)) return 'yes';
  if (NO.test(words)) return 'no';
  return null;
}

/**
 * The offer that the message answers: one carried by the assistant's reply just before it (the
 * message numbered one less), or none. A message after another one, even a second yes sent from
 * another tab at the same moment, answers no offer.
 */
export function offerAnswered(
  input: Pick<AssistantInput, 'history' | 'seqNo' | 'text'>,
): { layer: OfferLayer; offeredAt: number } | null {
  const { history, seqNo } = input;
  let previous: ChatMessage | undefined;
  if (seqNo !== undefined) {
    previous = history.find((m) => m.seqNo === seqNo - 1);
  } else {
    const last = history[history.length - 1];
    const isQuestion = last?.source === 'USER' && last.text.trim() === input.text.trim();
    previous = isQuestion ? history[history.length - 2] : last;
  }
  if (previous?.source !== 'ASSISTANT' || previous.error) return null;
  const layer = previous.layers.find((l): l is OfferLayer => l.type === 'alertProposal');
  return layer ? { layer, offeredAt: previous.timestamp } : null;
}

/**
 * The reply to a yes or a no to the offer just made: null when the message is neither, or when
 * there is no offer to answer (then the assistant answers it as any message).
 */
export function replyToOffer(input: AssistantInput): AsyncGenerator<ReplyPart> | null {
  if (!input.data.alerts) return null;
  const offer = offerAnswered(input);
  if (!offer) return null;
  const answer = answerOf(input.text);
  if (!answer) return null;
  return settle(input, offer, answer);
}

function sameAlert(alert: Alert, offered: OfferLayer): boolean {
  const { kind, value, keyword } = offered.alert;
  return (
    alert.kind === kind &&
    alert.subject?.kind === offered.subject.kind &&
    alert.subject.id === offered.subject.id &&
    alert.value === (value ?? null) &&
    alert.keyword === (keyword ?? null)
  );
}

async function* settle(
  input: AssistantInput,
  offer: { layer: OfferLayer; offeredAt: number },
  answer: 'yes' | 'no',
): AsyncGenerator<ReplyPart> {
  const { data, locale } = input;
  const alerts = data.alerts!;
  const t = builtinTexts(locale).alert;
  const what = t.describe(offer.layer.alert, offer.layer.subject);
  if (answer === 'no') {
    yield { text: t.cancelled, layers: [] };
    return;
  }
  if (data.nowSec() > offer.layer.expiresAt) {
    yield { text: t.expired, layers: [] };
    const reason = await whyNot(data, offer.layer.alert, locale);
    if (reason !== null) {
      yield { text: `\n${t.failed(reason)}`, layers: [] };
      return;
    }
    yield {
      text: `\n${t.offer(what)} ${t.ask}`,
      layers: [offerLayer(data, offer.layer.alert, offer.layer.subject)],
    };
    return;
  }
  let alert: Alert;
  try {
    // A reply that failed after the alert was made is answered again: that alert is the answer.
    const made = (await alerts.list()).find(
      (a) => sameAlert(a, offer.layer) && a.createdAt >= offer.offeredAt,
    );
    alert = made ?? (await alerts.add(offer.layer.alert, locale));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    yield { text: t.failed(serverMessage(error.key, locale)), layers: [] };
    return;
  }
  yield { text: t.made(what), layers: [{ type: 'alert', alert }] };
}
