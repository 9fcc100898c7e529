import { fireEvent, render } from '@testing-library/react';
import { Logo, monogramOf } from './Logo';

// The logo is decorative (alt="", aria-hidden), so no role query reaches it: it is found by part.
const part = (container: HTMLElement, name: 'logo' | 'monogram') =>
  // eslint-disable-next-line testing-library/no-node-access
  container.querySelector(`[data-part="${name}"]`);

describe('monogramOf', () => {
  it.each([
    [['BTC', 'Bitcoin'], 'B'],
    [['  ', 'ether'], 'E'],
    [[null, undefined, 'ñandu'], 'Ñ'],
    [['币安'], '币'],
    [['😀 smile'], '😀'],
    [[], ''],
  ])('takes the first letter of %p: %p', (names, expected) => {
    expect(monogramOf(...names)).toBe(expected);
  });
});

describe('Logo', () => {
  it('shows the picture, decorative, with the class it is given', () => {
    const { container } = render(<Logo src=" /btc.svg " names={['BTC']} className="logo" />);
    const img = part(container, 'logo');
    expect(img).toHaveAttribute('src', '/btc.svg');
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveClass('logo');
  });

  it('writes the monogram when the picture fails, and gives a new picture its chance', () => {
    const { container, rerender } = render(
      <Logo src="/gone.svg" names={['BTC']} className="logo" monogramClassName="mono" />,
    );
    fireEvent.error(part(container, 'logo')!);
    const monogram = part(container, 'monogram');
    expect(monogram).toHaveTextContent('B');
    expect(monogram).toHaveClass('mono');
    expect(monogram).toHaveAttribute('aria-hidden', 'true');

    rerender(<Logo src="/btc.svg" names={['BTC']} className="logo" monogramClassName="mono" />);
    expect(part(container, 'logo')).toHaveAttribute('src', '/btc.svg');
  });

  it('leaves a drawn monogram to the stylesheet, adding no text', () => {
    const { container } = render(<Logo names={['Bankless']} monogram="drawn" />);
    const monogram = part(container, 'monogram');
    expect(monogram).toHaveAttribute('data-initial', 'B');
    expect(monogram).toBeEmptyDOMElement();
  });
});
