// The add-cryptocurrency dialog: a debounced search, the coin table scrolled a page of 20 at a
// time, followed coins disabled, up to 5 picked (a sixth is refused with the addCoin_tips-1 toast),
// the picks as cards in the footer, and Save, which follows them and closes the dialog once the
// attempt is over, whatever its outcome.
import type { Coin } from '@coinlens/contract';
import {
  COIN_SELECTION_LIMIT,
  CoinTable,
  EmptyState,
  toaster,
  type ChipFooterItem,
  type CoinTableRow,
} from '@coinlens/design-system';
import { useI18next, useTranslation } from 'gatsby-plugin-react-i18next';
import { useMemo, useState } from 'react';
import { apiAssetUrl } from '../../data/client';
import { getDialogParams, keepUnsaved, type GlobalDialogProps } from '../../shell/dialogs';
import {
  PickerDialog,
  PickerList,
  PickerListError,
  SignedInPicker,
  usePicks,
} from '../picker/PickerDialog';
import { addFollows, useFollows } from './follows';
import { useCoinSearch } from './useCoinSearch';

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
  const { follows, error } = useFollows();
  const followedIds = useMemo(() => follows?.map((entry) => entry.coinId), [follows]);
  // The coin list gets a cache of its own for each opening (it starts again at page 1); the follow
  // list stays in the app's cache, shared with the pages that show it.
  return (
    <SignedInPicker>
      <CoinPicker
        onClose={onClose}
        followedIds={followedIds}
        // Without the follow list the server still ignores coins followed already.
        followsKnown={followedIds !== undefined || error !== undefined}
      />
    </SignedInPicker>
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
  const { picked, setPicked, saving, save } = usePicks<Coin>({
    initial: () => (getDialogParams('addCoin').coins ?? []).slice(0, COIN_SELECTION_LIMIT),
    add: (coins) => addFollows(coins.map((coin) => coin.id)),
    keep: (coins) => keepUnsaved('addCoin', { coins }),
    onClose,
    t,
  });
  const search = useCoinSearch(keyword);

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

  const status =
    search.loading || !followsKnown ? 'loading' : search.pages === 0 ? 'error' : 'ready';

  return (
    <PickerDialog
      t={t}
      limit={COIN_SELECTION_LIMIT}
      onClose={onClose}
      onSearch={setKeyword}
      searching={search.loading && keyword !== ''}
      chips={cards}
      chipVariant="card"
      chipName={(chip) => chip.sublabel ?? chip.label}
      onRemove={(id) => setPicked((coins) => coins.filter((coin) => coin.id !== id))}
      onSave={() => void save(selected)}
      saving={saving}
    >
      <PickerList t={t} list={search} height="min(22.5rem, 50vh)">
        <CoinTable.Root
          // The list around it scrolls, so the header sticks to that.
          overflowY="visible"
          coins={rows}
          label={t('table.label')}
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
        >
          <CoinTable.Header
            labels={{
              name: t('table.name'),
              price: t('table.price'),
              change: t('table.change'),
              action: t('table.action'),
            }}
          />
          <CoinTable.Body
            emptyState={
              <EmptyState
                size="sm"
                title={keyword ? t('empty.title', { keyword }) : t('empty.titleAll')}
                description={keyword ? t('empty.hint') : t('empty.hintAll')}
              />
            }
            errorState={<PickerListError t={t} onRetry={search.retry} />}
          >
            {(coin) => (
              <CoinTable.Row coin={coin}>
                <CoinTable.Name />
                <CoinTable.Price />
                <CoinTable.Change />
                <CoinTable.Action
                  text={{
                    add: t('action.add'),
                    selected: t('action.selected'),
                    followed: t('action.followed'),
                  }}
                  getLabel={({ coin, state }) => t(`actionLabel.${state}`, { name: coin.name })}
                />
              </CoinTable.Row>
            )}
          </CoinTable.Body>
        </CoinTable.Root>
      </PickerList>
    </PickerDialog>
  );
}
