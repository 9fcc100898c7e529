// The welcome page (product spec points 2 and 4): where a new user lands after registering, and
// the chat page. The chat and the onboarding (WelcomeChat) load after the page shows: no page's
// first load carries them.
import { Box, chakra, Flex, Skeleton } from '@chakra-ui/react';
import { useI18next, useTranslation } from 'gatsby-plugin-react-i18next';
import { lazy, Suspense, useCallback } from 'react';
import { useChatStore } from '../assistant/useChatStore';
import { useSession } from '../auth/session';

const WelcomeChat = lazy(() =>
  import('./WelcomeChat').then((module) => ({ default: module.WelcomeChat })),
);

export function Welcome() {
  const { t } = useTranslation('common');
  const { navigate } = useI18next();
  const store = useChatStore();
  const { user } = useSession();
  // At the end of the onboarding the user goes on into the product.
  const finish = useCallback(() => void navigate('/reporting/'), [navigate]);

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
        {store && user ? (
          <Suspense fallback={<ChatPlaceholder />}>
            <WelcomeChat store={store} userId={user.id} onFinish={finish} />
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
