// The top of every mobile page (they have no desktop header): the logo, leading to the mobile
// page; the market overview, for a visitor and a signed-in user alike; the language, as the phone's
// own picker; and the profile area, with touch-sized controls. It stays at the top, clear of a
// notch or a status bar (the safe areas).
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import { Island } from '../../start/Island';
import { MOBILE_WIDTH, SAFE_PADDING_X } from '../../shell/Layout';
import { MOBILE_TOP_BAR_HEIGHT } from '../../shell/mobileTopBar';
import { useI18next, useTranslation } from 'gatsby-plugin-react-i18next';
import { HTML_LANG, LOCALES, LOCALE_NAMES, isLocale, type Locale } from '../../i18n/locales';
import { Link } from '../../i18n/Link';
import { GlobeIcon, useLanguageSwitch } from '../../shell/LanguagePicker';
import { LogoMark } from '../../shell/LogoMark';
import { ProfileArea } from '../../shell/ProfileArea';

/** The phone's market overview. */
const MARKETS_PATH = '/mobile/markets/';

const MarketsLink = chakra(Link, {
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minWidth: '11',
    minHeight: '11',
    borderRadius: 'md',
    color: 'fg.default',
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
    '&[aria-current=page]': { color: 'accent.fg', bg: 'bg.raised' },
  },
});

/** The market overview's icon (decorative: the link is named by its label): bars of a chart. */
function MarketsIcon() {
  return (
    <chakra.svg
      viewBox="0 0 24 24"
      width="5"
      height="5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M4 20h16M7 16v-5M12 16V6M17 16v-8" />
    </chakra.svg>
  );
}

export function MobileTopBar() {
  const { t } = useTranslation('common');
  const { originalPath } = useI18next();
  return (
    <chakra.header
      position="sticky"
      top="0"
      zIndex="10"
      bg="bg.surface"
      borderBottomWidth="1px"
      borderColor="border.subtle"
      paddingTop="env(safe-area-inset-top, 0px)"
      css={SAFE_PADDING_X}
    >
      <Flex
        maxWidth={MOBILE_WIDTH}
        marginX="auto"
        height={MOBILE_TOP_BAR_HEIGHT}
        alignItems="center"
        gap="2"
      >
        <Link to="/mobile/" aria-label={t('logoLabel')} style={{ textDecoration: 'none' }}>
          <Flex
            alignItems="center"
            gap="2"
            minHeight="11"
            // The mark alone (the narrowest phones) is still a finger's target.
            minWidth="11"
            color="fg.default"
            fontWeight="bold"
            fontSize="lg"
            letterSpacing="tight"
          >
            <LogoMark />
            {/* The narrowest phones keep the mark alone: the link is named by its label. */}
            <chakra.span css={{ '@media (max-width: 359.98px)': { display: 'none' } }}>
              {t('siteName')}
            </chakra.span>
          </Flex>
        </Link>
        <Flex marginLeft="auto" alignItems="center" gap="1">
          <MarketsLink
            to={MARKETS_PATH}
            aria-label={t('nav.markets')}
            title={t('nav.markets')}
            aria-current={originalPath === MARKETS_PATH ? 'page' : undefined}
          >
            <MarketsIcon />
          </MarketsLink>
          <Island name="language">
            <LanguageSelect />
          </Island>
          <Island name="profile">
            <ProfileArea touch />
          </Island>
        </Flex>
      </Flex>
    </chakra.header>
  );
}

/** The short name of each language on the closed picker (the list names them in full). */
export const LANGUAGE_SHORT_NAMES: Record<Locale, string> = { en: 'EN', zh: '中文', 'pt-br': 'PT' };

/**
 * The language as a native select, which the phone shows as its own picker, made for fingers.
 * The select lies, transparent, over a short label with a globe: it is what is touched, focused
 * and read out.
 */
export function LanguageSelect() {
  const { t } = useTranslation('common');
  const { current, choose, notice } = useLanguageSwitch();
  // Named with the text it shows ("Language: EN"), so that voice control finds it by that.
  const label = t('language.label', { language: LANGUAGE_SHORT_NAMES[current] });
  return (
    <>
      <Flex
        position="relative"
        alignItems="center"
        gap="1.5"
        minHeight="11"
        minWidth="11"
        paddingX="2.5"
        borderRadius="md"
        color="fg.default"
        fontSize="sm"
        _focusWithin={{ outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' }}
      >
        <GlobeIcon />
        <span aria-hidden="true" lang={HTML_LANG[current]}>
          {LANGUAGE_SHORT_NAMES[current]}
        </span>
        <chakra.select
          aria-label={label}
          value={current}
          onChange={(event) => {
            const locale = event.currentTarget.value;
            if (isLocale(locale)) choose(locale);
          }}
          position="absolute"
          inset="0"
          width="100%"
          height="100%"
          opacity="0"
          cursor="pointer"
          fontSize="md"
        >
          {LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={HTML_LANG[locale]}>
              {LOCALE_NAMES[locale]}
            </option>
          ))}
        </chakra.select>
      </Flex>
      {notice}
    </>
  );
}
