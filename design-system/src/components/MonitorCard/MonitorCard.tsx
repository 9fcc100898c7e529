import {
  chakra,
  useControllableState,
  VisuallyHidden,
  type HTMLChakraProps,
  type RecipeVariantProps,
} from '@chakra-ui/react';
import { forwardRef, useEffect, useId, useRef, type FocusEvent, type ReactNode } from 'react';
import { formatTimestamp } from '../../format/time';
import { useMergedRef } from '../../hooks/useMergedRef';
import { monitorCardRecipe } from './MonitorCard.recipe';
import {
  formatHeat,
  monitorStateOf,
  type MonitorCardSource,
  type MonitorStatusLabels,
} from './monitorState';
import { CheckIcon, ClockIcon, ExternalIcon } from '../../icons/icons';
import { useSlotClasses } from '../../hooks/useSlotClasses';
import { Logo } from '../Logo';

/** Only web links leave the card: a `javascript:` or malformed link from the API is dropped. */
function safeExternalUrl(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

type MonitorCardVariants = RecipeVariantProps<typeof monitorCardRecipe>;

export interface MonitorCardProps
  extends Omit<HTMLChakraProps<'div'>, 'children' | 'onSelect'>, MonitorCardVariants {
  /** The source to show. */
  source: MonitorCardSource;
  /** The label of every state, e.g. `{ unStarted: 'Upcoming', inProgress: 'Live', ... }`. */
  statusLabels: MonitorStatusLabels;
  /** Names the heat figure of a completed source, e.g. "Heat". */
  heatLabel: string;
  /** The text of the external link in the box of a source that has not started, e.g. "GoCheck". */
  checkLabel: string;
  /** Read after the link's text to say it opens a new tab, e.g. "(opens in a new tab)". */
  newTabLabel?: string;
  /** "Now" in ms since the epoch: decides what "today" is; pass it for a server render. */
  now?: number;
  /** Put before a start time of today, e.g. "Today" gives "Today 14:05". */
  todayLabel?: string;
  /** BCP 47 locale of the heat figure and the start date; the site passes the page's locale. */
  locale?: string;
  /** Shown instead of a time or heat the source does not have. */
  unavailableLabel?: string;
  /** Marks the source as having content the user has not read. */
  unread?: boolean;
  /** Read out with the unread dot, e.g. "New content". */
  unreadLabel?: string;
  /** Turns the card into a toggle for picking sources (the add-monitoring dialog). */
  selectable?: boolean;
  /** Whether a selectable card is picked, when the parent owns it. */
  selected?: boolean;
  /** Whether a selectable card starts picked, when the card owns it. */
  defaultSelected?: boolean;
  /** Called when the user picks or unpicks a selectable card. */
  onSelectedChange?: (details: { id: number; selected: boolean }) => void;
  /** Blocks picking a selectable card. */
  disabled?: boolean;
  /** Whether the box of a source that has not started is open, when the parent owns it. */
  open?: boolean;
  /** Whether that box starts open, when the card owns it. */
  defaultOpen?: boolean;
  /** Called when that box opens or closes. */
  onOpenChange?: (details: { open: boolean }) => void;
  /** Called when the user opens a source that has started; with `href`, as the link is followed. */
  onOpen?: (details: { id: number }) => void;
  /** The detail page of a source that has started (live, ended ...); makes the card a link. */
  href?: string;
}

function FlameIcon() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        d="M8.6 1c.3 2.1-.7 3.3-1.8 4.5C5.6 6.8 4 8.2 4 10.4 4 12.9 5.8 15 8 15s4-1.9 4-4.5c0-1.7-.8-3-1.7-3.9.1 1.2-.4 2.2-1.3 2.6.5-2.6-.2-5.6-.4-8.2Z"
        fill="currentColor"
      />
    </svg>
  );
}

/**
 * One monitored source (a stream or a space): logo, author, title and its state, named on a badge.
 * A source that has not started shows its start time and opens a box with a link to it; one that
 * has started (live, ended, completed ...) leads to its detail page (`onOpen` or `href`), and a
 * completed one shows its heat too; with `selectable` the card is a toggle for the add-monitoring
 * dialog.
 */
export const MonitorCard = forwardRef<HTMLDivElement, MonitorCardProps>(function MonitorCard(
  {
    source,
    statusLabels,
    heatLabel,
    checkLabel,
    newTabLabel,
    now,
    todayLabel,
    locale = 'en',
    unavailableLabel = '—',
    unread = false,
    unreadLabel,
    selectable = false,
    selected: selectedProp,
    defaultSelected = false,
    onSelectedChange,
    disabled = false,
    open: openProp,
    defaultOpen = false,
    onOpenChange,
    onOpen,
    href,
    size,
    onBlur,
    css,
    ...rest
  },
  ref,
) {
  const { classes, styles, rules } = useSlotClasses(monitorCardRecipe, { size });
  const id = useId();
  const ids = {
    author: `${id}-author`,
    title: `${id}-title`,
    footer: `${id}-footer`,
    unread: `${id}-unread`,
    panel: `${id}-panel`,
    panelTitle: `${id}-panel-title`,
  };
  const rootRef = useRef<HTMLDivElement | null>(null);
  const triggerRef = useRef<HTMLButtonElement | null>(null);

  const state = monitorStateOf(source.status);
  const mode = selectable
    ? 'select'
    : state === 'unStarted'
      ? 'disclose'
      : href
        ? 'link'
        : onOpen
          ? 'open'
          : 'static';

  const [selected, setSelected] = useControllableState<boolean>({
    value: selectedProp,
    defaultValue: defaultSelected,
    onChange: (next) => onSelectedChange?.({ id: source.id, selected: next }),
  });
  const [openValue, setOpen] = useControllableState<boolean>({
    value: openProp,
    defaultValue: defaultOpen,
    onChange: (next) => onOpenChange?.({ open: next }),
  });
  const open = mode === 'disclose' && openValue;

  // While the box is open, Escape anywhere and a press outside the card close it.
  useEffect(() => {
    const root = rootRef.current;
    if (!open || !root) return;
    const doc = root.ownerDocument;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      const hadFocus = root.contains(doc.activeElement);
      setOpen(false);
      if (hadFocus) triggerRef.current?.focus();
    };
    const handlePointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.contains(event.target)) setOpen(false);
    };
    doc.addEventListener('keydown', handleKeyDown);
    doc.addEventListener('pointerdown', handlePointerDown);
    return () => {
      doc.removeEventListener('keydown', handleKeyDown);
      doc.removeEventListener('pointerdown', handlePointerDown);
    };
  }, [open, setOpen]);

  const setRootRef = useMergedRef(rootRef, ref);

  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    onBlur?.(event);
    // Tabbing out of the card closes its box; a click elsewhere is handled by pointerdown.
    const next = event.relatedTarget;
    if (open && next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
  };

  const timeText = formatTimestamp(source.time, { now, todayLabel, locale });
  const dateTime = timeText === null ? undefined : new Date(source.time * 1000).toISOString();
  const heatText = formatHeat(source.heat, locale);
  const externalUrl = safeExternalUrl(source.link);

  const dataAttrs = {
    'data-state': state,
    'data-selectable': selectable ? '' : undefined,
    'data-selected': selectable && selected ? '' : undefined,
    'data-open': open ? '' : undefined,
    'data-unread': unread ? '' : undefined,
    'data-disabled': selectable && disabled ? '' : undefined,
  };

  const time = (
    <span className={classes.time}>
      <ClockIcon />
      {dateTime ? <time dateTime={dateTime}>{timeText}</time> : unavailableLabel}
    </span>
  );

  // Every state shows its name as a badge; an upcoming source adds its start, a completed one its
  // heat. Spaces between the parts keep their words apart in the text that tools read off the
  // card. Words only a screen reader gets come after the visible ones, so that the card's name
  // holds exactly what is on screen in one run (WCAG 2.5.3, label in name).
  const status = (
    <span className={classes.status} data-state={state}>
      {statusLabels[state]}
    </span>
  );
  let footer: ReactNode;
  if (state === 'unStarted') {
    footer = (
      <>
        {status} {time}
      </>
    );
  } else if (state === 'completed') {
    footer = (
      <>
        {status}{' '}
        <span className={classes.heat}>
          <FlameIcon />
          {heatText ?? unavailableLabel} <VisuallyHidden>{heatLabel}</VisuallyHidden>
        </span>
      </>
    );
  } else {
    footer = status;
  }

  const content = (
    <>
      <span className={classes.media}>
        {/* The initial is drawn (CSS generated content), not written: as text it would be visible
            text of the card that its name leaves out (WCAG 2.5.3, label in name). */}
        <Logo
          src={source.logo}
          names={[source.author, source.title]}
          className={classes.logo}
          monogramClassName={classes.monogram}
          monogram="drawn"
          loading="lazy"
        />
        {unread && (
          <span className={classes.unread} id={ids.unread} data-part="unread">
            {unreadLabel && <VisuallyHidden>{unreadLabel}</VisuallyHidden>}
          </span>
        )}
      </span>
      <span className={classes.body}>
        <span className={classes.author} id={ids.author}>
          {source.author}
        </span>{' '}
        <span className={classes.title} id={ids.title} title={source.title}>
          {source.title}
        </span>{' '}
        <span className={classes.footer} id={ids.footer}>
          {footer}
        </span>
      </span>
      {selectable && (
        <chakra.span css={styles.indicator} aria-hidden="true" {...dataAttrs}>
          <CheckIcon />
        </chakra.span>
      )}
    </>
  );

  // An interactive card is named by everything it shows, in reading order: the name of a control
  // must contain its visible text (WCAG 2.5.3, label in name), so that speech users can say it.
  const naming = {
    'aria-labelledby': [
      ids.author,
      ids.title,
      ids.footer,
      unread && unreadLabel ? ids.unread : null,
    ]
      .filter(Boolean)
      .join(' '),
  };

  let card: ReactNode;
  switch (mode) {
    case 'select':
      card = (
        <chakra.button
          type="button"
          css={styles.card}
          {...dataAttrs}
          {...naming}
          data-interactive=""
          aria-pressed={selected}
          disabled={disabled}
          onClick={() => setSelected(!selected)}
        >
          {content}
        </chakra.button>
      );
      break;
    case 'disclose':
      card = (
        <chakra.button
          ref={triggerRef}
          type="button"
          css={styles.card}
          {...dataAttrs}
          {...naming}
          data-interactive=""
          aria-expanded={open}
          aria-controls={ids.panel}
          onClick={() => setOpen(!open)}
        >
          {content}
        </chakra.button>
      );
      break;
    case 'link':
      card = (
        <chakra.a
          href={href}
          css={styles.card}
          {...dataAttrs}
          {...naming}
          data-interactive=""
          onClick={() => onOpen?.({ id: source.id })}
        >
          {content}
        </chakra.a>
      );
      break;
    case 'open':
      card = (
        <chakra.button
          type="button"
          css={styles.card}
          {...dataAttrs}
          {...naming}
          data-interactive=""
          onClick={() => onOpen?.({ id: source.id })}
        >
          {content}
        </chakra.button>
      );
      break;
    default:
      card = (
        <chakra.div css={styles.card} {...dataAttrs}>
          {content}
        </chakra.div>
      );
  }

  // A caller's `css` adds to the root's styles: in place of them, it would drop the size's
  // variables (the logo's box, the monogram's type) with them.
  return (
    <>
      {rules}
      <chakra.div
        ref={setRootRef}
        css={[styles.root, css]}
        {...dataAttrs}
        onBlur={handleBlur}
        {...rest}
      >
        {card}
        {mode === 'disclose' && (
          <div
            id={ids.panel}
            role="region"
            aria-labelledby={ids.panelTitle}
            hidden={!open}
            className={classes.panel}
            data-part="panel"
          >
            <span className={classes.panelAuthor}>{source.author}</span>
            <p className={classes.panelTitle} id={ids.panelTitle}>
              {source.title}
            </p>
            <span className={classes.panelTime}>
              <ClockIcon />
              {dateTime ? <time dateTime={dateTime}>{timeText}</time> : unavailableLabel}
            </span>
            {externalUrl && (
              <a
                className={classes.link}
                href={externalUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                {checkLabel}
                <ExternalIcon />
                {newTabLabel && <VisuallyHidden>{newTabLabel}</VisuallyHidden>}
              </a>
            )}
          </div>
        )}
      </chakra.div>
    </>
  );
});
