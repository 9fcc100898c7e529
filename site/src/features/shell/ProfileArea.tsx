// The header's profile area: signed in, the avatar and a menu with "edit nickname" and "log out"
// under the user's nickname; signed out, a login button. During the server render and hydration,
// when the session is not known yet: on a signed-in area's page, which only a visitor holding a
// token sees, the account menu shows from the start; on every other page, which both see, both are
// there and CSS shows the one that fits (SessionPart). The button holds the avatar alone, so that
// it keeps its width when the nickname arrives and nothing beside it moves.
import type { UserInfo } from '@coinlens/api/contract';
import { Button } from '@coinlens/design-system';
import { chakra } from '@chakra-ui/react';
import { useI18next, useTranslation } from 'gatsby-plugin-react-i18next';
import { createApiClient } from '../../data/client';
import { isSignedInArea } from '../../app/signedInAreas';
import { SessionParts } from '../auth/SessionPart';
import { showsSignedIn, useSession } from '../auth/session';
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
  const { originalPath } = useI18next();
  const { status, user } = useSession();

  const login = (
    <Button size={touch ? 'lg' : 'md'} onClick={() => openDialog('login')}>
      {t('profile.login')}
    </Button>
  );

  if (isSignedInArea(originalPath)) {
    return showsSignedIn(status, originalPath) ? <AccountMenu touch={touch} user={user} /> : login;
  }
  // A page both see: both, until the session is known, and CSS shows the one that fits.
  return (
    <SessionParts
      status={status}
      display="contents"
      visitor={login}
      member={<AccountMenu touch={touch} user={user} />}
    />
  );
}

/** The avatar and the menu under it: the nickname, "edit nickname" and "log out". */
function AccountMenu({ touch, user }: { touch: boolean; user: UserInfo | null }) {
  const { t } = useTranslation('common');
  const nickname = user?.nickname ?? '';
  return (
    <Dropdown
      touch={touch}
      label={nickname ? t('profile.menuFor', { nickname }) : t('profile.menu')}
      trigger={
        <chakra.img
          src={user?.avatar || DEFAULT_AVATAR}
          alt=""
          width="8"
          height="8"
          borderRadius="full"
          objectFit="cover"
          bg="bg.subtle"
        />
      }
    >
      {({ close }) => (
        <>
          {nickname && (
            <chakra.p
              paddingX="3"
              paddingY="2"
              marginBottom="1"
              borderBottomWidth="1px"
              borderColor="border.subtle"
              fontSize="xs"
              color="fg.muted"
              maxWidth="64"
              truncate
              title={nickname}
            >
              {t('profile.signedInAs', { nickname })}
            </chakra.p>
          )}
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
