// The browser's root reports its hydration: a press outside every part of the page that came
// before it is made then (src/start/earlyClicks.ts).
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { captureEarlyClicks, type EarlyClicks } from './earlyClicks';
import { RuntimeRoot } from './runtime';

const clicks = () => (window as { __coinlensEarlyClicks?: EarlyClicks }).__coinlensEarlyClicks;

afterEach(() => {
  clicks()?.stop();
  delete (window as { __coinlensEarlyClicks?: EarlyClicks }).__coinlensEarlyClicks;
  jest.useRealTimers();
});

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      pressed {count}
    </button>
  );
}

it('makes a press outside every part once it has hydrated', async () => {
  jest.useFakeTimers();
  captureEarlyClicks(window);
  const container = document.createElement('div');
  container.innerHTML = '<button type="button">pressed <!-- -->0</button>';
  document.body.append(container);
  fireEvent.click(screen.getByRole('button'));
  expect(clicks()?.pending).toBe(screen.getByRole('button'));
  await act(async () => {
    hydrateRoot(
      container,
      <RuntimeRoot>
        <Counter />
      </RuntimeRoot>,
    );
  });
  expect(clicks()?.rootHydrated).toBe(true);
  await act(async () => {
    jest.runAllTimers();
  });
  expect(screen.getByRole('button').textContent).toBe('pressed 1');
  container.remove();
});
