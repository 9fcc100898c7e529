import '@testing-library/jest-dom';
import { Toaster, toaster } from '@coinlens/design-system';
import { act, screen, waitFor } from '@testing-library/react';
import { flatStrings, loadStrings, renderWithLocale } from '../testing/renderWithLocale';
import { DialogHost } from './DialogHost';
import { closeDialog, getOpenDialog, openDialog, registerDialog } from './dialogs';

// A dialog as a feature registers it (a feature's frame.ts), whose code's first load fails as a
// chunk does offline; the next one works.
let loads = 0;
registerDialog('nickname', async () => {
  loads += 1;
  if (loads === 1) throw new Error('Loading chunk 412 failed.\n(missing: /412.js)');
  return { default: () => <div role="dialog" aria-label="Edit nickname" /> };
});

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
    expect(loads).toBe(2);
  });
});

describe('a dialog no feature registered', () => {
  it('closes again and says which, drawing nothing', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderHost();
    act(() => openDialog('addCoin'));
    await waitFor(() => expect(getOpenDialog()).toBeNull());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('"addCoin"'));
  });
});
