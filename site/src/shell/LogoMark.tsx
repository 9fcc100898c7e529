import { chakra } from '@chakra-ui/react/styled-system';

/** Coinlens's mark: a magnifier over a rising line (decorative: the link around it is named). */
export function LogoMark() {
  return (
    <chakra.svg viewBox="0 0 24 24" width="7" height="7" aria-hidden="true">
      <circle cx="11" cy="11" r="7.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="m16.5 16.5 5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      {/* The mark's rising line is the brand's green whichever colour means up on prices. */}
      <path
        d="M7.5 13 10 10.5l2 2L15 9"
        fill="none"
        stroke="var(--cl-colors-trend-green)"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </chakra.svg>
  );
}
