/* eslint-disable testing-library/no-node-access -- the parts' markup (data-until-session, the
   element kept) is what the head script's CSS reads, so the test reads it too. */
import '@testing-library/jest-dom';
import { CoinlensProvider } from '@coinlens/design-system';
import { render, screen } from '@testing-library/react';
import { SIGNED_IN_MARK } from '../start/signedInAreas';
import { SessionParts, type SessionPartsProps } from './SessionPart';
import type { SessionStatus } from '../data/session';

function renderParts(status: SessionStatus, props: Partial<SessionPartsProps> = {}) {
  return render(
    <CoinlensProvider>
      <h2>
        <SessionParts
          status={status}
          visitor={<button type="button">Log in</button>}
          member={<button type="button">Account</button>}
          {...props}
        />
      </h2>
    </CoinlensProvider>,
  );
}

const shown = () => screen.queryAllByRole('button').map((button) => button.textContent);

afterEach(() => document.documentElement.removeAttribute(SIGNED_IN_MARK));

describe('SessionParts', () => {
  it('renders only the part that fits a known session, without a mark on it', () => {
    renderParts('signedOut');
    expect(shown()).toEqual(['Log in']);
    expect(document.querySelector('[data-until-session]')).toBeNull();
    document.body.innerHTML = '';
    renderParts('signedIn');
    expect(shown()).toEqual(['Account']);
    expect(document.querySelector('[data-until-session]')).toBeNull();
  });

  it("holds both while the session is unknown, and CSS shows the head script's pick", () => {
    renderParts('unknown');
    expect(shown()).toEqual(['Log in']);
    expect(screen.getByText('Account')).not.toBeVisible();
    document.documentElement.setAttribute(SIGNED_IN_MARK, '');
    expect(shown()).toEqual(['Account']);
    expect(screen.getByText('Log in')).not.toBeVisible();
  });

  it('keeps the same element when the session becomes known, so nothing is drawn again', () => {
    const { rerender } = renderParts('unknown');
    const member = screen.getByText('Account').parentElement;
    expect(member).toHaveAttribute('data-until-session', 'member');
    rerender(
      <CoinlensProvider>
        <h2>
          <SessionParts
            status="signedIn"
            visitor={<button type="button">Log in</button>}
            member={<button type="button">Account</button>}
          />
        </h2>
      </CoinlensProvider>,
    );
    expect(screen.getByText('Account').parentElement).toBe(member);
    expect(member).not.toHaveAttribute('data-until-session');
    expect(screen.queryByText('Log in')).toBeNull();
  });

  it('leaves out a version that is not given, and wraps text in a span where asked', () => {
    renderParts('unknown', { visitor: undefined, as: 'span', display: 'contents' });
    const parts = document.querySelectorAll('[data-until-session]');
    expect(
      [...parts].map((part) => [part.tagName, part.getAttribute('data-until-session')]),
    ).toEqual([['SPAN', 'member']]);
    expect(getComputedStyle(parts[0]!).display).toBe('none');
  });
});
