// A monitored source's page: the source (logo, host, title, state, times, heat, link), its summary
// with the key points and the coins it talked about (each can be followed from here), and its
// transcript, 20 lines at a time as it is scrolled; "Alert me" while it is still to come or live.
// Each key point links to the transcript line it came from (its time, or "See in text" for a
// written post), which the transcript then loads, brings into view and marks. An unknown source is
// the 404 page; any other failure shows the server's message with a way to try again.
import type {
  Coin,
  ContentLine,
  KeyPointSource,
  MonitorSourceDetail,
  SourceSummary,
} from '@coinlens/contract';
import {
  Button,
  EmptyState,
  InfiniteList,
  InlineRetry,
  monitorStateOf,
  PriceChange,
  PriceText,
  formatHeat,
  formatTimestamp,
  toaster,
  Skeleton,
} from '@coinlens/design-system';
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { useEffect, useId, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { StatusContent } from '../../shell/StatusContent';
import { apiAssetUrl } from '../../data/client';
import { ApiError, NetworkError, TimeoutError } from '../../data/errors';
import { AlertMeButton } from '../alerts/AlertMeButton';
import { addFollows, useFollows } from '../coins/follows';
import { intlLocale } from '../../i18n/locales';
import { BackLink } from './BackLink';
import { SourceLogo } from './SourceLogo';
import {
  markSourceRead,
  STATUS_COMPLETED,
  STATUS_LIVE,
  useSourceContent,
  useSourceDetail,
  useSourceSummary,
  webUrl,
  type Resource,
} from './sources';

/** Seconds from the start as `m:ss`, or `h:mm:ss` past an hour. */
export function formatOffset(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The id, and so the anchor, of a transcript line on the page. */
export function lineAnchor(lineId: number): string {
  return `line-${lineId}`;
}

/**
 * How many pages of the transcript a key point's link loads at most to reach its line (600
 * lines, some seconds of requests): past that, the user is told to scroll there.
 */
export const KEY_POINT_SEARCH_PAGES = 30;

/**
 * The next step of the search for a key point's line among the transcript's pages: it is there,
 * the pages ended or failed without it, the search went as far as it goes, or the next page is to
 * be loaded (or is on its way).
 */
export function searchStep(pages: {
  found: boolean;
  failed: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  pages: number;
}): 'found' | 'error' | 'missing' | 'tooFar' | 'load' | 'wait' {
  if (pages.found) return 'found';
  if (pages.failed) return 'error';
  if (pages.pages === 0) return 'wait';
  if (!pages.hasMore) return 'missing';
  if (pages.pages >= KEY_POINT_SEARCH_PAGES) return 'tooFar';
  return pages.loadingMore ? 'wait' : 'load';
}

/** Where the page is in bringing a key point's line into view. */
type LineSearch =
  { state: 'loading'; lineId: number } | { state: 'tooFar' | 'missing' | 'error'; lineId: number };

/** Scrolls a transcript line into the middle of the view and moves focus to it. */
function reveal(element: HTMLElement) {
  element.scrollIntoView({ block: 'center' });
  // Screen readers and the keyboard go on from the line, not from the link left behind.
  element.focus({ preventScroll: true });
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <chakra.section
      aria-label={title}
      borderWidth="1px"
      borderColor="border.default"
      borderRadius="lg"
      bg="bg.surface"
      padding={{ base: '4', md: '6' }}
    >
      <chakra.h2 fontSize="lg" fontWeight="semibold" marginBottom="4">
        {title}
      </chakra.h2>
      {children}
    </chakra.section>
  );
}

export function SourceDetail({ sourceId }: { sourceId: number }) {
  const { t } = useTranslation(['monitoring', 'common']);
  const detail = useSourceDetail(sourceId);
  if (detail.error instanceof ApiError && detail.error.code === 404) {
    return (
      <StatusContent
        status={404}
        text={t('common:notFound.text')}
        backLabel={t('common:notFound.back')}
      />
    );
  }

  return (
    <Flex direction="column" gap="6">
      <BackLink to="/monitoring/">
        <span aria-hidden="true">←</span> {t('detail.back')}
      </BackLink>
      <SourceParts detail={detail} />
    </Flex>
  );
}

export interface SourcePartsProps {
  /** The source's detail as useSourceDetail answers it. */
  detail: Resource<MonitorSourceDetail>;
  /** On a phone (see SourceHeader). */
  compact?: boolean;
  /** What goes between the source and its summary (the phone's "Stop monitoring"). */
  actions?: (source: MonitorSourceDetail) => ReactNode;
}

/**
 * The page's parts once the source is known (the source, its summary, its transcript), or what
 * stands for them while it loads or when it cannot be loaded: the desktop page's and the phone's.
 */
export function SourceParts({ detail, compact = false, actions }: SourcePartsProps) {
  const source = detail.data;
  // The line a key point's link marked, and the search for one not loaded yet.
  const [marked, setMarked] = useState<number | null>(null);
  const [search, setSearch] = useState<LineSearch | null>(null);

  const showLine = (lineId: number) => {
    setMarked(lineId);
    const element = document.getElementById(lineAnchor(lineId));
    if (element) {
      setSearch(null);
      reveal(element);
    } else {
      // Not on the page yet: the transcript loads pages until it is (ContentSection).
      setSearch({ state: 'loading', lineId });
    }
  };

  if (source) {
    return (
      <>
        <SourceHeader
          source={source}
          compact={compact}
          action={
            // Its alerts are on what is still to come: going live, a keyword, the summary.
            source.status <= STATUS_LIVE && (
              <AlertMeButton
                subject={{
                  kind: 'source',
                  id: source.id,
                  name: source.title,
                  symbol: null,
                  logo: source.logo,
                }}
                phone={compact}
              />
            )
          }
        />
        {actions?.(source)}
        <SummarySection source={source} search={search} onShowLine={showLine} />
        <ContentSection source={source} marked={marked} search={search} onSearched={setSearch} />
      </>
    );
  }
  if (detail.error) return <SourceLoadError error={detail.error} onRetry={detail.retry} />;
  return <SourceLoading />;
}

/** Why a source could not be loaded (the server's message when it gave one), with a retry. */
function SourceLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('monitoring');
  return (
    <EmptyState
      role="alert"
      title={t('detail.error')}
      description={error instanceof ApiError ? error.msg : undefined}
      action={
        <Button variant="outline" onClick={onRetry}>
          {t('detail.retry')}
        </Button>
      }
    />
  );
}

/** The source's page while its detail loads. */
function SourceLoading() {
  const { t } = useTranslation('monitoring');
  return (
    <Flex
      direction="column"
      gap="4"
      role="status"
      aria-busy="true"
      aria-label={t('detail.loading')}
    >
      <Skeleton height="8rem" borderRadius="lg" />
      <Skeleton height="12rem" borderRadius="lg" />
    </Flex>
  );
}

interface SourceHeaderProps {
  source: MonitorSourceDetail;
  /** On a phone: a smaller logo and title, so that the facts keep the width they need. */
  compact?: boolean;
  /** At the header's end, beside the title ("Alert me"): it adds no height to the page. */
  action?: ReactNode;
}

/** The source itself: logo, state, title, description, its facts (times, heat ...) and link. */
function SourceHeader({ source, compact = false, action }: SourceHeaderProps) {
  const { t, i18n } = useTranslation('monitoring');
  const state = monitorStateOf(source.status);
  const todayLabel = t('today');
  const locale = intlLocale(i18n.language);
  const time = (seconds: number | null) =>
    seconds === null ? null : formatTimestamp(seconds, { todayLabel, locale });
  const link = webUrl(source.link);
  const heat = source.status === STATUS_COMPLETED ? formatHeat(source.heat, locale) : null;
  const feedUrl = source.feed && (webUrl(source.feed.link ?? '') ?? webUrl(source.feed.url));

  const facts: Array<[string, ReactNode]> = [
    [t('detail.host'), source.author],
    [t('detail.scheduled'), time(source.time)],
    [t('detail.started'), time(source.startedAt)],
    [t('detail.ended'), time(source.endedAt)],
    [t('detail.heat'), heat],
    [t('detail.participants'), source.participants.join(', ') || null],
    [t('detail.tags'), source.tags.join(', ') || null],
    [
      t('detail.feed'),
      source.feed &&
        (feedUrl ? (
          <chakra.a
            href={feedUrl}
            target="_blank"
            rel="noopener noreferrer"
            color="accent.fg"
            textDecoration="underline"
            textUnderlineOffset="3px"
            overflowWrap="anywhere"
          >
            {source.feed.title}
            <chakra.span srOnly> {t('newTab')}</chakra.span>
          </chakra.a>
        ) : (
          source.feed.title
        )),
    ],
  ];

  return (
    <chakra.header display="flex" gap={compact ? '3' : '5'} alignItems="flex-start">
      <SourceLogo source={source} size={compact ? '10' : '16'} />
      <Box minWidth="0" flex="1">
        <Flex gap="2" alignItems="center" wrap="wrap" marginBottom="1">
          <chakra.span
            fontSize="xs"
            fontWeight="semibold"
            paddingX="2"
            paddingY="0.5"
            borderRadius="full"
            bg="bg.subtle"
            color={state === 'inProgress' ? 'status.success' : 'fg.default'}
            data-state={state}
          >
            {t(`status.${state}`)}
          </chakra.span>
          {source.demo && (
            <chakra.span
              fontSize="xs"
              fontWeight="semibold"
              paddingX="2"
              paddingY="0.5"
              borderRadius="full"
              color="status.warning"
              borderWidth="1px"
              borderColor="currentColor"
              title={t('detail.demoNote')}
            >
              {t('detail.demo')}
            </chakra.span>
          )}
        </Flex>
        <chakra.h1
          fontSize={compact ? 'xl' : { base: '2xl', md: '3xl' }}
          fontWeight="bold"
          letterSpacing="tight"
        >
          {source.title}
        </chakra.h1>
        {source.description && (
          <chakra.p marginTop="2" color="fg.muted" maxWidth="prose">
            {source.description}
          </chakra.p>
        )}
        <chakra.dl
          display="grid"
          gridTemplateColumns="max-content 1fr"
          columnGap="4"
          rowGap="1"
          marginTop="4"
          fontSize="sm"
        >
          {facts
            .filter(([, value]) => value !== null && value !== '')
            .map(([label, value]) => (
              <Box key={label} display="contents">
                <chakra.dt color="fg.muted">{label}</chakra.dt>
                <chakra.dd margin="0">{value}</chakra.dd>
              </Box>
            ))}
        </chakra.dl>
        {link && (
          <chakra.a
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            // On a phone, as tall as a finger needs (44 px).
            display={compact ? 'inline-flex' : 'inline-block'}
            alignItems="center"
            minHeight={compact ? '11' : undefined}
            marginTop={compact ? '2' : '4'}
            fontWeight="semibold"
            color="accent.fg"
            textDecoration="underline"
            textUnderlineOffset="3px"
          >
            {t('detail.open')}
            <chakra.span srOnly> {t('newTab')}</chakra.span>
          </chakra.a>
        )}
      </Box>
      {action && <Box flexShrink="0">{action}</Box>}
    </chakra.header>
  );
}

interface SummarySectionProps {
  source: MonitorSourceDetail;
  /** Where the page is in bringing a key point's line into view. */
  search: LineSearch | null;
  /** Brings a transcript line into view and marks it. */
  onShowLine: (lineId: number) => void;
}

/** A completed source's summary, key points and coins; what there is instead for the others. */
function SummarySection({ source, search, onShowLine }: SummarySectionProps) {
  const { t, i18n } = useTranslation('monitoring');
  const completed = source.status === STATUS_COMPLETED;
  const summary = useSourceSummary(completed ? source.id : null);
  const state = monitorStateOf(source.status);
  const languageName = useMemo(() => {
    const language = summary.data?.language;
    if (!language) return null;
    try {
      return new Intl.DisplayNames([intlLocale(i18n.language)], { type: 'language' }).of(
        intlLocale(language),
      );
    } catch {
      return language;
    }
  }, [summary.data?.language, i18n.language]);

  let body: ReactNode;
  if (!completed) {
    body = (
      <chakra.p color="fg.muted">
        {state === 'cancelled' || state === 'invalid'
          ? t('detail.summary.none')
          : t('detail.summary.pending')}
      </chakra.p>
    );
  } else if (summary.data) {
    const { data } = summary;
    body = (
      <Flex direction="column" gap="5">
        <Box>
          <chakra.p lineHeight="tall" maxWidth="prose">
            {data.summary}
          </chakra.p>
          {data.language !== i18n.language && languageName && (
            <chakra.p marginTop="1" fontSize="sm" color="fg.muted">
              {t('detail.summary.language', { language: languageName })}
            </chakra.p>
          )}
        </Box>
        {data.keyPoints.length > 0 && (
          <KeyPoints
            summary={data}
            article={source.kind === 'article'}
            search={search}
            onShowLine={onShowLine}
          />
        )}
        <Box>
          <chakra.h3 fontSize="md" fontWeight="semibold" marginBottom="2">
            {t('detail.summary.coins')}
          </chakra.h3>
          {data.coins.length === 0 ? (
            <chakra.p color="fg.muted">{t('detail.summary.noCoins')}</chakra.p>
          ) : (
            <MentionedCoins coins={data.coins} />
          )}
        </Box>
      </Flex>
    );
  } else if (summary.error) {
    body = (
      <InlineRetry
        text={
          summary.error instanceof ApiError && summary.error.msg
            ? summary.error.msg
            : t('detail.summary.error')
        }
        retryLabel={t('detail.retry')}
        onRetry={summary.retry}
      />
    );
  } else {
    body = (
      <Flex
        direction="column"
        gap="2"
        role="status"
        aria-busy="true"
        aria-label={t('detail.summary.loading')}
      >
        <Skeleton height="4" />
        <Skeleton height="4" />
        <Skeleton height="4" width="60%" />
      </Flex>
    );
  }
  return <Section title={t('detail.summary.title')}>{body}</Section>;
}

interface KeyPointsProps {
  summary: SourceSummary;
  /** A written post: its lines have no times worth showing. */
  article: boolean;
  search: LineSearch | null;
  onShowLine: (lineId: number) => void;
}

/** The key points, each with a link to the line it came from where that is known. */
function KeyPoints({ summary, article, search, onShowLine }: KeyPointsProps) {
  const { t } = useTranslation('monitoring');
  const id = useId();
  const status =
    search === null
      ? ''
      : {
          loading: t('detail.summary.finding'),
          tooFar: t('detail.summary.tooFar'),
          missing: t('detail.summary.missing'),
          error: t('detail.content.more'),
        }[search.state];
  return (
    <Box>
      <chakra.h3 fontSize="md" fontWeight="semibold" marginBottom="2">
        {t('detail.summary.keyPoints')}
      </chakra.h3>
      <chakra.ul paddingLeft="5" listStyleType="disc" display="flex" flexDirection="column" gap="1">
        {summary.keyPoints.map((point, index) => {
          const from = summary.keyPointSources[index] ?? null;
          const pointId = `${id}-${index}`;
          return (
            <li key={index}>
              <span id={pointId}>{point}</span>
              {from && (
                <>
                  {' '}
                  <KeyPointLink
                    from={from}
                    article={article}
                    describedBy={pointId}
                    onShowLine={onShowLine}
                  />
                </>
              )}
            </li>
          );
        })}
      </chakra.ul>
      {/* There before it has anything to say, so that what it comes to say is announced. */}
      {summary.keyPointSources.some(Boolean) && (
        <chakra.p role="status" marginTop={status ? '2' : '0'} fontSize="sm" color="fg.muted">
          {status}
        </chakra.p>
      )}
    </Box>
  );
}

interface KeyPointLinkProps {
  from: KeyPointSource;
  article: boolean;
  /** The id of the key point's text, which tells apart links that read the same. */
  describedBy: string;
  onShowLine: (lineId: number) => void;
}

/**
 * A link to the line a key point came from: its anchor, so that it works as a plain link too when
 * the line is on the page; with scripts, it also loads the line when it is further down.
 */
function KeyPointLink({ from, article, describedBy, onShowLine }: KeyPointLinkProps) {
  const { t } = useTranslation('monitoring');
  const time = formatOffset(from.offsetSec);
  return (
    <chakra.a
      href={`#${lineAnchor(from.lineId)}`}
      aria-label={article ? undefined : t('detail.summary.atTime', { time })}
      aria-describedby={describedBy}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        onShowLine(from.lineId);
      }}
      display="inline-flex"
      alignItems="center"
      paddingX="1.5"
      borderRadius="sm"
      fontSize="sm"
      fontVariantNumeric="tabular-nums"
      whiteSpace="nowrap"
      color="accent.fg"
      textDecoration="underline"
      textUnderlineOffset="3px"
      _hover={{ bg: 'bg.subtle' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' }}
    >
      {article ? t('detail.summary.seeInText') : time}
    </chakra.a>
  );
}

/** The coins a source talked about, each with a way to follow it. */
function MentionedCoins({ coins }: { coins: Coin[] }) {
  const { t, i18n } = useTranslation(['monitoring', 'common']);
  const { follows } = useFollows();
  const followed = useMemo(() => new Set(follows?.map((entry) => entry.coinId)), [follows]);
  const [busy, setBusy] = useState<number | null>(null);
  const locale = intlLocale(i18n.language);

  const follow = async (coin: Coin) => {
    setBusy(coin.id);
    try {
      await addFollows([coin.id]);
      toaster.create({ type: 'success', title: t('detail.coin.followed', { name: coin.name }) });
    } catch (error) {
      const text =
        error instanceof ApiError && error.msg
          ? error.msg
          : error instanceof NetworkError || error instanceof TimeoutError
            ? t('common:messages.networkError')
            : t('detail.coin.followError', { name: coin.name });
      toaster.create({ type: 'error', title: text });
    }
    setBusy(null);
  };

  return (
    <chakra.ul
      display="flex"
      flexDirection="column"
      gap="2"
      listStyleType="none"
      margin="0"
      padding="0"
    >
      {coins.map((coin) => {
        const isFollowed = followed.has(coin.id);
        return (
          <chakra.li
            key={coin.id}
            display="flex"
            flexWrap="wrap"
            alignItems="center"
            columnGap="3"
            rowGap="1"
            paddingY="2"
            borderBottomWidth="1px"
            borderColor="border.subtle"
            _last={{ borderBottomWidth: '0' }}
          >
            <chakra.img
              src={apiAssetUrl(coin.logo)}
              alt=""
              width="7"
              height="7"
              borderRadius="full"
            />
            {/* On a phone the figures and the button go under the name. */}
            <Box flex="1 1 8rem" minWidth="0">
              <chakra.span fontWeight="semibold">{coin.name}</chakra.span>{' '}
              <chakra.span color="fg.muted" fontSize="sm">
                {coin.symbol}
              </chakra.span>
            </Box>
            <Flex alignItems="center" gap="3" marginLeft="auto">
              <PriceText value={coin.quotes.price} locale={locale} />
              <PriceChange value={coin.quotes.percentChange24h} locale={locale} minWidth="5rem" />
              <Button
                size="sm"
                variant={isFollowed ? 'ghost' : 'outline'}
                disabled={isFollowed || follows === undefined}
                loading={busy === coin.id}
                aria-label={
                  isFollowed
                    ? t('detail.coin.followingNamed', { name: coin.name })
                    : t('detail.coin.followNamed', { name: coin.name })
                }
                onClick={() => void follow(coin)}
              >
                {isFollowed ? t('detail.coin.following') : t('detail.coin.follow')}
              </Button>
            </Flex>
          </chakra.li>
        );
      })}
    </chakra.ul>
  );
}

interface ContentSectionProps {
  source: MonitorSourceDetail;
  /** The line a key point's link marked. */
  marked: number | null;
  /** A line a key point's link asked for that was not loaded then. */
  search: LineSearch | null;
  /** Tells how the search ended (null: the line is shown). */
  onSearched: (result: LineSearch | null) => void;
}

/** The source's transcript, 20 lines at a time as it is scrolled (kept current while live). */
function ContentSection({ source, marked, search, onSearched }: ContentSectionProps) {
  const { t } = useTranslation('monitoring');
  const content = useSourceContent(source.id, source.status === STATUS_LIVE);
  const loaded = content.pages > 0;
  const { items, hasMore, loadingMore, error, pages, loadMore } = content;

  // A key point's line further down than the pages loaded: the next page, until it is there.
  // This runs in an effect, not in the click, because the line only exists once its page came.
  const seeking = search?.state === 'loading' ? search.lineId : null;
  useEffect(() => {
    if (seeking === null) return;
    const found = items.some((line) => line.id === seeking);
    const step = searchStep({ found, failed: Boolean(error), hasMore, loadingMore, pages });
    if (step === 'found') {
      const element = document.getElementById(lineAnchor(seeking));
      if (element) reveal(element);
      onSearched(null);
    } else if (step === 'load') loadMore();
    else if (step !== 'wait') onSearched({ state: step, lineId: seeking });
  }, [seeking, items, error, hasMore, loadingMore, pages, loadMore, onSearched]);

  // What the user has now seen of a source they monitor is no longer new. Someone reading a
  // source they do not monitor gets a 404 back, which changes nothing.
  useEffect(() => {
    if (!loaded) return;
    markSourceRead(source.id).catch(() => undefined);
  }, [loaded, source.id]);

  const failedFirst = content.error !== undefined && content.pages === 0;
  const emptyText =
    source.status === STATUS_LIVE ? t('detail.content.emptyLive') : t('detail.content.empty');

  return (
    <Section title={t('detail.content.title')}>
      {failedFirst ? (
        <InlineRetry
          text={
            content.error instanceof ApiError && content.error.msg
              ? content.error.msg
              : t('detail.content.error')
          }
          retryLabel={t('detail.content.retry')}
          onRetry={content.retry}
        />
      ) : (
        <InfiniteList
          label={t('detail.content.label', { title: source.title })}
          maxHeight="min(28rem, 60vh)"
          hasMore={content.hasMore}
          loading={content.loadingMore || content.loading}
          onLoadMore={content.loadMore}
          loadingLabel={t('detail.content.loadingMore')}
          endLabel={content.pages > 1 && !content.error ? t('detail.content.end') : undefined}
          empty={!content.loading && content.items.length === 0}
          emptyState={<chakra.p color="fg.muted">{emptyText}</chakra.p>}
        >
          <chakra.ol
            listStyleType="none"
            margin="0"
            padding="0"
            display="flex"
            flexDirection="column"
            gap="3"
          >
            {content.items.map((line) => (
              <TranscriptLine key={line.id} line={line} marked={line.id === marked} />
            ))}
          </chakra.ol>
          {content.error && content.pages > 0 && (
            <InlineRetry
              placement="listEnd"
              text={t('detail.content.more')}
              retryLabel={t('detail.content.retry')}
              onRetry={content.retry}
            />
          )}
        </InfiniteList>
      )}
    </Section>
  );
}

function TranscriptLine({ line, marked }: { line: ContentLine; marked: boolean }) {
  return (
    <chakra.li
      id={lineAnchor(line.id)}
      // Focused when a key point's link brings it into view.
      tabIndex={-1}
      data-highlighted={marked || undefined}
      display="grid"
      gridTemplateColumns="3.5rem 1fr"
      columnGap="3"
      borderRadius="md"
      outline="none"
      // Marked by a key point's link; `:target` marks it too when the link works without scripts.
      // A ring inside and a tint: nothing moves, and the scrolling list does not clip it.
      css={{
        '&[data-highlighted], &:target': {
          bg: 'bg.subtle',
          boxShadow: 'inset 0 0 0 1px {colors.accent.fg}',
        },
      }}
    >
      <chakra.span
        color="fg.muted"
        fontSize="sm"
        fontVariantNumeric="tabular-nums"
        paddingTop="0.5"
      >
        {formatOffset(line.offsetSec)}
      </chakra.span>
      <Box>
        <chakra.span display="block" fontWeight="semibold" fontSize="sm">
          {line.speaker}
        </chakra.span>
        <chakra.p>{line.text}</chakra.p>
      </Box>
    </chakra.li>
  );
}
