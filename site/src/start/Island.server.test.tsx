/**
 * @jest-environment node
 */
import { renderToString } from 'react-dom/server';
import { Page, renders, serverMarkup } from '../testing/islandTestPage';

it('renders its children on the server, in a wrapper that changes no layout', () => {
  expect(renderToString(<Page />)).toBe(serverMarkup());
  expect(renders).toEqual({ 'p-page': 1, 'p-first': 1, 'p-second': 1 });
});
