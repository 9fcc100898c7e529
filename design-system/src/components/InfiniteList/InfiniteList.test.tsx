import { act, fireEvent, render, screen } from '@testing-library/react';
import { CoinlensProvider } from '../../provider';
import { InfiniteList, type InfiniteListProps } from './InfiniteList';

/** jsdom has no layout: give the region the sizes a browser would. */
function layout(
  element: HTMLElement,
  { scrollHeight, clientHeight }: { scrollHeight: number; clientHeight: number },
) {
  Object.defineProperty(element, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(element, 'clientHeight', { configurable: true, value: clientHeight });
}

function setup(props: Partial<InfiniteListProps> = {}) {
  const onLoadMore = jest.fn();
  const view = render(
    <CoinlensProvider>
      <InfiniteList
        label="Results"
        loadingLabel="Loading"
        hasMore
        loading={false}
        onLoadMore={onLoadMore}
        {...props}
      >
        <p>items</p>
      </InfiniteList>
    </CoinlensProvider>,
  );
  const region = screen.getByRole('region', { name: 'Results' });
  return { onLoadMore, region, view };
}

function scrollTo(region: HTMLElement, scrollTop: number) {
  region.scrollTop = scrollTop;
  fireEvent.scroll(region);
}

describe('InfiniteList', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(new Date('2026-11-22T10:00:00Z'));
  });
  afterEach(() => jest.useRealTimers());

  it('asks for more within 2 px of the bottom, not before', () => {
    // Content that does not fill the region asks at once; this one fills it.
    const { onLoadMore, region } = setup();
    onLoadMore.mockClear();
    layout(region, { scrollHeight: 1000, clientHeight: 280 });
    act(() => jest.advanceTimersByTime(500));
    scrollTo(region, 1000 - 280 - 3);
    expect(onLoadMore).not.toHaveBeenCalled();
    scrollTo(region, 1000 - 280 - 2);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('keeps requests at least 200 ms apart, sending the delayed one afterwards', () => {
    const { onLoadMore, region } = setup();
    layout(region, { scrollHeight: 1000, clientHeight: 280 });
    onLoadMore.mockClear();
    act(() => jest.advanceTimersByTime(500));
    scrollTo(region, 720);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    act(() => jest.advanceTimersByTime(50));
    scrollTo(region, 720);
    scrollTo(region, 720);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    act(() => jest.advanceTimersByTime(150));
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });

  it('asks for nothing while loading or when there is no more', () => {
    const loading = setup({ loading: true });
    layout(loading.region, { scrollHeight: 1000, clientHeight: 280 });
    scrollTo(loading.region, 720);
    expect(loading.onLoadMore).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    loading.view.unmount();

    const done = setup({ hasMore: false, endLabel: 'The end' });
    scrollTo(done.region, 720);
    expect(done.onLoadMore).not.toHaveBeenCalled();
    expect(screen.getByText('The end')).toBeInTheDocument();
  });

  it('is a named, keyboard-scrollable region', () => {
    const { region } = setup();
    expect(region).toHaveAttribute('tabindex', '0');
  });
});

describe('InfiniteList stories', () => {});
