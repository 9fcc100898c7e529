// A quiet word in the corner while the realtime connection is being re-established. A blip shorter
// than RECONNECTING_NOTICE_DELAY_MS shows nothing; a refusal shows nothing either (the login flow
// deals with a dead token), nor does a healthy or absent connection.
import { Box } from '@chakra-ui/react/box';
import { chakra } from '@chakra-ui/react/styled-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { useEffect, useState } from 'react';
import { useRealtimeState } from './connection';

/** How long the connection must have been reconnecting before the notice shows (ms). */
export const RECONNECTING_NOTICE_DELAY_MS = 2000;

export function RealtimeStatus() {
  const { t } = useTranslation('common');
  const state = useRealtimeState();
  const reconnecting = state === 'reconnecting';
  const [delayPassed, setDelayPassed] = useState(false);

  useEffect(() => {
    if (!reconnecting) return undefined;
    const timer = setTimeout(() => setDelayPassed(true), RECONNECTING_NOTICE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setDelayPassed(false);
    };
  }, [reconnecting]);

  const shown = reconnecting && delayPassed;
  // The live region is always there (empty and sizeless when quiet), so that screen readers,
  // which often miss a region inserted with its text, announce the notice when it fills.
  return (
    <Box
      role="status"
      aria-live="polite"
      position="fixed"
      left={{ base: '3', md: '4' }}
      bottom={{ base: '3', md: '4' }}
      // Above the page and dialogs, below toasts (1700); it never takes a click.
      zIndex="1600"
      pointerEvents="none"
    >
      {shown && (
        <chakra.span
          display="inline-flex"
          alignItems="center"
          gap="2"
          paddingX="3"
          paddingY="1"
          borderRadius="full"
          borderWidth="1px"
          borderColor="border.default"
          bg="bg.raised"
          color="fg.muted"
          fontSize="xs"
          animationName="fadeIn"
          animationDuration="slow"
          animationTimingFunction="ease-out"
          _motionReduce={{ animation: 'none' }}
        >
          <chakra.span
            aria-hidden="true"
            width="1.5"
            height="1.5"
            borderRadius="full"
            bg="status.warning"
            animation="pulse 1.6s ease-in-out infinite"
            _motionReduce={{ animation: 'none' }}
          />
          {t('realtime.reconnecting')}
        </chakra.span>
      )}
    </Box>
  );
}
