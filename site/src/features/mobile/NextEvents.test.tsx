// The mobile page's events tab in each language: when an event starts today, "today" is a word in
// the middle of the sentence ("Starts today 18:30"), written as such, not as a label; each source
// opens its phone view in the page's language, with the event's own site a control of its own;
// and the user's finished sources are listed under the next events.
import '@testing-library/jest-dom';
import type { UserMonitorSource } from '@coinlens/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Locale } from '../../i18n/locales';
import { renderWithLocale } from '../../testing/renderWithLocale';
import { NextEvents } from './NextEvents';
import { useNextEvents, useRecentlyFinished } from './nextEvents';

jest.mock('gatsby', () => jest.requireActual('../../testing/gatsbyStub'));
jest.mock('./nextEvents', () => ({
  ...jest.requireActual<object>('./nextEvents'),
  useNextEvents: jest.fn(),
  useRecentlyFinished: jest.fn(),
}));

/** 1 November 2026, noon UTC. */
const NOW = Date.UTC(2026, 10, 1, 12, 0);

function upcoming(id: number, title: string, iso: string): UserMonitorSource {
  return {
    id,
    logo: '',
    author: 'Satoshi Fans',
    title,
    status: 1,
    time: Date.parse(iso) / 1000,
    heat: 0,
    link: `https://x.com/i/spaces/${id}`,
    addedAt: NOW / 1000 - 86_400,
    unread: false,
  };
}

beforeEach(() => {
  jest.mocked(useNextEvents).mockReturnValue({
    events: [
      upcoming(1, 'Bitcoin halving AMA', '2026-11-01T18:30:00Z'),
      upcoming(2, 'Ethereum core devcall', '2026-11-02T15:00:00Z'),
    ],
    more: 0,
    loading: false,
    error: undefined,
    retry: () => {},
  });
  jest.mocked(useRecentlyFinished).mockReturnValue({
    sources: [],
    loading: false,
    error: undefined,
    retry: () => {},
  });
});

/** The links that open a source's phone view. */
const sourceLinks = () =>
  screen
    .getAllByRole('link')
    .filter((link) => link.getAttribute('href')?.includes('/mobile/monitoring/detail/'));

describe('the start of an event', () => {
  it.each<[Locale, string, string]>([
    ['en', 'Starts today 18:30', 'Starts 11/02/2026 15:00'],
    ['pt-br', 'Começa hoje 18:30', 'Começa 02/11/2026 15:00'],
    ['zh', '今天 18:30 开始', '2026/11/02 15:00 开始'],
  ])('reads as a sentence in %s: "%s", "%s"', (locale, today, otherDay) => {
    renderWithLocale(<NextEvents now={NOW} />, { locale, originalPath: '/mobile/' });
    const [first, second] = sourceLinks();
    expect(first).toHaveTextContent(today);
    expect(second).toHaveTextContent(otherDay);
  });
});

describe('a tap on a source', () => {
  it.each<[Locale, string]>([
    ['en', ''],
    ['zh', '/zh'],
    ['pt-br', '/pt-br'],
  ])('opens its phone view in %s, the event itself a second link', (locale, prefix) => {
    renderWithLocale(<NextEvents now={NOW} />, { locale, originalPath: '/mobile/' });
    expect(sourceLinks().map((link) => link.getAttribute('href'))).toEqual([
      `${prefix}/mobile/monitoring/detail/?id=1`,
      `${prefix}/mobile/monitoring/detail/?id=2`,
    ]);
    const outside = screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('target') === '_blank');
    expect(outside.map((link) => link.getAttribute('href'))).toEqual([
      'https://x.com/i/spaces/1',
      'https://x.com/i/spaces/2',
    ]);
  });

  it('names the event link with the source, and links no address that is not the web', () => {
    jest.mocked(useNextEvents).mockReturnValue({
      events: [
        upcoming(1, 'Bitcoin halving AMA', '2026-11-01T18:30:00Z'),
        { ...upcoming(2, 'Odd one', '2026-11-02T15:00:00Z'), link: 'javascript:alert(1)' },
      ],
      more: 0,
      loading: false,
      error: undefined,
      retry: () => {},
    });
    renderWithLocale(<NextEvents now={NOW} />, { locale: 'en', originalPath: '/mobile/' });
    expect(
      screen.getByRole('link', {
        name: 'Open “Bitcoin halving AMA” on its site (opens in a new tab)',
      }),
    ).toHaveAttribute('href', 'https://x.com/i/spaces/1');
    expect(screen.queryByRole('link', { name: /Odd one.*new tab/ })).toBeNull();
    expect(sourceLinks()).toHaveLength(2);
  });
});

describe('the recently finished sources', () => {
  const finished = (
    id: number,
    title: string,
    status: UserMonitorSource['status'],
    heat: number,
  ): UserMonitorSource => ({
    ...upcoming(id, title, '2026-10-30T18:00:00Z'),
    status,
    heat,
  });

  it('are not there while the user has none', () => {
    renderWithLocale(<NextEvents now={NOW} />, { locale: 'en', originalPath: '/mobile/' });
    expect(screen.queryByRole('region', { name: 'Recently finished' })).toBeNull();
  });

  it.each<[Locale, string, string, string]>([
    ['en', '', 'Recently finished', 'Completed · Heat 12.3K'],
    ['zh', '/zh', '最近结束', '已完成 · 热度 1.2万'],
    ['pt-br', '/pt-br', 'Encerrados recentemente', 'Concluído · Engajamento 12,3 mil'],
  ])('are listed in %s, each opening its phone view', (locale, prefix, title, line) => {
    jest.mocked(useRecentlyFinished).mockReturnValue({
      sources: [finished(7, 'Solana devcall', 5, 12_345), finished(8, 'Ended AMA', 3, 0)],
      loading: false,
      error: undefined,
      retry: () => {},
    });
    renderWithLocale(<NextEvents now={NOW} />, { locale, originalPath: '/mobile/' });
    const section = screen.getByRole('region', { name: title });
    const links = within(section)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('target') !== '_blank');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `${prefix}/mobile/monitoring/detail/?id=7`,
      `${prefix}/mobile/monitoring/detail/?id=8`,
    ]);
    expect(links[0]).toHaveTextContent(line);
  });

  it('say when they could not be loaded, with a retry', async () => {
    const retry = jest.fn();
    jest.mocked(useRecentlyFinished).mockReturnValue({
      sources: [],
      loading: false,
      error: new Error('down') as never,
      retry,
    });
    renderWithLocale(<NextEvents now={NOW} />, { locale: 'en', originalPath: '/mobile/' });
    const section = screen.getByRole('region', { name: 'Recently finished' });
    expect(section).toHaveTextContent('Your finished events could not be loaded.');
    await userEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalled();
  });

  it('leave an outage to the next events’ alert, whose retry asks for both', async () => {
    const retryEvents = jest.fn();
    const retryFinished = jest.fn();
    jest.mocked(useNextEvents).mockReturnValue({
      events: [],
      more: 0,
      loading: false,
      error: new Error('down') as never,
      retry: retryEvents,
    });
    jest.mocked(useRecentlyFinished).mockReturnValue({
      sources: [],
      loading: false,
      error: new Error('down') as never,
      retry: retryFinished,
    });
    renderWithLocale(<NextEvents now={NOW} />, { locale: 'en', originalPath: '/mobile/' });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Recently finished' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retryEvents).toHaveBeenCalled();
    expect(retryFinished).toHaveBeenCalled();
  });
});
