import { act, renderHook } from '@testing-library/react';
import { useChatStore } from './useChatStore';

jest.mock('gatsby-plugin-react-i18next', () => ({ useI18next: () => ({ language: 'pt-br' }) }));

const mockStore = { loadLatest: jest.fn(async () => undefined), dispose: jest.fn() };
const mockCreate = jest.fn((_options: { language: () => string }) => mockStore);
jest.mock('../chat/conversation', () => ({
  createChatStore: (options: { language: () => string }) => mockCreate(options),
}));

beforeEach(() => {
  jest.useFakeTimers();
  mockCreate.mockClear();
  mockStore.loadLatest.mockClear();
  mockStore.dispose.mockClear();
});

afterEach(() => jest.useRealTimers());

/** Runs the promises pending now and those they start, but no timer. */
async function microtasks() {
  await act(async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  });
}

describe('useChatStore', () => {
  it("makes the store in the task after its code's, loads the history, and drops it with the page", async () => {
    const { result, unmount } = renderHook(() => useChatStore());
    expect(result.current).toBeNull();
    // The code has come, within this task: nothing is made in it.
    await microtasks();
    expect(mockCreate).not.toHaveBeenCalled();
    expect(result.current).toBeNull();

    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(mockCreate).toHaveBeenCalledTimes(1);
    expect(mockCreate.mock.calls[0]?.[0].language()).toBe('pt-br');
    expect(result.current).toBe(mockStore);
    expect(mockStore.loadLatest).toHaveBeenCalledTimes(1);

    unmount();
    expect(mockStore.dispose).toHaveBeenCalledTimes(1);
  });

  it('makes nothing when the page is gone before the store could be made', async () => {
    const { unmount } = renderHook(() => useChatStore());
    await microtasks();
    unmount();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(mockCreate).not.toHaveBeenCalled();
  });
});
