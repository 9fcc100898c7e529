// The signed-in areas' guard sends a visitor who arrives signed out to the login of the same side
// and language: the home page's for the full site's areas, the mobile page's for a phone's page.
import '@testing-library/jest-dom';
import { navigate } from 'gatsby';
import type { Locale } from '../i18n/locales';
import { renderWithLocale } from '../testing/renderWithLocale';
import { RequireSignIn } from './RequireSignIn';

jest.mock('gatsby', () => ({
  ...jest.requireActual<object>('../testing/gatsbyStub'),
  navigate: jest.fn(() => Promise.resolve()),
}));
jest.mock('../data/session', () => ({ useSession: () => ({ status: 'signedOut' }) }));

describe('a visitor who arrives signed out', () => {
  it.each<[Locale, string, string]>([
    ['en', '/monitoring/detail/', '/?t=login'],
    ['zh', '/reporting/', '/zh/?t=login'],
    ['en', '/mobile/monitoring/detail/', '/mobile/?t=login'],
    ['zh', '/mobile/monitoring/detail/', '/zh/mobile/?t=login'],
    ['pt-br', '/mobile/monitoring/detail/', '/pt-br/mobile/?t=login'],
  ])('of %s %s goes to %s, and sees nothing of the area', (locale, originalPath, address) => {
    const { container } = renderWithLocale(
      <RequireSignIn>
        <p>The area</p>
      </RequireSignIn>,
      { locale, originalPath },
    );
    expect(navigate).toHaveBeenLastCalledWith(address, { replace: true });
    expect(container).not.toHaveTextContent('The area');
  });
});
