import '@testing-library/jest-dom';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import type { Locale } from '../../../i18n/locales';
import { loadStrings, renderWithLocale } from '../../../testing/renderWithLocale';
import { nextIdleIndex, ROBOT_IDLE_ROTATE_MS, useRobotText, type RobotTextOptions } from './robot';

jest.mock('gatsby', () => jest.requireActual('../../../testing/gatsbyStub'));

const assistantStrings = (locale: Locale) =>
  loadStrings(locale, 'assistant') as unknown as { idle: string[]; robotCrash: string };

function Robot(options: RobotTextOptions) {
  return <p data-testid="robot">{useRobotText(options)}</p>;
}

/** Crashed until its button is pressed (a retry that got its answer). */
function Retried() {
  const [crashed, setCrashed] = useState(true);
  return (
    <>
      <Robot crashed={crashed} rotate />
      <button type="button" onClick={() => setCrashed(false)}>
        retry
      </button>
    </>
  );
}

const line = () => screen.getByTestId('robot').textContent;

describe('nextIdleIndex', () => {
  it('never picks the current text again when there is another', () => {
    for (const random of [0, 0.2, 0.5, 0.74, 0.99]) {
      for (let current = 0; current < 4; current += 1) {
        const next = nextIdleIndex(4, current, () => random);
        expect(next).not.toBe(current);
        expect(next).toBeGreaterThanOrEqual(0);
        expect(next).toBeLessThan(4);
      }
    }
  });

  it('gives every other text the same chance', () => {
    const picks = [0, 0.34, 0.67].map((random) => nextIdleIndex(4, 1, () => random));
    expect(picks).toEqual([0, 2, 3]);
  });

  it('keeps the only text there is', () => {
    expect(nextIdleIndex(1, 0, () => 0.9)).toBe(0);
    expect(nextIdleIndex(0, 0, () => 0.9)).toBe(0);
  });
});

describe('useRobotText', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it.each<Locale>(['en', 'zh', 'pt-br'])(
    '%s: says one of the idle texts, and changes it every 300000 ms when asked to',
    (locale) => {
      const { idle } = assistantStrings(locale);
      expect(idle.length).toBeGreaterThan(1);
      renderWithLocale(<Robot crashed={false} rotate />, { locale });
      const first = line();
      expect(idle).toContain(first);
      act(() => jest.advanceTimersByTime(ROBOT_IDLE_ROTATE_MS - 1));
      expect(line()).toBe(first);
      act(() => jest.advanceTimersByTime(1));
      const second = line();
      expect(idle).toContain(second);
      expect(second).not.toBe(first);
      act(() => jest.advanceTimersByTime(ROBOT_IDLE_ROTATE_MS));
      expect(line()).not.toBe(second);
    },
  );

  it('keeps its text on the welcome page', () => {
    renderWithLocale(<Robot crashed={false} rotate={false} />);
    const first = line();
    act(() => jest.advanceTimersByTime(ROBOT_IDLE_ROTATE_MS * 3));
    expect(line()).toBe(first);
  });

  it('starts from a random idle text', () => {
    const { idle } = assistantStrings('en');
    jest.spyOn(Math, 'random').mockReturnValue(0.99);
    renderWithLocale(<Robot crashed={false} rotate={false} />);
    expect(line()).toBe(idle[idle.length - 1]);
  });

  it.each<Locale>(['en', 'zh', 'pt-br'])(
    '%s: asks to check the connection after a reply did not come, then goes back to idle',
    (locale) => {
      const { idle, robotCrash } = assistantStrings(locale);
      renderWithLocale(<Retried />, { locale });
      expect(line()).toBe(robotCrash);
      fireEvent.click(screen.getByRole('button'));
      expect(idle).toContain(line());
    },
  );
});
