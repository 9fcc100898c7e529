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
  it.each<[Locale, string, string, string]>([
    [
      'en',
      '/monitoring/detail/',
      '/monitoring/detail/?id=7',
      '/?t=login&next=%2Fmonitoring%2Fdetail%2F%3Fid%3D7',
    ],
    ['zh', '/reporting/', '/zh/reporting/', '/zh/?t=login&next=%2Fzh%2Freporting%2F'],
    [
      'en',
      '/mobile/monitoring/detail/',
      '/mobile/monitoring/detail/?id=7',
      '/mobile/?t=login&next=%2Fmobile%2Fmonitoring%2Fdetail%2F%3Fid%3D7',
    ],
    [
      'zh',
      '/mobile/reporting/',
      '/zh/mobile/reporting/?coin=1',
      '/zh/mobile/?t=login&next=%2Fzh%2Fmobile%2Freporting%2F%3Fcoin%3D1',
    ],
    [
      'pt-br',
      '/mobile/monitoring/detail/',
      '/pt-br/mobile/monitoring/detail/?id=7',
      '/pt-br/mobile/?t=login&next=%2Fpt-br%2Fmobile%2Fmonitoring%2Fdetail%2F%3Fid%3D7',
    ],
  ])(
    'of %s %s (at %s) goes to %s, to come back, and sees nothing of the area',
    (locale, originalPath, at, address) => {
      window.history.replaceState(null, '', at);
      const { container } = renderWithLocale(
        <RequireSignIn>
          <p>The area</p>
        </RequireSignIn>,
        { locale, originalPath },
      );
      expect(navigate).toHaveBeenLastCalledWith(address, { replace: true });
      expect(container).not.toHaveTextContent('The area');
    },
  );
});
