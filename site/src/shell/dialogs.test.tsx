import '@testing-library/jest-dom';
import { render } from '@testing-library/react';
import type { RefObject } from 'react';
import type { Coin } from '@coinlens/contract';
import {
  closeDialog,
  getDialogParams,
  keepUnsaved,
  openDialog,
  useDialogOpener,
  withoutLoginAsk,
} from './dialogs';

function Probe({ onRef }: { onRef: (ref: RefObject<HTMLElement | null>) => void }) {
  onRef(useDialogOpener());
  return null;
}

describe('the opener of a global dialog', () => {
  afterEach(() => {
    closeDialog();
    document.body.replaceChildren();
  });

  it('is the control that had the focus, while it is on the page', () => {
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    openDialog('nickname');
    let opener: RefObject<HTMLElement | null> | undefined;
    render(<Probe onRef={(ref) => (opener = ref)} />);
    // The dialog moves the focus as it mounts; the opener stays the button.
    document.body.focus();
    expect(opener?.current).toBe(button);
    button.remove();
    expect(opener?.current).toBeNull();
  });

  it('stays the first one when a dialog replaces another, and is none without a focused control', () => {
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    openDialog('addCoin');
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    openDialog('login');
    let opener: RefObject<HTMLElement | null> | undefined;
    render(<Probe onRef={(ref) => (opener = ref)} />);
    expect(opener?.current).toBe(button);

    closeDialog();
    field.blur();
    openDialog('login');
    render(<Probe onRef={(ref) => (opener = ref)} />);
    expect(opener?.current).toBeNull();
  });
});

describe('what an add dialog could not save', () => {
  afterEach(() => closeDialog());
  const bitcoin = { id: 1, name: 'Bitcoin', symbol: 'BTC' } as unknown as Coin;
  const ethereum = { id: 2, name: 'Ethereum', symbol: 'ETH' } as unknown as Coin;

  it('is what the dialog starts with the next time it opens, once', () => {
    openDialog('addCoin');
    keepUnsaved('addCoin', { coins: [bitcoin] });
    closeDialog();
    openDialog('addMonitor');
    expect(getDialogParams('addMonitor')).toEqual({});
    // As the page's "Add coins" button opens it: with no coins of its own.
    openDialog('addCoin', { coins: [] });
    expect(getDialogParams('addCoin')).toEqual({ coins: [bitcoin] });
    closeDialog();
    openDialog('addCoin');
    expect(getDialogParams('addCoin')).toEqual({});
  });

  it('gives way to what the dialog is opened with (the chat’s add action)', () => {
    keepUnsaved('addCoin', { coins: [bitcoin] });
    openDialog('addCoin', { coins: [ethereum] });
    expect(getDialogParams('addCoin')).toEqual({ coins: [ethereum] });
    closeDialog();
    openDialog('addCoin');
    expect(getDialogParams('addCoin')).toEqual({});
  });
});

describe('the address that asked for the login dialog (?t=login)', () => {
  afterEach(() => {
    closeDialog();
    window.history.replaceState(null, '', '/');
  });

  it.each([
    ['?t=login', ''],
    ['?coin=btc&t=login', '?coin=btc'],
    ['?t=login&coin=btc&q=a%20b', '?coin=btc&q=a%20b'],
    ['?t=%6Cogin', ''],
    ['?t=other', '?t=other'],
    ['?coin=btc', '?coin=btc'],
    ['?t=login&next=%2Freporting%2F%3Fcoin%3D1', ''],
    ['?a=1&t=login&next=%2F', '?a=1'],
    ['', ''],
  ])('%p without the login ask is %p', (search, expected) => {
    expect(withoutLoginAsk(search)).toBe(expected);
  });

  it('loses its t=login when the dialog closes, keeping the path, the rest and the entry', () => {
    window.history.replaceState({ key: 'router-key' }, '', '/zh/reporting/?coin=btc&t=login#top');
    const entries = window.history.length;
    openDialog('login');
    expect(window.location.search).toBe('?coin=btc&t=login');
    closeDialog();
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/zh/reporting/?coin=btc#top',
    );
    expect(window.history.length).toBe(entries);
    expect(window.history.state).toEqual({ key: 'router-key' });
  });

  it('loses it too when another dialog takes the login dialog’s place, and only then', () => {
    window.history.replaceState(null, '', '/?t=login');
    openDialog('nickname');
    closeDialog();
    expect(window.location.search).toBe('?t=login');
    openDialog('login');
    openDialog('nickname');
    expect(window.location.search).toBe('');
  });
});
