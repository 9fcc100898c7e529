// The monitoring area: the user's sources as MonitorCards, most recently added first, 30 a page,
// filtered by status. A source that has not started opens a box with its author, title, time and
// the GoCheck link; any other (live, ended, completed ...) leads to its detail page, a completed one
// showing its heat; any source can be removed, after a confirmation. Unread content is marked.
// One of the server's operators also finds the way to the state of the feeds the server reads.
// The header also offers an alert on every new source that says a keyword (the dialog's code
// loads when it is first pressed).
import type { UserMonitorSource } from '@coinlens/contract';
import {
  Button,
  EmptyState,
  InlineRetry,
  PageHeader,
  Skeleton,
  buttonRecipe,
} from '@coinlens/design-system';
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { Grid } from '@chakra-ui/react/grid';
import { chakra } from '@chakra-ui/react/styled-system';
import { useI18next, useTranslation } from 'gatsby-plugin-react-i18next';
import { Suspense, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { useSession } from '../../data/session';
import { Link } from '../../i18n/Link';
import { AlertMeButton } from '../alerts/AlertMeButton';
import { lazyChunk } from '../../shell/loadChunk';
import { localizedPath, type Locale } from '../../i18n/locales';
import { usePreparedFormats } from '../../i18n/usePreparedFormats';
import {
  openAddMonitorDialog,
  STATUS_FILTERS,
  STATUS_UNSTARTED,
  useUserSources,
  type StatusFilter,
} from './sources';
import { SourceCard } from './SourceCard';

// The confirmation's code (the modal) loads when a remove control is first used.
const RemoveSourceDialog = lazyChunk(() => import('./RemoveSourceDialog'));

/** How many placeholder cards show while the list loads. */
const PLACEHOLDER_CARDS = 6;

// The user's list gets a cache of its own, which goes with the page: a list is one user's, and
// the next user to sign in on this browser must never see it, not even for a moment.
const PAGE_CACHE: SWRConfiguration = { provider: () => new Map() };

/** The operators' page of the feeds the server reads, without the locale prefix. */
export const FEEDS_PATH = '/monitoring/feeds/';

// A link (it goes to a page) that sits beside the header's button as one of its kind.
const ButtonLink = chakra(Link, buttonRecipe);

/** The path of a source's detail page, without the locale prefix. */
export function sourceDetailPath(sourceId: number): string {
  return `/monitoring/detail/?id=${sourceId}`;
}

export function Monitoring() {
  return (
    <SWRConfig value={PAGE_CACHE}>
      <MonitoringArea />
    </SWRConfig>
  );
}

function MonitoringArea() {
  const { t, i18n } = useTranslation('monitoring');
  // The cards format heat and times: their formats start while the list loads.
  usePreparedFormats(i18n.language);
  const [filter, setFilter] = useState<StatusFilter>('all');
  const list = useUserSources(filter);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The source asked about stays while its dialog closes, so that it closes as a dialog does.
  const [removing, setRemoving] = useState<UserMonitorSource | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Where the focus goes as the confirmation closes: back to the remove control, or once the
  // source is removed (its card and the control go) to the page's heading.
  const focusAfterClose = useRef<HTMLElement | null>(null);
  const askToRemove = (source: UserMonitorSource) => {
    focusAfterClose.current = null;
    setRemoving(source);
    setConfirming(true);
  };

  const addButton = (
    <Button onClick={() => openAddMonitorDialog()} _print={{ display: 'none' }}>
      {t('add')}
    </Button>
  );
  // Only the server's operators may see the feeds (the API refuses anyone else): nobody else is
  // shown the way there.
  const operator = useSession().user?.operator === true;

  let content: ReactNode;
  if (list.error && list.pages === 0) {
    content = (
      <EmptyState
        role="alert"
        title={t('listError.title')}
        description={t('listError.description')}
        action={
          <Button variant="outline" onClick={list.retry}>
            {t('listError.retry')}
          </Button>
        }
      />
    );
  } else if (list.loading) {
    content = (
      <Grid
        templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, 1fr)' }}
        gap="4"
        role="status"
        aria-busy="true"
        aria-label={t('list.loading')}
      >
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
          <Skeleton key={index} height="5.5rem" borderRadius="lg" />
        ))}
      </Grid>
    );
  } else if (list.items.length === 0) {
    content =
      filter === 'all' ? (
        <EmptyState
          title={t('empty.title')}
          description={t('empty.description')}
          action={addButton}
        />
      ) : (
        <EmptyState
          title={t('empty.filteredTitle')}
          description={t('empty.filteredDescription')}
          action={
            <Button variant="outline" onClick={() => setFilter('all')}>
              {t('empty.showAll')}
            </Button>
          }
        />
      );
  } else {
    content = (
      <>
        <Grid
          as="ul"
          aria-label={t('list.label')}
          templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, 1fr)' }}
          gap="4"
          listStyleType="none"
          margin="0"
          padding="0"
        >
          {list.items.map((source) => (
            <li key={source.id}>
              <SourceItem source={source} onRemove={() => askToRemove(source)} />
            </li>
          ))}
        </Grid>
        <Flex direction="column" alignItems="center" gap="3" marginTop="6">
          {list.error ? (
            <InlineRetry
              fontSize="sm"
              text={t('list.moreError')}
              retryLabel={t('list.retry')}
              onRetry={list.retry}
            />
          ) : (
            list.hasMore && (
              <Button
                variant="outline"
                onClick={list.loadMore}
                loading={list.loadingMore}
                loadingText={t('list.loadingMore')}
              >
                {t('list.more')}
              </Button>
            )
          )}
        </Flex>
      </>
    );
  }

  return (
    <Box>
      <PageHeader
        title={t('title')}
        lead={t('lead')}
        actions={
          <Flex gap="3" wrap="wrap" alignItems="center">
            {operator && (
              <ButtonLink to={FEEDS_PATH} variant="outline" _print={{ display: 'none' }}>
                {t('feeds')}
              </ButtonLink>
            )}
            <Box display="contents" _print={{ display: 'none' }}>
              <AlertMeButton subject={null} size="md" />
            </Box>
            {addButton}
          </Flex>
        }
        headingRef={headingRef}
        marginBottom="6"
      />
      <Flex alignItems="center" justifyContent="space-between" gap="4" wrap="wrap" marginBottom="5">
        <StatusFilterBar value={filter} onChange={setFilter} />
        {list.total !== undefined && (
          <chakra.p fontSize="sm" color="fg.muted" aria-live="polite">
            {t('list.count', { count: list.total })}
          </chakra.p>
        )}
      </Flex>
      {content}
      {removing && (
        <Suspense fallback={null}>
          <RemoveSourceDialog
            source={removing}
            open={confirming}
            onClose={() => setConfirming(false)}
            onRemoved={() => {
              // The card and its button are gone: the page's heading keeps the reader's place.
              // The dialog's focus trap, still on, takes the focus back, and hands it to
              // `focusAfterClose` as the dialog closes (to what opened it, without one).
              focusAfterClose.current = headingRef.current;
              setConfirming(false);
              headingRef.current?.focus();
            }}
            finalFocusRef={focusAfterClose}
          />
        </Suspense>
      )}
    </Box>
  );
}

/** All, upcoming, live, ended: a row of toggle buttons, one pressed. */
function StatusFilterBar({
  value,
  onChange,
}: {
  value: StatusFilter;
  onChange: (next: StatusFilter) => void;
}) {
  const { t } = useTranslation('monitoring');
  return (
    <Flex role="group" aria-label={t('filter.label')} gap="2" wrap="wrap">
      {STATUS_FILTERS.map((filter) => (
        <Button
          key={filter}
          size="sm"
          variant={filter === value ? 'solid' : 'outline'}
          aria-pressed={filter === value}
          onClick={() => onChange(filter)}
        >
          {t(`filter.${filter}`)}
        </Button>
      ))}
    </Flex>
  );
}

/** One of the user's sources: its card and, beside it, the control that removes it. */
function SourceItem({ source, onRemove }: { source: UserMonitorSource; onRemove: () => void }) {
  const { t } = useTranslation('monitoring');
  const { language, navigate } = useI18next();
  const detailPath = sourceDetailPath(source.id);
  // What a source that has started has to show (its live transcript, its summary) is on its page;
  // one that has not started has its box instead.
  const href =
    source.status === STATUS_UNSTARTED ? undefined : localizedPath(language as Locale, detailPath);

  // The card is a plain link (it opens in a new tab as links do); a plain click stays in the app.
  const followInApp = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest('a');
    if (!href || anchor?.getAttribute('href') !== href) return;
    event.preventDefault();
    void navigate(detailPath);
  };

  return (
    <Box position="relative" height="100%" onClick={followInApp}>
      <SourceCard
        source={source}
        unread={source.unread}
        href={href}
        height="100%"
        // Room for the remove control in the corner.
        css={{ '& > :first-of-type': { paddingRight: '10' } }}
      />
      <chakra.button
        type="button"
        position="absolute"
        top="2"
        right="2"
        width="8"
        height="8"
        display="inline-flex"
        alignItems="center"
        justifyContent="center"
        borderRadius="md"
        color="fg.muted"
        bg="transparent"
        cursor="pointer"
        aria-label={t('list.remove', { title: source.title })}
        _hover={{ bg: 'bg.subtle', color: 'fg.default' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' }}
        onClick={onRemove}
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
          <path
            d="M3.5 3.5l9 9m0-9l-9 9"
            stroke="currentColor"
            strokeWidth="1.75"
            strokeLinecap="round"
          />
        </svg>
      </chakra.button>
    </Box>
  );
}
