// The signed-in mobile page: a greeting and three sections behind tabs at the bottom of the screen,
// within reach of a thumb: their coins, their sources' next events and the assistant. The chat is
// made when its tab is first opened and then kept, so switching tabs loses nothing of it.
import { Box, chakra, Flex } from '@chakra-ui/react';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import {
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { lazyChunk } from '../../app/loadChunk';
import { MobileGreeting } from './MobileGreeting';
import type { MobileHomeProps } from './MobileHome';
import { NextEvents } from './NextEvents';
import { MOBILE_TABS, searchWithTab, tabForKey, tabFromSearch, type MobileTab } from './tabs';
import { Watchlist } from './Watchlist';

const MobileChat = lazyChunk(() =>
  import('./MobileChat').then((module) => ({ default: module.MobileChat })),
);

/** The screen's height less the top bar (3.5 rem and its border), the safe area and the page's top padding. */
const SCREEN_UNDER_TOP_BAR = 'calc(100dvh - 4.5rem - 1px - env(safe-area-inset-top, 0px))';

const tabId = (tab: MobileTab) => `mobile-tab-${tab}`;
const panelId = (tab: MobileTab) => `mobile-panel-${tab}`;

export function MobileSignedIn({ routeKey }: MobileHomeProps) {
  const { t } = useTranslation('mobile');
  // Only ever drawn in the browser (after the session is known), so the address can be read at
  // once: a link to `?tab=events` paints the events first, not the coins.
  const [tab, setTab] = useState<MobileTab>(() => tabFromSearch(window.location.search));
  const [chatOpened, setChatOpened] = useState(tab === 'chat');
  const tabRefs = useRef(new Map<MobileTab, HTMLButtonElement>());

  const show = useCallback((next: MobileTab) => {
    setTab(next);
    if (next === 'chat') setChatOpened(true);
  }, []);

  // The address names the section: read it again after each navigation of the site (a new user
  // signed in is sent to `?tab=chat`, the logo leads to the coins) and on the way back or forward.
  useEffect(() => {
    show(tabFromSearch(window.location.search));
  }, [routeKey, show]);
  useEffect(() => {
    const read = () => show(tabFromSearch(window.location.search));
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, [show]);

  const choose = (next: MobileTab, focus = false) => {
    if (next !== tab) {
      const { pathname, search, hash } = window.location;
      window.history.pushState(
        window.history.state,
        '',
        `${pathname}${searchWithTab(search, next)}${hash}`,
      );
    }
    show(next);
    if (focus) tabRefs.current.get(next)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = tabForKey(tab, event.key);
    if (!next) return;
    event.preventDefault();
    choose(next, true);
  };

  const panel = (name: MobileTab, content: ReactNode) => (
    <Box
      key={name}
      role="tabpanel"
      id={panelId(name)}
      aria-labelledby={tabId(name)}
      hidden={tab !== name}
      paddingBottom="4"
    >
      {content}
    </Box>
  );

  return (
    // At least the screen under the top bar, so that the tabs sit at its bottom edge.
    <Flex direction="column" minHeight={SCREEN_UNDER_TOP_BAR}>
      <MobileGreeting />
      <Box flex="1">
        {panel('coins', <Watchlist />)}
        {panel('events', <NextEvents />)}
        {panel(
          'chat',
          chatOpened && (
            <Suspense fallback={null}>
              <MobileChat onFinish={() => choose('coins')} />
            </Suspense>
          ),
        )}
      </Box>
      <Flex
        role="tablist"
        aria-label={t('tabs.label')}
        onKeyDown={onKeyDown}
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
            ref={(element: HTMLButtonElement | null) => {
              if (element) tabRefs.current.set(name, element);
              else tabRefs.current.delete(name);
            }}
            type="button"
            role="tab"
            id={tabId(name)}
            aria-selected={tab === name}
            aria-controls={panelId(name)}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => choose(name)}
            flex="1"
            display="flex"
            flexDirection="column"
            alignItems="center"
            justifyContent="center"
            gap="0.5"
            minHeight="14"
            borderRadius="md"
            bg="transparent"
            color={tab === name ? 'accent.fg' : 'fg.muted'}
            fontSize="xs"
            fontWeight={tab === name ? 'semibold' : 'medium'}
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
