// The site header: the logo (home), Reporting and Monitoring for signed-in users and Markets for
// everyone (not on the welcome page; the current one marked), the language picker and the profile
// area.
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import { useI18next, useTranslation } from 'gatsby-plugin-react-i18next';
import type { ReactNode } from 'react';
import { isSignedInArea } from '../start/signedInAreas';
import { Link } from '../i18n/Link';
import { SessionParts } from './SessionPart';
import { showsSignedIn, useSession } from '../data/session';
import { LanguagePicker } from './LanguagePicker';
import { LogoMark } from './LogoMark';
import { ProfileArea } from './ProfileArea';

const NavLink = chakra(Link, {
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '10',
    paddingX: '3',
    borderRadius: 'md',
    color: 'fg.muted',
    fontSize: 'sm',
    fontWeight: 'medium',
    textDecoration: 'none',
    _hover: { color: 'fg.default', bg: 'bg.raised' },
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
    '&[aria-current=page]': {
      color: 'fg.default',
      bg: 'bg.raised',
      boxShadow: 'inset 0 -2px 0 0 var(--cl-colors-accent-solid)',
    },
  },
});

const AREAS = [
  { path: '/reporting/', key: 'nav.reporting' },
  { path: '/monitoring/', key: 'nav.monitoring' },
] as const;

/** The public market overview, linked for everyone. */
const MARKETS_PATH = '/markets/';

/** Whether `path` (without locale prefix) is in the area at `areaPath`. */
export function isInArea(path: string, areaPath: string): boolean {
  return path === areaPath || path.startsWith(areaPath);
}

export function Header() {
  const { t } = useTranslation('common');
  const { originalPath } = useI18next();
  const { status } = useSession();
  // The areas' links: for a signed-in user, but not on the onboarding. On a page both a visitor
  // and a signed-in user see, they are there until the session is known, for CSS to show or not
  // (SessionPart); a signed-in area's page shows them from the start. The markets link is
  // everyone's.
  const areaList = (
    <Flex as="ul" gap="1" listStyleType="none" margin="0" padding="0">
      {AREAS.map(({ path, key }) => (
        <li key={path}>
          <NavLink to={path} aria-current={isInArea(originalPath, path) ? 'page' : undefined}>
            {t(key)}
          </NavLink>
        </li>
      ))}
    </Flex>
  );
  let areas: ReactNode = null;
  if (isSignedInArea(originalPath)) {
    if (showsSignedIn(status, originalPath)) areas = areaList;
  } else {
    areas = <SessionParts status={status} display="contents" member={areaList} />;
  }
  const nav = !isInArea(originalPath, '/welcome/') && (
    <chakra.nav aria-label={t('nav.label')} _print={{ display: 'none' }}>
      <Flex gap="1">
        {areas}
        <Flex as="ul" listStyleType="none" margin="0" padding="0">
          <li>
            <NavLink
              to={MARKETS_PATH}
              aria-current={isInArea(originalPath, MARKETS_PATH) ? 'page' : undefined}
            >
              {t('nav.markets')}
            </NavLink>
          </li>
        </Flex>
      </Flex>
    </chakra.nav>
  );

  return (
    <chakra.header
      position="sticky"
      top="0"
      zIndex="10"
      borderBottomWidth="1px"
      borderColor="border.subtle"
      bg="bg.surface"
    >
      <Flex
        maxWidth="page"
        marginX="auto"
        paddingX={{ base: '3', md: '6' }}
        height="16"
        alignItems="center"
        gap={{ base: '2', md: '6' }}
      >
        <Link to="/" aria-label={t('logoLabel')} style={{ textDecoration: 'none' }}>
          <Flex
            alignItems="center"
            gap="2"
            color="fg.default"
            fontWeight="bold"
            fontSize="lg"
            letterSpacing="tight"
          >
            <LogoMark />
            <chakra.span hideBelow="sm">{t('siteName')}</chakra.span>
          </Flex>
        </Link>
        {nav}
        {/* Controls, not content: left off paper. */}
        <Flex marginLeft="auto" alignItems="center" gap="2" _print={{ display: 'none' }}>
          <LanguagePicker />
          <ProfileArea />
        </Flex>
      </Flex>
    </chakra.header>
  );
}
