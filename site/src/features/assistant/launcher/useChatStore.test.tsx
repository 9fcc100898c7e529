import { act, render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { ChatStore } from '../conversation/conversation';
import { AssistantProvider } from './AssistantProvider';
import { useChatStore } from './useChatStore';

jest.mock('gatsby-plugin-react-i18next', () => ({ useI18next: () => ({ language: 'pt-br' }) }));

const mockStore = { loadLatest: jest.fn(async () => undefined), dispose: jest.fn() };
const mockCreate = jest.fn((_options: { language: () => string }) => mockStore);
jest.mock('../conversation/conversation', () => ({
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
  it("outside the provider, makes a store in the task after its code's, loads the history, and drops it with the part", async () => {
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

  describe('in the assistant’s provider (every page of the site)', () => {
    /** A part that shows the chat, saying which store it has. */
    function Part({ name, seen }: { name: string; seen: Map<string, ChatStore | null> }) {
      seen.set(name, useChatStore());
      return null;
    }

    const site = (children: ReactNode, language: 'en' | 'zh' = 'en') => (
      <AssistantProvider language={language} originalPath="/reporting/" search="">
        {children}
      </AssistantProvider>
    );

    it('gives every part the tab’s one store, kept when the part that asked for it is gone', async () => {
      const seen = new Map<string, ChatStore | null>();
      const { rerender } = render(
        site(
          <>
            <Part name="welcome" seen={seen} />
            <Part name="panel" seen={seen} />
          </>,
        ),
      );
      await act(async () => {
        await jest.advanceTimersByTimeAsync(0);
      });
      expect(mockCreate).toHaveBeenCalledTimes(1);
      expect(seen.get('welcome')).toBe(mockStore);
      expect(seen.get('panel')).toBe(mockStore);
      expect(mockStore.loadLatest).toHaveBeenCalledTimes(1);

      // The page changes: its part goes, another comes; the store stays, made and loaded once.
      rerender(site(<Part name="next page" seen={seen} />, 'zh'));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(0);
      });
      expect(seen.get('next page')).toBe(mockStore);
      expect(mockStore.dispose).not.toHaveBeenCalled();
      expect(mockCreate).toHaveBeenCalledTimes(1);
      expect(mockStore.loadLatest).toHaveBeenCalledTimes(1);
      // Questions are asked in the language of the page shown now.
      expect(mockCreate.mock.calls[0]?.[0].language()).toBe('zh');
    });
  });
});
