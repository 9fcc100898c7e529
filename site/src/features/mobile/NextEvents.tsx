// The mobile page's events tab: the user's monitored sources that are live now or still to come
// (see nextEvents.ts), each with its logo, title, author and when it starts, and the way to add
// sources; under them, the user's sources whose event has ended, most recently added first, so
// that one added from the phone is found there. A tap on a source opens its phone view
// (MobileSource.tsx); the event itself, on its own site, is a second control beside it.
import type { UserMonitorSource } from '@coinlens/contract';
import {
  Button,
  EmptyState,
  formatHeat,
  formatTimestamp,
  InlineRetry,
  monitorStateOf,
  Skeleton,
} from '@coinlens/design-system';
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import type { ReactNode } from 'react';
import { Link } from '../../i18n/Link';
import { intlLocale } from '../../i18n/locales';
import { openAddMonitorDialog, STATUS_COMPLETED, STATUS_LIVE, webUrl } from '../monitoring/sources';
import { SourceLogo } from '../monitoring/SourceLogo';
import { FROM_SITE_STATE } from './fromSite';
import {
  useNextEvents,
  useRecentlyFinished,
  type RecentlyFinished as RecentlyFinishedList,
} from './nextEvents';
import { SectionHeader } from './SectionHeader';

const FOCUS_RING = { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' };

/** A row's link to the source's phone view: the whole row but its end. */
const RowLink = chakra(Link, {
  base: {
    display: 'flex',
    flex: '1',
    minWidth: '0',
    alignItems: 'center',
    gap: '3',
    minHeight: '16',
    paddingX: '3',
    paddingY: '3',
    borderRadius: 'lg',
    color: 'fg.default',
    textDecoration: 'none',
    _active: { bg: 'bg.raised' },
    _focusVisible: FOCUS_RING,
  },
});

/** The phone's view of a source, without language prefix. */
export function sourceAddress(sourceId: number): string {
  return `/mobile/monitoring/detail/?id=${sourceId}`;
}

export interface NextEventsProps {
  /** "Now" in ms since the epoch, which decides what "today" is (the clock by default). */
  now?: number;
}

export function NextEvents({ now }: NextEventsProps) {
  const { t } = useTranslation('mobile');
  const { events, more, loading, error, retry } = useNextEvents();
  const finished = useRecentlyFinished();
  // One outage, one alert: while the next events cannot be loaded, their retry asks for both.
  const failed = error !== undefined && events.length === 0;

  const add = (
    <Button size="lg" variant="outline" onClick={() => openAddMonitorDialog()}>
      {t('events.add')}
    </Button>
  );

  let body;
  if (loading) {
    body = (
      <Flex
        direction="column"
        gap="2"
        role="status"
        aria-busy="true"
        aria-label={t('events.title')}
      >
        <Skeleton height="20" borderRadius="lg" />
        <Skeleton height="20" borderRadius="lg" />
      </Flex>
    );
  } else if (failed) {
    body = (
      <EmptyState
        size="sm"
        role="alert"
        title={t('events.error')}
        action={
          <Button
            size="lg"
            variant="outline"
            onClick={() => {
              retry();
              finished.retry();
            }}
          >
            {t('events.retry')}
          </Button>
        }
      />
    );
  } else if (events.length === 0) {
    body = (
      <EmptyState
        size="sm"
        title={t('events.empty')}
        description={t('events.emptyHint')}
        action={add}
      />
    );
  } else {
    body = (
      <>
        <Flex as="ul" direction="column" gap="2" listStyleType="none" margin="0" padding="0">
          {events.map((source) => (
            <EventRow key={source.id} source={source} now={now} />
          ))}
        </Flex>
        {more > 0 && (
          <chakra.p marginTop="3" fontSize="sm" color="fg.muted">
            {t('events.more', { count: more })}
          </chakra.p>
        )}
        <Box marginTop="4">{add}</Box>
      </>
    );
  }

  return (
    <>
      <chakra.section aria-labelledby="mobile-events">
        <SectionHeader id="mobile-events">{t('events.title')}</SectionHeader>
        {body}
      </chakra.section>
      {!loading && !failed && <RecentlyFinished {...finished} />}
    </>
  );
}

/**
 * The user's sources whose event has ended (see useRecentlyFinished), once there are any: each
 * opens its summary. Nothing shows while they load, and a failure says so with a retry.
 */
function RecentlyFinished({ sources, error, retry }: RecentlyFinishedList) {
  const { t } = useTranslation('mobile');
  if (sources.length === 0 && !error) return null;
  return (
    <chakra.section aria-labelledby="mobile-finished" marginTop="6">
      <SectionHeader id="mobile-finished">{t('source.finished.title')}</SectionHeader>
      {sources.length === 0 ? (
        <InlineRetry
          text={t('source.finished.error')}
          retryLabel={t('source.finished.retry')}
          onRetry={retry}
        />
      ) : (
        <Flex as="ul" direction="column" gap="2" listStyleType="none" margin="0" padding="0">
          {sources.map((source) => (
            <FinishedRow key={source.id} source={source} />
          ))}
        </Flex>
      )}
    </chakra.section>
  );
}

function FinishedRow({ source }: { source: UserMonitorSource }) {
  const { t, i18n } = useTranslation(['monitoring', 'mobile']);
  const state = monitorStateOf(source.status);
  const heat =
    source.status === STATUS_COMPLETED
      ? `${t('heat')} ${formatHeat(source.heat, intlLocale(i18n.language))}`
      : null;
  return (
    <SourceRow source={source}>
      <chakra.p fontSize="sm" marginTop="1" color="fg.muted">
        {t(`status.${state}`)}
        {heat && ` · ${heat}`}
      </chakra.p>
    </SourceRow>
  );
}

function EventRow({ source, now }: { source: UserMonitorSource; now?: number }) {
  const { t, i18n } = useTranslation('mobile');
  const live = source.status === STATUS_LIVE;
  const time = formatTimestamp(source.time, {
    now,
    todayLabel: t('events.today'),
    locale: i18n.language,
  });
  return (
    <SourceRow source={source} live={live}>
      <chakra.p fontSize="sm" marginTop="1" color={live ? 'status.error' : 'accent.fg'}>
        {live ? (
          <>
            <chakra.span
              display="inline-block"
              width="2"
              height="2"
              marginEnd="1.5"
              borderRadius="full"
              bg="status.error"
              aria-hidden="true"
            />
            {t('events.live')}
          </>
        ) : (
          t('events.startsAt', { time: time ?? '—' })
        )}
      </chakra.p>
    </SourceRow>
  );
}

/**
 * A source in one of the tab's lists: the whole row opens its phone view, and the event on its own
 * site (a new tab) is a control of its own at the row's end; `children` is the row's last line.
 */
function SourceRow({
  source,
  live = false,
  children,
}: {
  source: UserMonitorSource;
  live?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('mobile');
  const link = webUrl(source.link);
  return (
    <Flex
      as="li"
      alignItems="stretch"
      bg="bg.surface"
      borderWidth="1px"
      borderColor={live ? 'status.error' : 'border.subtle'}
      borderRadius="lg"
    >
      <RowLink to={sourceAddress(source.id)} state={FROM_SITE_STATE}>
        <SourceLogo source={source} size="10" shape="square" />
        <Box flex="1" minWidth="0">
          <chakra.p fontWeight="semibold" lineClamp="2">
            {source.title}
          </chakra.p>
          <chakra.p fontSize="sm" color="fg.muted" truncate>
            {source.author}
          </chakra.p>
          {children}
        </Box>
      </RowLink>
      {link && (
        <chakra.a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          display="flex"
          alignItems="center"
          justifyContent="center"
          flexShrink="0"
          width="11"
          minHeight="11"
          borderStartWidth="1px"
          borderColor="border.subtle"
          borderEndRadius="lg"
          color="fg.muted"
          _active={{ bg: 'bg.raised' }}
          _focusVisible={FOCUS_RING}
        >
          <chakra.span srOnly>
            {t('source.openEvent', { title: source.title })} {t('events.newTab')}
          </chakra.span>
          <chakra.svg viewBox="0 0 16 16" width="4" height="4" aria-hidden="true">
            <path d="M6 3h7v7M13 3 4 12" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </chakra.svg>
        </chakra.a>
      )}
    </Flex>
  );
}
