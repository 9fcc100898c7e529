import { showsSignedIn } from './session';

describe('showsSignedIn', () => {
  it('shows the signed-in state to a signed-in user on every page', () => {
    for (const path of ['/', '/reporting/', '/terms/', '/mobile/']) {
      expect(showsSignedIn('signedIn', path)).toBe(true);
    }
  });

  it('shows it before the session is known only on the signed-in areas', () => {
    for (const path of ['/reporting/', '/monitoring/', '/monitoring/detail/', '/welcome/']) {
      expect(showsSignedIn('unknown', path)).toBe(true);
    }
    for (const path of ['/', '/mobile/', '/terms/', '/privacy/']) {
      expect(showsSignedIn('unknown', path)).toBe(false);
    }
  });

  it('never shows it to a signed-out visitor, in an area or not', () => {
    for (const path of ['/', '/reporting/', '/welcome/']) {
      expect(showsSignedIn('signedOut', path)).toBe(false);
    }
  });
});
