// The mobile page for a visitor who is not signed in (and during the server render, so the static
// page has its content at once): what Coinlens does on a phone and the way in, through the same
// login dialog as the full site.
import { Button } from '@coinlens/design-system';
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { openDialog } from '../../shell/dialogs';

const POINTS = ['coins', 'events', 'assistant'] as const;

export function MobileIntro() {
  const { t } = useTranslation(['mobile', 'common']);
  return (
    <chakra.section aria-labelledby="mobile-title" paddingY="4">
      <chakra.p color="accent.fg" fontSize="sm" fontWeight="semibold" marginBottom="3">
        {t('common:tagline')}
      </chakra.p>
      <chakra.h1
        id="mobile-title"
        fontSize="3xl"
        fontWeight="bold"
        letterSpacing="tight"
        lineHeight="tight"
        textWrap="balance"
      >
        {t('intro.title')}
      </chakra.h1>
      <chakra.p marginTop="4" color="fg.muted" lineHeight="relaxed">
        {t('intro.lead')}
      </chakra.p>
      <Button size="lg" width="100%" marginTop="6" onClick={() => openDialog('login')}>
        {t('intro.signIn')}
      </Button>
      <Flex as="ul" direction="column" gap="3" marginTop="8" listStyleType="none" padding="0">
        {POINTS.map((point) => (
          <chakra.li
            key={point}
            padding="4"
            bg="bg.surface"
            borderWidth="1px"
            borderColor="border.subtle"
            borderRadius="lg"
          >
            <chakra.h2 fontSize="md" fontWeight="semibold">
              {t(`intro.points.${point}.title`)}
            </chakra.h2>
            <Box as="p" marginTop="1" fontSize="sm" color="fg.muted" lineHeight="relaxed">
              {t(`intro.points.${point}.body`)}
            </Box>
          </chakra.li>
        ))}
      </Flex>
    </chakra.section>
  );
}
