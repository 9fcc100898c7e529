import { render, screen } from '@testing-library/react';
import { createRef, forwardRef, useRef, type ForwardedRef } from 'react';
import { useMergedRef } from './useMergedRef';

const seen: Array<HTMLDivElement | null> = [];
const Box = forwardRef(function Box(_: object, ref: ForwardedRef<HTMLDivElement>) {
  const local = useRef<HTMLDivElement | null>(null);
  const setRef = useMergedRef(local, ref);
  return (
    <div
      data-testid="box"
      ref={(element) => {
        setRef(element);
        seen.push(local.current);
      }}
    />
  );
});

describe('useMergedRef', () => {
  beforeEach(() => seen.splice(0));

  it('sets an object ref and the local one to the element, and both to null on unmount', () => {
    const forwarded = createRef<HTMLDivElement>();
    const { unmount } = render(<Box ref={forwarded} />);
    const box = screen.getByTestId('box');
    expect(forwarded.current).toBe(box);
    expect(seen).toEqual([box]);
    unmount();
    expect(forwarded.current).toBeNull();
    expect(seen.at(-1)).toBeNull();
  });

  it('calls a callback ref with the element', () => {
    const forwarded = jest.fn();
    render(<Box ref={forwarded} />);
    const box = screen.getByTestId('box');
    expect(forwarded).toHaveBeenCalledWith(box);
    expect(seen).toEqual([box]);
  });

  it('keeps only the local ref without a forwarded one', () => {
    render(<Box />);
    const box = screen.getByTestId('box');
    expect(seen).toEqual([box]);
  });
});
