import '@testing-library/jest-dom';
import { renderWithLocale } from '../../../testing/renderWithLocale';
import { startRealtime } from './connection';
import RealtimeOverlay from './RealtimeOverlay';

jest.mock('./connection', () => ({
  ...jest.requireActual('./connection'),
  startRealtime: jest.fn(() => () => undefined),
}));

it('starts the realtime connection when the frame draws it, and leaves it open when it goes', () => {
  const stop = jest.fn();
  jest.mocked(startRealtime).mockReturnValue(stop);
  const { unmount } = renderWithLocale(<RealtimeOverlay />);
  expect(startRealtime).toHaveBeenCalledTimes(1);
  // The socket outlives the page's frame: a move to the next page does not close it.
  unmount();
  expect(stop).not.toHaveBeenCalled();
});
