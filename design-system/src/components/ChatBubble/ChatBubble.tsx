import {
  chakra,
  type HTMLChakraProps,
  type SystemStyleObject,
} from '@chakra-ui/react/styled-system';
import type * as Contract from '@coinlens/contract';
import {
  createContext,
  forwardRef,
  Fragment,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { formatPrice } from '../../format/price';
import { Logo } from '../Logo';
import { PriceChange } from '../PriceChange';
import { chatBubbleRecipe } from './ChatBubble.recipe';
import { ErrorIcon, RetryIcon, ReportIcon, ExternalIcon } from '../../icons/icons';
import { useSlotClasses } from '../../hooks/useSlotClasses';
import { ALERT_KINDS } from '../../alerts/kinds';
import {
  AlertCreatedCard,
  AlertProposalCard,
  isPlainClick,
  type ChatBubbleAlertAnswer,
  type ChatBubbleAlertLabels,
  type ChatLayerAlertProposal,
} from './ChatBubbleAlertCards';

export type {
  ChatBubbleAlertAnswer,
  ChatBubbleAlertLabels,
  ChatLayerAlert,
  ChatLayerAlertProposal,
} from './ChatBubbleAlertCards';

/* ------------------------------------------------------------------------------------------------
 * Types: a message's attachments are the contract's own, so that a bubble draws what the API sends.
 * Imported as types only: the built package's code never loads the contract.
 * ----------------------------------------------------------------------------------------------*/

/** A coin as the chat attaches it (the contract's Coin). */
export type ChatLayerCoin = Contract.Coin;

/**
 * A monitored source's status: 1 UnStarted, 2 InProgress, 3 Finished, 4 Parsing, 5 Completed,
 * 6 Cancelled, 7 Invalid.
 */
export type ChatLayerSourceStatus = Contract.SourceStatus;

/** A monitored source as the chat attaches it (the contract's MonitorSource). */
export type ChatLayerSource = Contract.MonitorSource;

/** One rich attachment below a message's text (the contract's ChatLayer). */
export type ChatLayer = Contract.ChatLayer;

/** Who wrote a message. */
export type ChatBubbleSource = 'user' | 'assistant' | 'robot';

/** Where a message is in its life: sent and waiting, streaming, done, or failed. */
export type ChatBubbleStatus = 'loading' | 'concat' | 'success' | 'error';

const SOURCES: readonly ChatBubbleSource[] = ['user', 'assistant', 'robot'];
const STATUSES: readonly ChatBubbleStatus[] = ['loading', 'concat', 'success', 'error'];

/* ------------------------------------------------------------------------------------------------
 * Context shared by the parts.
 * ----------------------------------------------------------------------------------------------*/

type ChatBubbleSlot = (typeof chatBubbleRecipe)['slots'] extends readonly (infer S)[]
  ? S & string
  : never;

interface ChatBubbleContextValue {
  styles: Record<ChatBubbleSlot, SystemStyleObject>;
  classes: Record<ChatBubbleSlot, string>;
  source: ChatBubbleSource;
  status: ChatBubbleStatus;
  newTabLabel: string | undefined;
}

const ChatBubbleContext = createContext<ChatBubbleContextValue | null>(null);

function useChatBubble(part: string): ChatBubbleContextValue {
  const context = useContext(ChatBubbleContext);
  if (!context) throw new Error(`ChatBubble.${part} must be used inside ChatBubble.Root.`);
  return context;
}

/* ------------------------------------------------------------------------------------------------
 * Safe text: the message is parsed into plain strings and rendered as React text nodes, so markup
 * in it (a <script>, an <img onerror>) shows as the characters it is and never runs.
 * ----------------------------------------------------------------------------------------------*/

type Piece =
  | { kind: 'text'; text: string }
  | { kind: 'mark'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'strong'; pieces: Piece[] };

/** A paragraph is a list of lines; a line is a list of pieces. */
type Paragraph = Piece[][];

// ASCII URL characters only (RFC 3986): Chinese text often runs straight on after a URL with no
// space, and those characters must not become part of the link.
const URL_PATTERN = /\bhttps?:\/\/[\w\-.~:/?#[\]@!$&()*+,;=%]+/gi;
const BOLD_PATTERN = /\*\*(?=\S)([^\n]*?\S)\*\*/g;
const TRAILING_PUNCTUATION = '.,;:!?*';

/** Drops the sentence punctuation a URL is usually followed by, keeping balanced brackets. */
function trimUrl(candidate: string): string {
  let url = candidate;
  for (;;) {
    const last = url.at(-1);
    if (last === undefined) return url;
    if (TRAILING_PUNCTUATION.includes(last)) {
      url = url.slice(0, -1);
      continue;
    }
    const open = last === ')' ? '(' : last === ']' ? '[' : undefined;
    if (open && url.split(open).length < url.split(last).length) {
      url = url.slice(0, -1);
      continue;
    }
    return url;
  }
}

/** The normalised href of an http(s) URL with a host, or null for anything else. */
function safeHttpUrl(candidate: string): URL | null {
  try {
    const url = new URL(candidate);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url : null;
  } catch {
    return null;
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Scripts written without spaces between words: a highlight there matches inside a run of text.
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;
const needsBoundary = (character: string | undefined) =>
  character !== undefined && WORD_CHARACTER.test(character) && !UNSPACED_SCRIPT.test(character);

/**
 * One pattern for all highlight words, longest first, case-insensitive; in spaced scripts a word
 * matches only as a whole word ("BTC" not inside "WBTC").
 */
function highlightPattern(words: readonly string[]): RegExp | null {
  const unique = [...new Set(words.map((word) => word.trim()).filter(Boolean))].sort(
    (a, b) => b.length - a.length,
  );
  if (unique.length === 0) return null;
  const alternatives = unique.map((word) => {
    const characters = Array.from(word);
    const before = needsBoundary(characters[0]) ? '(?<![\\p{L}\\p{N}])' : '';
    const after = needsBoundary(characters.at(-1)) ? '(?![\\p{L}\\p{N}])' : '';
    return `${before}${escapeRegExp(word)}${after}`;
  });
  return new RegExp(alternatives.join('|'), 'giu');
}

/** Splits `text` by `pattern`, mapping matches and the text between them. */
function splitBy(
  text: string,
  pattern: RegExp,
  onMatch: (match: RegExpExecArray) => Piece[],
  onText: (text: string) => Piece[],
): Piece[] {
  const pieces: Piece[] = [];
  let last = 0;
  // A copy of the pattern, from its first character whatever was matched with it before. Copied
  // whole rather than from its `source` and `flags`: reading `flags` makes the site's build add a
  // polyfill for it (core-js, 49 modules) that no browser it supports needs.
  for (const match of text.matchAll(new RegExp(pattern))) {
    const index = match.index ?? 0;
    if (index > last) pieces.push(...onText(text.slice(last, index)));
    pieces.push(...onMatch(match as RegExpExecArray));
    last = index + match[0].length;
  }
  if (last < text.length) pieces.push(...onText(text.slice(last)));
  return pieces;
}

function highlighted(text: string, marks: RegExp | null): Piece[] {
  if (!marks) return [{ kind: 'text', text }];
  return splitBy(
    text,
    marks,
    (match) => [{ kind: 'mark', text: match[0] }],
    (plain) => [{ kind: 'text', text: plain }],
  );
}

function linked(text: string, marks: RegExp | null): Piece[] {
  return splitBy(
    text,
    URL_PATTERN,
    (match) => {
      const candidate = trimUrl(match[0]);
      const url = safeHttpUrl(candidate);
      const rest = match[0].slice(candidate.length);
      const head: Piece[] = url
        ? [{ kind: 'link', text: candidate, href: url.href }]
        : highlighted(candidate, marks);
      return rest ? [...head, ...highlighted(rest, marks)] : head;
    },
    (plain) => highlighted(plain, marks),
  );
}

function parseLine(line: string, marks: RegExp | null): Piece[] {
  return splitBy(
    line,
    BOLD_PATTERN,
    (match) => [{ kind: 'strong', pieces: linked(match[1] ?? '', marks) }],
    (plain) => linked(plain, marks),
  );
}

/** Paragraphs at blank lines, lines at single line breaks. */
function parseMessage(text: string, marks: RegExp | null): Paragraph[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.replace(/^\n+|\n+$/g, ''))
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => paragraph.split('\n').map((line) => parseLine(line, marks)));
}

/* ------------------------------------------------------------------------------------------------
 * Small shared pieces.
 * ----------------------------------------------------------------------------------------------*/

function NewTabHint() {
  const { classes, newTabLabel } = useChatBubble('Content');
  if (!newTabLabel) return null;
  return <span className={classes.hint}>{` ${newTabLabel}`}</span>;
}

/* ------------------------------------------------------------------------------------------------
 * Root
 * ----------------------------------------------------------------------------------------------*/

export interface ChatBubbleRootProps extends HTMLChakraProps<'article'> {
  /** Who wrote the message: the side (user right, others left), the fill, the avatar's place. */
  source?: ChatBubbleSource;
  /** `loading` shows typing dots, `concat` a caret, `error` the Error part (as `data-status`). */
  status?: ChatBubbleStatus;
  /** The message's accessible name, e.g. "Assistant, 14:05". */
  label: string;
  /** Read (not shown) after each link that opens in a new tab, e.g. "(opens in a new tab)". */
  newTabLabel?: string;
}

/**
 * One message of the assistant chat, an article named by `label`. The message list around it is
 * the live region; a bubble announces nothing on its own.
 */
const ChatBubbleRoot = forwardRef<HTMLElement, ChatBubbleRootProps>(function ChatBubbleRoot(
  { source: sourceProp, status: statusProp, label, newTabLabel, children, ...rest },
  ref,
) {
  const source = sourceProp && SOURCES.includes(sourceProp) ? sourceProp : 'assistant';
  const status = statusProp && STATUSES.includes(statusProp) ? statusProp : 'success';
  const { classes, styles, rules } = useSlotClasses(chatBubbleRecipe, { source });
  const context = useMemo(
    () => ({ styles, classes, source, status, newTabLabel }),
    [styles, classes, source, status, newTabLabel],
  );
  const busy = status === 'loading' || status === 'concat';
  return (
    <ChatBubbleContext.Provider value={context}>
      {rules}
      <chakra.article
        ref={ref}
        aria-label={label}
        aria-busy={busy || undefined}
        data-source={source}
        data-status={status}
        css={styles.root}
        {...rest}
      >
        {children}
      </chakra.article>
    </ChatBubbleContext.Provider>
  );
});

/* ------------------------------------------------------------------------------------------------
 * Time
 * ----------------------------------------------------------------------------------------------*/

export interface ChatBubbleTimeProps extends HTMLChakraProps<'time'> {
  /** The display time, already formatted (`chatDisplayTimes` or `formatTimestamp`). */
  children?: ReactNode;
  /** The machine-readable moment, e.g. "2026-11-22T14:05:00Z". */
  dateTime?: string;
}

/** The time above the bubble, on the bubble's side. */
const ChatBubbleTime = forwardRef<HTMLElement, ChatBubbleTimeProps>(function ChatBubbleTime(
  { children, ...rest },
  ref,
) {
  const { styles } = useChatBubble('Time');
  if (children === null || children === undefined || children === '') return null;
  return (
    <chakra.time ref={ref} css={styles.time} data-part="time" {...rest}>
      {children}
    </chakra.time>
  );
});

/* ------------------------------------------------------------------------------------------------
 * Avatar
 * ----------------------------------------------------------------------------------------------*/

export interface ChatBubbleAvatarProps extends Omit<HTMLChakraProps<'span'>, 'children'> {
  /** The picture's address; without it, or when it fails to load, the monogram shows. */
  src?: string;
  /** The picture's text alternative; leave empty when the bubble's label names the author. */
  alt?: string;
  /** One or two letters shown when there is no picture, e.g. "AI". */
  fallback?: string;
}

/** The author's picture beside the bubble (left for assistant and robot, right for the user). */
const ChatBubbleAvatar = forwardRef<HTMLSpanElement, ChatBubbleAvatarProps>(
  function ChatBubbleAvatar({ src, alt = '', fallback = '', ...rest }, ref) {
    const { styles, classes } = useChatBubble('Avatar');
    const [failedSrc, setFailedSrc] = useState<string>();
    const showImage = Boolean(src) && failedSrc !== src;
    return (
      <chakra.span
        ref={ref}
        css={styles.avatar}
        data-part="avatar"
        data-fallback={showImage ? undefined : ''}
        {...(showImage || alt ? {} : { 'aria-hidden': true })}
        {...(!showImage && alt ? { role: 'img', 'aria-label': alt } : {})}
        {...rest}
      >
        {showImage ? (
          <img
            className={classes.avatarImage}
            src={src}
            alt={alt}
            onError={() => setFailedSrc(src)}
          />
        ) : (
          fallback.trim().slice(0, 2)
        )}
      </chakra.span>
    );
  },
);

/* ------------------------------------------------------------------------------------------------
 * Content
 * ----------------------------------------------------------------------------------------------*/

export interface ChatBubbleContentProps extends Omit<HTMLChakraProps<'div'>, 'children'> {
  /** Plain text: blank lines make paragraphs, http(s) URLs become links, `**x**` is bold. */
  text?: string;
  /** Words or phrases to emphasise (the onboarding script's highlights), in any letter case. */
  highlight?: readonly string[];
  /** The typing dots' accessible name while `loading`, e.g. "Assistant is typing". */
  typingLabel?: string;
}

/**
 * The bubble. Renders `text` safely (never as HTML), the typing dots while `loading` and a caret
 * while `concat`; an empty finished message renders nothing.
 */
const ChatBubbleContent = forwardRef<HTMLDivElement, ChatBubbleContentProps>(
  function ChatBubbleContent({ text = '', highlight, typingLabel, ...rest }, ref) {
    const { styles, classes, status } = useChatBubble('Content');
    // A stable key, so a new array with the same words does not rebuild the pattern.
    const highlightKey = (highlight ?? []).join('\u0000');
    const marks = useMemo(
      () => highlightPattern(highlightKey ? highlightKey.split('\u0000') : []),
      [highlightKey],
    );
    const paragraphs = useMemo(
      () => parseMessage(typeof text === 'string' ? text : '', marks),
      [text, marks],
    );
    const loading = status === 'loading';
    const streaming = status === 'concat';
    if (paragraphs.length === 0 && !loading && !streaming) return null;

    const caret = streaming ? (
      <span className={classes.caret} data-part="caret" aria-hidden="true" />
    ) : null;

    const renderPieces = (pieces: Piece[]): ReactNode =>
      pieces.map((piece, index) => {
        switch (piece.kind) {
          case 'text':
            return <Fragment key={index}>{piece.text}</Fragment>;
          case 'mark':
            return (
              <mark key={index} className={classes.mark}>
                {piece.text}
              </mark>
            );
          case 'strong':
            return (
              <strong key={index} className={classes.strong}>
                {renderPieces(piece.pieces)}
              </strong>
            );
          case 'link':
            return (
              <a
                key={index}
                className={classes.link}
                href={piece.href}
                target="_blank"
                rel="noopener noreferrer"
              >
                {piece.text}
                <NewTabHint />
              </a>
            );
          default:
            return null;
        }
      });

    return (
      <chakra.div ref={ref} css={styles.content} data-part="content" data-status={status} {...rest}>
        {paragraphs.map((lines, paragraphIndex) => (
          <p key={paragraphIndex} className={classes.paragraph}>
            {lines.map((pieces, lineIndex) => (
              <Fragment key={lineIndex}>
                {lineIndex > 0 && <br />}
                {renderPieces(pieces)}
              </Fragment>
            ))}
            {paragraphIndex === paragraphs.length - 1 && caret}
          </p>
        ))}
        {paragraphs.length === 0 && caret}
        {loading && (
          <chakra.span
            css={styles.typing}
            data-part="typing"
            {...(typingLabel
              ? { role: 'img', 'aria-label': typingLabel }
              : { 'aria-hidden': true })}
          >
            <span className={classes.typingDot} />
            <span className={classes.typingDot} />
            <span className={classes.typingDot} />
          </chakra.span>
        )}
      </chakra.div>
    );
  },
);

/* ------------------------------------------------------------------------------------------------
 * Error
 * ----------------------------------------------------------------------------------------------*/

export interface ChatBubbleErrorProps extends Omit<HTMLChakraProps<'div'>, 'children'> {
  /** Says what went wrong, e.g. "The assistant did not answer. Check your connection." */
  text?: string;
  /** The Retry button's text; the button shows only with it and `onRetry`. */
  retryLabel?: string;
  /** Called when Retry is pressed. */
  onRetry?: () => void;
}

/** Below the bubble while the status is `error`: what went wrong and a Retry button. */
const ChatBubbleError = forwardRef<HTMLDivElement, ChatBubbleErrorProps>(function ChatBubbleError(
  { text, retryLabel, onRetry, ...rest },
  ref,
) {
  const { styles, classes, status } = useChatBubble('Error');
  const canRetry = Boolean(retryLabel && onRetry);
  if (status !== 'error' || (!text && !canRetry)) return null;
  return (
    <chakra.div ref={ref} css={styles.error} data-part="error" {...rest}>
      {text && (
        <p>
          <ErrorIcon />
          {text}
        </p>
      )}
      {canRetry && (
        <button type="button" className={classes.retry} onClick={() => onRetry?.()}>
          <RetryIcon />
          {retryLabel}
        </button>
      )}
    </chakra.div>
  );
});

/* ------------------------------------------------------------------------------------------------
 * Layers
 * ----------------------------------------------------------------------------------------------*/

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isCoin = (value: unknown): value is ChatLayerCoin =>
  isRecord(value) && typeof value.name === 'string' && typeof value.symbol === 'string';

const isSource = (value: unknown): value is ChatLayerSource =>
  isRecord(value) && (typeof value.title === 'string' || typeof value.author === 'string');

const isSubject = (value: unknown): value is Contract.AlertSubject =>
  isRecord(value) &&
  (value.kind === 'coin' || value.kind === 'source') &&
  typeof value.name === 'string';

// An alert of a kind this version does not know (from a newer server) cannot be put in words.
const isAlertKind = (value: unknown): value is Contract.AlertKind =>
  (ALERT_KINDS as readonly unknown[]).includes(value);

/** The layers this version knows, with malformed entries dropped; a newer server may send more. */
function knownLayers(layers: unknown): ChatLayer[] {
  if (!Array.isArray(layers)) return [];
  return layers.flatMap((layer): ChatLayer[] => {
    if (!isRecord(layer)) return [];
    switch (layer.type) {
      case 'coins': {
        const coins = Array.isArray(layer.coins) ? layer.coins.filter(isCoin) : [];
        return coins.length ? [{ type: 'coins', coins }] : [];
      }
      case 'sources': {
        const sources = Array.isArray(layer.sources) ? layer.sources.filter(isSource) : [];
        return sources.length ? [{ type: 'sources', sources }] : [];
      }
      case 'report':
        return typeof layer.coinId === 'number' && Number.isFinite(layer.coinId)
          ? [{ type: 'report', coinId: layer.coinId }]
          : [];
      case 'link':
        return typeof layer.url === 'string'
          ? [
              {
                type: 'link',
                url: layer.url,
                title: typeof layer.title === 'string' ? layer.title : '',
              },
            ]
          : [];
      case 'alertProposal':
        return isRecord(layer.alert) &&
          isAlertKind(layer.alert.kind) &&
          isSubject(layer.subject) &&
          typeof layer.expiresAt === 'number'
          ? [layer as ChatLayerAlertProposal]
          : [];
      case 'alert':
        return isRecord(layer.alert) &&
          isAlertKind(layer.alert.kind) &&
          isSubject(layer.alert.subject)
          ? [layer as Extract<ChatLayer, { type: 'alert' }>]
          : [];
      default:
        return [];
    }
  });
}

export interface ChatBubbleLayersProps extends Omit<HTMLChakraProps<'div'>, 'children'> {
  /** The message's attachments in order; unknown types (from a newer server) are skipped. */
  layers?: readonly ChatLayer[];
  /** BCP 47 locale for prices and changes; the site passes the page's locale. */
  locale?: string;
  /** Shown for a price or a change that is missing. */
  unavailableLabel?: string;
  /** The accessible name of a coins list, e.g. "Coins in this answer". */
  coinsLabel?: string;
  /** A coin action's accessible name, e.g. "Follow Bitcoin"; needed, with `onCoinAction`. */
  getCoinActionLabel?: (details: { coin: ChatLayerCoin }) => string;
  /** Visible text of a coin action, e.g. "Follow"; defaults to the accessible name. */
  coinActionText?: string;
  /**
   * Visible text of one coin's action, in place of `coinActionText`: e.g. "Following" on a coin
   * already followed (whose action `isCoinActionDisabled` turns off).
   */
  getCoinActionText?: (details: { coin: ChatLayerCoin }) => string;
  /** Called when a coin's action is pressed. */
  onCoinAction?: (details: { coin: ChatLayerCoin }) => void;
  /** Whether a coin's action is unavailable, e.g. the coin is already followed. */
  isCoinActionDisabled?: (details: { coin: ChatLayerCoin }) => boolean;
  /** Renders a coin's action yourself, in place of the button. */
  renderCoinAction?: (details: { coin: ChatLayerCoin }) => ReactNode;
  /** The accessible name of a sources list, e.g. "Sources in this answer". */
  sourcesLabel?: string;
  /** A source action's accessible name, e.g. "Monitor FOMC"; needed, with `onSourceAction`. */
  getSourceActionLabel?: (details: { source: ChatLayerSource }) => string;
  /** Visible text of a source action, e.g. "Monitor"; defaults to the accessible name. */
  sourceActionText?: string;
  /** Visible text of one source's action, in place of `sourceActionText` (e.g. "Monitoring"). */
  getSourceActionText?: (details: { source: ChatLayerSource }) => string;
  /** Called when a source's action is pressed. */
  onSourceAction?: (details: { source: ChatLayerSource }) => void;
  /** Whether a source's action is unavailable, e.g. the source is already monitored. */
  isSourceActionDisabled?: (details: { source: ChatLayerSource }) => boolean;
  /** Renders a source's action yourself, in place of the button. */
  renderSourceAction?: (details: { source: ChatLayerSource }) => ReactNode;
  /** The report button's text, e.g. "Open the Bitcoin report"; without it none shows. */
  getReportLabel?: (details: { coinId: number }) => string;
  /** Called when the report is opened (on a plain click when `getReportHref` is given too). */
  onOpenReport?: (details: { coinId: number }) => void;
  /** The report page's address: the report shows as a link, which can also open in a new tab. */
  getReportHref?: (details: { coinId: number }) => string;
  /** The words of an offered alert and of a made one; without them both are left out. */
  alertLabels?: ChatBubbleAlertLabels;
  /**
   * Called when Yes or No is pressed on an offered alert (the site sends the word as the user's
   * next message); without it the offer shows no buttons.
   */
  onAlertAnswer?: (details: {
    answer: ChatBubbleAlertAnswer;
    proposal: ChatLayerAlertProposal;
  }) => void;
  /**
   * Turns an offer's Yes and No off: the conversation went on past it, or cannot take a message
   * now. Its time runs out by itself, at its `expiresAt`.
   */
  alertAnswerDisabled?: boolean;
  /** The clock an offer's `expiresAt` is read against, in ms since the epoch; `Date.now` by default. */
  now?: () => number;
  /** The alerts page's address: a made alert links to it. */
  alertsHref?: string;
  /** Called on a plain click of that link (or of a button, without `alertsHref`). */
  onOpenAlerts?: () => void;
}

/**
 * The message's rich attachments below the bubble: coin and source lists, a report button,
 * external links, an alert offered (with Yes and No) and an alert made. Link layers that are not http(s) and unknown layer types are left out.
 */
const ChatBubbleLayers = forwardRef<HTMLDivElement, ChatBubbleLayersProps>(
  function ChatBubbleLayers(
    {
      layers,
      locale = 'en',
      unavailableLabel = '—',
      coinsLabel,
      getCoinActionLabel,
      coinActionText,
      getCoinActionText,
      onCoinAction,
      isCoinActionDisabled,
      renderCoinAction,
      sourcesLabel,
      getSourceActionLabel,
      sourceActionText,
      getSourceActionText,
      onSourceAction,
      isSourceActionDisabled,
      renderSourceAction,
      getReportLabel,
      onOpenReport,
      getReportHref,
      alertLabels,
      onAlertAnswer,
      alertAnswerDisabled = false,
      now = Date.now,
      alertsHref,
      onOpenAlerts,
      ...rest
    },
    ref,
  ) {
    const { styles, classes } = useChatBubble('Layers');

    const coinAction = (coin: ChatLayerCoin): ReactNode => {
      if (renderCoinAction) return renderCoinAction({ coin });
      const label = getCoinActionLabel?.({ coin });
      if (!label || !onCoinAction) return null;
      const text = getCoinActionText?.({ coin }) ?? coinActionText;
      return (
        <button
          type="button"
          className={classes.action}
          aria-label={text && text !== label ? label : undefined}
          disabled={isCoinActionDisabled?.({ coin }) ?? false}
          onClick={() => onCoinAction({ coin })}
        >
          {text || label}
        </button>
      );
    };

    const sourceAction = (source: ChatLayerSource): ReactNode => {
      if (renderSourceAction) return renderSourceAction({ source });
      const label = getSourceActionLabel?.({ source });
      if (!label || !onSourceAction) return null;
      const text = getSourceActionText?.({ source }) ?? sourceActionText;
      return (
        <button
          type="button"
          className={classes.action}
          aria-label={text && text !== label ? label : undefined}
          disabled={isSourceActionDisabled?.({ source }) ?? false}
          onClick={() => onSourceAction({ source })}
        >
          {text || label}
        </button>
      );
    };

    const rendered = knownLayers(layers).map((layer, index): ReactNode => {
      switch (layer.type) {
        case 'coins':
          return (
            <ul key={index} className={classes.list} data-layer="coins" aria-label={coinsLabel}>
              {layer.coins.map((coin, coinIndex) => {
                const price = formatPrice(coin.quotes?.price ?? Number.NaN, locale);
                return (
                  <li
                    key={`${coinIndex}-${coin.id}`}
                    className={classes.item}
                    data-coin-id={coin.id}
                  >
                    <Logo
                      src={coin.logo}
                      names={[coin.symbol, coin.name]}
                      className={classes.logo}
                      data-shape="round"
                    />
                    <span className={classes.itemBody}>
                      <span className={classes.itemTitle}>{coin.name}</span>
                      <span className={classes.itemMeta}>{coin.symbol}</span>
                    </span>
                    <span className={classes.figures}>
                      <span>{price ?? unavailableLabel}</span>
                      <PriceChange
                        size="sm"
                        locale={locale}
                        value={coin.quotes?.percentChange24h}
                        unavailableLabel={unavailableLabel}
                      />
                    </span>
                    {coinAction(coin)}
                  </li>
                );
              })}
            </ul>
          );
        case 'sources':
          return (
            <ul key={index} className={classes.list} data-layer="sources" aria-label={sourcesLabel}>
              {layer.sources.map((source, sourceIndex) => (
                <li
                  key={`${sourceIndex}-${source.id}`}
                  className={classes.item}
                  data-source-id={source.id}
                  data-source-status={source.status}
                >
                  <Logo
                    src={source.logo}
                    names={[source.author, source.title]}
                    className={classes.logo}
                    data-shape="square"
                  />
                  <span className={classes.itemBody}>
                    {source.author && <span className={classes.itemMeta}>{source.author}</span>}
                    {source.title && <span className={classes.itemTitle}>{source.title}</span>}
                  </span>
                  {sourceAction(source)}
                </li>
              ))}
            </ul>
          );
        case 'report': {
          const details = { coinId: layer.coinId };
          const label = getReportLabel?.(details);
          const href = getReportHref?.(details);
          if (!label || (!href && !onOpenReport)) return null;
          if (href) {
            return (
              <a
                key={index}
                className={classes.report}
                data-layer="report"
                href={href}
                onClick={(event) => {
                  if (!onOpenReport || !isPlainClick(event)) return;
                  event.preventDefault();
                  onOpenReport(details);
                }}
              >
                <ReportIcon />
                {label}
              </a>
            );
          }
          return (
            <button
              key={index}
              type="button"
              className={classes.report}
              data-layer="report"
              onClick={() => onOpenReport?.(details)}
            >
              <ReportIcon />
              {label}
            </button>
          );
        }
        case 'link': {
          const url = safeHttpUrl(layer.url.trim());
          if (!url) return null;
          return (
            <a
              key={index}
              className={classes.externalLink}
              data-layer="link"
              href={url.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              <ExternalIcon />
              <span data-part="link-text">
                <span data-part="link-title">{layer.title.trim() || url.hostname}</span>
                <span data-part="link-host">{url.hostname}</span>
              </span>
              <NewTabHint />
            </a>
          );
        }
        case 'alertProposal':
          if (!alertLabels) return null;
          return (
            <AlertProposalCard
              key={index}
              layer={layer}
              classes={classes}
              labels={alertLabels}
              locale={locale}
              onAnswer={onAlertAnswer}
              answerDisabled={alertAnswerDisabled}
              now={now}
            />
          );
        case 'alert':
          if (!alertLabels) return null;
          return (
            <AlertCreatedCard
              key={index}
              layer={layer}
              classes={classes}
              labels={alertLabels}
              locale={locale}
              alertsHref={alertsHref}
              onOpenAlerts={onOpenAlerts}
            />
          );
        default:
          return null;
      }
    });

    if (!rendered.some(Boolean)) return null;
    return (
      <chakra.div ref={ref} css={styles.layers} data-part="layers" {...rest}>
        {rendered}
      </chakra.div>
    );
  },
);

/* ------------------------------------------------------------------------------------------------
 * The compound component
 * ----------------------------------------------------------------------------------------------*/

/**
 * One message of the assistant chat:
 *
 * ```tsx
 * <ChatBubble.Root source="assistant" status={status} label="Assistant, 14:05">
 *   <ChatBubble.Time>14:05</ChatBubble.Time>
 *   <ChatBubble.Avatar src={botAvatar} fallback="AI" />
 *   <ChatBubble.Content text={text} typingLabel="Assistant is typing" />
 *   <ChatBubble.Error text="No answer" retryLabel="Retry" onRetry={retry} />
 *   <ChatBubble.Layers layers={layers} getReportLabel={...} onOpenReport={...} />
 * </ChatBubble.Root>
 * ```
 */
export const ChatBubble = {
  Root: ChatBubbleRoot,
  Time: ChatBubbleTime,
  Avatar: ChatBubbleAvatar,
  Content: ChatBubbleContent,
  Error: ChatBubbleError,
  Layers: ChatBubbleLayers,
};
