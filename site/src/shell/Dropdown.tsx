// The header's dropdowns (language, profile): a button that discloses a short list. They open on
// hover, on click and from the keyboard (Enter, Space, ArrowDown), and close on Escape (focus back
// on the button), on a choice (the same), on a click outside, when the pointer has left for a
// moment and when the focus leaves them. A disclosure of links and buttons, not an ARIA menu: it
// stays light and every item is a plain control that screen readers and keyboards already know.
import { Box } from '@chakra-ui/react/box';
import { chakra } from '@chakra-ui/react/styled-system';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

/** How long the pointer may be away before a hover-opened dropdown closes. */
const HOVER_CLOSE_MS = 150;

export interface DropdownProps {
  /** The button's content (icon, avatar, label). */
  trigger: ReactNode;
  /** The button's accessible name. */
  label: string;
  /**
   * The items: links or buttons; `close` closes the dropdown after a choice (the focus, if it was
   * on an item, goes back to the button).
   */
  children: (details: { close: () => void }) => ReactNode;
  /** Where the list lines up under the button. */
  align?: 'start' | 'end';
  /** 44 px button and items, for touch screens (the mobile pages). */
  touch?: boolean;
}

export function Dropdown({
  trigger,
  label,
  children,
  align = 'end',
  touch = false,
}: DropdownProps) {
  const minHeight = touch ? '11' : '10';
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>();
  // A click on a button the pointer has just opened keeps the list open rather than closing it.
  const openedByHover = useRef(false);
  const listId = useId();

  const cancelClose = () => clearTimeout(closeTimer.current);
  const close = useCallback(() => {
    clearTimeout(closeTimer.current);
    openedByHover.current = false;
    setOpen(false);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const items = () =>
    Array.from(
      listRef.current?.querySelectorAll<HTMLElement>('a[href], button:not(:disabled)') ?? [],
    );

  const focusItem = (index: number) => {
    const list = items();
    list[(index + list.length) % list.length]?.focus();
  };

  // An item chosen from the keyboard closes the list: the focus goes back to the button rather
  // than with the item (onto the page's body), so that a dialog the item opens returns it there.
  const closeFromItem = useCallback(() => {
    const hadFocus = listRef.current?.contains(document.activeElement) ?? false;
    close();
    if (hadFocus) buttonRef.current?.focus();
  }, [close]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      // The list renders on open; focus its first item once it is there.
      requestAnimationFrame(() => focusItem(0));
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusItem(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusItem(index - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusItem(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusItem(list.length - 1);
    }
  };

  return (
    <Box
      ref={rootRef}
      position="relative"
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse') return;
        cancelClose();
        if (!open) openedByHover.current = true;
        setOpen(true);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType !== 'mouse') return;
        closeTimer.current = setTimeout(close, HOVER_CLOSE_MS);
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <chakra.button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => {
          if (openedByHover.current) {
            openedByHover.current = false;
            setOpen(true);
          } else {
            setOpen((value) => !value);
          }
        }}
        onKeyDown={onButtonKeyDown}
        display="inline-flex"
        alignItems="center"
        gap="2"
        minHeight={minHeight}
        minWidth={touch ? '11' : undefined}
        paddingX="2"
        borderRadius="md"
        color="fg.default"
        bg="transparent"
        cursor="pointer"
        _hover={{ bg: 'bg.raised' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' }}
      >
        {trigger}
        <chakra.svg
          viewBox="0 0 16 16"
          width="3"
          height="3"
          aria-hidden="true"
          transform={open ? 'rotate(180deg)' : undefined}
        >
          <path d="m4 6 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </chakra.svg>
      </chakra.button>
      <Box
        ref={listRef}
        id={listId}
        hidden={!open}
        onKeyDown={onListKeyDown}
        position="absolute"
        top="100%"
        insetInlineEnd={align === 'end' ? '0' : undefined}
        insetInlineStart={align === 'start' ? '0' : undefined}
        zIndex="20"
        // The gap between button and list is inside the list's padding, so the pointer can
        // cross it without the dropdown closing.
        paddingTop="1"
        minWidth="48"
      >
        <Box
          bg="bg.raised"
          borderWidth="1px"
          borderColor="border.default"
          borderRadius="md"
          boxShadow="0 12px 32px rgba(0, 0, 0, 0.45)"
          paddingY="1"
          css={{
            '& a, & button': {
              display: 'flex',
              alignItems: 'center',
              gap: '2',
              width: '100%',
              minHeight,
              paddingX: '3',
              fontSize: 'sm',
              color: 'fg.default',
              textDecoration: 'none',
              textAlign: 'start',
              bg: 'transparent',
              cursor: 'pointer',
            },
            '& a:hover, & button:hover': { bg: 'bg.subtle' },
            '& a:focus-visible, & button:focus-visible': {
              outline: '2px solid',
              outlineColor: 'focusRing',
              outlineOffset: '-2px',
            },
            '& [aria-current=true]': { color: 'accent.fg', fontWeight: 'semibold' },
          }}
        >
          {open && children({ close: closeFromItem })}
        </Box>
      </Box>
    </Box>
  );
}
