import { composeStories } from '@storybook/react';
import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { CoinlensProvider } from '../../provider';
import { Spinner } from './Spinner';
import * as stories from './Spinner.stories';

const composed = composeStories(stories);

/** The CSS written for `element`'s class (jsdom resolves no variable and lays nothing out). */
function rulesOf(element: Element): string {
  const name = [...element.classList].find((c) => c.startsWith('css-'));
  const css = [...document.styleSheets]
    .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
    .join('\n');
  return css.match(new RegExp(`\\.${name} \\{[^}]*\\}`, 'g'))?.join('') ?? '';
}

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
    const rules = rulesOf(spinner);
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
