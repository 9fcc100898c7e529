import { render, screen } from '@testing-library/react';
import { CoinlensProvider } from '../../provider';
import { EmptyState } from './EmptyState';

describe('EmptyState', () => {
  it('says what is empty and what to do, with a decorative illustration', () => {
    render(
      <CoinlensProvider>
        <EmptyState
          title="No sources"
          description="Search for a stream to monitor."
          data-testid="empty"
        />
      </CoinlensProvider>,
    );
    expect(screen.getByTestId('empty')).toHaveTextContent(
      'No sourcesSearch for a stream to monitor.',
    );
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('EmptyState stories', () => {});
