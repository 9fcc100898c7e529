import { toaster } from '@coinlens/design-system';
import { act } from '@testing-library/react';
import { loadChunk } from './loadChunk';
import { flatStrings, loadStrings, renderWithLocale } from '../testing/renderWithLocale';
import { CHUNK_WAIT_TOAST_ID, ChunkWaitNotice } from './ChunkWaitNotice';

jest.mock('gatsby', () => jest.requireActual('../testing/gatsbyStub'));

const zh = flatStrings(loadStrings('zh', 'common'));

/** A chunk that fails to load (out of reach) until `reachable` is set. */
function chunk() {
  const state = { reachable: false };
  const load = async () => {
    if (!state.reachable)
      throw Object.assign(new Error('Loading chunk 9 failed.'), { name: 'ChunkLoadError' });
    return 'module';
  };
  return { state, load: loadChunk(load, { reload: async () => false }) };
}

const waitToast = () => toaster.getToasts().find((toast) => toast.id === CHUNK_WAIT_TOAST_ID);

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  act(() => toaster.dismiss());
  jest.useRealTimers();
});

describe('the notice for code out of reach', () => {
  it('shows nothing while no code waits', () => {
    renderWithLocale(<ChunkWaitNotice />);
    expect(toaster.getToasts()).toEqual([]);
  });

  it('says why in one toast that stays while any code waits, and goes once it has loaded', async () => {
    renderWithLocale(<ChunkWaitNotice />, { locale: 'zh' });
    const chat = chunk();
    const onboarding = chunk();
    await act(async () => undefined);
    expect(toaster.getToasts()).toHaveLength(1);
    expect(waitToast()).toMatchObject({
      type: 'error',
      title: zh['messages.networkError'],
      duration: Infinity,
    });
    // It does not go by itself.
    act(() => jest.advanceTimersByTime(60_000));
    expect(waitToast()).toBeDefined();

    chat.state.reachable = true;
    await act(async () => {
      chat.load.retry();
      await chat.load.loaded;
    });
    expect(waitToast()).toBeDefined();

    onboarding.state.reachable = true;
    await act(async () => {
      onboarding.load.retry();
      await onboarding.load.loaded;
    });
    expect(toaster.getToasts()).toEqual([]);
  });

  it('goes when what waited is no longer wanted', async () => {
    renderWithLocale(<ChunkWaitNotice />);
    const chat = chunk();
    await act(async () => undefined);
    expect(waitToast()).toBeDefined();
    act(() => chat.load.stop());
    await act(async () => undefined);
    expect(toaster.getToasts()).toEqual([]);
  });
});
