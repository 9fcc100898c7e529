import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import type * as ReactDOMServer from 'react-dom/server';
import { CoinlensProvider } from '../../provider';
import { cssRulesOf } from '../../testing/cssRules';
import { Modal } from '../Modal/Modal';
import { Toaster } from './Toast';
import { createToaster, TOAST_DURATION, type ToasterStore } from './toaster';

// Node's build of the server renderer: jsdom's globals lack the TextEncoder the browser build needs.
const { renderToString: serverHtml } =
  jest.requireActual<typeof ReactDOMServer>('react-dom/server.node');

describe('createToaster', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('adds a toast, tells its subscribers and returns the id', () => {
    const store = createToaster();
    const listener = jest.fn();
    store.subscribe(listener);
    const id = store.create({ type: 'success', title: 'Saved' });
    expect(store.getToasts()).toEqual([
      { id, type: 'success', title: 'Saved', description: undefined, duration: TOAST_DURATION },
    ]);
    expect(listener).toHaveBeenCalledWith({ toasts: store.getToasts() });
  });

  it('removes a toast after 3000 ms by default', () => {
    const store = createToaster();
    store.create({ type: 'info', title: 'Code sent' });
    jest.advanceTimersByTime(2999);
    expect(store.getToasts()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(store.getToasts()).toHaveLength(0);
  });

  it('honours a toast’s own duration and the store’s default', () => {
    const store = createToaster({ duration: 1000 });
    store.create({ type: 'info', title: 'Default' });
    store.create({ type: 'info', title: 'Own', duration: 5000 });
    jest.advanceTimersByTime(1000);
    expect(store.getToasts().map((toast) => toast.title)).toEqual(['Own']);
    jest.advanceTimersByTime(4000);
    expect(store.getToasts()).toEqual([]);
  });

  it('keeps a toast with an Infinity duration until it is dismissed', () => {
    const store = createToaster();
    const id = store.create({ type: 'error', title: 'Offline', duration: Infinity });
    jest.advanceTimersByTime(24 * 60 * 60 * 1000);
    expect(store.getToasts()).toHaveLength(1);
    store.dismiss(id);
    expect(store.getToasts()).toHaveLength(0);
  });

  it.each([0, -5, Number.NaN])('falls back to the default for a duration of %p', (duration) => {
    const store = createToaster();
    store.create({ type: 'info', title: 'Hello', duration });
    expect(store.getToasts()[0]?.duration).toBe(TOAST_DURATION);
  });

  it('dismisses one toast by id, or all of them', () => {
    const store = createToaster();
    const first = store.create({ type: 'info', title: 'One' });
    store.create({ type: 'info', title: 'Two' });
    store.create({ type: 'info', title: 'Three' });
    store.dismiss(first);
    expect(store.getToasts().map((toast) => toast.title)).toEqual(['Two', 'Three']);
    store.dismiss();
    expect(store.getToasts()).toEqual([]);
    // No timer is left to fire on a toast that is gone.
    expect(jest.getTimerCount()).toBe(0);
  });

  it('does not tell subscribers about a dismiss that changes nothing', () => {
    const store = createToaster();
    const listener = jest.fn();
    store.subscribe(listener);
    store.dismiss('toast-404');
    store.dismiss();
    expect(listener).not.toHaveBeenCalled();
  });

  it('shows a repeated message once, on top, with its time started again', () => {
    const store = createToaster();
    const first = store.create({ type: 'warning', title: 'Up to 5 coins' });
    store.create({ type: 'info', title: 'Code sent' });
    jest.advanceTimersByTime(2000);
    const again = store.create({ type: 'warning', title: 'Up to 5 coins' });
    expect(again).toBe(first);
    expect(store.getToasts().map((toast) => toast.title)).toEqual(['Code sent', 'Up to 5 coins']);
    jest.advanceTimersByTime(2000);
    expect(store.getToasts().map((toast) => toast.title)).toEqual(['Up to 5 coins']);
  });

  it('keeps a repeated message that stays until closed on screen until it is closed', () => {
    const store = createToaster();
    const waiting = store.create({
      id: 'wait',
      type: 'error',
      title: 'Could not be reached',
      duration: Infinity,
    });
    // The same words, raised without an id and with the default 3 s, join the waiting toast...
    expect(store.create({ type: 'error', title: 'Could not be reached' })).toBe(waiting);
    jest.advanceTimersByTime(60_000);
    // ...and leave it on screen until it is closed, not 3 s later.
    expect(store.getToasts()).toEqual([
      expect.objectContaining({ id: 'wait', duration: Infinity }),
    ]);
    store.dismiss('wait');
    expect(store.getToasts()).toEqual([]);
  });

  it('treats the same title with another type or description as a new toast', () => {
    const store = createToaster();
    store.create({ type: 'warning', title: 'Limit' });
    store.create({ type: 'error', title: 'Limit' });
    store.create({ type: 'error', title: 'Limit', description: 'Remove one first.' });
    expect(store.getToasts()).toHaveLength(3);
  });

  it('replaces the toast with a given id instead of adding one', () => {
    const store = createToaster();
    store.create({ id: 'save', type: 'info', title: 'Saving…', duration: Infinity });
    store.create({ id: 'save', type: 'success', title: 'Saved' });
    expect(store.getToasts()).toEqual([
      {
        id: 'save',
        type: 'success',
        title: 'Saved',
        description: undefined,
        duration: TOAST_DURATION,
      },
    ]);
    jest.advanceTimersByTime(TOAST_DURATION);
    expect(store.getToasts()).toEqual([]);
  });

  it('stops the countdowns while paused and goes on from where they were', () => {
    const store = createToaster();
    store.create({ type: 'info', title: 'Earlier' });
    jest.advanceTimersByTime(1000);
    store.pause();
    store.create({ type: 'info', title: 'While paused' });
    jest.advanceTimersByTime(10_000);
    expect(store.getToasts()).toHaveLength(2);
    store.resume();
    jest.advanceTimersByTime(1999);
    expect(store.getToasts()).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(store.getToasts().map((toast) => toast.title)).toEqual(['While paused']);
    jest.advanceTimersByTime(1000);
    expect(store.getToasts()).toEqual([]);
  });

  it('stops calling a listener once it unsubscribes', () => {
    const store = createToaster();
    const listener = jest.fn();
    const unsubscribe = store.subscribe(listener);
    unsubscribe();
    store.create({ type: 'info', title: 'Hello' });
    expect(listener).not.toHaveBeenCalled();
  });

  it('gives each toast its own id', () => {
    const store = createToaster();
    const ids = ['A', 'B', 'C'].map((title) => store.create({ type: 'info', title }));
    expect(new Set(ids).size).toBe(3);
  });
});

describe('Toaster', () => {
  afterEach(() => jest.useRealTimers());

  it('announces success politely and errors as alerts', () => {
    const store = createToaster();
    renderToaster(store);
    act(() => {
      store.create({ type: 'success', title: 'Login successful' });
      store.create({ type: 'error', title: 'Wrong password' });
    });
    expect(screen.getByRole('status')).toHaveTextContent('Login successful');
    expect(screen.getByRole('alert')).toHaveTextContent('Wrong password');
    // Both sit in a polite live region that is on the page before any toast arrives.
    expect(screen.getByRole('list')).toHaveAttribute('aria-live', 'polite');
  });

  it('turns a replaced "Saving…" into an alert when the save fails', () => {
    const store = createToaster();
    renderToaster(store);
    act(() => {
      store.create({ id: 'save', type: 'info', title: 'Saving…', duration: Infinity });
    });
    expect(screen.getByRole('status')).toHaveTextContent('Saving…');
    act(() => {
      store.create({ id: 'save', type: 'error', title: 'Save failed' });
    });
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('Save failed');
  });

  it('shows the newest on top and no more than max at once', () => {
    const store = createToaster();
    renderToaster(store, { max: 2 });
    act(() => {
      store.create({ type: 'info', title: 'One' });
      store.create({ type: 'info', title: 'Two' });
      store.create({ type: 'info', title: 'Three' });
    });
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Three', 'Two']);
    act(() => store.dismiss(store.getToasts()[2]!.id));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Two', 'One']);
  });

  it('closes a toast by itself after 3000 ms', () => {
    jest.useFakeTimers();
    const store = createToaster();
    renderToaster(store);
    act(() => {
      store.create({ type: 'success', title: 'Saved' });
    });
    act(() => jest.advanceTimersByTime(2999));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('waits while the pointer is on the stack and carries on after it leaves', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const store = createToaster();
    renderToaster(store);
    act(() => {
      store.create({ type: 'info', title: 'Read me' });
    });
    await user.hover(screen.getByText('Read me'));
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.getByText('Read me')).toBeInTheDocument();
    await user.unhover(screen.getByText('Read me'));
    act(() => jest.advanceTimersByTime(TOAST_DURATION));
    expect(screen.queryByText('Read me')).toBeNull();
  });

  it('waits while the keyboard focus is on a toast', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const store = createToaster();
    renderToaster(
      store,
      {},
      <button type="button" aria-label="Before">
        before
      </button>,
    );
    act(() => {
      store.create({ type: 'info', title: 'Read me' });
    });
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.getByText('Read me')).toBeInTheDocument();
    await user.tab({ shift: true });
    act(() => jest.advanceTimersByTime(TOAST_DURATION));
    expect(screen.queryByText('Read me')).toBeNull();
  });

  it('waits while the tab is hidden', () => {
    jest.useFakeTimers();
    const store = createToaster();
    renderToaster(store);
    act(() => {
      store.create({ type: 'info', title: 'Read me' });
    });
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.getByText('Read me')).toBeInTheDocument();
    visibility.mockReturnValue('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    act(() => jest.advanceTimersByTime(TOAST_DURATION));
    expect(screen.queryByText('Read me')).toBeNull();
    visibility.mockRestore();
  });

  it('moves the focus to the next toast on close, then back to where the user was', async () => {
    const user = userEvent.setup();
    const store = createToaster();
    renderToaster(
      store,
      {},
      <button type="button" aria-label="Before">
        before
      </button>,
    );
    act(() => {
      store.create({ type: 'info', title: 'Older', duration: Infinity });
      store.create({ type: 'info', title: 'Newer', duration: Infinity });
    });
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.queryByText('Newer')).toBeNull();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(screen.getByRole('button', { name: 'Before' })).toHaveFocus();
  });

  it('closes the focused toast with Escape', async () => {
    const user = userEvent.setup();
    const store = createToaster();
    renderToaster(store);
    act(() => {
      store.create({ type: 'warning', title: 'Careful', duration: Infinity });
    });
    await user.tab();
    await user.keyboard('{Escape}');
    expect(screen.queryByText('Careful')).toBeNull();
  });

  it('does not take the focus when a toast appears', () => {
    const store = createToaster();
    renderToaster(
      store,
      {},
      <button type="button" aria-label="Before">
        before
      </button>,
    );
    const before = screen.getByRole('button', { name: 'Before' });
    before.focus();
    act(() => {
      store.create({ type: 'error', title: 'Failed', duration: Infinity });
    });
    expect(before).toHaveFocus();
  });

  it('names the icon by type only when given a label, never by colour alone', () => {
    const store = createToaster();
    renderToaster(store, { typeLabels: { warning: 'Warning' } });
    act(() => {
      store.create({ type: 'warning', title: 'Careful', duration: Infinity });
      store.create({ type: 'success', title: 'Done', duration: Infinity });
    });
    const [success, warning] = screen.getAllByRole('status');
    expect(within(warning!).getByRole('img', { name: 'Warning' })).toBeInTheDocument();
    expect(within(success!).queryByRole('img')).toBeNull();
    expect(screen.getAllByRole('listitem').map((item) => item.dataset.type)).toEqual([
      'success',
      'warning',
    ]);
  });

  it('renders into document.body, names its landmark and forwards ref and props', () => {
    const store = createToaster();
    const ref = createRef<HTMLElement>();
    const { container } = render(
      <CoinlensProvider>
        <Toaster
          ref={ref}
          toaster={store}
          closeLabel="Close"
          label="Notifications"
          data-testid="toaster"
        />
      </CoinlensProvider>,
    );
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(ref.current).toBe(region);
    expect(region).toBe(screen.getByTestId('toaster'));
    expect(container).not.toContainElement(region);
  });

  it('starts as far below the top as it is told, and takes taps only where a toast is', () => {
    const store = createToaster();
    store.create({ type: 'success', title: 'Coins added', duration: Infinity });
    renderToaster(store, {
      label: 'Notifications',
      offsetTop: 'calc(3.5rem + 1px)',
      style: { color: 'red' },
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.style.getPropertyValue('--cl-toast-offset-top')).toBe('calc(3.5rem + 1px)');
    // The caller's own style stays beside it.
    expect(region.style.color).toBe('red');
    expect(cssRulesOf(region)).toMatch(/top: var\(--cl-toast-offset-top, /);
    // The stack lets taps through to the page; only a toast takes them.
    expect(cssRulesOf(region)).toMatch(/pointer-events: none/);
    expect(cssRulesOf(screen.getByRole('listitem'))).toMatch(/pointer-events: auto/);
  });

  it('starts at its usual place when given no offset', () => {
    const store = createToaster();
    renderToaster(store, { label: 'Notifications' });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.style.getPropertyValue('--cl-toast-offset-top')).toBe('');
  });

  it('is still read out while a modal hides the rest of the page', async () => {
    const store = createToaster();
    render(
      <CoinlensProvider>
        <main>Page</main>
        <Toaster toaster={store} closeLabel="Close" label="Notifications" />
        <Modal open onOpenChange={() => {}} title="Add coins" closeLabel="Close">
          Pick some
        </Modal>
      </CoinlensProvider>,
    );
    await screen.findByRole('dialog', { name: 'Add coins' });
    // The modal hides the page behind it from screen readers, once it has laid out (role queries
    // leave out what is aria-hidden).
    await waitFor(() => expect(screen.queryByRole('main')).toBeNull());
    act(() => {
      store.create({ type: 'error', title: 'Saving failed' });
    });
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Saving failed');
  });

  it('renders on the server with no toasts', () => {
    const store = createToaster();
    store.create({ type: 'info', title: 'Client only', duration: Infinity });
    const markup = serverHtml(
      <CoinlensProvider>
        <Toaster toaster={store} closeLabel="Close" />
      </CoinlensProvider>,
    );
    expect(markup).toContain('aria-live="polite"');
    expect(markup).not.toContain('Client only');
  });
});

describe('Toast stories', () => {});

function renderToaster(
  store: ToasterStore,
  props: Partial<React.ComponentProps<typeof Toaster>> = {},
  before?: React.ReactNode,
) {
  return render(
    <CoinlensProvider>
      {before}
      <Toaster toaster={store} closeLabel="Close" portalled={false} {...props} />
    </CoinlensProvider>,
  );
}
