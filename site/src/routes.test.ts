import { existsSync } from 'node:fs';
import { join } from 'node:path';

// Every route of the site, as the page file that makes it.
const SPEC_ROUTES: Record<string, string> = {
  '/': 'index.tsx',
  '/welcome': 'welcome.tsx',
  '/reporting': 'reporting.tsx',
  '/monitoring': 'monitoring/index.tsx',
  '/monitoring/detail': 'monitoring/detail.tsx',
  '/privacy': 'privacy.tsx',
  '/terms': 'terms.tsx',
  '/mobile': 'mobile/index.tsx',
  '/mobile/privacy': 'mobile/privacy.tsx',
  '/mobile/terms': 'mobile/terms.tsx',
  '/400': '400.tsx',
};

// Pages that follow from those: the mobile variant of /400 (a phone is sent away from /400 itself),
// the public market overview and the alerts on both sides, and the operators' Feeds page (the
// full site's alone, as the monitoring page it belongs to: the device redirect sends a phone to
// the mobile home page).
const MORE_ROUTES: Record<string, string> = {
  '/mobile/400': 'mobile/400.tsx',
  '/markets': 'markets.tsx',
  '/mobile/markets': 'mobile/markets.tsx',
  '/alerts': 'alerts.tsx',
  '/mobile/alerts': 'mobile/alerts.tsx',
  '/monitoring/feeds': 'monitoring/feeds.tsx',
};

describe('routes', () => {
  it.each(Object.entries({ ...SPEC_ROUTES, ...MORE_ROUTES }))(
    '%s has a page (%s)',
    (_route, file) => {
      expect(existsSync(join(__dirname, 'pages', file))).toBe(true);
    },
  );

  it('has a not-found page', () => {
    expect(existsSync(join(__dirname, 'pages', '404.tsx'))).toBe(true);
  });
});
