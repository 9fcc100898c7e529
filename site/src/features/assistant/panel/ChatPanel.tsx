// The assistant chat: the conversation as a log region of ChatBubbles, older pages loaded when
// scrolled to the top (keeping the reader's place), replies streaming into their bubble, the crash
// text with a retry after an error or 35 s of silence, a stop button while a reply is awaited, a
// new-conversation action, and a composer that keeps what the user typed until it is sent. Coin and
// source lists in a reply open the add dialogs with them picked; a report link goes to the reports;
// an alert the assistant offers is answered with Yes or No, sent as the user's next question.
import type { ChatLayer, Coin, MonitorSource } from '@coinlens/contract';
import {
  Button,
  ChatBubble,
  chatDisplayTimes,
  toaster,
  type ChatBubbleAlertLabels,
  type ChatBubbleSource,
  type ChatBubbleStatus,
  type ChatLayerCoin,
  type ChatLayerSource,
  Spinner,
} from '@coinlens/design-system';
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import { useI18next, useTranslation } from 'gatsby-plugin-react-i18next';
import {
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { apiAssetUrl } from '../../../data/client';
import { ApiError } from '../../../data/errors';
import { intlLocale, localizedPath, type Locale } from '../../../i18n/locales';
import { inVariant } from '../../../i18n/variant';
import {
  MAX_QUESTION_LENGTH,
  normalizeQuestion,
  useChat,
  useDraft,
  type ChatEntry,
  type ChatStore,
} from '../conversation/conversation';
import { openAddCoinDialog, useFollows } from '../../coins/follows';
import { openAddMonitorDialog, useMonitoredSourceIds } from '../../monitoring/sources';
import { useRobotText } from '../robot/robot';
import { RobotAvatar } from '../robot/RobotAvatar';
import { alertAnswerText, alertsPath, chatAlertLabels } from './alertLayers';

/** Scrolled this close to the top (px), the next older page loads. */
const TOP_THRESHOLD_PX = 2;
/** Within this distance of the bottom (px), the reader is following along: new text scrolls in. */
const FOLLOW_THRESHOLD_PX = 48;

/**
 * A screen touched with a finger and nothing that hovers (a phone, a tablet): its keyboard has no
 * Shift+Enter to tell of, and its Enter key says "Send" itself (the message box's `enterKeyHint`).
 * A media query, so that the hint is right from the first paint.
 */
export const TOUCH_SCREEN_QUERY = '(hover: none) and (pointer: coarse)';

const SOURCE_OF: Record<string, ChatBubbleSource> = {
  USER: 'user',
  ASSISTANT: 'assistant',
  ROBOT: 'robot',
};

export interface ChatPanelProps {
  store: ChatStore;
  /** Words to emphasise in the robot's lines (the onboarding script's highlights), by entry key. */
  highlights?: ReadonlyMap<string, readonly string[]>;
  /** Shown under the log, above the composer (the onboarding's task buttons). */
  footer?: ReactNode;
  /** Blocks the composer (the onboarding asks the user to act first). */
  composerDisabled?: boolean;
  /** The log's height; the panel is a column that fills what it is given by default. */
  height?: string;
  /**
   * The title row: in full (the robot, its line, the title and the new-conversation action), slim
   * (the title and the action, for a phone's conversation under way) or none (a phone's keyboard
   * is up). The robot's line is read out in every case.
   */
  header?: 'full' | 'slim' | 'none';
  /** The least height of the log (12rem); a phone's chat, which must fit sideways, asks less. */
  logMinHeight?: string;
  /** Change the robot's idle text every 300000 ms (everywhere but the welcome page). */
  rotateRobotText?: boolean;
  /** What a question is about as it is sent (the side panel's page), sent as its `context`. */
  questionContext?: () => unknown;
}

export function ChatPanel({
  store,
  highlights,
  footer,
  composerDisabled = false,
  height = '100%',
  header = 'full',
  logMinHeight = '12rem',
  rotateRobotText = false,
  questionContext,
}: ChatPanelProps) {
  const { t, i18n } = useTranslation('assistant');
  const chat = useChat(store);
  const logRef = useRef<HTMLDivElement>(null);
  // The reader's place across a render: where they were, and how tall the log was.
  const anchor = useRef<{ top: number; height: number; following: boolean }>({
    top: 0,
    height: 0,
    following: true,
  });
  const firstKey = chat.entries[0]?.key;
  const lastEntry = chat.entries[chat.entries.length - 1];
  const contentSignature = `${chat.entries.length}:${lastEntry?.key}:${lastEntry?.message.text.length}:${lastEntry?.status}`;
  const previousFirstKey = useRef(firstKey);

  // After every change: older messages added above keep what the reader sees in place; new text
  // at the bottom scrolls in only for a reader who was following along.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const { top, height: before, following } = anchor.current;
    if (previousFirstKey.current !== firstKey && previousFirstKey.current !== undefined) {
      log.scrollTop = top + (log.scrollHeight - before);
    } else if (following) {
      log.scrollTop = log.scrollHeight;
    }
    previousFirstKey.current = firstKey;
    // A first page that does not fill the log gives no scroll to ask for more with.
    if (
      log.clientHeight > 0 &&
      log.scrollHeight <= log.clientHeight &&
      chat.hasOlder &&
      !chat.loadingOlder
    ) {
      void store.loadOlder();
    }
    anchor.current = { top: log.scrollTop, height: log.scrollHeight, following };
  }, [firstKey, contentSignature, chat.hasOlder, chat.loadingOlder, store]);

  // The log changes size without new text (the onboarding's buttons come and go under it, the
  // window is resized): a reader following along keeps seeing the last line.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (!anchor.current.following) return;
      log.scrollTop = log.scrollHeight;
      anchor.current = { ...anchor.current, top: log.scrollTop, height: log.scrollHeight };
    });
    observer.observe(log);
    return () => observer.disconnect();
  }, []);

  // Only the reader stops the following: by scrolling up, away from the bottom. Reaching the
  // bottom again starts it. (The log scrolling itself, or shrinking under the text, does not.)
  const onScroll = () => {
    const log = logRef.current;
    if (!log) return;
    const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight <= FOLLOW_THRESHOLD_PX;
    const movedUp = log.scrollTop < anchor.current.top;
    anchor.current = {
      top: log.scrollTop,
      height: log.scrollHeight,
      following: atBottom || (anchor.current.following && !movedUp),
    };
    if (log.scrollTop <= TOP_THRESHOLD_PX && chat.hasOlder && !chat.loadingOlder) {
      void store.loadOlder();
    }
  };

  const awaiting = chat.replyStatus === 'loading' || chat.replyStatus === 'concat';
  // A question, typed or answered from an offer's buttons, as the page it is asked on sees it.
  const ask = useCallback(
    (text: string) => store.send(text, questionContext?.()),
    [store, questionContext],
  );
  const alertLabels = useMemo(() => chatAlertLabels(t), [t]);
  // Which sources the user monitors, once a message lists sources.
  const monitored = useMonitoredSourceIds(
    chat.entries.some((entry) => entry.message.layers.some((layer) => layer.type === 'sources')),
  );
  const robotText = useRobotText({ crashed: Boolean(lastEntry?.crashed), rotate: rotateRobotText });

  const clean = async () => {
    await store.clean();
    const failed = store.getState().error !== null;
    toaster.create(
      failed
        ? { type: 'error', title: t('clean.error') }
        : { type: 'success', title: t('clean.done') },
    );
  };

  // A question whose reply shows the failure (and its retry) does not show it a second time.
  const failedReplies = useMemo(
    () =>
      new Set(
        chat.entries
          .filter((entry) => entry.questionKey && (entry.crashed || entry.status === 'error'))
          .map((entry) => entry.questionKey),
      ),
    [chat.entries],
  );
  // A refusal from the server (too many questions, say) is said in its words under the log.
  const sendError =
    chat.error instanceof ApiError && chat.error.msg
      ? t('sendError', { reason: chat.error.msg })
      : null;

  const language = i18n.language;
  const times = useMemo(
    () =>
      chatDisplayTimes(
        chat.entries.map((entry) => entry.message.timestamp),
        // The store's clock: a test or a story that sets it sees the times it expects.
        { locale: language, now: store.now() },
      ),
    [chat.entries, language, store],
  );

  let body: ReactNode;
  if (chat.history === 'error' && chat.entries.length === 0) {
    body = (
      <Flex role="alert" direction="column" alignItems="center" gap="3" paddingY="10">
        <chakra.p color="fg.muted">{t('history.error')}</chakra.p>
        <Button variant="outline" size="sm" onClick={() => void store.loadLatest()}>
          {t('history.retry')}
        </Button>
      </Flex>
    );
  } else if ((chat.history === 'idle' || chat.history === 'loading') && chat.entries.length === 0) {
    body = (
      <Flex
        role="status"
        aria-label={t('history.loading')}
        alignItems="center"
        justifyContent="center"
        gap="3"
        paddingY="10"
      >
        <Spinner size="sm" />
        <chakra.span color="fg.muted" fontSize="sm">
          {t('history.loading')}
        </chakra.span>
      </Flex>
    );
  } else {
    body = (
      <>
        {chat.loadingOlder && (
          <Flex role="status" justifyContent="center" gap="2" paddingY="2" fontSize="sm">
            <Spinner size="xs" />
            <chakra.span color="fg.muted">{t('history.older')}</chakra.span>
          </Flex>
        )}
        {!chat.hasOlder && chat.history === 'ready' && chat.entries.length > 0 && (
          <chakra.p textAlign="center" fontSize="xs" color="fg.subtle" paddingY="2">
            {t('history.start')}
          </chakra.p>
        )}
        {chat.entries.map((entry, index) => (
          <Bubble
            key={entry.key}
            entry={entry}
            monitored={monitored}
            time={times[index] ?? null}
            highlight={highlights?.get(entry.key)}
            alertLabels={alertLabels}
            // Only the very next message answers an offer: once there is one, or while no
            // message can be sent, its Yes and No are off.
            alertAnswerDisabled={index < chat.entries.length - 1 || awaiting || composerDisabled}
            onAlertAnswer={(text) => void ask(text)}
            now={store.now}
            showError={
              entry.message.source === 'USER'
                ? entry.delivery === 'failed' && !failedReplies.has(entry.key)
                : Boolean(entry.crashed || entry.status === 'error')
            }
            onRetry={() => void store.retry(entry.questionKey ?? entry.key)}
          />
        ))}
      </>
    );
  }

  const title = (
    <chakra.h2 fontSize={header === 'full' ? 'lg' : 'md'} fontWeight="semibold" lineHeight="short">
      {t('title')}
    </chakra.h2>
  );
  // The robot's line: the idle text, or what to do after a reply did not come.
  const robotLine = (
    <chakra.p
      aria-live="polite"
      fontSize="sm"
      color="fg.muted"
      lineClamp={2}
      srOnly={header === 'full' ? undefined : true}
    >
      {robotText}
    </chakra.p>
  );

  return (
    <Flex direction="column" height={height} minHeight="0" gap="3">
      {header === 'none' ? (
        <Box srOnly>
          {title}
          {robotLine}
        </Box>
      ) : (
        <Flex alignItems="center" justifyContent="space-between" gap="3">
          <Flex alignItems="center" gap={header === 'full' ? '3' : '2'} minWidth="0">
            <RobotAvatar size={header === 'full' ? '10' : '7'} />
            <Box minWidth="0">
              {title}
              {robotLine}
            </Box>
          </Flex>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void clean()}
            disabled={chat.entries.length === 0 || awaiting}
          >
            {t('clean.action')}
          </Button>
        </Flex>
      )}
      <Box
        ref={logRef}
        role="log"
        aria-label={t('logLabel')}
        aria-busy={chat.history === 'loading' || undefined}
        // The log scrolls; a keyboard user reaches it to read back.
        tabIndex={0}
        flex="1"
        minHeight={logMinHeight}
        overflowY="auto"
        display="flex"
        flexDirection="column"
        gap="3"
        padding="3"
        borderWidth="1px"
        borderColor="border.default"
        borderRadius="lg"
        bg="bg.surface"
        onScroll={onScroll}
        _focusVisible={{ outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' }}
      >
        {body}
      </Box>
      {sendError && (
        <chakra.p role="alert" fontSize="sm" color="status.error">
          {sendError}
        </chakra.p>
      )}
      {footer}
      <Composer
        store={store}
        disabled={composerDisabled}
        awaiting={awaiting}
        onSend={ask}
        onStop={() => store.stop()}
      />
    </Flex>
  );
}

function Bubble({
  entry,
  monitored,
  time,
  highlight,
  showError,
  onRetry,
  alertLabels,
  alertAnswerDisabled,
  onAlertAnswer,
  now,
}: {
  entry: ChatEntry;
  /** The sources the user monitors (null until known). */
  monitored: ReadonlySet<number> | null;
  time: string | null;
  highlight?: readonly string[];
  /** Whether this bubble carries the failure and its retry. */
  showError: boolean;
  onRetry: () => void;
  alertLabels: ChatBubbleAlertLabels;
  /** Whether an alert offered here can no longer be answered from its buttons. */
  alertAnswerDisabled: boolean;
  /** Sends the word of an offer's button as the user's question. */
  onAlertAnswer: (text: string) => void;
  /** The store's clock (ms), against which an offer expires. */
  now: () => number;
}) {
  const { t, i18n } = useTranslation('assistant');
  const { language, navigate, originalPath } = useI18next();
  const { follows } = useFollows();
  const followed = useMemo(() => new Set(follows?.map((entry) => entry.coinId)), [follows]);
  const { message } = entry;
  const source = SOURCE_OF[message.source] ?? 'assistant';
  const who = source === 'user' ? t('you') : source === 'robot' ? t('robot') : t('assistant');
  const status: ChatBubbleStatus = showError ? 'error' : (entry.status ?? 'success');
  const coinNames = useMemo(() => {
    const names = new Map<number, string>();
    for (const layer of message.layers) {
      if (layer.type === 'coins') for (const coin of layer.coins) names.set(coin.id, coin.name);
    }
    return names;
  }, [message.layers]);

  return (
    <ChatBubble.Root
      source={source}
      status={status}
      label={time ? `${who}, ${time}` : who}
      newTabLabel={t('newTab')}
    >
      {time && (
        <ChatBubble.Time dateTime={new Date(message.timestamp * 1000).toISOString()}>
          {time}
        </ChatBubble.Time>
      )}
      {source !== 'user' && <ChatBubble.Avatar fallback={source === 'robot' ? 'CL' : 'AI'} />}
      <ChatBubble.Content
        text={entry.crashed ? t('Robot_message_crash') : message.text}
        highlight={highlight}
        typingLabel={t('typing')}
      />
      <ChatBubble.Error text={t('networkError')} retryLabel={t('retry')} onRetry={onRetry} />
      <ChatBubble.Layers
        layers={message.layers.map(withAssetUrls)}
        locale={intlLocale(i18n.language)}
        coinsLabel={t('layers.coins')}
        coinActionText={t('layers.add')}
        getCoinActionLabel={({ coin }) =>
          t(followed.has(coin.id) ? 'layers.followingNamed' : 'layers.addNamed', {
            name: coin.name,
          })
        }
        getCoinActionText={({ coin }) =>
          followed.has(coin.id) ? t('layers.following') : t('layers.add')
        }
        isCoinActionDisabled={({ coin }) => followed.has(coin.id)}
        onCoinAction={({ coin }) => openAddCoinDialog([coin as ChatLayerCoin as Coin])}
        sourcesLabel={t('layers.sources')}
        sourceActionText={t('layers.monitor')}
        getSourceActionLabel={({ source: item }) =>
          t(monitored?.has(item.id) ? 'layers.monitoringNamed' : 'layers.monitorNamed', {
            title: item.title,
          })
        }
        getSourceActionText={({ source: item }) =>
          monitored?.has(item.id) ? t('layers.monitoring') : t('layers.monitor')
        }
        isSourceActionDisabled={({ source: item }) => monitored?.has(item.id) ?? false}
        onSourceAction={({ source: item }) =>
          openAddMonitorDialog([item as ChatLayerSource as MonitorSource])
        }
        getReportLabel={({ coinId }) => {
          const name = coinNames.get(coinId);
          return name ? t('layers.report', { name }) : t('layers.reportFallback');
        }}
        // That coin's report: the reporting page scrolls to it (a click stays in the page, so
        // the conversation and what is typed stay too).
        // On a phone, the phone's report view.
        getReportHref={({ coinId }) =>
          localizedPath(language as Locale, inVariant(reportPath(coinId), originalPath))
        }
        onOpenReport={({ coinId }) => void navigate(inVariant(reportPath(coinId), originalPath))}
        alertLabels={alertLabels}
        alertAnswerDisabled={alertAnswerDisabled}
        onAlertAnswer={({ answer }) => onAlertAnswer(alertAnswerText(alertLabels, answer))}
        now={now}
        alertsHref={localizedPath(language as Locale, alertsPath(originalPath))}
        onOpenAlerts={() => void navigate(alertsPath(originalPath))}
      />
    </ChatBubble.Root>
  );
}

/** A layer with its pictures' paths made addresses on the API (`apiAssetUrl`). */
function withAssetUrls(layer: ChatLayer): ChatLayer {
  const withLogo = <T extends { logo: string }>(item: T): T => ({
    ...item,
    logo: apiAssetUrl(item.logo),
  });
  switch (layer.type) {
    case 'coins':
      return { ...layer, coins: layer.coins.map(withLogo) };
    case 'sources':
      return { ...layer, sources: layer.sources.map(withLogo) };
    case 'alertProposal':
      return { ...layer, subject: withLogo(layer.subject) };
    case 'alert': {
      // An alert on every new source has no subject, so no logo.
      const { subject } = layer.alert;
      return { ...layer, alert: { ...layer.alert, subject: subject && withLogo(subject) } };
    }
    default:
      return layer;
  }
}

/** A coin's report on the reporting page, which scrolls to it (`?coin=`). */
export const reportPath = (coinId: number) => `/reporting/?coin=${coinId}`;

/** The message box: Enter sends, Shift+Enter breaks the line; Stop while a reply is awaited. */
function Composer({
  store,
  disabled,
  awaiting,
  onSend,
  onStop,
}: {
  /** Keeps what is typed: it stays when the chat is drawn again, on another page too. */
  store: ChatStore;
  disabled: boolean;
  awaiting: boolean;
  onSend: (text: string) => Promise<void>;
  onStop: () => void;
}) {
  const { t } = useTranslation('assistant');
  const text = useDraft(store);
  const setText = (next: string) => store.setDraft(next);
  const inputId = useId();
  const hintId = useId();
  // Counted as the store and the API count it (trimmed, without NUL).
  const normalized = normalizeQuestion(text);
  const tooLong = 'error' in normalized && normalized.error.reason === 'tooLong';
  const canSend = !disabled && !awaiting && text.trim() !== '' && !tooLong;

  const send = useCallback(() => {
    if (!canSend) return;
    // The store empties the box as the question shows in the log, where a failed one offers a
    // retry.
    void onSend(text);
  }, [canSend, onSend, text]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <chakra.form onSubmit={onSubmit} display="flex" flexDirection="column" gap="1">
      <chakra.label htmlFor={inputId} srOnly>
        {t('input.label')}
      </chakra.label>
      <Flex gap="2" alignItems="flex-end">
        <chakra.textarea
          id={inputId}
          aria-describedby={hintId}
          aria-invalid={tooLong || undefined}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          // A phone's keyboard labels its Enter key "Send", which is what Enter does here.
          enterKeyHint="send"
          placeholder={t('input.placeholder')}
          disabled={disabled}
          rows={2}
          flex="1"
          resize="none"
          padding="3"
          borderWidth="1px"
          borderColor={tooLong ? 'status.error' : 'border.default'}
          borderRadius="md"
          bg="bg.surface"
          color="fg.default"
          _placeholder={{ color: 'fg.subtle' }}
          _focusVisible={{ outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '1px' }}
        />
        {awaiting ? (
          <Button type="button" variant="outline" onClick={onStop}>
            {t('input.stop')}
          </Button>
        ) : (
          <Button type="submit" disabled={!canSend}>
            {t('input.send')}
          </Button>
        )}
      </Flex>
      <chakra.p
        id={hintId}
        fontSize="xs"
        color={tooLong ? 'status.error' : 'fg.subtle'}
        aria-live="polite"
      >
        {tooLong ? (
          t('input.tooLong', {
            max: MAX_QUESTION_LENGTH,
            count: Array.from(text.replaceAll('\u0000', '').trim()).length,
          })
        ) : (
          // Hidden on a touch screen, and so left out of the box's description there too.
          <chakra.span css={{ [`@media ${TOUCH_SCREEN_QUERY}`]: { display: 'none' } }}>
            {t('input.hint')}
          </chakra.span>
        )}
      </chakra.p>
    </chakra.form>
  );
}
