// The shell of the add dialogs ("pick from a paged list": coins, monitored sources): a modal with a
// search, a list scrolled a page at a time, the picks as removable chips in the footer, and Save,
// which adds them and closes the dialog once the attempt is over, whatever its outcome. It is the
// site's, not the design system's: it asks signed-out visitors to sign in, gives each opening an
// SWR cache of its own, keeps the picks a failed save could not add for the next opening, and
// reads its words from the dialog's translations, all of which the design system knows nothing of.
import {
  Button,
  ChipFooter,
  EmptyState,
  InfiniteList,
  InlineRetry,
  Modal,
  SearchInput,
  toaster,
  type ChipFooterItem,
  type ChipFooterProps,
  type InfiniteListProps,
} from '@coinlens/design-system';
import { Flex } from '@chakra-ui/react/flex';
import { useMediaQuery } from '@chakra-ui/react/hooks';
import type { TFunction } from 'i18next';
import {
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from 'react';
import { useI18next } from 'gatsby-plugin-react-i18next';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ApiError, NetworkError, TimeoutError } from '../../data/errors';
import { useSession } from '../../data/session';
import type { PagedList } from '../../data/usePagedList';
import { variantContext } from '../../i18n/variant';
import { openDialog } from '../../shell/dialogs';

/**
 * A phone held upright (narrower than Chakra's `md`): its search field is too narrow for the
 * placeholder's long form. Read from the window as the dialog opens (dialogs are never rendered on
 * the server).
 */
const NARROW_SCREEN = '(max-width: 47.99em)';

// Each opening fetches its lists afresh into a cache of its own, which leaves with the dialog.
const DIALOG_CACHE: SWRConfiguration = { provider: () => new Map() };

/**
 * What a picker dialog holds once the visitor is signed in: a signed-out visitor (or one who signs
 * out meanwhile) is asked to sign in instead, as adding needs a user.
 */
export function SignedInPicker({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const signedOut = status === 'signedOut';
  useEffect(() => {
    if (signedOut) openDialog('login');
  }, [signedOut]);
  if (signedOut) return null;
  return <SWRConfig value={DIALOG_CACHE}>{children}</SWRConfig>;
}

/** The text of a failed save: the server's message, else what went wrong in general. */
function addErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.msg) return error.msg;
  if (error instanceof NetworkError || error instanceof TimeoutError) {
    return t('common:messages.networkError');
  }
  return t('messages.AddError');
}

export interface PicksOptions<Item> {
  /** What starts picked: what the dialog was opened with, or what it could not save last time. */
  initial: () => Item[];
  /** Adds the picks (the API call). */
  add: (items: Item[]) => Promise<unknown>;
  /** Keeps the picks a failed save could not add, for the next opening. */
  keep: (items: Item[]) => void;
  /** Closes the dialog. */
  onClose: () => void;
  /** The dialog's namespace: `messages.AddSuccess` and `messages.AddError` are its toasts. */
  t: TFunction;
}

export interface Picks<Item> {
  /** What is picked, in the order it was picked. */
  picked: Item[];
  setPicked: Dispatch<SetStateAction<Item[]>>;
  /** Whether Save is under way. */
  saving: boolean;
  /** Adds `items` (nothing when empty or already saving), says how it went and closes. */
  save: (items: Item[]) => Promise<void>;
}

/** The picks of a picker dialog and its Save. */
export function usePicks<Item>({
  initial,
  add,
  keep,
  onClose,
  t,
}: PicksOptions<Item>): Picks<Item> {
  const [picked, setPicked] = useState<Item[]>(initial);
  const [saving, setSaving] = useState(false);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const save = async (items: Item[]) => {
    if (items.length === 0 || saving) return;
    setSaving(true);
    try {
      await add(items);
      toaster.create({ type: 'success', title: t('messages.AddSuccess') });
    } catch (error) {
      toaster.create({ type: 'error', title: addErrorText(error, t) });
      keep(items);
    }
    // Closed after the attempt, also after a failure; a failure keeps the picks for the next time
    // it opens (nothing picked is lost). A dialog closed while saving is not closed again (another
    // may be open by now).
    if (mounted.current) onClose();
  };

  return { picked, setPicked, saving, save };
}

export interface PickerDialogProps {
  /**
   * The dialog's words: `title`, `description`, `close`, `search.label`, `search.placeholder`
   * (`search.placeholderShort` on a narrow screen), `search.clear` and `footer.list`, `footer.remove`, `footer.count`, `footer.empty`,
   * `footer.save` (useTranslation's `keyPrefix` finds them where the namespace keeps them).
   */
  t: TFunction;
  /** The most picks at once. */
  limit: number;
  /** Closes the dialog. */
  onClose: () => void;
  /** Called with the search text once typing pauses (or at once on Enter); '' when cleared. */
  onSearch: (keyword: string) => void;
  /** Whether the search field shows that a search is under way. */
  searching?: boolean;
  /** The picks as chips. */
  chips: ChipFooterItem[];
  /** How the chips look: `card` (a logo, a ticker and a name) or the plain default. */
  chipVariant?: ChipFooterProps['variant'];
  /** The name a chip's remove button says, e.g. the coin's name. */
  chipName?: (chip: ChipFooterItem) => string;
  /** Drops the pick of `id` (a chip's id). */
  onRemove: (id: ChipFooterItem['id']) => void;
  /** Saves the picks. */
  onSave: () => void;
  /** Whether Save is under way. */
  saving: boolean;
  /** The space between the search and the lists (a size token). */
  gap?: string;
  /** The lists to pick from. */
  children: ReactNode;
}

/**
 * The modal of a picker: its search on top, its lists below, the chips and Save in the footer,
 * which stays in view (at the bottom of the screen on a phone) while the lists scroll.
 */
export function PickerDialog({
  t,
  limit,
  onClose,
  onSearch,
  searching,
  chips,
  chipVariant,
  chipName = (chip) => chip.label,
  onRemove,
  onSave,
  saving,
  gap = '3',
  children,
}: PickerDialogProps) {
  const searchRef = useRef<HTMLInputElement>(null);
  const [narrow] = useMediaQuery([NARROW_SCREEN], { ssr: false });
  const { originalPath } = useI18next();
  return (
    <Modal
      open
      onOpenChange={({ open }) => {
        if (!open) onClose();
      }}
      title={t('title')}
      description={t('description', { limit, context: variantContext(originalPath) })}
      closeLabel={t('close')}
      width="lg"
      // The dialog fits the window, and on a phone fills the screen: the search stays on top, the
      // footer with the picks and Save at the bottom, and only the lists between them scroll,
      // however many picks the footer holds. The lists' items take the focus, so the keyboard
      // scrolls them too.
      scrollBehavior="inside"
      fullScreen="phone"
      initialFocusRef={searchRef}
      footer={
        <ChipFooter
          variant={chipVariant}
          width="100%"
          borderRadius="md"
          items={chips}
          limit={limit}
          listLabel={t('footer.list')}
          getRemoveLabel={({ item }) => t('footer.remove', { name: chipName(item) })}
          onRemove={({ id }) => onRemove(id)}
          getCountLabel={({ count }) => t('footer.count', { selected: count, limit })}
          emptyLabel={t('footer.empty', { limit })}
          saveLabel={t('footer.save')}
          onSave={onSave}
          saving={saving}
        />
      }
    >
      <Flex direction="column" gap={gap} flex="1" minHeight="0">
        <SearchInput
          ref={searchRef}
          label={t('search.label')}
          placeholder={t(narrow ? 'search.placeholderShort' : 'search.placeholder')}
          clearLabel={t('search.clear')}
          onSearch={({ value }) => onSearch(value)}
          loading={searching}
        />
        {/*
          The height under the search: a list that may grow (PickerList) takes what is spare.
          It scrolls down to the footer, over the body's bottom padding, which it keeps below
          its content; a little room on the other sides keeps its items' focus rings whole.
        */}
        <Flex
          direction="column"
          gap={gap}
          flex="1"
          minHeight="0"
          overflowY="auto"
          marginX="-1"
          marginTop="-1"
          marginBottom="-4"
          paddingX="1"
          paddingTop="1"
          paddingBottom="4"
        >
          {children}
        </Flex>
      </Flex>
    </Modal>
  );
}

export interface PickerListProps extends Pick<
  InfiniteListProps,
  'height' | 'width' | 'maxWidth' | 'empty' | 'emptyState'
> {
  /** The dialog's words: `results`, `loadingMore`, `end`, `error.more` and `error.retry`. */
  t: TFunction;
  /** The paged list shown. */
  list: Pick<
    PagedList<unknown>,
    'hasMore' | 'loadingMore' | 'loadMore' | 'pages' | 'error' | 'retry'
  >;
  /** What the pages loaded so far show. */
  children: ReactNode;
}

/**
 * A picker's list, named "results", that asks for the next page near its end; when a later page
 * fails, a row says so with a Retry button, and only a long list that loaded to its end says it
 * ends. Its `height` is where it starts: in a dialog taller than its content (a phone's screen)
 * it grows to the height left, and in a short window it shrinks.
 */
export function PickerList({ t, list, children, ...rest }: PickerListProps) {
  return (
    <InfiniteList
      label={t('results')}
      hasMore={list.hasMore}
      loading={list.loadingMore}
      onLoadMore={list.loadMore}
      loadingLabel={t('loadingMore')}
      endLabel={list.pages > 1 && !list.error ? t('end') : undefined}
      flex="1 1 auto"
      minHeight="0"
      {...rest}
    >
      {children}
      {list.error && list.pages > 0 && (
        <InlineRetry
          placement="listEnd"
          text={t('error.more')}
          retryLabel={t('error.retry')}
          onRetry={list.retry}
        />
      )}
    </InfiniteList>
  );
}

/** In a picker's list, in place of what the first page would have shown: it failed, and Retry. */
export function PickerListError({ t, onRetry }: { t: TFunction; onRetry: () => void }) {
  return (
    <EmptyState
      size="sm"
      role="alert"
      illustration={null}
      title={t('error.title')}
      description={t('error.hint')}
      action={
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t('error.retry')}
        </Button>
      }
    />
  );
}
