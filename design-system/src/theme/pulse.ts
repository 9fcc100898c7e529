import type { SystemStyleObject } from '@chakra-ui/react/styled-system';

/**
 * What a loading placeholder's bar or block looks like: the subtle surface, pulsing, and still
 * for a reader who asks for less motion. Spread into a placeholder's own shape and size.
 */
export const placeholderPulse = {
  bg: 'bg.subtle',
  animationName: 'pulse',
  animationDuration: '1.6s',
  animationTimingFunction: 'ease-in-out',
  animationIterationCount: 'infinite',
  _motionReduce: { animationName: 'none' },
} satisfies SystemStyleObject;
