import '@testing-library/jest-dom';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import type { Locale } from '../../i18n/locales';
import { renderWithLocale } from '../../testing/renderWithLocale';
import { monitoringStrings } from '../../testing/monitoringStrings';
import { useMonitorCardLabels, type MonitorCardLabels } from './labels';
import { SourceCard } from './SourceCard';

jest.mock('gatsby', () => jest.requireActual('../../testing/gatsbyStub'));

let seen: MonitorCardLabels[] = [];

/** Shows the labels it gets, and renders again on a click. */
function Probe() {
  const labels = useMonitorCardLabels();
  const [renders, setRenders] = useState(1);
  seen.push(labels);
  return (
    <>
      <output aria-label="labels">{JSON.stringify(labels)}</output>
      <button type="button" onClick={() => setRenders(renders + 1)}>
        Render {renders}
      </button>
    </>
  );
}

function labelsIn(locale: Locale): MonitorCardLabels {
  seen = [];
  renderWithLocale(<Probe />, { locale });
  return JSON.parse(
    screen.getByRole('status', { name: 'labels' }).textContent!,
  ) as MonitorCardLabels;
}

describe('the MonitorCard labels', () => {
  it.each([
    ['en', 'en'],
    ['zh', 'zh-CN'],
    ['pt-br', 'pt-BR'],
  ] as const)('are the %s strings, with the %s locale for numbers', (locale, intl) => {
    const t = monitoringStrings(locale);
    expect(labelsIn(locale)).toEqual({
      root: {
        todayLabel: t('today'),
        unreadLabel: t('unread'),
        unavailableLabel: t('unavailable'),
        locale: intl,
      },
      statusLabels: {
        unStarted: t('status.unStarted'),
        inProgress: t('status.inProgress'),
        finished: t('status.finished'),
        parsing: t('status.parsing'),
        completed: t('status.completed'),
        cancelled: t('status.cancelled'),
        invalid: t('status.invalid'),
      },
      heatLabel: t('heat'),
      checkLabel: t('check'),
      newTabLabel: t('newTab'),
    });
  });

  it('stay the same object from one render to the next', () => {
    labelsIn('zh');
    fireEvent.click(screen.getByRole('button', { name: 'Render 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Render 2' }));
    expect(screen.getByRole('button', { name: 'Render 3' })).toBeInTheDocument();
    expect(seen).toHaveLength(3);
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).toBe(seen[0]);
  });

  it('give a card its words: a Chinese card of today, and a Brazilian heat', () => {
    const zh = monitoringStrings('zh');
    const now = Date.UTC(2024, 4, 6, 14, 5);
    function Card({ status, heat }: { status: number; heat: number }) {
      return (
        <SourceCard
          now={now}
          unread
          source={{
            id: 1,
            author: 'Ada',
            title: 'Fees',
            status,
            time: now / 1000 + 60,
            heat,
            link: '',
          }}
        />
      );
    }
    const { unmount } = renderWithLocale(<Card status={1} heat={0} />, { locale: 'zh' });
    expect(screen.getByRole('button', { name: /^Ada Fees/ })).toHaveAccessibleName(
      `Ada Fees ${zh('status.unStarted')} ${zh('today')} 14:06 ${zh('unread')}`,
    );
    unmount();

    const pt = monitoringStrings('pt-br');
    renderWithLocale(<Card status={4} heat={1500} />, { locale: 'pt-br' });
    expect(screen.getByText(pt('status.parsing'))).toBeInTheDocument();
    renderWithLocale(<Card status={5} heat={1500} />, { locale: 'pt-br' });
    expect(screen.getByText(/^1,5\smil/)).toBeInTheDocument();
  });
});
