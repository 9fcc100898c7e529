// The mobile page's assistant: the same chat as the welcome page, with the scripted onboarding for
// a user who has not been through it yet (its dialogs fit a phone), filling the height it is given
// (MobileSignedIn gives it the screen between the top bar and the tabs, or the keyboard), with the
// title row MobileSignedIn asks for (chatScreen.ts), and telling it whether the conversation has
// started. Its code, the chat's and the socket's load only when the tab is opened.
import { Skeleton } from '@coinlens/design-system';
import { Box } from '@chakra-ui/react/box';
import { Suspense, useCallback, useEffect, useSyncExternalStore } from 'react';
import { lazyChunk } from '../../shell/loadChunk';
import type { ChatStore } from '../assistant/conversation/conversation';
import { useChatStore } from '../assistant/launcher/useChatStore';
import { useSession } from '../../data/session';
import { conversationStarted, type chatHeader } from './chatScreen';

const WelcomeChat = lazyChunk(() =>
  import('../assistant/welcome/WelcomeChat').then((module) => ({ default: module.WelcomeChat })),
);

/** The log's least height: a phone held sideways with its keyboard up has little more to give. */
const LOG_MIN_HEIGHT = '3rem';

export interface MobileChatProps {
  /** Called when the onboarding's script is over (the page shows the user's coins). */
  onFinish: () => void;
  /** The chat's title row (see `chatHeader`). */
  header: ReturnType<typeof chatHeader>;
  /** Hears whether the conversation has started (see `conversationStarted`), and of each change. */
  onStartedChange?: (started: boolean) => void;
}

export function MobileChat({ onFinish, header, onStartedChange }: MobileChatProps) {
  const store = useChatStore();
  const { user } = useSession();
  const started = useConversationStarted(store);
  useEffect(() => {
    onStartedChange?.(started);
  }, [started, onStartedChange]);

  const placeholder = <Skeleton height="100%" borderRadius="lg" />;
  return (
    <Box height="100%" minHeight="0">
      {store && user ? (
        <Suspense fallback={placeholder}>
          <WelcomeChat
            store={store}
            userId={user.id}
            onFinish={onFinish}
            header={header}
            logMinHeight={LOG_MIN_HEIGHT}
          />
        </Suspense>
      ) : (
        placeholder
      )}
    </Box>
  );
}

/** Whether the store's conversation has started; false until the store is made. */
function useConversationStarted(store: ChatStore | null): boolean {
  const subscribe = useCallback(
    (listener: () => void) => store?.subscribe(listener) ?? (() => {}),
    [store],
  );
  const read = () => (store ? conversationStarted(store.getState().entries) : false);
  return useSyncExternalStore(subscribe, read, () => false);
}
