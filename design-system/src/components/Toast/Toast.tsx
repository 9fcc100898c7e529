import { Portal } from '@chakra-ui/react/portal';
import { chakra, type HTMLChakraProps } from '@chakra-ui/react/styled-system';
import {
  forwardRef,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type ReactElement,
} from 'react';
import { toastRecipe } from './Toast.recipe';
import type { ToastData, ToasterStore, ToastType } from './toaster';
import { useSlotClasses } from '../../hooks/useSlotClasses';
import { CloseIcon } from '../../icons/icons';

const NO_TOASTS: readonly ToastData[] = [];

export interface ToasterProps extends Omit<HTMLChakraProps<'section'>, 'children'> {
  /** The store whose toasts are shown: the app's `toaster`, or one made with `createToaster()`. */
  toaster: ToasterStore;
  /** The close button's accessible name, e.g. "Dismiss notification". */
  closeLabel: string;
  /** Names the stack as a landmark ("Notifications") so screen-reader users can jump to it. */
  label?: string;
  /** Read out for each type's icon (e.g. { error: 'Error' }); without one the icon is decoration. */
  typeLabels?: Partial<Record<ToastType, string>>;
  /** How many toasts show at once, newest on top; older ones wait until one closes. */
  max?: number;
  /** Renders into `document.body` so no ancestor's stacking or transform can cover it. */
  portalled?: boolean;
  /**
   * How far below the viewport's top edge the stack starts, as a CSS length (1rem unless given):
   * clear of what the page keeps at its top, e.g. a phone's top bar and its account menu.
   */
  offsetTop?: string;
}

const icons: Record<ToastType, ReactElement> = {
  success: (
    <>
      <circle cx="10" cy="10" r="8.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path
        d="m6.5 10.25 2.25 2.25 4.75-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </>
  ),
  error: (
    <>
      <path
        d="M6.6 1.75h6.8l4.85 4.85v6.8l-4.85 4.85H6.6L1.75 13.4V6.6z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <path d="M10 6v4.75" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
      <circle cx="10" cy="13.6" r="1.05" fill="currentColor" />
    </>
  ),
  warning: (
    <>
      <path
        d="M10 2.25 18.5 17.25h-17z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <path d="M10 7.75v4.25" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
      <circle cx="10" cy="14.6" r="1.05" fill="currentColor" />
    </>
  ),
  info: (
    <>
      <circle cx="10" cy="10" r="8.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M10 9v5" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
      <circle cx="10" cy="6.4" r="1.05" fill="currentColor" />
    </>
  ),
};

function ToastIcon({
  type,
  label,
  className,
}: {
  type: ToastType;
  label?: string;
  className: string;
}) {
  return (
    <span className={className} data-part="indicator">
      <svg
        viewBox="0 0 20 20"
        focusable="false"
        {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      >
        {icons[type]}
      </svg>
    </span>
  );
}

interface ToastItemProps {
  toast: ToastData;
  typeLabel: string | undefined;
  closeLabel: string;
  initial: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLLIElement>) => void;
  closeButton: (element: HTMLButtonElement | null) => void;
  onClose: () => void;
}

/** One toast of the stack, in its type's colours (its classes made once per type). */
function ToastItem({
  toast,
  typeLabel,
  closeLabel,
  initial,
  onKeyDown,
  closeButton,
  onClose,
}: ToastItemProps) {
  const { classes } = useSlotClasses(toastRecipe, { type: toast.type });
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape from within the toast (its close button) closes it; the item itself takes no focus
    <li
      className={classes.root}
      data-part="root"
      data-type={toast.type}
      data-initial={initial || undefined}
      onKeyDown={onKeyDown}
    >
      <div
        className={classes.body}
        data-part="body"
        // Errors interrupt; everything else waits for a pause in speech.
        role={toast.type === 'error' ? 'alert' : 'status'}
      >
        <ToastIcon type={toast.type} label={typeLabel} className={classes.indicator} />
        <div className={classes.content} data-part="content">
          <p className={classes.title} data-part="title">
            {toast.title}
          </p>
          {toast.description && (
            <p className={classes.description} data-part="description">
              {toast.description}
            </p>
          )}
        </div>
      </div>
      <button
        ref={closeButton}
        type="button"
        className={classes.closeTrigger}
        data-part="close-trigger"
        aria-label={closeLabel}
        onClick={onClose}
      >
        <CloseIcon />
      </button>
    </li>
  );
}

/**
 * Draws a toast store's toasts at the top centre of the viewport, above dialogs, newest on top.
 * Each closes by itself after its duration, and the countdowns stop while the pointer or the
 * keyboard focus is on the stack (or the tab is hidden). Success, info and warning toasts are
 * announced politely; errors are alerts. Nothing here takes the focus: a keyboard user who closes
 * a toast lands on the next one, or back where they were before entering the stack.
 */
export const Toaster = forwardRef<HTMLElement, ToasterProps>(function Toaster(
  {
    toaster,
    closeLabel,
    label,
    typeLabels,
    max = 3,
    portalled = true,
    offsetTop,
    style,
    onMouseEnter,
    onMouseLeave,
    onFocus,
    onBlur,
    ...rest
  },
  ref,
) {
  // The stack is on every page from the start: its classes are made once (useSlotClasses).
  const base = useSlotClasses(toastRecipe, {});
  const toasts = useSyncExternalStore(toaster.subscribe, toaster.getToasts, () => NO_TOASTS);
  const visible = toasts.slice(-Math.max(1, Math.floor(max) || 1)).reverse();
  // Toasts already there when the stack mounts (a layout remount, a story) do not slide in again.
  const [initialIds] = useState(() => new Set(toaster.getToasts().map((toast) => toast.id)));
  const closeButtons = useRef(new Map<string, HTMLButtonElement>());
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const reasons = useRef({ hovered: false, focused: false, hidden: false });

  const syncPause = useCallback(() => {
    const { hovered, focused, hidden } = reasons.current;
    if (hovered || focused || hidden) toaster.pause();
    else toaster.resume();
  }, [toaster]);

  // A hidden tab is not reading its toasts: keep them until the user comes back.
  useEffect(() => {
    const onVisibility = () => {
      reasons.current.hidden = document.visibilityState === 'hidden';
      syncPause();
    };
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [syncPause]);

  // Once the stack is empty no mouseleave or blur will come; start the next toasts afresh.
  const empty = toasts.length === 0;
  useEffect(() => {
    if (!empty) return;
    reasons.current.hovered = false;
    reasons.current.focused = false;
    syncPause();
  }, [empty, syncPause]);

  const close = (id: string) => {
    const index = visible.findIndex((toast) => toast.id === id);
    const button = closeButtons.current.get(id);
    const hadFocus = button !== undefined && button.ownerDocument.activeElement === button;
    toaster.dismiss(id);
    if (!hadFocus) return;
    // Keep a keyboard user in the stack while there is more to read, then send them back.
    const next = visible[index + 1] ?? visible[index - 1];
    const target = next ? closeButtons.current.get(next.id) : returnFocusTo.current;
    if (target?.isConnected) target.focus();
  };

  const handleKeyDown = (id: string) => (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    close(id);
  };

  const handleFocus = (event: FocusEvent<HTMLElement>) => {
    onFocus?.(event);
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !event.currentTarget.contains(from)) {
      returnFocusTo.current = from;
    }
    reasons.current.focused = true;
    syncPause();
  };

  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    onBlur?.(event);
    const to = event.relatedTarget;
    if (to instanceof Node && event.currentTarget.contains(to)) return;
    reasons.current.focused = false;
    syncPause();
  };

  return (
    <>
      {base.rules}
      <Portal disabled={!portalled}>
        <chakra.section
          ref={ref}
          aria-label={label}
          // An open modal hides the rest of the page from screen readers (aria-hidden on the body's
          // other children); this marker keeps the toasts out of that, so they are still read.
          data-live-announcer=""
          data-part="group"
          data-empty={empty || undefined}
          css={base.styles.group}
          // The recipe reads the offset; without one, its default.
          style={{ ...style, '--cl-toast-offset-top': offsetTop } as CSSProperties}
          onMouseEnter={(event) => {
            onMouseEnter?.(event);
            reasons.current.hovered = true;
            syncPause();
          }}
          onMouseLeave={(event) => {
            onMouseLeave?.(event);
            reasons.current.hovered = false;
            syncPause();
          }}
          onFocus={handleFocus}
          onBlur={handleBlur}
          {...rest}
        >
          {/* A live region that is always there, so each toast added to it is read out. */}
          <ol className={base.classes.list} aria-live="polite" aria-relevant="additions">
            {visible.map((toast) => (
              <ToastItem
                // A toast replaced by id with another type is a new message: insert it afresh
                // so that it is announced with its own urgency.
                key={`${toast.id}:${toast.type}`}
                toast={toast}
                typeLabel={typeLabels?.[toast.type]}
                closeLabel={closeLabel}
                initial={initialIds.has(toast.id)}
                onKeyDown={handleKeyDown(toast.id)}
                closeButton={(element) => {
                  if (element) closeButtons.current.set(toast.id, element);
                  else closeButtons.current.delete(toast.id);
                }}
                onClose={() => close(toast.id)}
              />
            ))}
          </ol>
        </chakra.section>
      </Portal>
    </>
  );
});
