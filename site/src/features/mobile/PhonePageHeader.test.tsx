// The back control of a phone's view: a link to where the view belongs, in the page's language,
// that goes back in the history instead when the site led there (and a click asks for nothing of
// its own); and the mark the site's links leave in the history for it.
import '@testing-library/jest-dom';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithLocale } from '../../testing/renderWithLocale';
import { cameFromSite, FROM_SITE_STATE } from './fromSite';
import { PhonePageHeader } from './PhonePageHeader';

jest.mock('gatsby', () => jest.requireActual('../../testing/gatsbyStub'));

/** Clicks `link`; answers whether the click was left to the link (not prevented). */
function click(link: HTMLElement, init: MouseEventInit = {}): boolean {
  let followed = false;
  // After the page's own handlers: notes what they did, and keeps jsdom from navigating.
  const note = (event: Event) => {
    followed = !event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', note);
  fireEvent.click(link, init);
  window.removeEventListener('click', note);
  return followed;
}

let back: jest.SpyInstance;
beforeEach(() => {
  back = jest.spyOn(window.history, 'back').mockImplementation(() => undefined);
});
afterEach(() => back.mockRestore());

describe('the back control', () => {
  it('links to where the view belongs, in the page’s language', () => {
    renderWithLocale(<PhonePageHeader backTo="/mobile/?tab=events" backLabel="返回活动" />, {
      locale: 'zh',
      originalPath: '/mobile/monitoring/detail/',
    });
    const link = screen.getByRole('link', { name: '返回活动' });
    expect(link).toHaveAttribute('href', '/zh/mobile/?tab=events');
    expect(click(link)).toBe(true);
    expect(back).not.toHaveBeenCalled();
  });

  it('goes back in the history when the site led here', () => {
    renderWithLocale(
      <PhonePageHeader backTo="/mobile/?tab=events" backLabel="Back to events" goBack />,
      { locale: 'en', originalPath: '/mobile/monitoring/detail/' },
    );
    const link = screen.getByRole('link', { name: 'Back to events' });
    expect(click(link)).toBe(false);
    expect(back).toHaveBeenCalledTimes(1);
    // A new tab asked for is the link's to open.
    expect(click(link, { ctrlKey: true })).toBe(true);
    expect(back).toHaveBeenCalledTimes(1);
  });
});

describe('the mark of a link from the site', () => {
  it('is read from the history state, and nothing else counts', () => {
    expect(cameFromSite(FROM_SITE_STATE)).toBe(true);
    expect(cameFromSite({ ...FROM_SITE_STATE, key: 'initial' })).toBe(true);
    expect(cameFromSite(null)).toBe(false);
    expect(cameFromSite(undefined)).toBe(false);
    expect(cameFromSite({ fromSite: 'yes' })).toBe(false);
    expect(cameFromSite('fromSite')).toBe(false);
  });
});
