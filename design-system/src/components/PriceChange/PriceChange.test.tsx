import { composeStories } from '@storybook/react';
import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { CoinlensProvider } from '../../provider';
import { PriceChange } from './PriceChange';
import * as stories from './PriceChange.stories';

const composed = composeStories(stories);

describe('PriceChange stories', () => {
  it.each(Object.entries(composed))('%s renders and passes its play function', async (_, Story) => {
    await Story.run();
  });
});

describe('PriceChange', () => {
  it('tells a fall by a down arrow and a minus sign, not only by colour', () => {
    render(
      <CoinlensProvider>
        <PriceChange value={-1.5} />
      </CoinlensProvider>,
    );
    const change = screen.getByText('-1.50%');
    expect(change).toHaveAttribute('data-trend', 'down');
    // The arrow is hidden from assistive technology on purpose (the sign is read), so no
    // role query reaches it.
    // eslint-disable-next-line testing-library/no-node-access
    expect(change.querySelector('[data-part="arrow"]')).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows the unavailable label for a value that is not a number', () => {
    render(
      <CoinlensProvider>
        <PriceChange value={Number.NaN} unavailableLabel="No data" />
      </CoinlensProvider>,
    );
    expect(screen.getByText('No data')).toHaveAttribute('data-trend', 'none');
  });

  it('forwards its ref and passes other props to the root element', () => {
    const ref = createRef<HTMLSpanElement>();
    render(
      <CoinlensProvider>
        <PriceChange ref={ref} value={3} data-testid="change" aria-label="24h change +3.00%" />
      </CoinlensProvider>,
    );
    expect(ref.current).toBe(screen.getByTestId('change'));
    expect(screen.getByLabelText('24h change +3.00%')).toBe(ref.current);
  });
});
