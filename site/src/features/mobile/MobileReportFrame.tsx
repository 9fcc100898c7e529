// The frame of the phone's report view: the way back to the coins list at the top, and the page's
// heading with the coin's name. The page draws it from its static HTML on (with the loading card),
// the view once its code has come, so that nothing moves in between.
import { Skeleton } from '@coinlens/design-system';
import { Box } from '@chakra-ui/react/box';
import { chakra } from '@chakra-ui/react/styled-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import type { ReactNode } from 'react';
import { PhonePageHeader } from './PhonePageHeader';

/** The coins list, where the report view belongs, without language prefix. */
export const COINS_ADDRESS = '/mobile/';

export interface MobileReportFrameProps {
  /** The coin's name for the heading; none while it is not known (a placeholder holds its room). */
  name?: string;
  /** Whether the site led here: back then goes back in the history, to the list as it was left. */
  fromSite?: boolean;
  children: ReactNode;
}

export function MobileReportFrame({ name, fromSite = false, children }: MobileReportFrameProps) {
  const { t } = useTranslation('mobile');
  return (
    <Box paddingBottom="4">
      <PhonePageHeader backTo={COINS_ADDRESS} backLabel={t('report.back')} goBack={fromSite} />
      <chakra.h1
        fontSize="xl"
        fontWeight="semibold"
        letterSpacing="tight"
        lineHeight="short"
        marginTop="2"
        marginBottom="4"
        overflowWrap="anywhere"
      >
        {name ? (
          t('report.title', { name })
        ) : (
          <>
            <chakra.span srOnly>{t('report.loading')}</chakra.span>
            <Skeleton
              as="span"
              aria-hidden="true"
              display="inline-block"
              width="50%"
              height="1em"
            />
          </>
        )}
      </chakra.h1>
      {children}
    </Box>
  );
}
