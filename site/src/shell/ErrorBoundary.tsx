// Catches a page's render errors and shows the error page in their place (with the error's status,
// or 500), instead of a blank page.
import { Component, type ReactNode } from 'react';

/** The HTTP-like status an error carries (`status` or a numeric `code`), or 500. */
export function statusOf(error: unknown): number {
  if (typeof error === 'object' && error !== null) {
    for (const key of ['status', 'code'] as const) {
      const value = (error as Record<string, unknown>)[key];
      if (typeof value === 'number' && value >= 400 && value <= 599) return value;
    }
  }
  return 500;
}

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** What to show instead of the children once one of them has thrown. */
  fallback: (details: { status: number; error: unknown }) => ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown) {
    // Besides the error page, the error is only logged.
    console.error(error);
  }

  override render() {
    if (this.state.failed) {
      return this.props.fallback({ status: statusOf(this.state.error), error: this.state.error });
    }
    return this.props.children;
  }
}
