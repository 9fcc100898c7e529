import '@testing-library/jest-dom';
import { Toaster, toaster } from '@coinlens/design-system';
import { act, screen, waitFor } from '@testing-library/react';
import { flatStrings, loadStrings, renderWithLocale } from '../legal/renderWithLocale';
import { DialogHost } from './DialogHost';
import { addressChanged, closeDialog, getOpenDialog, openDialog } from './dialogs';

// The nickname dialog's code: the first load fails as a chunk does offline, the next one works.
let mockLoads = 0;
jest.mock('../profile/NicknameDialog', () => {
  mockLoads += 1;
  if (mockLoads === 1) throw new Error('Loading chunk 412 failed.\n(missing: /412.js)');
  return { __esModule: true, default: () => <div role="dialog" aria-label="Edit nickname" /> };
});
jest.mock('../auth/LoginDialog', () => ({
  __esModule: true,
  default: () => <div role="dialog" aria-label="Log in" />,
}));
let mockStatus: 'signedIn' | 'signedOut' = 'signedIn';
jest.mock('../auth/session', () => ({
  useSession: () => ({ status: mockStatus, user: null, userFailed: false }),
}));

const common = flatStrings(loadStrings('en', 'common'));

function renderHost() {
  renderWithLocale(
    <>
      <DialogHost />
      <Toaster
        toaster={toaster}
        closeLabel="Dismiss"
        label="Notifications"
        typeLabels={{ success: 'Success', error: 'Error', warning: 'Warning', info: 'Note' }}
      />
    </>,
    { locale: 'en' },
  );
}

afterEach(() => {
  act(() => toaster.dismiss());
  closeDialog();
  mockStatus = 'signedIn';
  window.history.replaceState(null, '', '/');
});

describe('a dialog whose code cannot be loaded', () => {
  it('closes with a toast instead of taking the page down, and loads when opened again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderHost();
    act(() => openDialog('nickname'));
    expect(await screen.findByText(common['messages.networkError']!)).toBeInTheDocument();
    await waitFor(() => expect(getOpenDialog()).toBeNull());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => openDialog('nickname'));
    expect(await screen.findByRole('dialog', { name: 'Edit nickname' })).toBeInTheDocument();
    expect(mockLoads).toBe(2);
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
    renderHost();
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
    renderHost();
    move('?t=other');
    move('#how-it-works');
    expect(getOpenDialog()).toBeNull();
    closeDialog();
    mockStatus = 'signedIn';
    renderHost();
    move('?t=login');
    await act(() => Promise.resolve());
    expect(getOpenDialog()).toBeNull();
  });
});
