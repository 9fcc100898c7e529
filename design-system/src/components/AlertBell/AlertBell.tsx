import { chakra, type HTMLChakraProps } from '@chakra-ui/react/styled-system';
import { forwardRef, useState } from 'react';
import { BellIcon } from '../../icons/icons';
import { useSlotClasses } from '../../hooks/useSlotClasses';
import { alertBellRecipe } from './AlertBell.recipe';
import { DEFAULT_MAX, formatAlertCount } from './alertCount';

export interface AlertBellProps extends Omit<HTMLChakraProps<'button'>, 'children'> {
  /** Unread alerts: the badge shows it (none at 0, `99+` past 99). */
  count: number;
  /**
   * The button's accessible name, with the count in it, e.g. `count ? \`Alerts, ${count} unread\`
   * : 'Alerts'`. `shown` is what the badge reads (`''`, `'7'`, `'99+'`).
   */
  getLabel: (details: { count: number; shown: string }) => string;
  /** Whether the inbox the bell opens is open: sets `aria-expanded` (leave out for a plain link-like button). */
  expanded?: boolean;
  /** What the bell opens (`aria-haspopup`); `dialog` when `expanded` is given and this is not. */
  popup?: 'dialog' | 'menu' | 'listbox';
  /** The largest count the badge writes out; past it, `max+`. 99 by default. */
  max?: number;
  /** BCP 47 locale of the badge's figures; the site passes the page's. */
  locale?: string;
}

/**
 * The header's alert bell: an icon button named with the unread count, the count on a badge, and
 * a short swing of the bell and swell of the badge each time the count rises (none for a reader
 * who asks for less motion). As the trigger of the inbox popover it says so (`aria-haspopup`,
 * `aria-expanded`); a popover's own trigger props (Chakra's `Popover.Trigger asChild`) land on
 * the button with the rest.
 */
export const AlertBell = forwardRef<HTMLButtonElement, AlertBellProps>(function AlertBell(
  { count, getLabel, expanded, popup, max = DEFAULT_MAX, locale = 'en', type = 'button', ...rest },
  ref,
) {
  const { classes, styles, rules } = useSlotClasses(alertBellRecipe);
  const shown = formatAlertCount(count, { max, locale });
  const whole = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;

  // The count of the last render, and how many times it has risen: a rise gives the badge and the
  // icon a new key, so they mount again and play their animation once. Worked out while
  // rendering (React's "value from the previous render"), so the first render and a server's
  // render never pulse.
  const [seen, setSeen] = useState(whole);
  const [rises, setRises] = useState(0);
  if (whole !== seen) {
    setSeen(whole);
    if (whole > seen) setRises(rises + 1);
  }
  const pulse = rises > 0 ? '' : undefined;

  return (
    <>
      {rules}
      <chakra.button
        ref={ref}
        type={type}
        css={styles.root}
        aria-label={getLabel({ count: whole, shown })}
        aria-haspopup={popup ?? (expanded === undefined ? undefined : 'dialog')}
        aria-expanded={expanded}
        data-expanded={expanded ? '' : undefined}
        data-count={whole}
        {...rest}
      >
        <span key={`icon-${rises}`} className={classes.icon} data-pulse={pulse}>
          <BellIcon />
        </span>
        {shown && (
          // The name says the whole count; the badge (`99+`) is for the eye, drawn from
          // `data-shown` rather than written, so that it is no text the name leaves out (WCAG
          // 2.5.3, label in name), as MonitorCard's drawn monogram.
          <span
            key={`badge-${rises}`}
            className={classes.badge}
            data-part="badge"
            data-shown={shown}
            data-pulse={pulse}
            aria-hidden="true"
          />
        )}
      </chakra.button>
    </>
  );
});
