import { composeStories } from '@storybook/react';
import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { CoinlensProvider } from '../../provider';
import { cssRulesOf } from '../../testing/cssRules';
import { Spinner } from './Spinner';
import * as stories from './Spinner.stories';

const composed = composeStories(stories);

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

// Last: Story.run() leaves its story mounted, which would confuse the screen queries above.
describe('Spinner stories', () => {
  it.each(Object.entries(composed))('%s renders and passes its play function', async (_, Story) => {
    await Story.run();
  });
});
