// The add-monitoring dialog: with no search text, two groups, sources starting soon (status 1, 4 of
// them) and recently finished ones (status 3, 6 of them); with text (debounced 400 ms), the search
// results in an endless list 280 px high and 580 px wide. Cards are toggles; the picks show as
// removable chips in the footer, at most 5 (a sixth is refused with the limit toast); Save follows
// them and the dialog closes once the attempt is over. The dialog fits the window: its lists scroll
// inside it, below the search, above the footer.
import type { MonitorSource } from '@coinlens/contract';
import {
  Button,
  ChipFooter,
  EmptyState,
  InfiniteList,
  Modal,
  MonitorCard,
  SearchInput,
  toaster,
  type ChipFooterItem,
  Spinner,
} from '@coinlens/design-system';
import { chakra, Flex, Grid } from '@chakra-ui/react';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import useSWR, { SWRConfig, type SWRConfiguration } from 'swr';
import { apiAssetUrl } from '../../data/client';
import { ApiError, NetworkError, TimeoutError, type ApiFailure } from '../../data/errors';
import type { PagedList } from '../../data/usePagedList';
import { useSession } from '../../data/session';
import {
  getDialogParams,
  keepUnsaved,
  openDialog,
  type GlobalDialogProps,
} from '../../shell/dialogs';
import { useMonitorCardLabels } from './labels';
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

// Each opening fetches its lists afresh into a cache of its own, which leaves with the dialog.
const DIALOG_CACHE: SWRConfiguration = { provider: () => new Map() };

/** The text of a failed save: the server's message, else what went wrong in general. */
function addErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.msg) return error.msg;
  if (error instanceof NetworkError || error instanceof TimeoutError) {
    return t('common:messages.networkError');
  }
  return t('messages.AddError');
}

export default function AddMonitorDialog({ onClose }: GlobalDialogProps) {
  const { status } = useSession();
  const signedOut = status === 'signedOut';

  // Monitoring needs a user: a visitor who is signed out (or who signs out meanwhile) is asked to
  // sign in instead.
  useEffect(() => {
    if (signedOut) openDialog('login');
  }, [signedOut]);

  if (signedOut) return null;
  return (
    <SWRConfig value={DIALOG_CACHE}>
      <SourcePicker onClose={onClose} />
    </SWRConfig>
  );
}

function SourcePicker({ onClose }: GlobalDialogProps) {
  const { t } = useTranslation(['monitoring', 'common']);
  const labels = useMonitorCardLabels();
  const [keyword, setKeyword] = useState('');
  // Opened from the chat's monitor action, it starts with those sources picked; after a failed
  // save, with the picks it could not save.
  const [picked, setPicked] = useState<MonitorSource[]>(() =>
    (getDialogParams('addMonitor').sources ?? []).slice(0, SOURCE_SELECTION_LIMIT),
  );
  const [saving, setSaving] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const mounted = useRef(false);
  // The sources the user monitors already cannot be picked; without the list (it failed), the
  // server still ignores them.
  const { data: followedIds } = useSWR<number[], ApiFailure>(
    `${USER_SOURCE_LIST_PATH}#all`,
    () => fetchFollowedSourceIds(),
    { revalidateOnFocus: false },
  );
  const followed = useMemo(() => new Set(followedIds), [followedIds]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

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

  const save = async () => {
    if (picked.length === 0 || saving) return;
    setSaving(true);
    try {
      await addSources(picked.map((source) => source.id));
      toaster.create({ type: 'success', title: t('messages.AddSuccess') });
    } catch (error) {
      toaster.create({ type: 'error', title: addErrorText(error, t) });
      keepUnsaved('addMonitor', { sources: picked });
    }
    // Closed after the attempt, whatever its outcome; a failure keeps the picks for the next time
    // it opens (nothing picked is lost). A dialog closed while saving is not closed again (another
    // may be open by now).
    if (mounted.current) onClose();
  };

  const cardOf = (source: MonitorSource) => {
    const already = followed.has(source.id);
    return (
      <MonitorCard
        {...labels}
        source={{ ...source, logo: apiAssetUrl(source.logo) }}
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
    <Modal
      open
      onOpenChange={({ open }) => {
        if (!open) onClose();
      }}
      title={t('dialog.title')}
      description={t('dialog.description', { limit: SOURCE_SELECTION_LIMIT })}
      closeLabel={t('dialog.close')}
      width="lg"
      // Five picks make a tall footer: the lists scroll inside the dialog, so that it fits the
      // window and Save stays in view.
      scrollBehavior="inside"
      initialFocusRef={searchRef}
      footer={
        <ChipFooter
          width="100%"
          borderRadius="md"
          items={chips}
          limit={SOURCE_SELECTION_LIMIT}
          listLabel={t('dialog.footer.list')}
          getRemoveLabel={({ item }) => t('dialog.footer.remove', { name: item.label })}
          onRemove={({ id }) => setPicked((list) => list.filter((source) => source.id !== id))}
          getCountLabel={({ count, limit }) => t('dialog.footer.count', { selected: count, limit })}
          emptyLabel={t('dialog.footer.empty', { limit: SOURCE_SELECTION_LIMIT })}
          saveLabel={t('dialog.footer.save')}
          onSave={() => void save()}
          saving={saving}
        />
      }
    >
      <Flex direction="column" gap="4">
        <SearchInput
          ref={searchRef}
          label={t('dialog.search.label')}
          placeholder={t('dialog.search.placeholder')}
          clearLabel={t('dialog.search.clear')}
          onSearch={({ value }) => setKeyword(value)}
        />
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
      </Flex>
    </Modal>
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

function ListError({ list, text }: { list: PagedList<MonitorSource>; text: string }) {
  const { t } = useTranslation('monitoring');
  return (
    <Flex
      role="alert"
      alignItems="center"
      justifyContent="center"
      gap="3"
      paddingY="3"
      fontSize="sm"
      color="fg.muted"
    >
      {text}
      <Button variant="outline" size="sm" onClick={list.retry}>
        {t('dialog.error.retry')}
      </Button>
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
  else if (list.error) body = <ListError list={list} text={t('dialog.error.title')} />;
  else if (sources.length === 0) {
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
  const { t } = useTranslation('monitoring');
  const list = useSourceSearch(keyword);
  const failedFirst = list.error !== undefined && list.pages === 0;
  return (
    // The list inside is the region named "Search results"; the heading shows that name.
    <chakra.section>
      <chakra.h3 fontSize="sm" fontWeight="semibold" color="fg.muted" marginBottom="2">
        {t('dialog.results')}
      </chakra.h3>
      <InfiniteList
        label={t('dialog.results')}
        // A fixed size, narrowed on a phone.
        height="280px"
        width="580px"
        maxWidth="100%"
        hasMore={list.hasMore}
        loading={list.loadingMore}
        onLoadMore={list.loadMore}
        loadingLabel={t('dialog.loadingMore')}
        endLabel={list.pages > 1 && !list.error ? t('dialog.end') : undefined}
        empty={!list.loading && !list.error && list.items.length === 0}
        emptyState={
          <EmptyState
            size="sm"
            title={t('dialog.empty.title', { keyword })}
            description={t('dialog.empty.hint')}
          />
        }
      >
        {list.loading ? (
          <Loading label={t('dialog.loading')} />
        ) : failedFirst ? (
          <EmptyState
            size="sm"
            role="alert"
            illustration={null}
            title={t('dialog.error.title')}
            description={t('dialog.error.hint')}
            action={
              <Button variant="outline" size="sm" onClick={list.retry}>
                {t('dialog.error.retry')}
              </Button>
            }
          />
        ) : (
          <CardGrid sources={list.items} cardOf={cardOf} />
        )}
        {list.error && list.pages > 0 && <ListError list={list} text={t('dialog.error.more')} />}
      </InfiniteList>
    </chakra.section>
  );
}
