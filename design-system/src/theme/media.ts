/**
 * Screens used with a finger rather than a mouse (phones, tablets): controls there are at least
 * 44 px across, a finger's width (WCAG 2.5.5). A style key in recipes.
 */
export const COARSE_POINTER = '@media (pointer: coarse)';
