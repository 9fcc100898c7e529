// The mobile page's next events in each language: when an event starts today, "today" is a word
// in the middle of the sentence ("Starts today 18:30"), written as such, not as a label.
import '@testing-library/jest-dom';
import type { UserMonitorSource } from '@coinlens/contract';
import { screen } from '@testing-library/react';
import type { Locale } from '../../i18n/locales';
import { renderWithLocale } from '../../testing/renderWithLocale';
import { NextEvents } from './NextEvents';
import { useNextEvents } from './nextEvents';

jest.mock('gatsby', () => jest.requireActual('../../testing/gatsbyStub'));
jest.mock('./nextEvents', () => ({
  ...jest.requireActual<object>('./nextEvents'),
  useNextEvents: jest.fn(),
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
});

describe('the start of an event', () => {
  it.each<[Locale, string, string]>([
    ['en', 'Starts today 18:30', 'Starts 11/02/2026 15:00'],
    ['pt-br', 'Começa hoje 18:30', 'Começa 02/11/2026 15:00'],
    ['zh', '今天 18:30 开始', '2026/11/02 15:00 开始'],
  ])('reads as a sentence in %s: "%s", "%s"', (locale, today, otherDay) => {
    renderWithLocale(<NextEvents now={NOW} />, { locale, originalPath: '/mobile/' });
    const [first, second] = screen.getAllByRole('link');
    expect(first).toHaveTextContent(today);
    expect(second).toHaveTextContent(otherDay);
  });
});
