import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { CoinlensProvider } from '../../provider';
import { PageHeader } from './PageHeader';

describe('PageHeader', () => {
  it('gives the page its one h1, which only a script can focus', () => {
    const headingRef = createRef<HTMLHeadingElement>();
    render(
      <CoinlensProvider>
        <PageHeader title="Monitoring" lead="Follow live events." headingRef={headingRef} />
      </CoinlensProvider>,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Monitoring' });
    expect(headingRef.current).toBe(heading);
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(screen.getByText('Follow live events.')).toBeInTheDocument();
  });

  it('forwards its ref and props to the header', () => {
    const ref = createRef<HTMLElement>();
    render(
      <CoinlensProvider>
        <PageHeader ref={ref} title="Reporting" id="top" />
      </CoinlensProvider>,
    );
    expect(ref.current).toBe(screen.getByRole('banner'));
    expect(ref.current).toHaveAttribute('id', 'top');
  });
});
