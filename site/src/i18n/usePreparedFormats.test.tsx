import { renderHook } from '@testing-library/react';
import { startFormats, usePreparedFormats } from './usePreparedFormats';

describe('usePreparedFormats', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('prepares in a task of its own after the render, and again for a new language', () => {
    const prepare = jest.fn();
    const { rerender } = renderHook(({ language }) => usePreparedFormats(language, prepare), {
      initialProps: { language: 'en' },
    });
    expect(prepare).not.toHaveBeenCalled();
    jest.runOnlyPendingTimers();
    expect(prepare).toHaveBeenCalledWith('en');

    rerender({ language: 'en' });
    jest.runOnlyPendingTimers();
    expect(prepare).toHaveBeenCalledTimes(1);

    rerender({ language: 'zh' });
    jest.runOnlyPendingTimers();
    expect(prepare).toHaveBeenLastCalledWith('zh');
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it('does nothing for an area gone before its task', () => {
    const prepare = jest.fn();
    const { unmount } = renderHook(() => usePreparedFormats('en', prepare));
    unmount();
    jest.runOnlyPendingTimers();
    expect(prepare).not.toHaveBeenCalled();
  });

  it('starts a number format by default, in the language written as Intl wants it', () => {
    const NumberFormat = jest.spyOn(Intl, 'NumberFormat');
    try {
      renderHook(() => usePreparedFormats('pt-br'));
      jest.runOnlyPendingTimers();
      expect(NumberFormat).toHaveBeenCalledWith('pt-BR');
      startFormats('de-CH');
      expect(NumberFormat).toHaveBeenLastCalledWith('de-CH');
    } finally {
      NumberFormat.mockRestore();
    }
  });
});
