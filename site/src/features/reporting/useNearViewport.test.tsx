import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import {
  installFakeIntersectionObserver,
  type FakeIntersectionObservers,
} from '../../testing/fakeIntersectionObserver';
import { NEAR_VIEWPORT_MARGIN, useNearViewport } from './useNearViewport';

function Watched({ eager = false }: { eager?: boolean }) {
  const { ref, near } = useNearViewport<HTMLDivElement>(eager);
  return (
    <div ref={ref} data-testid="watched">
      {near ? 'near' : 'far'}
    </div>
  );
}

const watched = () => screen.getByTestId('watched');

describe('useNearViewport', () => {
  let observers: FakeIntersectionObservers;
  beforeEach(() => {
    observers = installFakeIntersectionObserver();
  });
  afterEach(() => observers.restore());

  it('is far until the element comes within the margin, then near for good', () => {
    render(<Watched />);
    expect(watched()).toHaveTextContent('far');
    expect(observers.optionsOf(watched())).toEqual([{ rootMargin: NEAR_VIEWPORT_MARGIN }]);

    act(() => observers.report(watched(), false));
    expect(watched()).toHaveTextContent('far');

    act(() => observers.report(watched(), true));
    expect(watched()).toHaveTextContent('near');
    // Nothing is watched any more: what was drawn stays, whatever the scroll does.
    expect(observers.watched()).toEqual([]);
  });

  it('counts an eager element as near from the start, without watching it', () => {
    render(<Watched eager />);
    expect(watched()).toHaveTextContent('near');
    expect(observers.made()).toBe(0);
  });

  it('stays near when it stops being eager (a card that was first, pushed down)', () => {
    const view = render(<Watched eager />);
    view.rerender(<Watched eager={false} />);
    expect(watched()).toHaveTextContent('near');
    expect(observers.made()).toBe(0);
  });

  it('becomes near at once when it becomes eager, and stays so', () => {
    const view = render(<Watched />);
    expect(watched()).toHaveTextContent('far');
    view.rerender(<Watched eager />);
    expect(watched()).toHaveTextContent('near');
    expect(observers.watched()).toEqual([]);
    view.rerender(<Watched eager={false} />);
    expect(watched()).toHaveTextContent('near');
    expect(observers.watched()).toEqual([]);
  });

  it('stops watching when it is taken off the page', () => {
    const view = render(<Watched />);
    expect(observers.watched()).toHaveLength(1);
    view.unmount();
    expect(observers.watched()).toEqual([]);
  });
});

describe('useNearViewport without IntersectionObserver', () => {
  it('has everything near', () => {
    expect('IntersectionObserver' in window).toBe(false);
    render(<Watched />);
    expect(watched()).toHaveTextContent('near');
  });
});
