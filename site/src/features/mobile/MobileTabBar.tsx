// The signed-in mobile page's tabs, at the bottom of the screen within reach of a thumb: the
// page's own (MobileSignedIn), and a still copy in the page's placeholder (MobileHome), so that the
// screen has its final frame from the first paint.
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import type { KeyboardEvent, ReactNode } from 'react';
import { MOBILE_TABS, type MobileTab } from './tabs';

/** The screen's height less the top bar (3.5 rem and its border), the safe area and the page's top padding. */
export const SCREEN_UNDER_TOP_BAR = 'calc(100dvh - 4.5rem - 1px - env(safe-area-inset-top, 0px))';

export const tabId = (tab: MobileTab) => `mobile-tab-${tab}`;
export const panelId = (tab: MobileTab) => `mobile-panel-${tab}`;

export interface MobileTabBarProps {
  /** The tab whose section is shown. */
  selected: MobileTab;
  /** Called with the tab pressed; without it (the placeholder's copy) the tabs do nothing. */
  onChoose?: (tab: MobileTab) => void;
  /** The tab list's keys (arrows, Home, End). */
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** Each tab's button, for moving the focus to it. */
  tabRef?: (tab: MobileTab, element: HTMLButtonElement | null) => void;
  /** Out of the way while the on-screen keyboard is up, as a phone's own apps have it. */
  hidden?: boolean;
}

export function MobileTabBar({
  selected,
  onChoose,
  onKeyDown,
  tabRef,
  hidden = false,
}: MobileTabBarProps) {
  const { t } = useTranslation('mobile');
  return (
    <Flex
      role="tablist"
      aria-label={t('tabs.label')}
      onKeyDown={onKeyDown}
      display={hidden ? 'none' : 'flex'}
      position="sticky"
      bottom="0"
      zIndex="5"
      marginX="-4"
      paddingX="2"
      paddingTop="1"
      paddingBottom="calc(0.25rem + env(safe-area-inset-bottom, 0px))"
      bg="bg.surface"
      borderTopWidth="1px"
      borderColor="border.subtle"
    >
      {MOBILE_TABS.map((name) => (
        <chakra.button
          key={name}
          ref={tabRef && ((element: HTMLButtonElement | null) => tabRef(name, element))}
          type="button"
          role="tab"
          id={tabId(name)}
          aria-selected={selected === name}
          aria-controls={panelId(name)}
          tabIndex={selected === name ? 0 : -1}
          onClick={onChoose && (() => onChoose(name))}
          flex="1"
          display="flex"
          flexDirection="column"
          alignItems="center"
          justifyContent="center"
          gap="0.5"
          minHeight="14"
          borderRadius="md"
          bg="transparent"
          color={selected === name ? 'accent.fg' : 'fg.muted'}
          fontSize="xs"
          fontWeight={selected === name ? 'semibold' : 'medium'}
          cursor="pointer"
          _focusVisible={{
            outline: '2px solid',
            outlineColor: 'focusRing',
            outlineOffset: '-2px',
          }}
        >
          <TabIcon tab={name} />
          {t(`tabs.${name}`)}
        </chakra.button>
      ))}
    </Flex>
  );
}

/** Each tab's icon (decorative: the tab is named by its text). */
function TabIcon({ tab }: { tab: MobileTab }) {
  const paths: Record<MobileTab, ReactNode> = {
    coins: <path d="M3 17l5-5 4 4 8-8M14 8h6v6" />,
    events: (
      <>
        <circle cx="12" cy="12" r="3" />
        <path d="M6.3 6.3a8 8 0 0 0 0 11.4M17.7 6.3a8 8 0 0 1 0 11.4" />
      </>
    ),
    chat: <path d="M4 5h16v11H9l-5 4z" />,
  };
  return (
    <chakra.svg
      viewBox="0 0 24 24"
      width="5"
      height="5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {paths[tab]}
    </chakra.svg>
  );
}
