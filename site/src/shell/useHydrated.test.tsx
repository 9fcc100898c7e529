import { act, render } from '@testing-library/react';
import { useHydrated } from './useHydrated';

it('is false in the first render (as on the server), then true', async () => {
  const seen: boolean[] = [];
  function Probe() {
    seen.push(useHydrated());
    return null;
  }
  render(<Probe />);
  await act(() => Promise.resolve());
  expect(seen).toEqual([false, true]);
});
