import { act, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import type * as ReactDOMServer from 'react-dom/server';
import { CoinlensProvider } from '../../provider';
import { LoadingBar, type LoadingBarProps } from './LoadingBar';
import {
  createLoadingBar,
  estimateProgress,
  type LoadingBarSnapshot,
} from './loadingBarController';

// Node's build of the server renderer: jsdom's globals lack the TextEncoder the browser build needs.
const { renderToString: serverHtml } =
  jest.requireActual<typeof ReactDOMServer>('react-dom/server.node');

describe('estimateProgress', () => {
  it.each([
    [0, 0],
    [1250, 39.375],
    [2500, 67.5],
    [5000, 90],
    [60_000, 90],
    [-100, 0],
  ])('is %p ms into a 5 s load at %p %%', (elapsed, expected) => {
    expect(estimateProgress(elapsed, 5000)).toBeCloseTo(expected);
  });

  it('jumps to the ceiling when the duration is 0', () => {
    expect(estimateProgress(0, 0)).toBe(90);
  });
});

describe('createLoadingBar', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const phases = (listener: jest.Mock) =>
    listener.mock.calls.map(([snapshot]: [LoadingBarSnapshot]) => snapshot.phase);

  it('shows nothing for the first 200 ms of a load', () => {
    const bar = createLoadingBar();
    bar.start();
    jest.advanceTimersByTime(199);
    expect(bar.getSnapshot()).toEqual({ phase: 'hidden', progress: 0 });
    jest.advanceTimersByTime(1);
    expect(bar.getSnapshot().phase).toBe('loading');
  });

  it('never shows a load that is done within the throttle', () => {
    const bar = createLoadingBar();
    const listener = jest.fn();
    bar.subscribe(listener);
    bar.start();
    jest.advanceTimersByTime(150);
    bar.done();
    jest.advanceTimersByTime(10_000);
    expect(listener).not.toHaveBeenCalled();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('creeps towards 90 % over the duration and holds there', () => {
    const bar = createLoadingBar({ throttle: 0 });
    bar.start();
    jest.advanceTimersByTime(2400);
    expect(bar.getSnapshot().progress).toBeCloseTo(estimateProgress(2400, 5000));
    jest.advanceTimersByTime(2600);
    expect(bar.getSnapshot().progress).toBe(90);
    // Nothing left to move: the clock stops ticking.
    expect(jest.getTimerCount()).toBe(0);
  });

  it('fills to 100 % on done, then hides after the fade', () => {
    const bar = createLoadingBar();
    const listener = jest.fn();
    bar.subscribe(listener);
    bar.start();
    jest.advanceTimersByTime(1000);
    bar.done();
    expect(bar.getSnapshot()).toEqual({ phase: 'done', progress: 100 });
    jest.advanceTimersByTime(519);
    expect(bar.getSnapshot().phase).toBe('done');
    jest.advanceTimersByTime(1);
    expect(bar.getSnapshot()).toEqual({ phase: 'hidden', progress: 0 });
    expect(phases(listener).at(-2)).toBe('done');
  });

  it('turns to the error state on error, completes and fades', () => {
    const bar = createLoadingBar();
    bar.start();
    jest.advanceTimersByTime(300);
    bar.error();
    expect(bar.getSnapshot()).toEqual({ phase: 'error', progress: 100 });
    jest.advanceTimersByTime(520);
    expect(bar.getSnapshot().phase).toBe('hidden');
  });

  it('ignores a second start while a load is under way', () => {
    const bar = createLoadingBar({ throttle: 0 });
    bar.start();
    jest.advanceTimersByTime(2000);
    const progress = bar.getSnapshot().progress;
    bar.start();
    expect(bar.getSnapshot().progress).toBe(progress);
  });

  it('starts over when a new load begins during the fade-out', () => {
    const bar = createLoadingBar();
    bar.start();
    jest.advanceTimersByTime(1000);
    bar.done();
    bar.start();
    expect(bar.getSnapshot().phase).toBe('hidden');
    jest.advanceTimersByTime(200);
    expect(bar.getSnapshot().phase).toBe('loading');
    jest.advanceTimersByTime(1000);
    expect(bar.getSnapshot().phase).toBe('loading');
  });

  it('ignores done and error when nothing is loading', () => {
    const bar = createLoadingBar();
    const listener = jest.fn();
    bar.subscribe(listener);
    bar.done();
    bar.error();
    expect(listener).not.toHaveBeenCalled();
  });

  it('hides at once and stops every timer on reset', () => {
    const bar = createLoadingBar({ throttle: 0 });
    bar.start();
    jest.advanceTimersByTime(1000);
    bar.reset();
    expect(bar.getSnapshot().phase).toBe('hidden');
    expect(jest.getTimerCount()).toBe(0);
  });

  it('uses its own duration and throttle, and the defaults for bad ones', () => {
    const custom = createLoadingBar({ duration: 1000, throttle: 50 });
    custom.start();
    jest.advanceTimersByTime(50 + 1000);
    expect(custom.getSnapshot().progress).toBe(90);
    const fallback = createLoadingBar({ duration: -1, throttle: Number.NaN });
    fallback.start();
    jest.advanceTimersByTime(199);
    expect(fallback.getSnapshot().phase).toBe('hidden');
  });

  it('stops calling a listener once it unsubscribes', () => {
    const bar = createLoadingBar({ throttle: 0 });
    const listener = jest.fn();
    bar.subscribe(listener)();
    bar.start();
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('LoadingBar', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is hidden from assistive technology while idle', () => {
    renderBar({ status: 'idle' });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('progressbar', { hidden: true })).toHaveAttribute(
      'data-state',
      'hidden',
    );
  });

  it('shows a named progress bar once a load outlasts the throttle, and moves it on', () => {
    renderBar({ status: 'loading' });
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => jest.advanceTimersByTime(200));
    const bar = screen.getByRole('progressbar', { name: 'Loading page' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    act(() => jest.advanceTimersByTime(2500));
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThan(60);
    act(() => jest.advanceTimersByTime(10_000));
    expect(bar).toHaveAttribute('aria-valuenow', '90');
  });

  it('shows nothing for a load that is done within 200 ms', () => {
    const { rerender } = renderBar({ status: 'loading' });
    act(() => jest.advanceTimersByTime(120));
    rerender(withProvider({ status: 'done' }));
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('fills to 100 % when done and then leaves', () => {
    const { rerender } = renderBar({ status: 'loading' });
    act(() => jest.advanceTimersByTime(1000));
    rerender(withProvider({ status: 'done' }));
    const bar = screen.getByRole('progressbar', { name: 'Loading page' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar).toHaveAttribute('data-state', 'done');
    act(() => jest.advanceTimersByTime(520));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('marks a failed load for the error colour', () => {
    const { rerender } = renderBar({ status: 'loading' });
    act(() => jest.advanceTimersByTime(1000));
    rerender(withProvider({ status: 'error' }));
    expect(screen.getByRole('progressbar')).toHaveAttribute('data-state', 'error');
  });

  it('shows real progress when given a value, kept within 0 to 100', () => {
    const { rerender } = renderBar({ status: 'loading', throttle: 0, value: 37.4 });
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '37');
    rerender(withProvider({ status: 'loading', throttle: 0, value: 140 }));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('follows a controller driven from outside React', () => {
    const pageLoad = createLoadingBar();
    renderBar({ controller: pageLoad, status: 'idle' });
    act(() => pageLoad.start());
    act(() => jest.advanceTimersByTime(200));
    expect(screen.getByRole('progressbar')).toHaveAttribute('data-state', 'loading');
    act(() => pageLoad.error());
    expect(screen.getByRole('progressbar')).toHaveAttribute('data-state', 'error');
  });

  it('stops its clock when it unmounts', () => {
    const { unmount } = renderBar({ status: 'loading' });
    act(() => jest.advanceTimersByTime(500));
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('renders into document.body and forwards its ref and props', () => {
    const ref = createRef<HTMLDivElement>();
    const { container } = render(
      <CoinlensProvider>
        <LoadingBar ref={ref} label="Loading page" data-testid="bar" />
      </CoinlensProvider>,
    );
    expect(ref.current).toBe(screen.getByTestId('bar'));
    expect(container).not.toContainElement(ref.current);
  });

  it('renders hidden on the server', () => {
    const markup = serverHtml(
      <CoinlensProvider>
        <LoadingBar label="Loading page" status="loading" throttle={0} />
      </CoinlensProvider>,
    );
    expect(markup).toContain('aria-hidden="true"');
    expect(markup).toContain('data-state="hidden"');
  });
});

describe('LoadingBar stories', () => {});

function withProvider(props: Partial<LoadingBarProps>) {
  return (
    <CoinlensProvider>
      <LoadingBar label="Loading page" portalled={false} {...props} />
    </CoinlensProvider>
  );
}

function renderBar(props: Partial<LoadingBarProps>) {
  return render(withProvider(props));
}
