import type { OnboardingProgress } from '@coinlens/contract';
import { sharing } from './useOnboarding';

const step = (id: number): OnboardingProgress => ({
  version: 1,
  id,
  finished: false,
  tasks: { 1: 'pending', 2: 'pending' },
});

describe('saving the onboarding progress to the server', () => {
  it('sends one save at a time, then only the newest, and not the same twice', async () => {
    const saved: number[] = [];
    const answers: Array<() => void> = [];
    const share = sharing((progress) => {
      saved.push(progress.id);
      return new Promise<void>((resolve) => answers.push(resolve));
    });
    share(step(1));
    share(step(2));
    share(step(3));
    share(step(3));
    expect(saved).toEqual([1]);
    answers.shift()?.();
    await Promise.resolve();
    await Promise.resolve();
    expect(saved).toEqual([1, 3]);
    answers.shift()?.();
    await Promise.resolve();
    await Promise.resolve();
    share(step(3));
    expect(saved).toEqual([1, 3]);
  });

  it('goes on after a save that failed', async () => {
    const saved: number[] = [];
    let fail = true;
    const share = sharing(async (progress) => {
      saved.push(progress.id);
      if (fail) throw new Error('offline');
    });
    share(step(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    fail = false;
    share(step(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(saved).toEqual([1, 2]);
  });
});
