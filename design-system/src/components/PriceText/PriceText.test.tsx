import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { CoinlensProvider } from '../../provider';
import { PriceText } from './PriceText';

describe('PriceText', () => {
  it.each([
    [64231.5, 'en', '$64,231.50'],
    [1, 'en', '$1.00'],
    [0, 'en', '$0.00'],
    [0.000123456, 'en', '$0.0001235'],
    [64231.5, 'zh', '$64,231.50'],
    [64231.5, 'pt-br', '$ 64.231,50'],
  ])('shows %p in %s as %s', (value, locale, expected) => {
    renderPrice(<PriceText value={value} locale={locale} />);
    expect(screen.getByText(expected)).not.toHaveAttribute('data-unavailable');
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('shows the unavailable label for %s', (_, value) => {
    renderPrice(<PriceText value={value} unavailableLabel="No price" />);
    expect(screen.getByText('No price')).toHaveAttribute('data-unavailable');
  });

  it('forwards its ref and passes other props to the root element', () => {
    const ref = createRef<HTMLSpanElement>();
    renderPrice(<PriceText ref={ref} value={3} data-testid="price" aria-label="Price $3.00" />);
    expect(ref.current).toBe(screen.getByTestId('price'));
    expect(screen.getByLabelText('Price $3.00')).toBe(ref.current);
  });
});

describe('PriceText stories', () => {});

function renderPrice(element: React.ReactElement) {
  return render(<CoinlensProvider>{element}</CoinlensProvider>);
}
