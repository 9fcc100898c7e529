/**
 * @jest-environment node
 */
import { renderToString } from 'react-dom/server';
import { Page, renders, SERVER_MARKUP } from './Static.testPage';

it('renders its children on the server', () => {
  expect(renderToString(<Page />)).toBe(SERVER_MARKUP);
  expect(renders.count).toBe(1);
});
