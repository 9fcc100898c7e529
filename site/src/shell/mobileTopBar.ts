// The measures of the mobile pages' top bar (features/mobile/MobileTopBar.tsx), which the shell's
// overlays keep clear of.

/** The top bar's height, without its bottom border and the status bar's safe area above it. */
export const MOBILE_TOP_BAR_HEIGHT = '3.5rem';

/**
 * Just below the top bar (its height, its border, the safe area) with a little gap: where the
 * toasts start on the mobile pages, so that they never cover its account menu, nor the title and
 * the close button of a dialog that fills the screen (which sit higher).
 */
export const BELOW_MOBILE_TOP_BAR = `calc(${MOBILE_TOP_BAR_HEIGHT} + 1px + env(safe-area-inset-top, 0px) + 0.5rem)`;
