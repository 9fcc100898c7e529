import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import useSWR, { SWRConfig } from 'swr';
import { pageLoad, trackLoadMiddleware } from './pageLoad';

function Price() {
  const { data } = useSWR<string>('/api/coin/price');
  return <p>{data ?? 'waiting'}</p>;
}

describe('the loading bar middleware', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    pageLoad.reset();
    jest.useRealTimers();
  });

  it('shows the bar while a hook waits over 200 ms for its data, and finishes it', async () => {
    let answer!: (value: string) => void;
    const fetcher = () => new Promise<string>((resolve) => (answer = resolve));
    render(
      <SWRConfig value={{ provider: () => new Map(), fetcher, use: [trackLoadMiddleware] }}>
        <Price />
      </SWRConfig>,
    );
    act(() => jest.advanceTimersByTime(250));
    expect(pageLoad.getSnapshot().phase).toBe('loading');
    await act(async () => answer('$64,231.50'));
    expect(screen.getByText('$64,231.50')).toBeInTheDocument();
    expect(pageLoad.getSnapshot().phase).toBe('done');
  });
});
