import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
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
