// The bell's inbox: the alerts that fired and are not read yet, newest first, each with what fired
// it and a link to its coin's report or its source, "mark read" on each and "mark all read"; and
// the way to the Alerts page (every alert and the history).
import type { AlertEvent } from '@coinlens/contract';
import { AlertItem, Button, toaster } from '@coinlens/design-system';
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { useId, useRef, useState } from 'react';
import { apiAssetUrl } from '../../../data/client';
import { Link } from '../../../i18n/Link';
import { markRead, useInbox } from '../shared/alerts';
import { subjectPath, useAlertLabels } from '../shared/labels';

const ItemLink = chakra(Link, {
  base: {
    color: 'inherit',
    textDecoration: 'none',
    _hover: { textDecoration: 'underline' },
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  },
});

/** A fired alert with its subject's logo from the API's host. */
export function withAssetLogo(event: AlertEvent): AlertEvent {
  const { logo } = event.subject;
  return logo ? { ...event, subject: { ...event.subject, logo: apiAssetUrl(logo) } } : event;
}

export interface AlertInboxProps {
  /** The panel's id (the bell's `aria-controls`). */
  id: string;
  /** Called when a link in it is followed: the panel closes. */
  onLeave: () => void;
}

export function AlertInbox({ id, onLeave }: AlertInboxProps) {
  const { t } = useTranslation('alerts');
  const labels = useAlertLabels();
  const titleId = useId();
  const { data, error, mutate } = useInbox();
  const [marking, setMarking] = useState<number | 'all' | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);

  const read = async (ids?: number[]) => {
    setMarking(ids?.[0] ?? 'all');
    try {
      await markRead(ids);
      // The item and its button are gone: the focus goes to the panel's heading, not the body.
      titleRef.current?.focus();
    } catch {
      toaster.create({ type: 'error', title: t('inbox.readFailed') });
    } finally {
      setMarking(null);
    }
  };

  const events = data?.records ?? [];
  let body;
  if (data) {
    body =
      events.length === 0 ? (
        <Box paddingX="4" paddingY="6" textAlign="center">
          <chakra.p fontWeight="medium">{t('inbox.empty')}</chakra.p>
          <chakra.p fontSize="sm" color="fg.muted" marginTop="1">
            {t('inbox.emptyHint')}
          </chakra.p>
        </Box>
      ) : (
        <chakra.ul listStyleType="none" margin="0" padding="0">
          {events.map((event) => (
            <chakra.li
              key={event.id}
              borderBottomWidth="1px"
              borderColor="border.subtle"
              _last={{ borderBottomWidth: '0' }}
            >
              <AlertItem
                event={withAssetLogo(event)}
                labels={labels.item}
                locale={labels.locale}
                todayLabel={labels.todayLabel}
                href={subjectPath(event.subject)}
                renderLink={({ href, children }) => (
                  <ItemLink to={href ?? '/alerts/'} onClick={onLeave}>
                    {children}
                  </ItemLink>
                )}
                markingRead={marking === event.id || marking === 'all'}
                onMarkRead={({ id: eventId }) => void read([eventId])}
              />
            </chakra.li>
          ))}
        </chakra.ul>
      );
  } else if (error) {
    body = (
      <Flex direction="column" alignItems="center" gap="3" paddingX="4" paddingY="6">
        <chakra.p role="alert">{t('inbox.error')}</chakra.p>
        <Button variant="outline" size="sm" onClick={() => void mutate()}>
          {t('inbox.retry')}
        </Button>
      </Flex>
    );
  } else {
    body = (
      <Box role="status" aria-label={t('inbox.loading')}>
        <AlertItem.Skeleton />
        <AlertItem.Skeleton />
      </Box>
    );
  }

  return (
    <chakra.div
      id={id}
      role="dialog"
      aria-labelledby={titleId}
      position="absolute"
      top="calc(100% + 0.5rem)"
      insetInlineEnd="0"
      zIndex="20"
      width="min(24rem, calc(100vw - 2rem))"
      maxHeight="min(32rem, calc(100dvh - 6rem))"
      display="flex"
      flexDirection="column"
      bg="bg.surface"
      borderWidth="1px"
      borderColor="border.subtle"
      borderRadius="lg"
      boxShadow="lg"
      data-part="alert-inbox"
    >
      <Flex
        alignItems="center"
        gap="2"
        paddingX="4"
        paddingY="3"
        borderBottomWidth="1px"
        borderColor="border.subtle"
      >
        <chakra.h2
          ref={titleRef}
          id={titleId}
          tabIndex={-1}
          fontSize="md"
          fontWeight="semibold"
          flex="1"
          _focus={{ outline: 'none' }}
        >
          {t('inbox.title')}
        </chakra.h2>
        {events.length > 0 && (
          <Button variant="ghost" size="sm" loading={marking === 'all'} onClick={() => void read()}>
            {t('inbox.markAllRead')}
          </Button>
        )}
      </Flex>
      <Box overflowY="auto" flex="1">
        {body}
      </Box>
      <Box paddingX="4" paddingY="3" borderTopWidth="1px" borderColor="border.subtle">
        <ItemLink to="/alerts/" onClick={onLeave} fontSize="sm" fontWeight="medium">
          {t('inbox.seeAll')}
        </ItemLink>
      </Box>
    </chakra.div>
  );
}
