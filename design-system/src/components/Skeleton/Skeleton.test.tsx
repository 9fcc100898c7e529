import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { CoinlensProvider } from '../../provider';
import { cssRulesOf } from '../../testing/cssRules';
import { Skeleton } from './Skeleton';

describe('Skeleton', () => {
  it('takes the label of a loading state and the size it stands for', () => {
    const ref = createRef<HTMLDivElement>();
    render(
      <CoinlensProvider>
        <Skeleton ref={ref} role="status" aria-label="Loading the chat" height="28rem" />
      </CoinlensProvider>,
    );
    const skeleton = screen.getByRole('status', { name: 'Loading the chat' });
    expect(ref.current).toBe(skeleton);
    expect(skeleton).toHaveAttribute('data-part', 'skeleton');
  });

  it('has a fill of its own (Chakra’s Skeleton drew nothing without its default theme)', () => {
    render(
      <CoinlensProvider>
        <Skeleton data-testid="block" />
        <Skeleton data-testid="line" shape="text" />
      </CoinlensProvider>,
    );
    for (const id of ['block', 'line']) {
      expect(cssRulesOf(screen.getByTestId(id))).toMatch(
        /background:\s*var\(--cl-colors-bg-subtle\)/,
      );
    }
    expect(cssRulesOf(screen.getByTestId('line'))).toMatch(/height:\s*1em/);
  });
});

describe('Skeleton stories', () => {});
