// The signed-in mobile page: a greeting and three sections behind tabs at the bottom of the screen,
// within reach of a thumb: their coins, their sources' next events and the assistant. The chat is
// made when its tab is first opened and then kept, so switching tabs loses nothing of it. The chat's
// tab is exactly the screen under the top bar, and the conversation fills what the tabs leave of
// it: once it has started, or on a short screen, the greeting makes room for it; while the
// on-screen keyboard is up, the greeting and the tabs do, and the screen ends above the keyboard,
// as a phone's own apps do (chatScreen.ts).
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import {
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { lazyChunk } from '../../shell/loadChunk';
import { chatHeader, useKeyboardInset, useShortScreen } from './chatScreen';
import { MobileGreeting } from './MobileGreeting';
import { NextEvents } from './NextEvents';
import { MobileTabBar, panelId, SCREEN_UNDER_TOP_BAR, tabId } from './MobileTabBar';
import { searchWithTab, tabForKey, tabFromSearch, type MobileTab } from './tabs';
import { Watchlist } from './Watchlist';

const MobileChat = lazyChunk(() =>
  import('./MobileChat').then((module) => ({ default: module.MobileChat })),
);

export interface MobileSignedInProps {
  /**
   * The router's key of the current navigation (the page's `location.key`): a new one means the
   * site went to an address without a page load (a new user signed in goes to `?tab=chat`), so
   * the tab is read from the address again.
   */
  routeKey?: string;
}

export function MobileSignedIn({ routeKey }: MobileSignedInProps) {
  // Only ever drawn in the browser (after the session is known), so the address can be read at
  // once: a link to `?tab=events` paints the events first, not the coins.
  const [tab, setTab] = useState<MobileTab>(() => tabFromSearch(window.location.search));
  const [chatOpened, setChatOpened] = useState(tab === 'chat');
  const [chatStarted, setChatStarted] = useState(false);
  const onChat = tab === 'chat';
  const keyboard = useKeyboardInset(onChat);
  const keyboardUp = keyboard > 0;
  const header = chatHeader({ started: chatStarted, short: useShortScreen(), keyboardUp });
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
      // The chat's panel, shown, is a column the conversation fills.
      {...(name === 'chat' && onChat ? CHAT_PANEL : undefined)}
    >
      {content}
    </Box>
  );

  return (
    // At least the screen under the top bar, so that the tabs sit at its bottom edge; on the chat
    // exactly that, less the keyboard.
    <Flex
      direction="column"
      minHeight={SCREEN_UNDER_TOP_BAR}
      {...(onChat ? CHAT_SCREEN : undefined)}
      style={{ '--keyboard-inset': `${keyboard}px` } as CSSProperties}
    >
      <MobileGreeting collapsed={onChat && header !== 'full'} />
      <Box flex="1" {...(onChat ? FILLED : undefined)}>
        {panel('coins', <Watchlist />)}
        {panel('events', <NextEvents />)}
        {panel(
          'chat',
          chatOpened && (
            <Suspense fallback={null}>
              <MobileChat
                onFinish={() => choose('coins')}
                header={header}
                onStartedChange={setChatStarted}
              />
            </Suspense>
          ),
        )}
      </Box>
      <MobileTabBar
        hidden={onChat && keyboardUp}
        selected={tab}
        onChoose={choose}
        onKeyDown={onKeyDown}
        tabRef={(name, element) => {
          if (element) tabRefs.current.set(name, element);
          else tabRefs.current.delete(name);
        }}
      />
    </Flex>
  );
}

/** A column whose content fills it, and may be shorter than the content would like. */
const FILLED = { display: 'flex', flexDirection: 'column', minHeight: '0' } as const;

/** The chat's screen: the one under the top bar, less what the keyboard covers of it. */
const CHAT_SCREEN = {
  ...FILLED,
  height: `calc(${SCREEN_UNDER_TOP_BAR} - var(--keyboard-inset, 0px))`,
} as const;

/** The chat's panel, in the column, filling it; a little room above the tabs. */
const CHAT_PANEL = { ...FILLED, flex: '1', paddingBottom: '2' } as const;
