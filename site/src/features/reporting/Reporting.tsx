// The reporting area: a report card per followed coin, newest follow first (the first with the
// list, the others one per frame), with one shared price request for all of them, each card's
// report asked for as the reader nears it; an invitation to add coins when there are none;
// placeholders the size of a card while the follow list loads; and a way to try again when it
// cannot be loaded.
import type { CoinPrice, FollowEntry } from '@coinlens/contract';
import { Button, EmptyState, PageHeader } from '@coinlens/design-system';
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { memo, useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { usePreparedFormats } from '../../i18n/usePreparedFormats';
import { openAddCoinDialog, useFollows } from '../coins/follows';
import { CoinReportCard } from './CoinReportCard';
import { prepareFormats } from './format';
import { useCoinPrices } from './reports';
import { ReportCardPlaceholder } from './ReportCardPlaceholder';
import { useInTurn } from './useInTurn';
import { useNearViewport } from './useNearViewport';

/** How many placeholder cards show while the follow list loads. */
const PLACEHOLDER_CARDS = 2;

export interface ReportingProps {
  /** A followed coin to bring into view once its card is there (from `linkedCoinOf`). */
  linkedCoin?: number | null;
}

interface ReportItemProps {
  entry: FollowEntry;
  /** The list's first card, on screen: it asks for its report at once. */
  first: boolean;
  livePrice: CoinPrice | undefined;
  onUnfollowed: (follows: FollowEntry[]) => void;
}

/**
 * A card of the list. Below the fold it asks for its report and draws its chart as the reader
 * nears it, not with the page: each card is a request, a render and a chart, and a reader who
 * follows many coins would otherwise wait for all of them before the page answers.
 */
const ReportItem = memo(function ReportItem({
  entry,
  first,
  livePrice,
  onUnfollowed,
}: ReportItemProps) {
  const { ref, near } = useNearViewport<HTMLLIElement>(first);
  return (
    // Its coin is the one the assistant's side panel asks about (assistant/panel/questionContext.ts).
    // Brought into view below the sticky header when an address links to it.
    <chakra.li ref={ref} data-coin-id={entry.coinId} scrollMarginTop="24">
      <CoinReportCard entry={entry} livePrice={livePrice} onUnfollowed={onUnfollowed} near={near} />
    </chakra.li>
  );
});

export function Reporting({ linkedCoin = null }: ReportingProps) {
  const { t, i18n } = useTranslation('reporting');
  const language = i18n.language;
  const { follows, error, mutate } = useFollows();
  const coinIds = useMemo(() => (follows ?? []).map((entry) => entry.coinId), [follows]);
  const prices = useCoinPrices(coinIds);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The cards after the first come one per frame (useInTurn.ts); a card already
  // there does not render again when the next one comes.
  const shown = useInTurn(coinIds);
  const onUnfollowed = useCallback(
    (next: FollowEntry[]) => {
      void mutate(next, { revalidate: false });
      // The card and its button are gone: the page's heading keeps the reader's place.
      headingRef.current?.focus();
    },
    [mutate],
  );
  // The cards' formats, made while the follow list loads.
  usePreparedFormats(language, prepareFormats);

  // The linked coin's card, once it is drawn (the cards come one per frame), comes into view.
  const listRef = useRef<HTMLDivElement>(null);
  const linkedShown =
    linkedCoin !== null &&
    (follows ?? []).some((entry) => entry.coinId === linkedCoin) &&
    shown(linkedCoin);
  useEffect(() => {
    if (!linkedShown) return;
    listRef.current
      ?.querySelector(`[data-coin-id="${linkedCoin}"]`)
      ?.scrollIntoView({ block: 'start' });
  }, [linkedShown, linkedCoin]);

  // The cards badge demo numbers; this says once, in words, what the badge means.
  const demo = [...prices.byCoin.values()].some((price) => price.source === 'demo');

  const addButton = (
    <Button onClick={() => openAddCoinDialog()} _print={{ display: 'none' }}>
      {t('addCoins')}
    </Button>
  );

  let content: ReactNode;
  if (follows === undefined && error) {
    content = (
      <EmptyState
        role="alert"
        title={t('listError.title')}
        description={t('listError.description')}
        action={
          <Button variant="outline" onClick={() => void mutate()}>
            {t('listError.retry')}
          </Button>
        }
      />
    );
  } else if (follows === undefined) {
    content = (
      <Flex direction="column" gap="6" aria-busy="true" aria-label={t('loading')} role="status">
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
          <ReportCardPlaceholder key={index} />
        ))}
      </Flex>
    );
  } else if (follows.length === 0) {
    content = (
      <EmptyState
        title={t('empty.title')}
        description={t('empty.description')}
        action={addButton}
      />
    );
  } else {
    content = (
      <Flex
        as="ul"
        ref={listRef}
        direction="column"
        gap="6"
        listStyleType="none"
        margin="0"
        padding="0"
      >
        {follows.map(
          (entry, index) =>
            shown(entry.coinId) && (
              <ReportItem
                key={entry.coinId}
                entry={entry}
                first={index === 0}
                livePrice={prices.byCoin.get(entry.coinId)}
                onUnfollowed={onUnfollowed}
              />
            ),
        )}
      </Flex>
    );
  }

  return (
    <Box>
      <PageHeader
        title={t('title')}
        lead={t('lead')}
        actions={addButton}
        headingRef={headingRef}
        marginBottom="8"
      />
      {content}
      {demo && (
        // Under the cards: it comes with the prices, and above them it would push them down.
        <chakra.p marginTop="6" fontSize="sm" color="status.warning" maxWidth="prose">
          {t('demoNote')}
        </chakra.p>
      )}
    </Box>
  );
}
