import { useControllableState } from '@chakra-ui/react/hooks';
import {
  chakra,
  type HTMLChakraProps,
  type RecipeVariantProps,
  type SystemStyleObject,
} from '@chakra-ui/react/styled-system';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import {
  createContext,
  forwardRef,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  type FocusEvent,
  type HTMLAttributes,
  type MutableRefObject,
  type ReactNode,
} from 'react';
import { formatTimestamp } from '../../format/time';
import { useMergedRef } from '../../hooks/useMergedRef';
import { monitorCardRecipe } from './MonitorCard.recipe';
import {
  formatHeat,
  monitorStateOf,
  type MonitorCardSource,
  type MonitorState,
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

/** A class of the recipe's and the caller's own, if any. */
const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

/* ------------------------------------------------------------------------------------------------
 * Context shared by the parts.
 * ----------------------------------------------------------------------------------------------*/

type MonitorCardSlot = (typeof monitorCardRecipe)['slots'] extends readonly (infer S)[]
  ? S & string
  : never;

/**
 * What the card's control is: a toggle that picks (`select`), a button that opens the box of a
 * source that has not started (`disclose`), a link or a button to a source that has started
 * (`link`, `open`), or a plain box (`static`).
 */
type MonitorCardMode = 'select' | 'disclose' | 'link' | 'open' | 'static';

/** The `data-*` attributes of the root, the control and the check mark alike. */
interface MonitorCardDataAttributes {
  'data-state': MonitorState;
  'data-selectable': '' | undefined;
  'data-selected': '' | undefined;
  'data-open': '' | undefined;
  'data-unread': '' | undefined;
  'data-disabled': '' | undefined;
}

interface MonitorCardContextValue {
  styles: Record<MonitorCardSlot, SystemStyleObject>;
  classes: Record<MonitorCardSlot, string>;
  source: MonitorCardSource;
  state: MonitorState;
  mode: MonitorCardMode;
  selected: boolean;
  setSelected: (selected: boolean) => void;
  disabled: boolean;
  open: boolean;
  setOpen: (open: boolean) => void;
  href: string | undefined;
  onOpen: ((details: { id: number }) => void) | undefined;
  unread: boolean;
  unreadLabel: string | undefined;
  locale: string;
  unavailableLabel: string;
  /** The start as shown (null when the source has none) and as an ISO moment. */
  timeText: string | null;
  dateTime: string | undefined;
  ids: Record<'author' | 'title' | 'footer' | 'unread' | 'panel' | 'panelTitle', string>;
  triggerRef: MutableRefObject<HTMLElement | null>;
  dataAttrs: MonitorCardDataAttributes;
}

const MonitorCardContext = createContext<MonitorCardContextValue | null>(null);

function useMonitorCard(part: string): MonitorCardContextValue {
  const context = useContext(MonitorCardContext);
  if (!context) throw new Error(`MonitorCard.${part} must be used inside MonitorCard.Root.`);
  return context;
}

/* ------------------------------------------------------------------------------------------------
 * Root
 * ----------------------------------------------------------------------------------------------*/

type MonitorCardVariants = RecipeVariantProps<typeof monitorCardRecipe>;

export interface MonitorCardRootProps
  extends Omit<HTMLChakraProps<'div'>, 'onSelect'>, MonitorCardVariants {
  /** The source to show. */
  source: MonitorCardSource;
  /** "Now" in ms since the epoch: decides what "today" is; pass it for a server render. */
  now?: number;
  /** Put before a start time of today, e.g. "Today" gives "Today 14:05". */
  todayLabel?: string;
  /** BCP 47 locale of the heat figure and the start date; the site passes the page's locale. */
  locale?: string;
  /** Shown instead of a time or heat the source does not have. */
  unavailableLabel?: string;
  /** Marks the source as having content the user has not read (the dot on the Logo part). */
  unread?: boolean;
  /** Read out with the unread dot, and last in the card's name, e.g. "New content". */
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
  /** The detail page of a source that has started (live, ended ...); makes the control a link. */
  href?: string;
}

/**
 * One monitored source (a stream or a space) and what it can do: it holds the source, its state
 * and whether it is picked or its box is open, and closes the box on Escape, on a press outside
 * and when focus leaves. A caller's `css` adds to the root's styles.
 */
const MonitorCardRoot = forwardRef<HTMLDivElement, MonitorCardRootProps>(function MonitorCardRoot(
  {
    source,
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
    children,
    ...rest
  },
  ref,
) {
  const { classes, styles, rules } = useSlotClasses(monitorCardRecipe, { size });
  const id = useId();
  const ids = useMemo(
    () => ({
      author: `${id}-author`,
      title: `${id}-title`,
      footer: `${id}-footer`,
      unread: `${id}-unread`,
      panel: `${id}-panel`,
      panelTitle: `${id}-panel-title`,
    }),
    [id],
  );
  const rootRef = useRef<HTMLDivElement | null>(null);
  const triggerRef = useRef<HTMLElement | null>(null);

  const state = monitorStateOf(source.status);
  const mode: MonitorCardMode = selectable
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
  const dataAttrs: MonitorCardDataAttributes = {
    'data-state': state,
    'data-selectable': selectable ? '' : undefined,
    'data-selected': selectable && selected ? '' : undefined,
    'data-open': open ? '' : undefined,
    'data-unread': unread ? '' : undefined,
    'data-disabled': selectable && disabled ? '' : undefined,
  };

  // Made anew on each render: the parts are the root's children, which render again with it
  // whenever it does, so keeping the same object would spare no part a render.
  const context: MonitorCardContextValue = {
    styles,
    classes,
    source,
    state,
    mode,
    selected,
    setSelected,
    disabled,
    open,
    setOpen,
    href,
    onOpen,
    unread,
    unreadLabel,
    locale,
    unavailableLabel,
    timeText,
    dateTime,
    ids,
    triggerRef,
    dataAttrs,
  };

  // A caller's `css` adds to the root's styles: in place of them, it would drop the size's
  // variables (the logo's box, the monogram's type) with them.
  return (
    <MonitorCardContext.Provider value={context}>
      {rules}
      <chakra.div
        ref={setRootRef}
        css={[styles.root, css]}
        {...dataAttrs}
        onBlur={handleBlur}
        {...rest}
      >
        {children}
      </chakra.div>
    </MonitorCardContext.Provider>
  );
});

/* ------------------------------------------------------------------------------------------------
 * Control
 * ----------------------------------------------------------------------------------------------*/

export type MonitorCardControlProps = HTMLAttributes<HTMLElement>;

/**
 * The card's face, holding the Logo, Body and Indicator: a toggle on a selectable card, the button
 * that opens the box of a source that has not started, a link with the root's `href` (or a button
 * with its `onOpen`) to one that has, else a plain box. An interactive one is named by everything
 * it shows, in reading order (author, title, status, unread), so that its name holds its visible
 * text (WCAG 2.5.3, label in name) and speech users can say it.
 */
const MonitorCardControl = forwardRef<HTMLElement, MonitorCardControlProps>(
  function MonitorCardControl({ children, ...rest }, ref) {
    const card = useMonitorCard('Control');
    // The root gives the focus back to it when Escape closes the box.
    const setRef = useMergedRef(card.triggerRef, ref);
    if (card.mode === 'static') {
      return (
        <chakra.div ref={setRef} css={card.styles.card} {...card.dataAttrs} {...rest}>
          {children}
        </chakra.div>
      );
    }
    const interactive = {
      ref: setRef,
      css: card.styles.card,
      ...card.dataAttrs,
      'aria-labelledby': [
        card.ids.author,
        card.ids.title,
        card.ids.footer,
        card.unread && card.unreadLabel ? card.ids.unread : null,
      ]
        .filter(Boolean)
        .join(' '),
      'data-interactive': '',
      ...rest,
    };
    if (card.mode === 'link') {
      return (
        <chakra.a
          {...interactive}
          href={card.href}
          onClick={() => card.onOpen?.({ id: card.source.id })}
        >
          {children}
        </chakra.a>
      );
    }
    const byMode = {
      select: {
        'aria-pressed': card.selected,
        disabled: card.disabled,
        onClick: () => card.setSelected(!card.selected),
      },
      disclose: {
        'aria-expanded': card.open,
        'aria-controls': card.ids.panel,
        onClick: () => card.setOpen(!card.open),
      },
      open: { onClick: () => card.onOpen?.({ id: card.source.id }) },
    };
    return (
      <chakra.button type="button" {...interactive} {...byMode[card.mode]}>
        {children}
      </chakra.button>
    );
  },
);

/* ------------------------------------------------------------------------------------------------
 * Logo
 * ----------------------------------------------------------------------------------------------*/

export type MonitorCardLogoProps = HTMLAttributes<HTMLSpanElement>;

/**
 * The source's logo, or the first letter of its author when it has none or it fails to load,
 * with the unread dot of a source the root marks `unread`.
 */
const MonitorCardLogo = forwardRef<HTMLSpanElement, MonitorCardLogoProps>(function MonitorCardLogo(
  { className, ...rest },
  ref,
) {
  const { classes, source, unread, unreadLabel, ids } = useMonitorCard('Logo');
  return (
    <span ref={ref} className={join(classes.media, className)} {...rest}>
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
  );
});

/* ------------------------------------------------------------------------------------------------
 * Body, Author, Title
 * ----------------------------------------------------------------------------------------------*/

export type MonitorCardBodyProps = HTMLAttributes<HTMLSpanElement>;

/** The column of words beside the logo: the Author, the Title and the Status under them. */
const MonitorCardBody = forwardRef<HTMLSpanElement, MonitorCardBodyProps>(function MonitorCardBody(
  { className, ...rest },
  ref,
) {
  const { classes } = useMonitorCard('Body');
  return <span ref={ref} className={join(classes.body, className)} {...rest} />;
});

export type MonitorCardAuthorProps = Omit<HTMLAttributes<HTMLSpanElement>, 'children' | 'id'>;

/** Who runs the stream or space: the first words of the card's name. */
const MonitorCardAuthor = forwardRef<HTMLSpanElement, MonitorCardAuthorProps>(
  function MonitorCardAuthor({ className, ...rest }, ref) {
    const { classes, source, ids } = useMonitorCard('Author');
    return (
      <span ref={ref} className={join(classes.author, className)} id={ids.author} {...rest}>
        {source.author}
      </span>
    );
  },
);

export type MonitorCardTitleProps = Omit<HTMLAttributes<HTMLSpanElement>, 'children' | 'id'>;

/** What the source is called, clamped to two lines; whole in its tooltip and the card's name. */
const MonitorCardTitle = forwardRef<HTMLSpanElement, MonitorCardTitleProps>(
  function MonitorCardTitle({ className, ...rest }, ref) {
    const { classes, source, ids } = useMonitorCard('Title');
    // The space before each part after the first keeps its words apart from the previous part's
    // in the text that tools read off the card.
    return (
      <>
        {' '}
        <span
          ref={ref}
          className={join(classes.title, className)}
          id={ids.title}
          title={source.title}
          {...rest}
        >
          {source.title}
        </span>
      </>
    );
  },
);

/* ------------------------------------------------------------------------------------------------
 * Status, Time, Heat
 * ----------------------------------------------------------------------------------------------*/

export interface MonitorCardStatusProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'id'> {
  /** The label of every state, e.g. `{ unStarted: 'Upcoming', inProgress: 'Live', ... }`. */
  labels: MonitorStatusLabels;
  /** What follows the state's badge: the Time and Heat parts, which show in their own states. */
  children?: ReactNode;
}

/**
 * The line under the title: the state's name on a badge (never colour alone), then its children.
 * Words only a screen reader gets come after the visible ones, so that the card's name holds
 * exactly what is on screen in one run (WCAG 2.5.3, label in name).
 */
const MonitorCardStatus = forwardRef<HTMLSpanElement, MonitorCardStatusProps>(
  function MonitorCardStatus({ labels, className, children, ...rest }, ref) {
    const { classes, state, ids } = useMonitorCard('Status');
    return (
      <>
        {' '}
        <span ref={ref} className={join(classes.footer, className)} id={ids.footer} {...rest}>
          <span className={classes.status} data-state={state}>
            {labels[state]}
          </span>
          {children}
        </span>
      </>
    );
  },
);

export type MonitorCardTimeProps = Omit<HTMLAttributes<HTMLSpanElement>, 'children'>;

/** When a source that has not started begins ("Today 15:30"); nothing in any other state. */
const MonitorCardTime = forwardRef<HTMLSpanElement, MonitorCardTimeProps>(function MonitorCardTime(
  { className, ...rest },
  ref,
) {
  const { classes, state, timeText, dateTime, unavailableLabel } = useMonitorCard('Time');
  if (state !== 'unStarted') return null;
  return (
    <>
      {' '}
      <span ref={ref} className={join(classes.time, className)} {...rest}>
        <ClockIcon />
        {dateTime ? <time dateTime={dateTime}>{timeText}</time> : unavailableLabel}
      </span>
    </>
  );
});

export interface MonitorCardHeatProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** Names the figure, read after it, e.g. "Heat". */
  label: string;
}

/** How much attention a completed source drew (`12.3K`); nothing in any other state. */
const MonitorCardHeat = forwardRef<HTMLSpanElement, MonitorCardHeatProps>(function MonitorCardHeat(
  { label, className, ...rest },
  ref,
) {
  const { classes, state, source, locale, unavailableLabel } = useMonitorCard('Heat');
  if (state !== 'completed') return null;
  return (
    <>
      {' '}
      <span ref={ref} className={join(classes.heat, className)} {...rest}>
        <FlameIcon />
        {formatHeat(source.heat, locale) ?? unavailableLabel}{' '}
        <VisuallyHidden>{label}</VisuallyHidden>
      </span>
    </>
  );
});

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

/* ------------------------------------------------------------------------------------------------
 * Indicator
 * ----------------------------------------------------------------------------------------------*/

export type MonitorCardIndicatorProps = Omit<HTMLChakraProps<'span'>, 'children'>;

/** The check mark of a selectable card, filled while it is picked; nothing on any other card. */
const MonitorCardIndicator = forwardRef<HTMLSpanElement, MonitorCardIndicatorProps>(
  function MonitorCardIndicator(props, ref) {
    const { styles, mode, dataAttrs } = useMonitorCard('Indicator');
    if (mode !== 'select') return null;
    return (
      <chakra.span ref={ref} css={styles.indicator} aria-hidden="true" {...dataAttrs} {...props}>
        <CheckIcon />
      </chakra.span>
    );
  },
);

/* ------------------------------------------------------------------------------------------------
 * Details
 * ----------------------------------------------------------------------------------------------*/

export interface MonitorCardDetailsProps extends Omit<
  HTMLAttributes<HTMLDivElement>,
  'children' | 'id'
> {
  /** The text of the link to the source's own page, e.g. "GoCheck". */
  checkLabel: string;
  /** Read after the link's text to say it opens a new tab, e.g. "(opens in a new tab)". */
  newTabLabel?: string;
}

/**
 * The box the control of a source that has not started opens, below the card: its author, title,
 * start and a link to its own page (a web link only). Put it after the Control; it renders nothing
 * for a source in any other state or on a selectable card.
 */
const MonitorCardDetails = forwardRef<HTMLDivElement, MonitorCardDetailsProps>(
  function MonitorCardDetails({ checkLabel, newTabLabel, className, ...rest }, ref) {
    const { classes, source, mode, open, ids, timeText, dateTime, unavailableLabel } =
      useMonitorCard('Details');
    if (mode !== 'disclose') return null;
    const externalUrl = safeExternalUrl(source.link);
    return (
      <div
        ref={ref}
        id={ids.panel}
        role="region"
        aria-labelledby={ids.panelTitle}
        hidden={!open}
        className={join(classes.panel, className)}
        data-part="panel"
        {...rest}
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
          <a className={classes.link} href={externalUrl} target="_blank" rel="noopener noreferrer">
            {checkLabel}
            <ExternalIcon />
            {newTabLabel && <VisuallyHidden>{newTabLabel}</VisuallyHidden>}
          </a>
        )}
      </div>
    );
  },
);

/* ------------------------------------------------------------------------------------------------
 * The compound component
 * ----------------------------------------------------------------------------------------------*/

/**
 * One monitored source (a stream or a space): logo, author, title and its state, named on a badge.
 * A source that has not started shows its start time and opens a box with a link to it; one that
 * has started (live, ended, completed ...) leads to its detail page (`onOpen` or `href`), and a
 * completed one shows its heat too; with `selectable` the card is a toggle for the add-monitoring
 * dialog.
 *
 * ```tsx
 * <MonitorCard.Root source={source} href={detailHref} unread unreadLabel="New content">
 *   <MonitorCard.Control>
 *     <MonitorCard.Logo />
 *     <MonitorCard.Body>
 *       <MonitorCard.Author />
 *       <MonitorCard.Title />
 *       <MonitorCard.Status labels={statusLabels}>
 *         <MonitorCard.Time />
 *         <MonitorCard.Heat label="Heat" />
 *       </MonitorCard.Status>
 *     </MonitorCard.Body>
 *     <MonitorCard.Indicator />
 *   </MonitorCard.Control>
 *   <MonitorCard.Details checkLabel="GoCheck" newTabLabel="(opens in a new tab)" />
 * </MonitorCard.Root>
 * ```
 */
export const MonitorCard = {
  Root: MonitorCardRoot,
  Control: MonitorCardControl,
  Logo: MonitorCardLogo,
  Body: MonitorCardBody,
  Author: MonitorCardAuthor,
  Title: MonitorCardTitle,
  Status: MonitorCardStatus,
  Time: MonitorCardTime,
  Heat: MonitorCardHeat,
  Indicator: MonitorCardIndicator,
  Details: MonitorCardDetails,
};
