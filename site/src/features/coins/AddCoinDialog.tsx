// The add-cryptocurrency dialog: a debounced search, the coin table scrolled a page of 20 at a
// time, followed coins disabled, up to 5 picked (a sixth is refused with the addCoin_tips-1 toast),
// the picks as cards in the footer, and Save, which follows them and closes the dialog once the
// attempt is over, whatever its outcome.
import type { Coin } from '@coinlens/contract';
import {
  Button,
  ChipFooter,
  COIN_SELECTION_LIMIT,
  CoinTable,
  EmptyState,
  InfiniteList,
  Modal,
  SearchInput,
  toaster,
  type ChipFooterItem,
  type CoinTableRow,
} from '@coinlens/design-system';
import { Flex } from '@chakra-ui/react';
import { useI18next, useTranslation } from 'gatsby-plugin-react-i18next';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { apiAssetUrl } from '../../data/client';
import { ApiError, NetworkError, TimeoutError } from '../../data/errors';
import { useSession } from '../../data/session';
import {
  getDialogParams,
  keepUnsaved,
  openDialog,
  type GlobalDialogProps,
} from '../../shell/dialogs';
import { addFollows, useFollows } from './follows';
import { useCoinSearch } from './useCoinSearch';

// The coin list gets a cache of its own for each opening: the list is fetched when the dialog
// opens, starts again at page 1, and its pages leave with the dialog. The follow list stays in the
// app's cache, shared with the pages that show it.
const DIALOG_CACHE: SWRConfiguration = { provider: () => new Map() };

/** The text of a failed save: the server's message, else what went wrong in general. */
function addErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.msg) return error.msg;
  if (error instanceof NetworkError || error instanceof TimeoutError) {
    return t('common:messages.networkError');
  }
  return t('messages.AddError');
}

function toRow(coin: Coin): CoinTableRow {
  return {
    id: coin.id,
    name: coin.name,
    symbol: coin.symbol,
    logo: apiAssetUrl(coin.logo),
    price: coin.quotes.price,
    percentChange24h: coin.quotes.percentChange24h,
  };
}

function toCard(coin: Coin): ChipFooterItem {
  return { id: coin.id, label: coin.symbol, sublabel: coin.name, logo: apiAssetUrl(coin.logo) };
}

export default function AddCoinDialog({ onClose }: GlobalDialogProps) {
  const { status } = useSession();
  const { follows, error } = useFollows();
  const signedOut = status === 'signedOut';

  // A follow needs a user: a visitor who is signed out (or who signs out meanwhile) is asked to
  // sign in instead.
  useEffect(() => {
    if (signedOut) openDialog('login');
  }, [signedOut]);

  const followedIds = useMemo(() => follows?.map((entry) => entry.coinId), [follows]);
  if (signedOut) return null;
  return (
    <SWRConfig value={DIALOG_CACHE}>
      <CoinPicker
        onClose={onClose}
        followedIds={followedIds}
        // Without the follow list the server still ignores coins followed already.
        followsKnown={followedIds !== undefined || error !== undefined}
      />
    </SWRConfig>
  );
}

interface CoinPickerProps extends GlobalDialogProps {
  /** The coins the user follows, or undefined while unknown. */
  followedIds: number[] | undefined;
  /** Whether the follow list has come back (or failed to). */
  followsKnown: boolean;
}

function CoinPicker({ onClose, followedIds, followsKnown }: CoinPickerProps) {
  const { t } = useTranslation('coins');
  const { language } = useI18next();
  const [keyword, setKeyword] = useState('');
  // Opened from the chat's add action, it starts with those coins picked; after a failed save,
  // with the picks it could not save.
  const [picked, setPicked] = useState<Coin[]>(() =>
    (getDialogParams('addCoin').coins ?? []).slice(0, COIN_SELECTION_LIMIT),
  );
  const [saving, setSaving] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const mounted = useRef(false);
  const search = useCoinSearch(keyword);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // A coin followed meanwhile (in another tab, say) is no longer a pick.
  const selected = useMemo(() => {
    const followed = new Set(followedIds);
    return picked.filter((coin) => !followed.has(coin.id));
  }, [picked, followedIds]);
  const selectedIds = useMemo(() => selected.map((coin) => coin.id), [selected]);
  const rows = useMemo(() => search.coins.map(toRow), [search.coins]);
  const cards = useMemo(() => selected.map(toCard), [selected]);

  const select = ({ ids }: { ids: number[] }) => {
    // Picks made in an earlier search are no longer among the rows; they keep their place.
    const known = new Map([...search.coins, ...selected].map((coin) => [coin.id, coin]));
    setPicked(ids.flatMap((id) => known.get(id) ?? []));
  };

  const save = async () => {
    if (selected.length === 0 || saving) return;
    setSaving(true);
    try {
      await addFollows(selectedIds);
      toaster.create({ type: 'success', title: t('messages.AddSuccess') });
    } catch (error) {
      toaster.create({ type: 'error', title: addErrorText(error, t) });
      keepUnsaved('addCoin', { coins: selected });
    }
    // Closed after the attempt, also after a failure; a failure keeps the picks for the next time
    // it opens (nothing picked is lost). A dialog closed while saving is not closed again (another
    // may be open by now).
    if (mounted.current) onClose();
  };

  const status =
    search.loading || !followsKnown ? 'loading' : search.pages === 0 ? 'error' : 'ready';

  return (
    <Modal
      open
      onOpenChange={({ open }) => {
        if (!open) onClose();
      }}
      title={t('title')}
      description={t('description', { limit: COIN_SELECTION_LIMIT })}
      closeLabel={t('close')}
      width="lg"
      initialFocusRef={searchRef}
      footer={
        <ChipFooter
          variant="card"
          width="100%"
          borderRadius="md"
          items={cards}
          limit={COIN_SELECTION_LIMIT}
          listLabel={t('footer.list')}
          getRemoveLabel={({ item }) => t('footer.remove', { name: item.sublabel ?? item.label })}
          onRemove={({ id }) => setPicked((coins) => coins.filter((coin) => coin.id !== id))}
          getCountLabel={({ count, limit }) => t('footer.count', { selected: count, limit })}
          emptyLabel={t('footer.empty', { limit: COIN_SELECTION_LIMIT })}
          saveLabel={t('footer.save')}
          onSave={() => void save()}
          saving={saving}
        />
      }
    >
      <Flex direction="column" gap="3">
        <SearchInput
          ref={searchRef}
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          clearLabel={t('search.clear')}
          onSearch={({ value }) => setKeyword(value)}
          loading={search.loading && keyword !== ''}
        />
        <InfiniteList
          label={t('results')}
          height="min(22.5rem, 50vh)"
          hasMore={search.hasMore}
          loading={search.loadingMore}
          onLoadMore={search.loadMore}
          loadingLabel={t('loadingMore')}
          // Only a long list needs telling that it ends.
          endLabel={search.pages > 1 ? t('end') : undefined}
        >
          <CoinTable
            // The list around it scrolls, so the header sticks to that.
            overflowY="visible"
            coins={rows}
            label={t('table.label')}
            columnLabels={{
              name: t('table.name'),
              price: t('table.price'),
              change: t('table.change'),
              action: t('table.action'),
            }}
            actionText={{
              add: t('action.add'),
              selected: t('action.selected'),
              followed: t('action.followed'),
            }}
            getActionLabel={({ coin, state }) => t(`actionLabel.${state}`, { name: coin.name })}
            selectedIds={selectedIds}
            onSelectionChange={select}
            disabledIds={followedIds}
            limit={COIN_SELECTION_LIMIT}
            onLimitExceeded={({ limit }) =>
              toaster.create({ type: 'warning', title: t('messages.addCoin_tips-1', { limit }) })
            }
            status={status}
            locale={language}
            loadingLabel={t('table.loading')}
            unavailableLabel={t('table.unavailable')}
            emptyState={
              <EmptyState
                size="sm"
                title={keyword ? t('empty.title', { keyword }) : t('empty.titleAll')}
                description={keyword ? t('empty.hint') : t('empty.hintAll')}
              />
            }
            errorState={
              <EmptyState
                size="sm"
                role="alert"
                illustration={null}
                title={t('error.title')}
                description={t('error.hint')}
                action={
                  <Button variant="outline" size="sm" onClick={search.retry}>
                    {t('error.retry')}
                  </Button>
                }
              />
            }
          />
          {search.error && search.pages > 0 && (
            <Flex
              role="alert"
              alignItems="center"
              justifyContent="center"
              gap="3"
              paddingY="3"
              fontSize="sm"
              color="fg.muted"
            >
              {t('error.more')}
              <Button variant="outline" size="sm" onClick={search.retry}>
                {t('error.retry')}
              </Button>
            </Flex>
          )}
        </InfiniteList>
      </Flex>
    </Modal>
  );
}
