// The Feeds page's content (/monitoring/feeds/): every feed the server reads, as the API lists
// them, each with its badge (ok, failing, not read yet, no longer configured), its address, its
// last error where a read failed, when it was last read and last worked, when it is read next,
// its failures in a row and the sources read from it. For a user who is not one of the server's
// operators, what the page is and how an operator is made; for a server without feeds, how to
// configure them.
import type { FeedState } from '@coinlens/contract';
import { EmptyState, InlineRetry, Skeleton } from '@coinlens/design-system';
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { Grid } from '@chakra-ui/react/grid';
import { chakra } from '@chakra-ui/react/styled-system';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { ApiError } from '../../../data/errors';
import { webUrl } from '../sources';
import {
  describeMoment,
  failingCount,
  feedName,
  feedStatus,
  type FeedStatus,
  type Moment,
  type MomentOptions,
} from './feedState';
import { isOperatorsOnly, useFeedList } from './feeds';

/** How many placeholder cards show while the list loads. */
const PLACEHOLDERS = 3;

/** How often the relative times ("5 minutes ago") are written again. */
const CLOCK_TICK_MS = 30_000;

/** Now (ms), moving on every `tickMs`: relative times stay true between two fetches. */
function useNow(tickMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}

export function Feeds() {
  const { t } = useTranslation('feeds');
  const { data, error, mutate } = useFeedList();

  // A refusal wins over a list shown before: the account is no operator (any more).
  if (isOperatorsOnly(error)) {
    return (
      <EmptyState
        title={t('operatorsOnly.title')}
        description={
          <>
            <chakra.span display="block">{t('operatorsOnly.description')}</chakra.span>
            <chakra.span display="block" marginTop="2">
              {t('operatorsOnly.how')}
            </chakra.span>
          </>
        }
      />
    );
  }
  if (data) {
    return data.length === 0 ? (
      <EmptyState title={t('empty.title')} description={t('empty.description')} />
    ) : (
      <FeedList feeds={data} />
    );
  }
  if (error) {
    return (
      <InlineRetry
        text={error instanceof ApiError && error.msg ? error.msg : t('error.text')}
        retryLabel={t('error.retry')}
        onRetry={() => void mutate()}
      />
    );
  }
  return (
    <Flex direction="column" gap="4" role="status" aria-busy="true" aria-label={t('loading')}>
      {Array.from({ length: PLACEHOLDERS }, (_, index) => (
        <Skeleton key={index} height="9rem" borderRadius="lg" />
      ))}
    </Flex>
  );
}

function FeedList({ feeds }: { feeds: FeedState[] }) {
  const { t, i18n } = useTranslation('feeds');
  const now = useNow(CLOCK_TICK_MS);
  const failing = failingCount(feeds);
  const moments: MomentOptions = { locale: i18n.language, now };
  return (
    <>
      <chakra.p fontSize="sm" color="fg.muted" marginBottom="4" aria-live="polite">
        {t('list.count', { count: feeds.length })}
        {failing > 0 && (
          <>
            {' · '}
            <chakra.span color="status.error" fontWeight="semibold">
              {t('list.failing', { count: failing })}
            </chakra.span>
          </>
        )}
      </chakra.p>
      <chakra.ul
        aria-label={t('list.label')}
        listStyleType="none"
        margin="0"
        padding="0"
        display="flex"
        flexDirection="column"
        gap="4"
      >
        {feeds.map((feed) => (
          <li key={feed.id}>
            <FeedItem feed={feed} moments={moments} />
          </li>
        ))}
      </chakra.ul>
    </>
  );
}

function FeedItem({ feed, moments }: { feed: FeedState; moments: MomentOptions }) {
  const { t } = useTranslation('feeds');
  const headingId = useId();
  const status = feedStatus(feed);
  const address = webUrl(feed.url);
  const next = describeMoment(feed.nextFetchAt, moments);
  let nextRead: ReactNode;
  if (!feed.active) nextRead = t('time.retired');
  else if (!next) nextRead = t('time.notScheduled');
  else if (next.past) nextRead = <MomentTime moment={next}>{t('time.due')}</MomentTime>;
  else nextRead = <MomentTime moment={next} />;

  return (
    <chakra.article
      aria-labelledby={headingId}
      data-state={status}
      borderWidth="1px"
      borderColor={status === 'failing' ? 'status.error' : 'border.subtle'}
      borderRadius="lg"
      bg="bg.surface"
      padding={{ base: '4', md: '5' }}
    >
      <Flex alignItems="flex-start" justifyContent="space-between" gap="3" wrap="wrap">
        <Box minWidth="0" flex="1 1 16rem">
          <chakra.h2
            id={headingId}
            fontSize="lg"
            fontWeight="semibold"
            letterSpacing="tight"
            overflowWrap="anywhere"
          >
            {feedName(feed)}
          </chakra.h2>
          <chakra.p fontSize="sm" color="fg.muted" overflowWrap="anywhere">
            {address ? (
              <chakra.a
                href={address}
                target="_blank"
                rel="noopener noreferrer"
                color="accent.fg"
                _hover={{ textDecoration: 'underline' }}
              >
                {feed.url}
                <VisuallyHidden> {t('newTab')}</VisuallyHidden>
              </chakra.a>
            ) : (
              feed.url
            )}
          </chakra.p>
        </Box>
        <StatusBadge status={status} />
      </Flex>
      {feed.lastError !== null && (
        <Box
          marginTop="3"
          paddingX="3"
          paddingY="2"
          borderLeftWidth="3px"
          borderColor={status === 'failing' ? 'status.error' : 'border.default'}
          bg="bg.subtle"
          borderRadius="sm"
          data-part="last-error"
        >
          <chakra.p
            fontSize="sm"
            fontWeight="semibold"
            color={status === 'failing' ? 'status.error' : 'fg.muted'}
          >
            {t('field.lastError')}
          </chakra.p>
          <chakra.p fontFamily="mono" fontSize="sm" overflowWrap="anywhere">
            {feed.lastError}
          </chakra.p>
        </Box>
      )}
      <Grid
        as="dl"
        marginTop="4"
        templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' }}
        gap="3"
      >
        <Field label={t('field.lastRead')}>
          <MomentOr seconds={feed.lastFetchedAt} moments={moments} none={t('time.never')} />
        </Field>
        <Field label={t('field.lastSuccess')}>
          <MomentOr seconds={feed.lastSuccessAt} moments={moments} none={t('time.never')} />
        </Field>
        <Field label={t('field.nextRead')}>{nextRead}</Field>
        <Field label={t('field.failures')}>
          <chakra.span
            color={feed.failures > 0 ? 'status.error' : undefined}
            fontWeight={feed.failures > 0 ? 'semibold' : undefined}
          >
            {feed.failures}
          </chakra.span>
        </Field>
        <Field label={t('field.sources')}>{feed.sources}</Field>
      </Grid>
      <FeedRules keep={feed.keep} mute={feed.mute} />
    </chakra.article>
  );
}

/** The feed's keyword rules (FEEDS_FILE), when it has some: what it keeps, what it leaves out. */
function FeedRules({ keep, mute }: { keep: readonly string[]; mute: readonly string[] }) {
  const { t } = useTranslation('feeds');
  if (keep.length === 0 && mute.length === 0) return null;
  return (
    <chakra.div marginTop="4" display="flex" flexDirection="column" gap="1.5" fontSize="sm">
      <VisuallyHidden as="h3">{t('rules.label')}</VisuallyHidden>
      {keep.length > 0 && <RuleWords label={t('rules.keep')} words={keep} />}
      {mute.length > 0 && <RuleWords label={t('rules.mute')} words={mute} />}
    </chakra.div>
  );
}

function RuleWords({ label, words }: { label: string; words: readonly string[] }) {
  return (
    <Flex alignItems="baseline" gap="2" wrap="wrap">
      <chakra.span color="fg.muted">{label}</chakra.span>
      <chakra.ul
        aria-label={label}
        display="inline-flex"
        flexWrap="wrap"
        gap="1.5"
        listStyleType="none"
        margin="0"
      >
        {words.map((word) => (
          <chakra.li
            key={word}
            fontFamily="mono"
            paddingX="1.5"
            borderRadius="sm"
            bg="bg.subtle"
            overflowWrap="anywhere"
          >
            {word}
          </chakra.li>
        ))}
      </chakra.ul>
    </Flex>
  );
}

/** The badge's colour and edge by status; its word says the same for those who cannot see it. */
const BADGE: Record<FeedStatus, { color: string; borderStyle: 'solid' | 'dashed' }> = {
  ok: { color: 'status.success', borderStyle: 'solid' },
  failing: { color: 'status.error', borderStyle: 'solid' },
  pending: { color: 'status.warning', borderStyle: 'dashed' },
  retired: { color: 'fg.muted', borderStyle: 'dashed' },
};

function StatusBadge({ status }: { status: FeedStatus }) {
  const { t } = useTranslation('feeds');
  const { color, borderStyle } = BADGE[status];
  return (
    <chakra.span
      data-state={status}
      display="inline-flex"
      alignItems="center"
      flexShrink="0"
      paddingX="2.5"
      paddingY="0.5"
      borderRadius="full"
      borderWidth="1px"
      borderStyle={borderStyle}
      borderColor="currentColor"
      color={color}
      fontSize="xs"
      fontWeight="semibold"
    >
      <VisuallyHidden>{t('status.label')} </VisuallyHidden>
      {t(`status.${status}`)}
    </chakra.span>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box minWidth="0">
      <chakra.dt fontSize="xs" color="fg.muted">
        {label}
      </chakra.dt>
      <chakra.dd margin="0" fontSize="sm">
        {children}
      </chakra.dd>
    </Box>
  );
}

/** A moment as "5 minutes ago" (or `children`), with the exact UTC time on hover. */
function MomentTime({ moment, children }: { moment: Moment; children?: ReactNode }) {
  const { t } = useTranslation('feeds');
  return (
    <chakra.time
      dateTime={moment.iso}
      title={t('time.exact', { time: moment.exact })}
      textDecoration="underline dotted"
      textUnderlineOffset="3px"
      cursor="help"
    >
      {children ?? moment.relative}
    </chakra.time>
  );
}

function MomentOr({
  seconds,
  moments,
  none,
}: {
  seconds: number | null;
  moments: MomentOptions;
  none: string;
}) {
  const moment = describeMoment(seconds, moments);
  return moment ? <MomentTime moment={moment} /> : <>{none}</>;
}
