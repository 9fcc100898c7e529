import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { CoinlensProvider } from '../../provider';
import { cssRulesOf } from '../../testing/cssRules';
import { Spinner } from './Spinner';

describe('Spinner', () => {
  it('is hidden from assistive technology and turns, at the size asked for', () => {
    const ref = createRef<SVGSVGElement>();
    render(
      <CoinlensProvider>
        <Spinner ref={ref} size="md" data-testid="spinner" />
      </CoinlensProvider>,
    );
    const spinner = screen.getByTestId('spinner');
    expect(ref.current).toBe(spinner);
    expect(spinner).toHaveAttribute('aria-hidden', 'true');
    const rules = cssRulesOf(spinner);
    expect(rules).toMatch(/animation-name:\s*spin/);
    expect(rules).toMatch(/width:\s*var\(--cl-sizes-6\)/);
  });
});

describe('Spinner stories', () => {});
