// The mobile page's next events: the user's monitored sources that are live now or still to come
// (see nextEvents.ts), each with its logo, title, author and when it starts, linking to the event
// itself; and the way to add sources.
import type { UserMonitorSource } from '@coinlens/contract';
import { Button, EmptyState, formatTimestamp, Skeleton } from '@coinlens/design-system';
import { Box, chakra, Flex } from '@chakra-ui/react';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { openAddMonitorDialog, STATUS_LIVE } from '../monitoring/sources';
import { SourceLogo } from '../monitoring/SourceLogo';
import { useNextEvents } from './nextEvents';
import { SectionHeader } from './SectionHeader';

export interface NextEventsProps {
  /** "Now" in ms since the epoch, which decides what "today" is (the clock by default). */
  now?: number;
}

export function NextEvents({ now }: NextEventsProps) {
  const { t } = useTranslation('mobile');
  const { events, more, loading, error, retry } = useNextEvents();

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
  } else if (error && events.length === 0) {
    body = (
      <EmptyState
        size="sm"
        role="alert"
        title={t('events.error')}
        action={
          <Button size="lg" variant="outline" onClick={retry}>
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
    <chakra.section aria-labelledby="mobile-events">
      <SectionHeader id="mobile-events">{t('events.title')}</SectionHeader>
      {body}
    </chakra.section>
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
    <li>
      <chakra.a
        href={source.link}
        target="_blank"
        rel="noopener noreferrer"
        display="flex"
        alignItems="center"
        gap="3"
        minHeight="16"
        paddingX="3"
        paddingY="3"
        bg="bg.surface"
        borderWidth="1px"
        borderColor={live ? 'status.error' : 'border.subtle'}
        borderRadius="lg"
        color="fg.default"
        textDecoration="none"
        _active={{ bg: 'bg.raised' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' }}
      >
        <SourceLogo source={source} size="10" shape="square" />
        <Box flex="1" minWidth="0">
          <chakra.p fontWeight="semibold" lineClamp="2">
            {source.title}
          </chakra.p>
          <chakra.p fontSize="sm" color="fg.muted" truncate>
            {source.author}
          </chakra.p>
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
        </Box>
        <chakra.span srOnly>{t('events.newTab')}</chakra.span>
        <chakra.svg
          viewBox="0 0 16 16"
          width="4"
          height="4"
          flexShrink="0"
          color="fg.subtle"
          aria-hidden="true"
        >
          <path d="M6 3h7v7M13 3 4 12" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </chakra.svg>
      </chakra.a>
    </li>
  );
}
