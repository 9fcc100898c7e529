import type { SystemStyleObject } from '@chakra-ui/react/styled-system';

/**
 * The pulse of a loading placeholder, still for a reader who asks for less motion. Each element
 * that pulses is an animation of its own for the browser to run: a placeholder of many bars (a
 * table's rows) pulses as one block around them, not bar by bar.
 */
export const pulseAnimation = {
  animationName: 'pulse',
  animationDuration: '1.6s',
  animationTimingFunction: 'ease-in-out',
  animationIterationCount: 'infinite',
  _motionReduce: { animationName: 'none' },
} satisfies SystemStyleObject;

/**
 * What a loading placeholder's bar or block looks like: the subtle surface, pulsing. Spread into
 * a placeholder's own shape and size.
 */
export const placeholderPulse = {
  bg: 'bg.subtle',
  ...pulseAnimation,
} satisfies SystemStyleObject;
