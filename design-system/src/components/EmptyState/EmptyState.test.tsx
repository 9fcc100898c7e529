import { composeStories } from '@storybook/react';
import { render, screen } from '@testing-library/react';
import { CoinlensProvider } from '../../provider';
import { EmptyState } from './EmptyState';
import * as stories from './EmptyState.stories';

const composed = composeStories(stories);

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

// Last: Story.run() leaves its story mounted, which would confuse the screen queries above.
describe('EmptyState stories', () => {
  it.each(Object.entries(composed))('%s renders and passes its play function', async (_, Story) => {
    await Story.run();
  });
});
