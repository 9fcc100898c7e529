// The signed-in phone page's heading: the user greeted by nickname. The page's placeholder shows it
// too while the rest of the page's code loads, so that the page says whose it is at once. On the
// chat, once the conversation has started, it makes room for it: still the page's heading, for
// assistive technology, but not on screen.
import { chakra } from '@chakra-ui/react/styled-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { useSession } from '../../data/session';

export interface MobileGreetingProps {
  /** Kept for assistive technology only (the chat needs the room). */
  collapsed?: boolean;
}

export function MobileGreeting({ collapsed = false }: MobileGreetingProps) {
  const { t } = useTranslation('mobile');
  const { user, userFailed } = useSession();
  return (
    <chakra.h1
      fontSize="xl"
      fontWeight="bold"
      letterSpacing="tight"
      marginBottom="4"
      truncate
      srOnly={collapsed || undefined}
    >
      {/* A space keeps the line's height until the user's details come; without them, a plain
          greeting (the details could not be loaded). */}
      {user
        ? t('greeting', { nickname: user.nickname })
        : userFailed
          ? t('greetingUnnamed')
          : '\u00a0'}
    </chakra.h1>
  );
}
