// The header's profile area: signed in, the avatar and a menu with "edit nickname", the price
// colours and "log out" under the user's nickname; signed out, a login button. It also keeps the
// page's up and down colours (priceColors.ts), the user's or the language's. During the server render and hydration,
// when the session is not known yet: on a signed-in area's page, which only a visitor holding a
// token sees, the account menu shows from the start; on every other page, which both see, both are
// there and CSS shows the one that fits (SessionPart). The button holds the avatar alone, so that
// it keeps its width when the nickname arrives and nothing beside it moves.
import type { PriceColors, UserInfo } from '@coinlens/contract';
import { Button, COARSE_POINTER, TREND_COLORS_ATTRIBUTE } from '@coinlens/design-system';
import { chakra } from '@chakra-ui/react/styled-system';
import { useI18next, useTranslation } from 'gatsby-plugin-react-i18next';
import { useId } from 'react';
import { createApiClient } from '../data/client';
import { Link } from '../i18n/Link';
import { isSignedInArea } from '../start/signedInAreas';
import { SessionParts } from './SessionPart';
import { showsSignedIn, useSession } from '../data/session';
import { logout } from '../data/logout';
import { DEFAULT_AVATAR } from './defaultAvatar';
import { openDialog } from './dialogs';
import { Dropdown } from './Dropdown';
import { ACCOUNT_SLOT } from './frameParts';
import { PRICE_COLOR_CHOICES, usePriceColors, type PriceColorsSetting } from './priceColors';

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
  const priceColors = usePriceColors();

  const login = (
    <Button size={touch ? 'lg' : 'md'} onClick={() => openDialog('login')}>
      {t('profile.login')}
    </Button>
  );

  if (isSignedInArea(originalPath)) {
    return showsSignedIn(status, originalPath) ? (
      <AccountMenu touch={touch} user={user} priceColors={priceColors} />
    ) : (
      login
    );
  }
  // A page both see: both, until the session is known, and CSS shows the one that fits.
  return (
    <SessionParts
      status={status}
      display="contents"
      visitor={login}
      member={<AccountMenu touch={touch} user={user} priceColors={priceColors} />}
    />
  );
}

const PRICE_COLOR_LABELS = {
  'green-up': 'profile.greenUp',
  'red-up': 'profile.redUp',
} as const satisfies Record<PriceColors, string>;

/**
 * A rise and a fall in a convention's colours, beside its name in the menu. The arrows carry the
 * direction; the colours come from the design system's tokens under that convention.
 */
function TrendSample({ colors }: { colors: PriceColors }) {
  return (
    <chakra.span
      {...{ [TREND_COLORS_ATTRIBUTE]: colors }}
      aria-hidden="true"
      display="inline-flex"
      gap="0.5"
      fontSize="xs"
    >
      <chakra.span color="trend.up">▲</chakra.span>
      <chakra.span color="trend.down">▼</chakra.span>
    </chakra.span>
  );
}

/** The account slot's room: the bell's size (frameParts.ts). */
const SLOT_CSS = { display: 'inline-flex', minWidth: '10', [COARSE_POINTER]: { minWidth: '11' } };

/**
 * The account slot (frameParts.ts), then the avatar and the menu under it: the nickname, "edit
 * nickname", the alerts, price colours, "log out".
 */
function AccountMenu({
  touch,
  user,
  priceColors,
}: {
  touch: boolean;
  user: UserInfo | null;
  priceColors: PriceColorsSetting;
}) {
  const { t } = useTranslation('common');
  const colorsLabelId = useId();
  const nickname = user?.nickname ?? '';
  return (
    <>
      <chakra.span {...{ [ACCOUNT_SLOT]: touch ? 'phone' : 'header' }} css={SLOT_CSS} />
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
            <Link to={touch ? '/mobile/alerts/' : '/alerts/'} onClick={close}>
              {t('profile.alerts')}
            </Link>
            {priceColors.canChoose && (
              <chakra.div
                role="group"
                aria-labelledby={colorsLabelId}
                marginY="1"
                paddingY="1"
                borderTopWidth="1px"
                borderBottomWidth="1px"
                borderColor="border.subtle"
                css={{ '& [aria-pressed=true]': { fontWeight: 'semibold' } }}
              >
                <chakra.p
                  id={colorsLabelId}
                  paddingX="3"
                  paddingY="1"
                  fontSize="xs"
                  color="fg.muted"
                >
                  {t('profile.priceColors')}
                </chakra.p>
                {PRICE_COLOR_CHOICES.map((choice) => (
                  <button
                    key={choice}
                    type="button"
                    aria-pressed={priceColors.current === choice}
                    onClick={() => {
                      close();
                      void priceColors.choose(choice);
                    }}
                  >
                    <TrendSample colors={choice} />
                    {t(PRICE_COLOR_LABELS[choice])}
                    {priceColors.current === choice && (
                      <chakra.svg
                        viewBox="0 0 16 16"
                        width="3.5"
                        height="3.5"
                        marginInlineStart="auto"
                        aria-hidden="true"
                      >
                        <path
                          d="m3 8.5 3 3 7-7"
                          fill="none"
                          stroke="currentColor"
                          strokeWidth="2"
                        />
                      </chakra.svg>
                    )}
                  </button>
                ))}
              </chakra.div>
            )}
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
    </>
  );
}
