// The robot beside the chat: its line is one of the idle texts, picked at random and, outside the
// welcome page, changed for another every 300000 ms; when the assistant did not answer (the crash
// text), it says it lost the connection instead.
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { useEffect, useState } from 'react';

/** How often the idle text changes outside the welcome page. */
export const ROBOT_IDLE_ROTATE_MS = 300_000;

/** A random index below `count`, other than `current` when there is another to pick. */
export function nextIdleIndex(count: number, current: number, random = Math.random): number {
  if (count <= 1) return 0;
  // One of the other count - 1 indexes, each as likely.
  const pick = Math.floor(random() * (count - 1));
  return pick >= current ? pick + 1 : pick;
}

export interface RobotTextOptions {
  /** The last reply crashed (timed out, failed or was stopped). */
  crashed: boolean;
  /** Change the idle text every ROBOT_IDLE_ROTATE_MS (not on the welcome page). */
  rotate: boolean;
}

/** The robot's line, in the page's language. */
export function useRobotText({ crashed, rotate }: RobotTextOptions): string {
  const { t } = useTranslation('assistant');
  const idle = t('idle', { returnObjects: true }) as unknown;
  const texts = Array.isArray(idle) ? idle.map(String) : [];
  const count = texts.length;
  const [index, setIndex] = useState(() => Math.floor(Math.random() * Math.max(count, 1)));

  useEffect(() => {
    if (!rotate || count <= 1) return;
    const timer = window.setInterval(
      () => setIndex((current) => nextIdleIndex(count, current)),
      ROBOT_IDLE_ROTATE_MS,
    );
    return () => window.clearInterval(timer);
  }, [rotate, count]);

  if (crashed) return t('robotCrash');
  return texts[index % Math.max(count, 1)] ?? '';
}
