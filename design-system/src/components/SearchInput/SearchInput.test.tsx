import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { CoinlensProvider } from '../../provider';
import { SearchInput } from './SearchInput';

describe('SearchInput', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('waits 400 ms after the last keystroke, then searches once', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onSearch = jest.fn();
    render(
      <CoinlensProvider>
        <SearchInput label="Search" clearLabel="Clear" onSearch={onSearch} />
      </CoinlensProvider>,
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'bt');
    act(() => jest.advanceTimersByTime(399));
    expect(onSearch).not.toHaveBeenCalled();
    await user.type(screen.getByRole('searchbox'), 'c');
    act(() => jest.advanceTimersByTime(399));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith({ value: 'btc' });
  });

  it('does not search again for the same text, spaces aside', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onSearch = jest.fn();
    render(
      <CoinlensProvider>
        <SearchInput label="Search" clearLabel="Clear" onSearch={onSearch} />
      </CoinlensProvider>,
    );
    const box = screen.getByRole('searchbox');
    await user.type(box, 'eth');
    act(() => jest.advanceTimersByTime(400));
    await user.type(box, ' ');
    act(() => jest.advanceTimersByTime(400));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('honours a custom debounce and a controlled value', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onSearch = jest.fn();
    function Controlled() {
      const [value, setValue] = useState('');
      return (
        <SearchInput
          label="Search"
          clearLabel="Clear"
          value={value}
          onValueChange={({ value: next }) => setValue(next.toUpperCase())}
          onSearch={onSearch}
          debounceMs={100}
        />
      );
    }
    render(
      <CoinlensProvider>
        <Controlled />
      </CoinlensProvider>,
    );
    await user.type(screen.getByRole('searchbox'), 'sol');
    expect(screen.getByRole('searchbox')).toHaveValue('SOL');
    act(() => jest.advanceTimersByTime(100));
    expect(onSearch).toHaveBeenCalledWith({ value: 'SOL' });
  });

  it('forgets a pending search when unmounted', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onSearch = jest.fn();
    const { unmount } = render(
      <CoinlensProvider>
        <SearchInput label="Search" clearLabel="Clear" onSearch={onSearch} />
      </CoinlensProvider>,
    );
    await user.type(screen.getByRole('searchbox'), 'x');
    unmount();
    act(() => jest.advanceTimersByTime(1000));
    expect(onSearch).not.toHaveBeenCalled();
  });
});

describe('SearchInput stories', () => {});
