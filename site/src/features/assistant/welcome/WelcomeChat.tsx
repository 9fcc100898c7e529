// The chat of the welcome page: the assistant with the conversation so far and, until the user
// has been through it once, the scripted onboarding: the robot's lines in the chat and, under them,
// what the script waits for (start a task, the task's dialog and its skip, "I'm ready"). The
// composer opens once the script is over.
import { Button } from '@coinlens/design-system';
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { ChatPanel, type ChatPanelProps } from '../panel/ChatPanel';
import type { ChatStore } from '../conversation/conversation';
import type { OnboardingView } from '../onboarding/onboardingMachine';
import { useOnboarding, type Onboarding } from './useOnboarding';

export interface WelcomeChatProps extends Pick<ChatPanelProps, 'header' | 'logMinHeight'> {
  store: ChatStore;
  /** The signed-in user, whose onboarding progress is kept. */
  userId: number;
  /** Called when the onboarding's script is over (the page goes on into the product). */
  onFinish: () => void;
}

export function WelcomeChat({ store, userId, onFinish, header, logMinHeight }: WelcomeChatProps) {
  const onboarding = useOnboarding(store, userId, onFinish);
  const running = onboarding.view !== null && !onboarding.view.done;
  return (
    <ChatPanel
      store={store}
      highlights={onboarding.highlights}
      header={header}
      logMinHeight={logMinHeight}
      // The script speaks first; the assistant is there once it is over.
      composerDisabled={running}
      footer={
        running && onboarding.view ? (
          <OnboardingActions view={onboarding.view} onboarding={onboarding} />
        ) : undefined
      }
    />
  );
}

/** What the script waits for from the user, as buttons under the chat. */
function OnboardingActions({ view, onboarding }: { view: OnboardingView; onboarding: Onboarding }) {
  const { t } = useTranslation('onboarding');
  const { current, waitingFor } = view;
  if (waitingFor === null) return null;
  return (
    <chakra.section
      aria-label={current.taskName ? t(current.taskName) : t('script.ready')}
      display="flex"
      flexWrap="wrap"
      alignItems="center"
      gap="3"
      padding="3"
      borderWidth="1px"
      borderColor="border.default"
      borderRadius="lg"
      bg="bg.raised"
    >
      {current.title && current.taskName && (
        <Box flex="1 1 14rem" minWidth="0">
          <chakra.p fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
            {t(current.title)}
          </chakra.p>
          <chakra.p fontWeight="semibold">{t(current.taskName)}</chakra.p>
          {current.desc && (
            <chakra.p fontSize="sm" color="fg.muted">
              {t(current.desc)}
            </chakra.p>
          )}
        </Box>
      )}
      <Flex gap="2" marginLeft="auto">
        {/* Offered with the start button too: declining must not need the task's dialog. */}
        {view.canSkip && (
          <Button variant="ghost" onClick={() => onboarding.send({ type: 'SKIP' })}>
            {t('actions.skip')}
          </Button>
        )}
        {waitingFor === 'start' && (
          <Button onClick={() => onboarding.send({ type: 'START' })}>
            {t(current.taskText ?? 'tasks.coin.start')}
          </Button>
        )}
        {waitingFor === 'task' && (
          <Button onClick={onboarding.openTaskDialog}>
            {t(current.taskText ?? 'tasks.coin.action')}
          </Button>
        )}
        {waitingFor === 'next' && (
          <Button onClick={() => onboarding.send({ type: 'NEXT' })}>
            {t(current.taskText ?? 'actions.ready')}
          </Button>
        )}
      </Flex>
    </chakra.section>
  );
}
