import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterNextPaint, useInTurn } from './useInTurn';

/** How often each item has mounted. */
let mounts: Record<string, number>;

function Item({ name }: { name: string }) {
  useEffect(() => {
    mounts[name] = (mounts[name] ?? 0) + 1;
  }, [name]);
  return <li>{name}</li>;
}

function List({ items }: { items: string[] }) {
  const shown = useInTurn(items);
  return <ul>{items.map((item) => shown(item) && <Item key={item} name={item} />)}</ul>;
}

const shownItems = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

/**
 * The task a frame's callback queued (a fake timer queued while timers run is due a millisecond
 * later, never at once).
 */
const queuedTask = () => jest.advanceTimersByTime(1);

/** The next frame, then the task it queued. */
function paint() {
  act(() => {
    jest.advanceTimersToNextFrame();
    queuedTask();
  });
}

let visibility: DocumentVisibilityState;

beforeEach(() => {
  jest.useFakeTimers();
  mounts = {};
  visibility = 'visible';
  jest.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('useInTurn', () => {
  it('shows the first item at once, then one more after each paint', () => {
    render(<List items={['a', 'b', 'c']} />);
    expect(shownItems()).toEqual(['a']);

    // Not in the same frame: the task after its paint.
    act(() => jest.advanceTimersToNextFrame());
    expect(shownItems()).toEqual(['a']);
    act(queuedTask);
    expect(shownItems()).toEqual(['a', 'b']);

    paint();
    expect(shownItems()).toEqual(['a', 'b', 'c']);
    paint();
    expect(shownItems()).toEqual(['a', 'b', 'c']);
    expect(mounts).toEqual({ a: 1, b: 1, c: 1 });
  });

  it('shows an item added once the list was whole at once', () => {
    const { rerender } = render(<List items={['a', 'b']} />);
    paint();
    paint();
    rerender(<List items={['c', 'a', 'b', 'd']} />);
    expect(shownItems()).toEqual(['c', 'a', 'b', 'd']);
    expect(mounts).toEqual({ a: 1, b: 1, c: 1, d: 1 });
  });

  it('keeps an item shown when another comes first before the list is whole', () => {
    const { rerender } = render(<List items={['a', 'b', 'c']} />);
    rerender(<List items={['z', 'a', 'b', 'c']} />);
    expect(shownItems()).toEqual(['z', 'a']);
    paint();
    expect(shownItems()).toEqual(['z', 'a', 'b']);
    paint();
    expect(shownItems()).toEqual(['z', 'a', 'b', 'c']);
    // "a" was never taken off the page to come back.
    expect(mounts).toEqual({ a: 1, b: 1, c: 1, z: 1 });
  });

  it('waits for a list that is empty at first, then shows it in turn', () => {
    const { rerender } = render(<List items={[]} />);
    paint();
    expect(shownItems()).toEqual([]);
    rerender(<List items={['a', 'b']} />);
    expect(shownItems()).toEqual(['a']);
    paint();
    expect(shownItems()).toEqual(['a', 'b']);
  });

  it('goes on in the next task, without a frame, while the page is hidden', () => {
    visibility = 'hidden';
    render(<List items={['a', 'b', 'c']} />);
    expect(shownItems()).toEqual(['a']);
    act(() => jest.advanceTimersByTime(0));
    expect(shownItems()).toEqual(['a', 'b']);
    act(() => jest.advanceTimersByTime(0));
    expect(shownItems()).toEqual(['a', 'b', 'c']);
  });

  it('leaves nothing waiting once unmounted', () => {
    const { unmount } = render(<List items={['a', 'b']} />);
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe('afterNextPaint', () => {
  it('runs after the next frame, in a task of its own, and can be cancelled', () => {
    const done = jest.fn();
    afterNextPaint(done);
    jest.advanceTimersToNextFrame();
    expect(done).not.toHaveBeenCalled();
    queuedTask();
    expect(done).toHaveBeenCalledTimes(1);

    const cancelled = jest.fn();
    afterNextPaint(cancelled)();
    jest.advanceTimersToNextFrame();
    queuedTask();
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('is cancelled between the frame and its task too', () => {
    const cancelled = jest.fn();
    const cancel = afterNextPaint(cancelled);
    jest.advanceTimersToNextFrame();
    cancel();
    queuedTask();
    expect(cancelled).not.toHaveBeenCalled();
  });
});
