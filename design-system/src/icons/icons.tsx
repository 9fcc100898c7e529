// The line icons the components share: one 16-unit grid, drawn with the current text colour and
// hidden from assistive technology (the control beside or around an icon carries its name).
// Internal: not part of the package's public API.
import type { ReactNode } from 'react';

interface IconProps {
  children: ReactNode;
  /** Line weight in grid units. */
  strokeWidth?: number;
}

/** A 16 x 16 outline icon; its shapes come in as children. */
export function Icon({ children, strokeWidth = 1.5 }: IconProps) {
  return (
    <svg
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

/** A cross: closes, clears or removes. */
export const CloseIcon = ({ strokeWidth }: { strokeWidth?: number }) => (
  <Icon strokeWidth={strokeWidth}>
    <path d="m4 4 8 8m0-8-8 8" />
  </Icon>
);

export const CheckIcon = () => (
  <Icon strokeWidth={2}>
    <path d="m3.5 8.5 3 3 6-7" />
  </Icon>
);

/** Opens somewhere else (a new tab). */
export const ExternalIcon = () => (
  <Icon>
    <path d="M9.25 2.75h4v4M13.25 2.75 7.5 8.5M11.25 9.5v3a.75.75 0 0 1-.75.75h-7a.75.75 0 0 1-.75-.75v-7a.75.75 0 0 1 .75-.75h3" />
  </Icon>
);

export const ClockIcon = () => (
  <Icon>
    <circle cx="8" cy="8" r="6.25" />
    <path d="M8 4.5V8l2.5 1.5" />
  </Icon>
);

export const SearchIcon = () => (
  <Icon>
    <circle cx="7" cy="7" r="4.75" />
    <path d="M10.5 10.5 14 14" />
  </Icon>
);

export const ErrorIcon = () => (
  <Icon>
    <circle cx="8" cy="8" r="6.25" />
    <path d="M8 4.75v3.75M8 11.1v.15" />
  </Icon>
);

export const RetryIcon = () => (
  <Icon>
    <path d="M13.25 8a5.25 5.25 0 1 1-1.54-3.71" />
    <path d="M13.25 2.75v2.5h-2.5" />
  </Icon>
);

export const ReportIcon = () => (
  <Icon>
    <path d="M2.75 13.25h10.5M4.75 10.75v-3M8 10.75v-6.5M11.25 10.75v-4.5" />
  </Icon>
);

/** A bell: alerts. */
export const BellIcon = () => (
  <Icon>
    <path d="M4.25 6.5a3.75 3.75 0 0 1 7.5 0c0 3 1.25 4.25 1.5 4.75H2.75c.25-.5 1.5-1.75 1.5-4.75Z" />
    <path d="M6.5 13.25a1.6 1.6 0 0 0 3 0" />
  </Icon>
);
