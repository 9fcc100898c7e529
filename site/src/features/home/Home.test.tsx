import '@testing-library/jest-dom';
import type { UserInfo } from '@coinlens/contract';
import { screen, within } from '@testing-library/react';
import { SIGNED_IN_MARK } from '../../start/signedInAreas';
import { useSession } from '../../data/session';
import { flatStrings, loadStrings, renderWithLocale } from '../../testing/renderWithLocale';
import { Home } from './Home';

jest.mock('gatsby', () => jest.requireActual('../../testing/gatsbyStub'));
jest.mock('../../data/session', () => ({ useSession: jest.fn() }));

const session = jest.mocked(useSession);

/** The static HTML's parts of one kind, which CSS shows or hides (shell/SessionPart). */
function untilSession(part?: 'visitor' | 'member'): Element[] {
  const selector = part ? `[data-until-session="${part}"]` : '[data-until-session]';

  return [...document.querySelectorAll(selector)];
}
const en = flatStrings(loadStrings('en', 'home'));
const zh = flatStrings(loadStrings('zh', 'home'));

const user: UserInfo = {
  id: 1,
  account: 'ana@example.com',
  nickname: 'Ana',
  avatar: null,
  times: 0,
  tokenInfo: { tokenName: 'Authorization', tokenValue: 'secret', expiresAt: 0 },
};

beforeEach(() => {
  // What the server render and the hydrating render see.
  session.mockReturnValue({ status: 'unknown', user: null, userFailed: false });
});

describe('the home page', () => {
  it('has one h1 and the lead sentence', () => {
    renderWithLocale(<Home />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en['hero.title']!);
    expect(screen.getByText(en['hero.lead']!)).toBeInTheDocument();
  });

  it('asks visitors to sign in through ?t=login while the session is not known yet', () => {
    renderWithLocale(<Home />);
    const signIn = screen.getByRole('link', { name: en['hero.signIn'] });
    expect(signIn).toHaveAttribute('href', '/?t=login');
    expect(screen.getByRole('link', { name: en['closing.signIn'] })).toHaveAttribute(
      'href',
      expect.stringContaining('t=login'),
    );
    expect(screen.queryByRole('link', { name: en['hero.openReports'] })).not.toBeInTheDocument();
  });

  it('keeps the sign-in link on the current language’s home', () => {
    renderWithLocale(<Home />, { locale: 'zh' });
    expect(screen.getByRole('link', { name: zh['hero.signIn'] })).toHaveAttribute(
      'href',
      '/zh/?t=login',
    );
  });

  it('shows signed-out visitors the sign-in calls', () => {
    session.mockReturnValue({ status: 'signedOut', user: null, userFailed: false });
    renderWithLocale(<Home />);
    expect(screen.getByRole('link', { name: en['hero.signIn'] })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: en['hero.openMonitoring'] })).not.toBeInTheDocument();
  });

  it('lists the three areas, each with a heading and a description', () => {
    renderWithLocale(<Home />);
    const section = screen.getByRole('region', { name: en['areas.title'] });
    const areas = within(section)
      .getAllByRole('listitem')
      .filter((item) => within(item).queryByRole('heading', { level: 3 }));
    expect(areas).toHaveLength(3);
    for (const [index, area] of ['reports', 'monitoring', 'assistant'].entries()) {
      const item = areas[index]!;
      expect(within(item).getByRole('heading', { level: 3 })).toHaveTextContent(
        en[`areas.${area}.title`]!,
      );
      expect(within(item).getByText(en[`areas.${area}.body`]!)).toBeInTheDocument();
    }
  });

  it('explains how it works in four ordered steps, reachable from the hero', () => {
    renderWithLocale(<Home />);
    const section = screen.getByRole('region', { name: en['steps.title'] });
    const steps = within(section).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('heading').textContent)).toEqual([
      en['steps.follow.title'],
      en['steps.read.title'],
      en['steps.monitor.title'],
      en['steps.ask.title'],
    ]);
    expect(within(section).getByRole('list').tagName).toBe('OL');
    const anchor = screen.getByRole('link', { name: en['hero.howItWorks'] });
    expect(anchor).toHaveAttribute('href', `#${section.id}`);
  });

  it('gives signed-in users links into Reporting and Monitoring instead', () => {
    session.mockReturnValue({ status: 'signedIn', user, userFailed: false });
    renderWithLocale(<Home />);
    expect(screen.getByText('Welcome back, Ana.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: en['hero.signIn'] })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /t=login/ })).not.toBeInTheDocument();
    const reports = screen.getAllByRole('link', { name: en['hero.openReports'] });
    const monitoring = screen.getAllByRole('link', { name: en['hero.openMonitoring'] });
    expect(reports.length).toBeGreaterThan(0);
    for (const link of reports) expect(link).toHaveAttribute('href', '/reporting/');
    for (const link of monitoring) expect(link).toHaveAttribute('href', '/monitoring/');
    expect(
      screen.getAllByRole('link').filter((link) => link.getAttribute('href')?.includes('t=login')),
    ).toEqual([]);
  });

  describe('before the session is known (the static HTML)', () => {
    afterEach(() => document.documentElement.removeAttribute(SIGNED_IN_MARK));

    it("holds both versions, and shows a browser the head script marked the signed-in user's", () => {
      document.documentElement.setAttribute(SIGNED_IN_MARK, '');
      renderWithLocale(<Home />);
      expect(screen.getAllByRole('link', { name: en['hero.openReports'] })).toHaveLength(2);
      expect(screen.queryByRole('link', { name: en['hero.signIn'] })).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { name: en['closing.signedInTitle'] })).toBeVisible();
      expect(screen.getByText(en['closing.signedInBody']!)).toBeVisible();
      // The visitor's version is there too, for CSS to hide.
      const visitor = untilSession('visitor');
      expect(visitor.length).toBeGreaterThan(0);
      for (const part of visitor) expect(part).not.toBeVisible();
      expect(screen.getByText(en['closing.title']!)).not.toBeVisible();
    });

    it("shows an unmarked browser the visitor's version", () => {
      renderWithLocale(<Home />);
      expect(screen.getByRole('link', { name: en['hero.signIn'] })).toBeVisible();
      expect(screen.getByRole('heading', { name: en['closing.title'] })).toBeVisible();
      for (const part of untilSession('member')) {
        expect(part).not.toBeVisible();
      }
    });
  });

  it('keeps the welcome line while the nickname comes, so that the links below do not move', () => {
    session.mockReturnValue({ status: 'signedIn', user: null, userFailed: false });
    renderWithLocale(<Home />);
    const link = screen.getAllByRole('link', { name: en['hero.openReports'] })[0]!;
    const line = screen.getByText(
      (_, element) => element?.tagName === 'P' && element.textContent === '\u00a0',
    );
    expect(line.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(untilSession()).toHaveLength(0);
  });

  it.each(['en', 'zh'] as const)(
    'welcomes the user without the nickname in %s when their details cannot be loaded',
    (locale) => {
      session.mockReturnValue({ status: 'signedIn', user: null, userFailed: true });
      renderWithLocale(<Home />, { locale });
      const own = flatStrings(loadStrings(locale, 'home'));
      expect(screen.getByText(own['hero.welcomeBackUnnamed']!)).toBeInTheDocument();
      expect(screen.queryByText('\u00a0')).not.toBeInTheDocument();
    },
  );

  it('links to the privacy policy and the terms', () => {
    renderWithLocale(<Home />, { locale: 'pt-br' });
    const pt = flatStrings(loadStrings('pt-br', 'home'));
    expect(screen.getByRole('link', { name: pt['notes.privacy.link'] })).toHaveAttribute(
      'href',
      '/pt-br/privacy/',
    );
    expect(screen.getByRole('link', { name: pt['notes.advice.link'] })).toHaveAttribute(
      'href',
      '/pt-br/terms/',
    );
  });

  it('keeps its headings in order, never skipping a level', () => {
    renderWithLocale(<Home />);
    const levels = screen
      .getAllByRole('heading')
      .map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    levels.reduce((previous, level) => {
      expect(level - previous).toBeLessThanOrEqual(1);
      return level;
    });
  });

  it.each(['zh', 'pt-br'] as const)('speaks %s throughout, with no English left', (locale) => {
    session.mockReturnValue({ status: 'signedIn', user, userFailed: false });
    const { container: signedIn, unmount } = renderWithLocale(<Home />, { locale });
    const signedInText = signedIn.textContent ?? '';
    unmount();
    session.mockReturnValue({ status: 'signedOut', user: null, userFailed: false });
    const { container } = renderWithLocale(<Home />, { locale });
    const text = `${container.textContent ?? ''}\n${signedInText}`;

    const own = flatStrings(loadStrings(locale, 'home'));
    expect(text).toContain(own['hero.title']);
    expect(text).toContain(own['hero.lead']);
    for (const [key, english] of Object.entries(en)) {
      expect([key, text.includes(english.replace('{{nickname}}', 'Ana'))]).toEqual([key, false]);
    }
    // A key i18next could not find would show as itself.
    expect(text).not.toMatch(/\b(hero|areas|steps|notes|closing|preview)\.\w+/);
  });
});
