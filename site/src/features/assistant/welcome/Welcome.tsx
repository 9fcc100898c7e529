// The welcome page: where a new user lands after registering, and the chat page. The chat and the
// onboarding (WelcomeChat) load after the page shows: no page's first load carries them.
import type { UserInfo } from '@coinlens/contract';
import { Button, Skeleton } from '@coinlens/design-system';
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import { useI18next, useTranslation } from 'gatsby-plugin-react-i18next';
import { Suspense, useCallback } from 'react';
import { lazyChunk } from '../../../shell/loadChunk';
import { useApi } from '../../../data/swr';
import { useChatStore } from '../launcher/useChatStore';
import { USER_PATH, useSession } from '../../../data/session';

const WelcomeChat = lazyChunk(() =>
  import('./WelcomeChat').then((module) => ({ default: module.WelcomeChat })),
);

export function Welcome() {
  const { t } = useTranslation('common');
  const { navigate } = useI18next();
  const { t: ta } = useTranslation('assistant');
  const store = useChatStore();
  const { status, user } = useSession();
  // The chat waits for the user's details (the onboarding is kept per user). The same resource as
  // the session's, read here for its failure: without it the page would wait forever.
  const account = useApi<UserInfo>(status === 'signedIn' ? USER_PATH : null, undefined, {
    revalidateOnFocus: false,
  });
  const retry = () => {
    void account.mutate();
    // The history failed with the user's details: the chat must not open on that error.
    if (store?.getState().history === 'error') void store.loadLatest();
  };
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
          <Suspense fallback={<ChatPlaceholder label={ta('history.loading')} />}>
            <WelcomeChat store={store} userId={user.id} onFinish={finish} />
          </Suspense>
        ) : !user && account.error ? (
          <Flex
            role="alert"
            direction="column"
            alignItems="center"
            justifyContent="center"
            gap="3"
            minHeight="28rem"
            borderWidth="1px"
            borderColor="border.default"
            borderRadius="lg"
            bg="bg.surface"
          >
            <chakra.p color="fg.muted">{ta('history.error')}</chakra.p>
            <Button variant="outline" size="sm" onClick={retry}>
              {ta('history.retry')}
            </Button>
          </Flex>
        ) : (
          <ChatPlaceholder label={ta('history.loading')} />
        )}
      </Box>
    </Flex>
  );
}

/** The chat's place while it loads, named for assistive technology. */
function ChatPlaceholder({ label }: { label: string }) {
  return (
    <Skeleton
      role="status"
      aria-busy="true"
      aria-label={label}
      height="100%"
      minHeight="28rem"
      borderRadius="lg"
    />
  );
}
