/**
 * Screens used with a finger rather than a mouse (phones, tablets): controls there are at least
 * 44 px across, a finger's width (WCAG 2.5.5). A style key in recipes.
 */
export const COARSE_POINTER = '@media (pointer: coarse)';

/**
 * A phone's screen, held upright (narrower than 48em, Chakra's `md`) or turned sideways (lower
 * than 30em): too small for a dialog floating over the page, so one that asks for it fills the
 * screen. A style key in recipes.
 */
export const PHONE_SCREEN = '@media (max-width: 47.99em), (max-height: 29.99em)';
