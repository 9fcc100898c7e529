import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { CoinlensProvider } from '../../provider';
import { InlineRetry } from './InlineRetry';

describe('InlineRetry', () => {
  it('forwards its ref and props to the alert', () => {
    const ref = createRef<HTMLDivElement>();
    render(
      <CoinlensProvider>
        <InlineRetry ref={ref} id="more" text="Failed." retryLabel="Retry" onRetry={() => {}} />
      </CoinlensProvider>,
    );
    expect(ref.current).toBe(screen.getByRole('alert'));
    expect(ref.current).toHaveAttribute('id', 'more');
  });

  it('calls onRetry without the click event', async () => {
    const onRetry = jest.fn();
    render(
      <CoinlensProvider>
        <InlineRetry text="Failed." retryLabel="Retry" onRetry={onRetry} />
      </CoinlensProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith();
  });
});
