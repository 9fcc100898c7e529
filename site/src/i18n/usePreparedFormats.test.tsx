import { renderHook } from '@testing-library/react';
import { startFormats, startLocale, usePreparedFormats } from './usePreparedFormats';

describe('usePreparedFormats', () => {
  let Locale: jest.SpyInstance;
  beforeEach(() => {
    jest.useFakeTimers();
    Locale = jest.spyOn(Intl, 'Locale');
  });
  afterEach(() => {
    Locale.mockRestore();
    jest.useRealTimers();
  });

  it("starts the locale's data in a task after the render, then prepares in the next", () => {
    const prepare = jest.fn();
    const { rerender } = renderHook(({ language }) => usePreparedFormats(language, prepare), {
      initialProps: { language: 'en' },
    });
    expect(Locale).not.toHaveBeenCalled();
    expect(prepare).not.toHaveBeenCalled();
    jest.runOnlyPendingTimers();
    expect(Locale).toHaveBeenCalledWith('en');
    expect(prepare).not.toHaveBeenCalled();
    jest.runOnlyPendingTimers();
    expect(prepare).toHaveBeenCalledWith('en');

    rerender({ language: 'en' });
    jest.runAllTimers();
    expect(prepare).toHaveBeenCalledTimes(1);

    rerender({ language: 'zh' });
    jest.runAllTimers();
    expect(Locale).toHaveBeenLastCalledWith('zh-CN');
    expect(prepare).toHaveBeenLastCalledWith('zh');
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['before its first task', 0],
    ['between its two tasks', 1],
  ])('does nothing more for an area gone %s', (_when, tasksRun) => {
    const prepare = jest.fn();
    const { unmount } = renderHook(() => usePreparedFormats('en', prepare));
    for (let task = 0; task < tasksRun; task++) jest.runOnlyPendingTimers();
    unmount();
    jest.runAllTimers();
    expect(Locale).toHaveBeenCalledTimes(tasksRun);
    expect(prepare).not.toHaveBeenCalled();
  });

  it('starts a number format by default, in the language written as Intl wants it', () => {
    const NumberFormat = jest.spyOn(Intl, 'NumberFormat');
    try {
      renderHook(() => usePreparedFormats('pt-br'));
      jest.runAllTimers();
      expect(Locale).toHaveBeenCalledWith('pt-BR');
      expect(NumberFormat).toHaveBeenCalledWith('pt-BR');
      startFormats('de-CH');
      expect(NumberFormat).toHaveBeenLastCalledWith('de-CH');
    } finally {
      NumberFormat.mockRestore();
    }
  });

  it('leaves the whole start to the first format where the browser cannot make a locale', () => {
    Locale.mockImplementation(() => {
      throw new TypeError('Intl.Locale is not a constructor');
    });
    expect(() => startLocale('en')).not.toThrow();
  });
});
