// What a phone's view says when what it shows could not be loaded: the failure, as an alert, and
// a button a thumb can hit to try again.
import { Button, EmptyState } from '@coinlens/design-system';

export interface LoadFailedProps {
  /** What could not be loaded, one sentence. */
  title: string;
  /** The retry button's label. */
  retryLabel: string;
  onRetry: () => void;
}

export function LoadFailed({ title, retryLabel, onRetry }: LoadFailedProps) {
  return (
    <EmptyState
      size="sm"
      role="alert"
      title={title}
      action={
        <Button size="lg" variant="outline" onClick={() => onRetry()}>
          {retryLabel}
        </Button>
      }
    />
  );
}
