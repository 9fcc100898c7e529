// The assistant in the corner of the signed-in pages other than the chat: the robot with its idle
// line, changed for another at random every 300000 ms, leading to the chat page. It draws after
// hydration only: its line is picked at random in the browser.
import { Box, chakra } from '@chakra-ui/react';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { Link } from '../../i18n/Link';
import { useSession } from '../auth/session';
import { useHydrated } from '../shell/useHydrated';
import { useRobotText } from './robot';
import { RobotAvatar } from './RobotAvatar';

const LauncherLink = chakra(Link);

export function AssistantLauncher() {
  const hydrated = useHydrated();
  const { status } = useSession();
  if (!hydrated || status !== 'signedIn') return null;
  return <Launcher />;
}

function Launcher() {
  const { t } = useTranslation('assistant');
  const text = useRobotText({ crashed: false, rotate: true });
  return (
    <Box
      as="aside"
      aria-label={t('title')}
      position="fixed"
      right={{ base: '3', md: '6' }}
      bottom={{ base: '3', md: '6' }}
      zIndex="docked"
      maxWidth={{ base: 'calc(100vw - 1.5rem)', md: '22rem' }}
    >
      <LauncherLink
        to="/welcome/"
        display="flex"
        alignItems="center"
        gap="3"
        minHeight="11"
        paddingY="2"
        paddingStart="2"
        paddingEnd="4"
        borderRadius="full"
        borderWidth="1px"
        borderColor="border.default"
        bg="bg.raised"
        boxShadow="lg"
        color="fg.default"
        textDecoration="none"
        _hover={{ borderColor: 'accent.solid' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' }}
      >
        <RobotAvatar />
        <Box minWidth="0">
          <chakra.span display="block" fontSize="sm" fontWeight="semibold">
            {t('launcher.label')}
          </chakra.span>
          {/* Said politely: a screen reader hears the new line when it changes. */}
          <chakra.span
            display="block"
            aria-live="polite"
            fontSize="xs"
            color="fg.muted"
            lineClamp={2}
          >
            <chakra.span srOnly>{t('launcher.says')}: </chakra.span>
            {text}
          </chakra.span>
        </Box>
      </LauncherLink>
    </Box>
  );
}
