import { render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { CoinlensProvider } from '../../provider';
import { PriceChange } from './PriceChange';

describe('PriceChange stories', () => {});

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

  it.each([
    [2.3456, 'en', 'up', '+2.35%'],
    [-12.5, 'en', 'down', '-12.50%'],
    [-0.4, 'zh', 'down', '-0.40%'],
    [1234.5, 'pt-br', 'up', '+1.234,50%'],
    [-0.004, 'en', 'flat', '0.00%'],
  ])(
    'tells %d (%s) as %s by its sign in the text read out, with an arrow',
    (value, locale, trend, text) => {
      const { container } = render(
        <CoinlensProvider>
          <PriceChange value={value} locale={locale} />
        </CoinlensProvider>,
      );
      // The whole text, sign included, is what a screen reader reads (nothing of it is hidden).
      const change = within(container).getByText(text);
      expect(change).toHaveAttribute('data-trend', trend);
      expect(change).not.toHaveAttribute('aria-hidden');
      // eslint-disable-next-line testing-library/no-node-access
      const arrow = change.querySelector('[data-part="arrow"]');
      if (trend === 'flat') expect(arrow).toBeNull();
      else expect(arrow).toHaveAttribute('aria-hidden', 'true');
    },
  );

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
