import { Dialog, type DialogRootProps } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import type { HTMLChakraProps } from '@chakra-ui/react/styled-system';
import { forwardRef, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useMergedRef } from '../../hooks/useMergedRef';
import { CloseIcon } from '../../icons/icons';
import { modalRecipe } from './Modal.recipe';

export type ModalWidth = 'sm' | 'md' | 'lg';

export interface ModalProps extends Omit<HTMLChakraProps<'div'>, 'title'> {
  /** Whether the modal is shown. */
  open: boolean;
  /** Called when the modal asks to open or close (close icon, Escape, a click outside). */
  onOpenChange: (details: { open: boolean }) => void;
  /** The heading; also the dialog's accessible name. */
  title: ReactNode;
  /** A line under the heading; also the dialog's accessible description. */
  description?: ReactNode;
  /** Accessible name of the close icon, e.g. "Close". */
  closeLabel: string;
  /** sm is 422 px (sign-in), md 455 px (nickname), lg 640 px; a number or CSS length sets any width. */
  width?: ModalWidth | number | string;
  /** Actions at the bottom, e.g. a Save button. */
  footer?: ReactNode;
  /** Content shown before the title, e.g. a back arrow. */
  headerStart?: ReactNode;
  /**
   * The element focused when the modal opens (defaults to the first focusable one); a focus the
   * visitor has already moved inside the modal by then stays where it is.
   */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /**
   * The element focused when the modal closes, read as it closes; while it is empty, the focus
   * returns to where it was before the modal opened.
   */
  finalFocusRef?: RefObject<HTMLElement | null>;
  /** Close on a click outside the modal. */
  closeOnOutsideClick?: boolean;
  /**
   * What scrolls when the content is taller than the window: `outside`, the dialog in the page;
   * `inside`, only its body, so that the footer (a Save button) stays in view. `inside` is for
   * content whose items take the focus (a picker's list): the keyboard scrolls it by moving
   * through them, as the body itself is no tab stop.
   */
  scrollBehavior?: 'outside' | 'inside';
  /**
   * `phone`: on a phone's screen (narrower than 48em, or lower than 30em as when held sideways)
   * the modal fills it, edge to edge; with `scrollBehavior="inside"` its footer then sits at the
   * screen's bottom however long the body. `never` (default): it floats over the page everywhere.
   */
  fullScreen?: 'never' | 'phone';
  /** The modal's content. */
  children?: ReactNode;
}

/** The two widths of the site's dialogs (422 and 455 px) and one for larger content. */
const NAMED_WIDTHS: Record<ModalWidth, string> = { sm: '422px', md: '455px', lg: '640px' };

/**
 * The recipe's variants, for Dialog.Root, which splits them off by the recipe it is given. Chakra
 * types its props from its own dialog recipe (the theme's types are not generated here), which has
 * no `fullScreen`: only the type is widened, nothing is passed around the recipe.
 */
function recipeVariants(
  scrollBehavior: NonNullable<ModalProps['scrollBehavior']>,
  fullScreen: NonNullable<ModalProps['fullScreen']>,
) {
  return { scrollBehavior, fullScreen } as Pick<DialogRootProps, 'scrollBehavior'>;
}

/**
 * A modal dialog with a close icon: focus is trapped inside and returns to where it was,
 * Escape and the close icon close it, the page behind does not scroll.
 */
export const Modal = forwardRef<HTMLDivElement, ModalProps>(function Modal(
  {
    open,
    onOpenChange,
    title,
    description,
    closeLabel,
    width = 'sm',
    footer,
    headerStart,
    initialFocusRef,
    finalFocusRef,
    closeOnOutsideClick = true,
    scrollBehavior = 'outside',
    fullScreen = 'never',
    children,
    css,
    ...rest
  },
  ref,
) {
  // Each opening gets a dialog of its own, kept until its closing animation ends. A dialog that
  // stayed mounted and opened again sets its focus trap and hides the page behind it one frame
  // later, and when its content had not come back by then (a busy page), it did neither: the
  // focus stayed behind and the dialog was missing from the accessibility tree.
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  const contentRef = useRef<HTMLDivElement | null>(null);
  const setContent = useMergedRef(contentRef, ref);
  // The focus trap starts a frame after the dialog opens, and on a busy page that frame can come
  // late. A visitor who has already moved on inside the dialog by then (the autofocused field,
  // typed in, then Tab to the next) stays where they are: moving them back would select the
  // first field's text, and their next key would type over it.
  const initialFocus = () => {
    const content = contentRef.current;
    // Not `instanceof HTMLElement`: a modal in another window's document has that window's.
    const active = content?.ownerDocument.activeElement as HTMLElement | null | undefined;
    if (content && active && content.contains(active)) return active;
    return initialFocusRef?.current ?? null;
  };
  const named = typeof width === 'string' && width in NAMED_WIDTHS;
  const cssWidth = named
    ? NAMED_WIDTHS[width as ModalWidth]
    : typeof width === 'number'
      ? `${width}px`
      : width;
  // The dialog's own content where there is no Toaster: Zag waits a second for a persistent
  // element that is missing and then leaves its promise rejected, unhandled.
  const findToaster = () =>
    (contentRef.current?.ownerDocument ?? document).querySelector('[data-live-announcer]') ??
    contentRef.current;
  if (!mounted && !open) return null;
  return (
    <Dialog.Root
      recipe={modalRecipe}
      {...recipeVariants(scrollBehavior, fullScreen)}
      open={open}
      onExitComplete={() => setMounted(false)}
      onOpenChange={(details) => onOpenChange({ open: details.open })}
      closeOnInteractOutside={closeOnOutsideClick}
      // The toasts (a Toaster, marked as a live announcer) stay a finger's to tap or close while
      // the dialog is open, and doing so is no tap outside that closes it.
      persistentElements={[findToaster]}
      initialFocusEl={initialFocus}
      finalFocusEl={finalFocusRef ? () => finalFocusRef.current : undefined}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            ref={setContent}
            data-width={named ? width : 'custom'}
            data-scroll-behavior={scrollBehavior}
            data-full-screen={fullScreen}
            css={{ '--cl-modal-width': cssWidth, ...css }}
            {...rest}
          >
            <Dialog.Header>
              {headerStart}
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {description && <Dialog.Description>{description}</Dialog.Description>}
            <Dialog.Body>{children}</Dialog.Body>
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
            <Dialog.CloseTrigger aria-label={closeLabel}>
              <CloseIcon strokeWidth={1.75} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
});
