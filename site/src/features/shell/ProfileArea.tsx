// The header's profile area (spec, point 2): signed in, the avatar and a menu with "edit
// nickname" and "log out"; signed out, a login button. Nothing during the server render and
// hydration, when the session is not known yet (the login button's place is kept, unseen), so
// the static HTML never shows the wrong one.
import { Button } from '@coinlens/design-system';
import { chakra } from '@chakra-ui/react';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { createApiClient } from '../../data/client';
import { useSession } from '../auth/session';
import { logout } from '../auth/logout';
import { DEFAULT_AVATAR } from './defaultAvatar';
import { openDialog } from './dialogs';
import { Dropdown } from './Dropdown';

/** Asks the server to revoke a token that is no longer kept (so it is sent explicitly). */
function revokeToken(token: string) {
  return createApiClient({ getToken: () => token, onUnauthorized: () => {} }).post(
    '/api/auth/logout',
  );
}

export interface ProfileAreaProps {
  /** Touch-sized controls (the mobile pages): a 48 px login button, 44 px menu and items. */
  touch?: boolean;
}

export function ProfileArea({ touch = false }: ProfileAreaProps) {
  const { t } = useTranslation('common');
  const { status, user } = useSession();

  // Until the session is known the login button holds its place, unseen, so that a visitor's
  // header does not shift when it shows (most first visits are signed out).
  if (status !== 'signedIn') {
    const unknown = status === 'unknown';
    return (
      <Button
        size={touch ? 'lg' : 'md'}
        onClick={() => openDialog('login')}
        visibility={unknown ? 'hidden' : undefined}
        aria-hidden={unknown || undefined}
        tabIndex={unknown ? -1 : undefined}
      >
        {t('profile.login')}
      </Button>
    );
  }

  const nickname = user?.nickname ?? '';
  return (
    <Dropdown
      touch={touch}
      label={nickname ? t('profile.menuFor', { nickname }) : t('profile.menu')}
      trigger={
        <>
          <chakra.img
            src={user?.avatar || DEFAULT_AVATAR}
            alt=""
            width="8"
            height="8"
            borderRadius="full"
            objectFit="cover"
            bg="bg.subtle"
          />
          <chakra.span fontSize="sm" maxWidth="32" truncate hideBelow="md">
            {nickname}
          </chakra.span>
        </>
      }
    >
      {({ close }) => (
        <>
          <button
            type="button"
            onClick={() => {
              close();
              openDialog('nickname');
            }}
          >
            {t('profile.editNickname')}
          </button>
          <button
            type="button"
            onClick={() => {
              close();
              void logout({ revoke: revokeToken });
            }}
          >
            {t('profile.logout')}
          </button>
        </>
      )}
    </Dropdown>
  );
}
