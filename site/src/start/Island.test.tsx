import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { Page, renders, serverMarkup } from '../testing/islandTestPage';

let container: HTMLElement;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => container.remove());

const button = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name} `) });

it('hydrates the server markup of the page and of each part, keeping its nodes', async () => {
  container.innerHTML = serverMarkup('hydrate');
  const nodes = screen.getAllByRole('button');
  const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
  await act(async () => {
    hydrateRoot(container, <Page prefix="hydrate" />);
  });
  for (const name of ['hydrate-page', 'hydrate-first', 'hydrate-second']) {
    fireEvent.click(button(name));
    expect(button(name).textContent).toBe(`${name} 1`);
  }
  expect(screen.getAllByRole('button')).toEqual(nodes);
  // No mismatch: the markup was hydrated, not rendered again.
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});

it('renders its parts at once without server markup (a client-side navigation)', () => {
  render(<Page prefix="client" />);
  expect(renders['client-first']).toBe(1);
  expect(renders['client-second']).toBe(1);
  fireEvent.click(button('client-second'));
  expect(button('client-second').textContent).toBe('client-second 1');
});
