// The assistant's side panel: the conversation beside the page, at a fixed width on the window's
// right (the whole window below the md breakpoint), the page still in use beside it. From the lg
// breakpoint the page's frame makes room for it (shell/Layout.tsx): at 1280 or 1366 px wide
// an overlay would hide the right of the page, where its header's account menu and a report's
// actions are; below it, the panel lies over the page. Closed with Escape or its close button,
// the focus then going back to the launcher (../launcher/AssistantProvider.tsx). A question
// asked here carries what the page beside it shows (questionContext.ts), said above the message
// box.
//
// A non-modal dialog (role "dialog" without aria-modal), not a complementary landmark: WAI-ARIA
// calls a window that a control opens over the page's content, that takes the focus when it opens
// and gives it back when it is dismissed, a dialog; "non-modal" is what says the page beside it
// stays in reach (no aria-modal, no focus trap, nothing hidden from assistive technology). A
// complementary landmark is a part of the page's own structure, there whether or not anyone asked.
import { COARSE_POINTER, Skeleton } from '@coinlens/design-system';
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import { I18nextContext, I18nextProvider, useTranslation } from 'gatsby-plugin-react-i18next';
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { apiAssetUrl } from '../../../data/client';
import { useSession } from '../../../data/session';
import { useFollows } from '../../coins/follows';
import { useSourceDetail } from '../../monitoring/sources';
import { SIDE_PANEL_WIDTH, type AssistantPage } from '../launcher/assistantContext';
import { ChatPanel } from './ChatPanel';
import { useQuestionContext, type QuestionContext } from './questionContext';
import { useChatStore } from '../launcher/useChatStore';

export interface AssistantSidePanelProps {
  /** The panel shows; hidden, it stays mounted and keeps what was typed in it. */
  shown: boolean;
  /** How many times it was opened: each opening moves the focus into it. */
  opened: number;
  /** The translations of the page beside it. */
  page: AssistantPage;
  /** The page's path without its language prefix, and its query string. */
  originalPath: string;
  search: string;
  /** Called once the panel is drawn (the launcher then gives way to it). */
  onShown: (shown: true) => void;
  /** Closes the panel (the focus goes back to the launcher). */
  onClose: () => void;
  /** Closes the panel for a user who signed out (for whoever signs in next too). */
  onSignedOut: () => void;
}

/** The panel, in the translations of the page beside it (it renders outside the page). */
export default function AssistantSidePanel({ page, ...props }: AssistantSidePanelProps) {
  return (
    <I18nextProvider i18n={page.i18n}>
      <I18nextContext.Provider value={page.context}>
        <SidePanel {...props} />
      </I18nextContext.Provider>
    </I18nextProvider>
  );
}

function SidePanel({
  shown,
  opened,
  originalPath,
  search,
  onShown,
  onClose,
  onSignedOut,
}: Omit<AssistantSidePanelProps, 'page'>) {
  const { t } = useTranslation('assistant');
  const store = useChatStore();
  const { status } = useSession();
  const signedOut = status === 'signedOut';
  useEffect(() => {
    if (signedOut) onSignedOut();
  }, [signedOut, onSignedOut]);
  const panelRef = useRef<HTMLDivElement>(null);
  const question = useQuestionContext(originalPath, search, shown);

  // Drawn: the launcher gives way and the page makes room, in the same frame as the panel shows.
  useLayoutEffect(() => onShown(true), [onShown]);

  // Each opening moves the focus into the panel: to the message box, or to the panel itself
  // while the chat is still on its way. (In an effect, not the launcher's press: the panel's code
  // may arrive after the press.)
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel || opened === 0) return;
    panel.focus();
  }, [opened]);
  // The chat came while the focus waited on the panel itself: it goes on to the message box.
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel || !store) return;
    if (document.activeElement === panel) panel.querySelector('textarea')?.focus();
  }, [store, opened]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    event.stopPropagation();
    onClose();
  };

  return (
    <Box
      ref={panelRef}
      role="dialog"
      aria-label={t('title')}
      tabIndex={-1}
      hidden={!shown}
      onKeyDown={onKeyDown}
      position="fixed"
      insetBlock="0"
      insetInlineEnd="0"
      // Above the header and its menus; below the modal dialogs the chat opens, and the toasts.
      zIndex={1200}
      width={{ base: 'full', md: SIDE_PANEL_WIDTH }}
      display="flex"
      flexDirection="column"
      gap="1"
      paddingX="4"
      paddingTop="2"
      paddingBottom="4"
      bg="bg.surface"
      borderInlineStartWidth="1px"
      borderColor="border.default"
      boxShadow="-16px 0 40px -24px {colors.black}"
      _focusVisible={{ outline: 'none' }}
      _print={{ display: 'none' }}
    >
      <Flex justifyContent="flex-end">
        <CloseButton label={t('sidePanel.close')} onClick={onClose} />
      </Flex>
      <Box flex="1" minHeight="0">
        {store ? (
          <ChatPanel
            store={store}
            rotateRobotText
            questionContext={question.read}
            footer={<AboutLine context={question.context} />}
          />
        ) : (
          <Skeleton
            role="status"
            aria-busy="true"
            aria-label={t('history.loading')}
            height="100%"
            borderRadius="lg"
          />
        )}
      </Box>
    </Box>
  );
}

function CloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <chakra.button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      width="9"
      height="9"
      // A finger's width on a touch screen (44 px), as the design system's buttons.
      css={{ [COARSE_POINTER]: { width: '11', height: '11' } }}
      borderRadius="md"
      color="fg.muted"
      cursor="pointer"
      transitionProperty="background-color, color"
      transitionDuration="fast"
      _hover={{ bg: 'bg.raised', color: 'fg.default' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' }}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d="M6 6l12 12M18 6L6 18"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.75"
          strokeLinecap="round"
        />
      </svg>
    </chakra.button>
  );
}

/** What the next question will be about, above the message box; nothing on other pages. */
function AboutLine({ context }: { context: QuestionContext | null }) {
  const { t } = useTranslation('assistant');
  const { follows } = useFollows();
  const sourceId = context?.page === 'source' ? context.sourceId : null;
  const { data: source } = useSourceDetail(sourceId);
  if (!context) return null;

  let text: string;
  let logo: string | undefined;
  if (context.page === 'reporting') {
    const coin = follows?.find((entry) => entry.coinId === context.coinId)?.coin;
    text = coin ? t('sidePanel.about.coin', { name: coin.name }) : t('sidePanel.about.reporting');
    logo = coin?.logo;
  } else if (context.page === 'source') {
    text = source ? t('sidePanel.about.source', { name: source.title }) : '';
    logo = source?.logo;
  } else {
    text = t('sidePanel.about.monitoring');
  }
  if (!text) return null;

  return (
    <Flex
      data-part="about"
      alignSelf="flex-start"
      maxWidth="full"
      alignItems="center"
      gap="2"
      paddingY="1"
      paddingStart={logo ? '1' : '2.5'}
      paddingEnd="2.5"
      borderRadius="full"
      bg="bg.subtle"
      fontSize="xs"
      color="fg.muted"
    >
      {logo && (
        <chakra.img
          src={apiAssetUrl(logo)}
          alt=""
          width="4"
          height="4"
          borderRadius="full"
          flexShrink={0}
        />
      )}
      <chakra.span truncate>{text}</chakra.span>
    </Flex>
  );
}
