import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import type * as ReactDOMServer from 'react-dom/server';
import { CoinlensProvider } from '../../provider';
import { LoadingOverlay, type LoadingOverlayProps } from './LoadingOverlay';

// Node's build of the server renderer: jsdom's globals lack the TextEncoder the browser build needs.
const { renderToString: serverHtml } =
  jest.requireActual<typeof ReactDOMServer>('react-dom/server.node');

describe('LoadingOverlay', () => {
  it('reads its text out when it opens, from a live region that was already there', () => {
    const { rerender } = render(page({ open: false }));
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();
    rerender(page({ open: true }));
    expect(screen.getByRole('status')).toBe(status);
    expect(status).toHaveTextContent('Loading…');
    expect(status).toHaveAttribute('aria-live', 'polite');
  });

  it('empties the live region when it closes', () => {
    const { rerender } = render(page({ open: true }));
    rerender(page({ open: false }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'closed');
  });

  it('neither takes nor traps the focus', async () => {
    const user = userEvent.setup();
    const { rerender } = render(page({ open: false }));
    const before = screen.getByRole('button', { name: 'Before' });
    before.focus();
    rerender(page({ open: true }));
    expect(before).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });

  it('appears at once when open from the start, and fades in when opened later', () => {
    const { rerender } = render(page({ open: true }));
    expect(screen.getByRole('status')).toHaveAttribute('data-initial');
    rerender(page({ open: false }));
    rerender(page({ open: true }));
    expect(screen.getByRole('status')).not.toHaveAttribute('data-initial');
  });

  it('renders into document.body and forwards its ref and props', () => {
    const ref = createRef<HTMLDivElement>();
    const { container } = render(
      <CoinlensProvider>
        <LoadingOverlay ref={ref} open text="Loading…" data-testid="overlay" />
      </CoinlensProvider>,
    );
    expect(ref.current).toBe(screen.getByTestId('overlay'));
    expect(ref.current).toBe(screen.getByRole('status'));
    expect(container).not.toContainElement(ref.current);
  });

  it('renders its text on the server when open', () => {
    const markup = serverHtml(
      <CoinlensProvider>
        <LoadingOverlay open text="Loading…" />
      </CoinlensProvider>,
    );
    expect(markup).toContain('Loading…');
    expect(markup).toContain('role="status"');
  });
});

describe('LoadingOverlay stories', () => {});

function page(props: Partial<LoadingOverlayProps>) {
  return (
    <CoinlensProvider>
      <button type="button">Before</button>
      <LoadingOverlay open={false} text="Loading…" portalled={false} {...props} />
      <button type="button">After</button>
    </CoinlensProvider>
  );
}
