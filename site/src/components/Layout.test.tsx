import '@testing-library/jest-dom';
import { act, screen, waitFor } from '@testing-library/react';
import { startRealtime } from '../features/assistant/realtime/connection';
import { pageLoad } from '../features/shell/pageLoad';
import { flatStrings, loadStrings, renderWithLocale } from '../features/legal/renderWithLocale';
import { Layout } from './Layout';

jest.mock('gatsby', () => jest.requireActual('../features/legal/gatsbyStub'));
jest.mock('../features/assistant/realtime/connection', () => ({
  ...jest.requireActual('../features/assistant/realtime/connection'),
  startRealtime: jest.fn(() => () => undefined),
}));

afterEach(() => act(() => pageLoad.done()));

describe('the frame’s late overlays', () => {
  it.each(['en', 'zh', 'pt-br'] as const)(
    'loads the loading bar and the realtime connection once hydrated (%s)',
    async (locale) => {
      const label = flatStrings(loadStrings(locale, 'common'))['loadingPage'];
      renderWithLocale(<Layout>page</Layout>, { locale });
      const bar = await screen.findByRole('progressbar', { hidden: true });
      expect(bar).toHaveAttribute('aria-label', label);
      expect(startRealtime).toHaveBeenCalled();

      // The bar follows the site's page loads (gatsby-browser.tsx and the API's slow requests).
      act(() => pageLoad.start());
      await waitFor(() => expect(screen.getByRole('progressbar', { name: label })).toBeVisible());
    },
  );
});
