import { Box, Container, Flex, HStack, Link as ChakraLink, Text } from '@chakra-ui/react';
import { useI18next, useTranslation } from 'gatsby-plugin-react-i18next';
import type { ReactNode } from 'react';
import { Link } from './Link';

/** Each language's name in that language. */
const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  zh: '中文',
  'pt-br': 'Português',
};

function Header() {
  const { t } = useTranslation('common');
  const { language, languages, originalPath } = useI18next();
  return (
    <Box as="header" bg="bg.surface" borderBottomWidth="1px" borderColor="border">
      <Container maxW="6xl" py="4">
        <Flex align="center" justify="space-between" gap="4">
          <ChakraLink asChild fontWeight="bold" fontSize="lg">
            <Link to="/">{t('siteName')}</Link>
          </ChakraLink>
          <HStack as="nav" aria-label={t('language')} gap="4" fontSize="sm">
            {languages.map((lng) => (
              <ChakraLink
                key={lng}
                asChild
                color={lng === language ? 'fg' : 'accent'}
                fontWeight={lng === language ? 'semibold' : undefined}
              >
                <Link
                  to={originalPath}
                  language={lng}
                  aria-current={lng === language ? 'true' : undefined}
                >
                  {LANGUAGE_NAMES[lng] ?? lng}
                </Link>
              </ChakraLink>
            ))}
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}

function Footer() {
  const { t } = useTranslation('common');
  return (
    <Box as="footer" borderTopWidth="1px" borderColor="border">
      <Container maxW="6xl" py="6">
        <Text fontSize="sm" color="fg.muted">
          {t('footer')}
        </Text>
      </Container>
    </Box>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <Flex direction="column" minH="100vh">
      <Header />
      <Box as="main" flex="1">
        {children}
      </Box>
      <Footer />
    </Flex>
  );
}
