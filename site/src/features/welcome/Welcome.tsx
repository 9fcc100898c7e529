// The welcome page (product spec point 2): where a new user lands after registering, and the
// chat page: the assistant, with the conversation so far.
import { Box, chakra, Flex, Skeleton } from '@chakra-ui/react';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { lazy, Suspense } from 'react';
import { useChatStore } from '../assistant/useChatStore';

// The chat's code loads after the page shows (it is no page's first load).
const ChatPanel = lazy(() =>
  import('../assistant/ChatPanel').then((module) => ({ default: module.ChatPanel })),
);

export function Welcome() {
  const { t } = useTranslation('common');
  const store = useChatStore();
  return (
    <Flex direction="column" gap="4" height={{ base: 'auto', md: 'calc(100dvh - 12rem)' }}>
      <Box>
        <chakra.h1 fontSize="3xl" fontWeight="bold" letterSpacing="tight">
          {t('meta.welcome.title')}
        </chakra.h1>
        <chakra.p marginTop="2" color="fg.muted" maxWidth="prose">
          {t('meta.welcome.description')}
        </chakra.p>
      </Box>
      <Box flex="1" minHeight="28rem">
        {store ? (
          <Suspense fallback={<ChatPlaceholder />}>
            <ChatPanel store={store} />
          </Suspense>
        ) : (
          <ChatPlaceholder />
        )}
      </Box>
    </Flex>
  );
}

function ChatPlaceholder() {
  return <Skeleton height="100%" minHeight="28rem" borderRadius="lg" />;
}
