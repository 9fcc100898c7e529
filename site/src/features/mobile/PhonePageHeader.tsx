// The top of a phone's view that a tap opened from the mobile page (a source, a coin's report): a
// back control a thumb can hit (44 px). It is a link to where the view belongs (`backTo`), so that
// it works before the page's code runs and opens in a new tab when asked; when the site itself
// led here (`goBack`), a plain tap goes back in the history instead, to the place the user left
// (the tab, at the same scroll position).
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from '../../i18n/Link';

const BackLink = chakra(Link, {
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '2',
    minHeight: '11',
    minWidth: '11',
    paddingEnd: '2',
    fontSize: 'md',
    fontWeight: 'medium',
    color: 'accent.fg',
    textDecoration: 'none',
    borderRadius: 'md',
    _active: { bg: 'bg.raised' },
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  },
});

export interface PhonePageHeaderProps {
  /** Where the view belongs, without language prefix (`/mobile/?tab=events`). */
  backTo: string;
  /** The back control's text ("Back to events"). */
  backLabel: string;
  /** Whether the site led here, so that back goes back in the history. */
  goBack?: boolean;
  /** Controls at the row's end, if any. */
  children?: ReactNode;
}

/** Whether a click asks for something of its own (a new tab or window): the link then does it. */
function modified(event: MouseEvent) {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

export function PhonePageHeader({
  backTo,
  backLabel,
  goBack = false,
  children,
}: PhonePageHeaderProps) {
  return (
    <Flex alignItems="center" gap="2" minHeight="11">
      <BackLink
        to={backTo}
        onClick={(event: MouseEvent<HTMLAnchorElement>) => {
          if (!goBack || modified(event)) return;
          event.preventDefault();
          window.history.back();
        }}
      >
        <chakra.svg viewBox="0 0 16 16" width="4" height="4" aria-hidden="true">
          <path d="M10 3 5 8l5 5" fill="none" stroke="currentColor" strokeWidth="1.75" />
        </chakra.svg>
        {backLabel}
      </BackLink>
      {children && (
        <Flex marginStart="auto" alignItems="center" gap="2">
          {children}
        </Flex>
      )}
    </Flex>
  );
}
