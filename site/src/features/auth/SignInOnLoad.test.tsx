import '@testing-library/jest-dom';
import { act, screen } from '@testing-library/react';
import { DialogHost } from '../../shell/DialogHost';
import { addressChanged, closeDialog, getOpenDialog, registerDialog } from '../../shell/dialogs';
import { renderWithLocale } from '../../testing/renderWithLocale';
import { SignInOnLoad } from './SignInOnLoad';

// The login dialog as frame.ts registers it, its code a stand-in.
registerDialog('login', async () => ({
  default: () => <div role="dialog" aria-label="Log in" />,
}));
let mockStatus: 'signedIn' | 'signedOut' = 'signedIn';
jest.mock('../../data/session', () => ({
  useSession: () => ({ status: mockStatus, user: null, userFailed: false }),
}));

function renderFrame() {
  renderWithLocale(
    <>
      <SignInOnLoad />
      <DialogHost />
    </>,
    { locale: 'en' },
  );
}

afterEach(() => {
  closeDialog();
  mockStatus = 'signedIn';
  window.history.replaceState(null, '', '/');
});

describe('a page loaded at an address that asks for the login dialog (?t=login)', () => {
  it('opens it for a signed-out visitor', async () => {
    mockStatus = 'signedOut';
    window.history.replaceState(null, '', '/?t=login');
    renderFrame();
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
  });

  it('opens nothing for a signed-in user', async () => {
    window.history.replaceState(null, '', '/?t=login');
    renderFrame();
    await act(() => Promise.resolve());
    expect(getOpenDialog()).toBeNull();
  });
});

describe('a move of the site’s own to another address on the same page', () => {
  /** As Gatsby's router does for a link to `search` on the page it is on. */
  const move = (search: string) =>
    act(() => {
      window.history.pushState(null, '', `/${search}`);
      addressChanged(search);
    });

  it('opens the login dialog for a signed-out visitor when it asks for it (?t=login)', async () => {
    mockStatus = 'signedOut';
    renderFrame();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    move('?t=login');
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();

    // Closed, it leaves the address (a reload would open it again); asked for again (the same
    // link pressed again), it opens again.
    act(() => closeDialog());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.location.search).toBe('');
    move('?t=login');
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
  });

  it('opens nothing for another address, nor for a signed-in user', async () => {
    mockStatus = 'signedOut';
    renderFrame();
    move('?t=other');
    move('#how-it-works');
    expect(getOpenDialog()).toBeNull();
    closeDialog();
    mockStatus = 'signedIn';
    renderFrame();
    move('?t=login');
    await act(() => Promise.resolve());
    expect(getOpenDialog()).toBeNull();
  });
});
