// The assistant in the corner of the signed-in pages other than the chat: the robot with its idle
// line, changed for another at random every 300000 ms, opening the conversation in a side panel
// beside the page (AssistantProvider.tsx), which it hides while open. It draws after hydration
// only: its line is picked at random in the browser. It floats over the page, so the page ends
// with room for it: scrolled to the end, no line of the page is under it.
import { Box } from '@chakra-ui/react/box';
import { chakra } from '@chakra-ui/react/styled-system';
import { I18nextContext, useI18next, useTranslation } from 'gatsby-plugin-react-i18next';
import { useContext, useLayoutEffect } from 'react';
import { isSignedInArea } from '../../../start/signedInAreas';
import { showsSignedIn, useSession } from '../../../data/session';
import { SessionParts } from '../../../shell/SessionPart';
import { useHydrated } from '../../../shell/useHydrated';
import { useAssistant } from './assistantContext';
import { useRobotText } from '../robot/robot';
import { RobotAvatar } from '../robot/RobotAvatar';

/** The launcher's tallest: the robot beside its label and two lines of idle text (it clamps). */
export const LAUNCHER_MAX_HEIGHT = '4.5rem';
/** How far the launcher keeps from the window's bottom and right edges. */
const EDGE = { base: '0.75rem', md: '1.5rem' } as const;
/** The room the page ends with: the launcher, its distance from the edge, and as much above it. */
const ROOM = {
  base: `calc(${LAUNCHER_MAX_HEIGHT} + 2 * ${EDGE.base})`,
  md: `calc(${LAUNCHER_MAX_HEIGHT} + 2 * ${EDGE.md})`,
};
/**
 * The room hangs below the layout's column instead of taking a share of it: the document scrolls
 * that much further, while a short page's footer stays at the window's bottom wherever it stood
 * (the page's content still has the whole window to grow in before the footer moves).
 */
const HANG = { base: `calc(-1 * ${ROOM.base})`, md: `calc(-1 * ${ROOM.md})` };

/**
 * Placed after the page's last part (the layout's footer). The room is in the page's static HTML,
 * so that a short page's footer does not move up when the session becomes known: on a signed-in
 * area's page (whose HTML only a token holder sees) from the start, on a page both see for CSS to
 * show where the browser keeps a token (SessionPart). The launcher itself comes after hydration.
 */
export function AssistantLauncher() {
  const hydrated = useHydrated();
  const { status } = useSession();
  const { originalPath, i18n } = useI18next();
  const context = useContext(I18nextContext);
  const setPage = useAssistant()?.setPage;
  // This page has the assistant: the panel may show beside it, in its language. Said in the
  // page's first commit (not after the hydration, as the launcher), so that an open panel stays
  // in place, without a frame's gap, when the page changes.
  useLayoutEffect(() => {
    setPage?.({ i18n, context });
    return () => setPage?.(null);
  }, [setPage, i18n, context]);
  const room = (
    <Box
      aria-hidden="true"
      data-part="launcher-room"
      flexShrink={0}
      height={ROOM}
      marginBottom={HANG}
    />
  );
  return (
    <>
      {isSignedInArea(originalPath) ? (
        showsSignedIn(status, originalPath) && room
      ) : (
        <SessionParts status={status} display="contents" member={room} />
      )}
      {hydrated && status === 'signedIn' && <Launcher />}
    </>
  );
}

function Launcher() {
  const { t } = useTranslation('assistant');
  const text = useRobotText({ crashed: false, rotate: true });
  const assistant = useAssistant();
  return (
    <Box
      as="aside"
      aria-label={t('title')}
      // The open panel is the assistant: the launcher comes back when it closes.
      hidden={assistant?.shown}
      position="fixed"
      right={EDGE}
      bottom={EDGE}
      zIndex="docked"
      maxWidth={{ base: 'calc(100vw - 1.5rem)', md: '22rem' }}
    >
      <chakra.button
        ref={assistant?.launcher}
        type="button"
        aria-haspopup="dialog"
        onClick={assistant?.open}
        display="flex"
        alignItems="center"
        gap="3"
        minHeight="11"
        maxHeight={LAUNCHER_MAX_HEIGHT}
        paddingY="2"
        paddingStart="2"
        paddingEnd="4"
        borderRadius="full"
        borderWidth="1px"
        borderColor="border.default"
        bg="bg.raised"
        boxShadow="lg"
        color="fg.default"
        textAlign="start"
        cursor="pointer"
        _hover={{ borderColor: 'accent.solid' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' }}
      >
        <RobotAvatar />
        <Box minWidth="0">
          <chakra.span display="block" fontSize="sm" fontWeight="semibold">
            {t('launcher.label')}
          </chakra.span>
          {/* Said politely: a screen reader hears the new line when it changes. */}
          <chakra.span
            display="block"
            aria-live="polite"
            fontSize="xs"
            color="fg.muted"
            lineClamp={2}
          >
            <chakra.span srOnly>{t('launcher.says')}: </chakra.span>
            {text}
          </chakra.span>
        </Box>
      </chakra.button>
    </Box>
  );
}
