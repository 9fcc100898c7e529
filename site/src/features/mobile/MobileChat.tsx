// The mobile page's assistant: the same chat as the welcome page, with the scripted onboarding for
// a user who has not been through it yet (its dialogs fit a phone), filling the screen between the
// top bar and the tabs. Its code, the chat's and the socket's load only when the tab is opened.
import { Skeleton } from '@coinlens/design-system';
import { Box } from '@chakra-ui/react';
import { Suspense } from 'react';
import { lazyChunk } from '../../shell/loadChunk';
import { useChatStore } from '../assistant/launcher/useChatStore';
import { useSession } from '../../data/session';

const WelcomeChat = lazyChunk(() =>
  import('../assistant/welcome/WelcomeChat').then((module) => ({ default: module.WelcomeChat })),
);

/** The chat's height: the screen less the top bar, the greeting, the tabs and the safe areas. */
export const MOBILE_CHAT_HEIGHT =
  'calc(100dvh - 12.5rem - env(safe-area-inset-top, 0px) - env(safe-area-inset-bottom, 0px))';

export interface MobileChatProps {
  /** Called when the onboarding's script is over (the page shows the user's coins). */
  onFinish: () => void;
}

export function MobileChat({ onFinish }: MobileChatProps) {
  const store = useChatStore();
  const { user } = useSession();
  const placeholder = <Skeleton height="100%" borderRadius="lg" />;
  return (
    <Box height={MOBILE_CHAT_HEIGHT} minHeight="22rem">
      {store && user ? (
        <Suspense fallback={placeholder}>
          <WelcomeChat store={store} userId={user.id} onFinish={onFinish} />
        </Suspense>
      ) : (
        placeholder
      )}
    </Box>
  );
}
