import '@testing-library/jest-dom';
import { act, screen, waitFor } from '@testing-library/react';
import { addFramePart, addLateFramePart } from './frameParts';
import { pageLoad } from './pageLoad';
import { flatStrings, loadStrings, renderWithLocale } from '../testing/renderWithLocale';
import { Layout } from './Layout';

jest.mock('gatsby', () => jest.requireActual('../testing/gatsbyStub'));

// What a feature adds to the frame (a feature's frame.ts).
function EarlyPart() {
  return <p>early part</p>;
}
addFramePart(EarlyPart);
addLateFramePart(async () => ({ default: () => <p>late part</p> }));

afterEach(() => act(() => pageLoad.done()));

describe('the frame’s late overlays', () => {
  it.each(['en', 'zh', 'pt-br'] as const)(
    'loads the loading bar once hydrated (%s)',
    async (locale) => {
      const label = flatStrings(loadStrings(locale, 'common'))['loadingPage'];
      renderWithLocale(<Layout>page</Layout>, { locale });
      const bar = await screen.findByRole('progressbar', { hidden: true });
      expect(bar).toHaveAttribute('aria-label', label);

      // The bar follows the site's page loads (gatsby-browser.tsx and the API's slow requests).
      act(() => pageLoad.start());
      await waitFor(() => expect(screen.getByRole('progressbar', { name: label })).toBeVisible());
    },
  );
});

describe('what the features add to the frame', () => {
  it('draws their parts with the overlays, and their late parts once hydrated', async () => {
    renderWithLocale(<Layout>page</Layout>);
    expect(screen.getByText('early part')).toBeInTheDocument();
    expect(await screen.findByText('late part')).toBeInTheDocument();
    // Each once, however often a feature's frame.ts would add it.
    addFramePart(EarlyPart);
    expect(screen.getAllByText('early part')).toHaveLength(1);
  });
});
