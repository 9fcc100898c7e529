import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Static } from './Static';
import { Page, renders, SERVER_MARKUP } from './Static.testPage';

beforeEach(() => {
  renders.count = 0;
});

it('keeps the server’s markup when it hydrates, without rendering its children again', async () => {
  const container = document.createElement('div');
  container.innerHTML = SERVER_MARKUP;
  document.body.append(container);
  await act(async () => {
    hydrateRoot(container, <Page />);
  });
  expect(renders.count).toBe(0);
  expect(screen.getByText('Three areas, one account')).toBeTruthy();
  // The rest of the page is hydrated, and its re-renders keep the markup.
  fireEvent.click(screen.getByRole('button'));
  expect(screen.getByRole('button').textContent).toBe('Clicked 1');
  expect(screen.getByText('Three areas, one account')).toBeTruthy();
  expect(renders.count).toBe(0);
  container.remove();
});

it('renders its children in the browser, without server markup (a client-side navigation)', () => {
  const { rerender } = render(<Page text="How it works" />);
  expect(screen.getByText('How it works')).toBeTruthy();
  rerender(<Page text="Como funciona" />);
  expect(screen.getByText('Como funciona')).toBeTruthy();
  expect(renders.count).toBe(2);
});

/** A page whose placeholder its button takes away and shows again, as a list's loading state. */
function Placeholder() {
  const [shown, setShown] = useState(true);
  return (
    <main>
      <button type="button" onClick={() => setShown(!shown)}>
        toggle
      </button>
      {shown && (
        <Static>
          <p>Loading</p>
        </Static>
      )}
    </main>
  );
}

it('renders its children when it is shown again after the hydration kept the server’s', async () => {
  const container = document.createElement('div');
  container.innerHTML =
    '<main><button type="button">toggle</button><div data-static=""><p>Loading</p></div></main>';
  document.body.append(container);
  await act(async () => {
    hydrateRoot(container, <Placeholder />);
  });
  expect(screen.getByText('Loading')).toBeTruthy();
  fireEvent.click(screen.getByRole('button'));
  expect(screen.queryByText('Loading')).toBeNull();
  fireEvent.click(screen.getByRole('button'));
  expect(screen.getByText('Loading')).toBeTruthy();
  container.remove();
});
