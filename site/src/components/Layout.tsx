// The page frame: skip link, header (logo and language links), page area and footer. The site
// shell issue grows this into the full header with navigation, profile and dialogs.
import { Box, chakra, Flex } from '@chakra-ui/react';
import { useI18next, useTranslation } from 'gatsby-plugin-react-i18next';
import type { ReactNode } from 'react';
import { Link } from '../i18n/Link';
import { LOCALES, LOCALE_NAMES, isLocale } from '../i18n/locales';

const NavLink = chakra(Link, {
  base: {
    color: 'fg.muted',
    textDecoration: 'none',
    fontSize: 'sm',
    _hover: { color: 'fg.default', textDecoration: 'underline' },
    '&[aria-current=true]': { color: 'accent.fg', fontWeight: 'semibold' },
  },
});

export interface LayoutProps {
  children: ReactNode;
  /** Privacy, terms and the mobile paths render without the header. */
  header?: boolean;
}

export function Layout({ children, header = true }: LayoutProps) {
  const { t } = useTranslation('common');
  const { language, originalPath } = useI18next();
  return (
    <Flex direction="column" minHeight="100vh" bg="bg.canvas">
      <chakra.a
        href="#main"
        position="absolute"
        left="-9999px"
        _focus={{
          left: '4',
          top: '4',
          zIndex: 10,
          bg: 'bg.raised',
          px: '3',
          py: '2',
          borderRadius: 'md',
        }}
      >
        {t('skipToContent')}
      </chakra.a>
      {header && (
        <chakra.header borderBottomWidth="1px" borderColor="border.subtle" bg="bg.surface">
          <Flex maxWidth="page" marginX="auto" paddingX="6" height="16" alignItems="center" gap="6">
            <chakra.span fontWeight="bold" fontSize="lg" letterSpacing="tight">
              <NavLink
                to="/"
                color="fg.default"
                fontSize="lg"
                aria-label={`${t('siteName')} · ${t('home')}`}
              >
                {t('siteName')}
              </NavLink>
            </chakra.span>
            <chakra.nav aria-label={t('languagePicker')} marginLeft="auto">
              <Flex as="ul" gap="4" listStyleType="none" margin="0" padding="0">
                {LOCALES.map((locale) => (
                  <li key={locale}>
                    <NavLink
                      to={originalPath}
                      language={locale}
                      lang={locale}
                      hrefLang={locale}
                      aria-current={isLocale(language) && language === locale ? 'true' : undefined}
                    >
                      {LOCALE_NAMES[locale]}
                    </NavLink>
                  </li>
                ))}
              </Flex>
            </chakra.nav>
          </Flex>
        </chakra.header>
      )}
      <Box
        as="main"
        id="main"
        flex="1"
        width="100%"
        maxWidth="page"
        marginX="auto"
        paddingX="6"
        paddingY="12"
      >
        {children}
      </Box>
      <chakra.footer borderTopWidth="1px" borderColor="border.subtle" paddingY="6">
        <Flex
          maxWidth="page"
          marginX="auto"
          paddingX="6"
          gap="6"
          fontSize="sm"
          color="fg.muted"
          wrap="wrap"
        >
          <span>{t('footer.rights')}</span>
          <NavLink to="/privacy/">{t('footer.privacy')}</NavLink>
          <NavLink to="/terms/">{t('footer.terms')}</NavLink>
        </Flex>
      </chakra.footer>
    </Flex>
  );
}
