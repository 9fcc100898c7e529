// The add-monitoring dialog: with no search text, two groups, sources starting soon (status 1, 4 of
// them) and recently finished ones (status 3, 6 of them); with text (debounced 400 ms), the search
// results in an endless list 280 px high and 580 px wide. Cards are toggles; the picks show as
// removable chips in the footer, at most 5 (a sixth is refused with the limit toast); Save follows
// them and the dialog closes once the attempt is over. The dialog fits the window (on a phone it
// fills the screen): its lists scroll inside it, below the search, above the footer.
import type { MonitorSource } from '@coinlens/contract';
import {
  EmptyState,
  InlineRetry,
  Spinner,
  toaster,
  type ChipFooterItem,
} from '@coinlens/design-system';
import { Flex } from '@chakra-ui/react/flex';
import { Grid } from '@chakra-ui/react/grid';
import { chakra } from '@chakra-ui/react/styled-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { useMemo, useState, type ReactNode } from 'react';
import useSWR from 'swr';
import { apiAssetUrl } from '../../data/client';
import type { ApiFailure } from '../../data/errors';
import { getDialogParams, keepUnsaved, type GlobalDialogProps } from '../../shell/dialogs';
import {
  PickerDialog,
  PickerList,
  PickerListError,
  SignedInPicker,
  usePicks,
} from '../picker/PickerDialog';
import { SourceCard } from './SourceCard';
import {
  addSources,
  fetchFollowedSourceIds,
  FINISHED_GROUP_SIZE,
  SOURCE_SELECTION_LIMIT,
  STATUS_ENDED,
  STATUS_UNSTARTED,
  UPCOMING_GROUP_SIZE,
  USER_SOURCE_LIST_PATH,
  useSourceGroup,
  useSourceSearch,
} from './sources';

export default function AddMonitorDialog({ onClose }: GlobalDialogProps) {
  return (
    <SignedInPicker>
      <SourcePicker onClose={onClose} />
    </SignedInPicker>
  );
}

function SourcePicker({ onClose }: GlobalDialogProps) {
  const { t } = useTranslation(['monitoring', 'common']);
  const { t: dialogT } = useTranslation('monitoring', { keyPrefix: 'dialog' });
  const [keyword, setKeyword] = useState('');
  // Opened from the chat's monitor action, it starts with those sources picked; after a failed
  // save, with the picks it could not save.
  const { picked, setPicked, saving, save } = usePicks<MonitorSource>({
    initial: () => (getDialogParams('addMonitor').sources ?? []).slice(0, SOURCE_SELECTION_LIMIT),
    add: (sources) => addSources(sources.map((source) => source.id)),
    keep: (sources) => keepUnsaved('addMonitor', { sources }),
    onClose,
    t,
  });
  // The sources the user monitors already cannot be picked; without the list (it failed), the
  // server still ignores them.
  const { data: followedIds } = useSWR<number[], ApiFailure>(
    `${USER_SOURCE_LIST_PATH}#all`,
    () => fetchFollowedSourceIds(),
    { revalidateOnFocus: false },
  );
  const followed = useMemo(() => new Set(followedIds), [followedIds]);

  const pickedIds = useMemo(() => new Set(picked.map((source) => source.id)), [picked]);
  const chips = useMemo(
    () =>
      picked.map<ChipFooterItem>((source) => ({
        id: source.id,
        label: source.title,
        sublabel: source.author,
        logo: apiAssetUrl(source.logo),
      })),
    [picked],
  );

  const toggle = (source: MonitorSource, selected: boolean) => {
    if (!selected) {
      setPicked((list) => list.filter((entry) => entry.id !== source.id));
      return;
    }
    // The same source can show in a group and in the results: picking it twice does nothing.
    if (pickedIds.has(source.id)) return;
    if (picked.length >= SOURCE_SELECTION_LIMIT) {
      toaster.create({
        type: 'warning',
        title: t('messages.addCoin_tips-1', { limit: SOURCE_SELECTION_LIMIT }),
      });
      return;
    }
    setPicked((list) => [...list, source]);
  };

  const cardOf = (source: MonitorSource) => {
    const already = followed.has(source.id);
    return (
      <SourceCard
        source={source}
        size="sm"
        selectable
        selected={already || pickedIds.has(source.id)}
        disabled={already}
        title={already ? t('dialog.followed', { title: source.title }) : undefined}
        onSelectedChange={({ selected }) => toggle(source, selected)}
        height="100%"
      />
    );
  };

  return (
    <PickerDialog
      t={dialogT}
      limit={SOURCE_SELECTION_LIMIT}
      onClose={onClose}
      onSearch={setKeyword}
      chips={chips}
      onRemove={(id) => setPicked((list) => list.filter((source) => source.id !== id))}
      onSave={() => void save(picked)}
      saving={saving}
      gap="4"
    >
      {keyword ? (
        <SearchResults keyword={keyword} cardOf={cardOf} />
      ) : (
        <>
          <Group
            heading={t('dialog.upcoming')}
            status={STATUS_UNSTARTED}
            size={UPCOMING_GROUP_SIZE}
            cardOf={cardOf}
          />
          <Group
            heading={t('dialog.finished')}
            status={STATUS_ENDED}
            size={FINISHED_GROUP_SIZE}
            cardOf={cardOf}
          />
        </>
      )}
    </PickerDialog>
  );
}

type CardOf = (source: MonitorSource) => ReactNode;

/** The loading image of a list still on its way. */
function Loading({ label }: { label: string }) {
  return (
    <Flex role="status" alignItems="center" justifyContent="center" gap="3" paddingY="6">
      <Spinner size="md" color="accent.solid" />
      <chakra.span fontSize="sm" color="fg.muted">
        {label}
      </chakra.span>
    </Flex>
  );
}

function CardGrid({ sources, cardOf }: { sources: MonitorSource[]; cardOf: CardOf }) {
  return (
    <Grid
      as="ul"
      templateColumns={{ base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }}
      gap="2"
      listStyleType="none"
      margin="0"
      padding="0"
    >
      {sources.map((source) => (
        <li key={source.id}>{cardOf(source)}</li>
      ))}
    </Grid>
  );
}

/** One of the two groups shown before anything is searched. */
function Group({
  heading,
  status,
  size,
  cardOf,
}: {
  heading: string;
  status: number;
  size: number;
  cardOf: CardOf;
}) {
  const { t } = useTranslation('monitoring');
  const list = useSourceGroup(status, size);
  // Only the group's first page: the search is the way to the rest.
  const sources = list.items.slice(0, size);
  let body: ReactNode;
  if (list.loading) body = <Loading label={t('dialog.loading')} />;
  else if (list.error) {
    body = (
      <InlineRetry
        placement="listEnd"
        text={t('dialog.error.title')}
        retryLabel={t('dialog.error.retry')}
        onRetry={list.retry}
      />
    );
  } else if (sources.length === 0) {
    body = (
      <chakra.p fontSize="sm" color="fg.muted" paddingY="2">
        {t('dialog.emptyGroup')}
      </chakra.p>
    );
  } else body = <CardGrid sources={sources} cardOf={cardOf} />;
  return (
    <chakra.section aria-label={heading}>
      <chakra.h3 fontSize="sm" fontWeight="semibold" color="fg.muted" marginBottom="2">
        {heading}
      </chakra.h3>
      {body}
    </chakra.section>
  );
}

function SearchResults({ keyword, cardOf }: { keyword: string; cardOf: CardOf }) {
  const { t } = useTranslation('monitoring', { keyPrefix: 'dialog' });
  const list = useSourceSearch(keyword);
  const failedFirst = list.error !== undefined && list.pages === 0;
  return (
    // The list inside is the region named "Search results"; the heading shows that name. The
    // list takes the height the dialog has to spare (a phone's screen).
    <chakra.section display="flex" flexDirection="column" flex="1 1 auto" minHeight="0">
      <chakra.h3 fontSize="sm" fontWeight="semibold" color="fg.muted" marginBottom="2">
        {t('results')}
      </chakra.h3>
      <PickerList
        t={t}
        list={list}
        // A fixed size, narrowed on a phone.
        height="280px"
        width="580px"
        maxWidth="100%"
        empty={!list.loading && !list.error && list.items.length === 0}
        emptyState={
          <EmptyState
            size="sm"
            title={t('empty.title', { keyword })}
            description={t('empty.hint')}
          />
        }
      >
        {list.loading ? (
          <Loading label={t('loading')} />
        ) : failedFirst ? (
          <PickerListError t={t} onRetry={list.retry} />
        ) : (
          <CardGrid sources={list.items} cardOf={cardOf} />
        )}
      </PickerList>
    </chakra.section>
  );
}
