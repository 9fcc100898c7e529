// The styling engine is made on first use, not when the package is imported.
import type * as StyledSystem from '@chakra-ui/react/styled-system';

const createSystem = jest.fn();
// Chakra's styling engine loaded once for the file: each test takes fresh modules of its own
// (resetModules), and evaluating it again for each took most of the file's time.
const mockStyledSystem = jest.requireActual<typeof StyledSystem>('@chakra-ui/react/styled-system');

jest.mock('@chakra-ui/react/styled-system', () => ({
  ...mockStyledSystem,
  createSystem: (...args: Parameters<typeof mockStyledSystem.createSystem>) => {
    createSystem();
    return mockStyledSystem.createSystem(...args);
  },
}));

beforeEach(() => {
  jest.resetModules();
  createSystem.mockClear();
});

it('makes the engine on the first call of getSystem, once', async () => {
  const { getSystem, system } = await import('./system');
  expect(createSystem).not.toHaveBeenCalled();
  const made = getSystem();
  expect(createSystem).toHaveBeenCalledTimes(1);
  expect(getSystem()).toBe(made);
  expect(system.token('colors.ink.950')).toBe(made.token('colors.ink.950'));
  expect(createSystem).toHaveBeenCalledTimes(1);
});

it('makes it when the system export is first used, and reads through to it', async () => {
  const { getSystem, system } = await import('./system');
  expect(createSystem).not.toHaveBeenCalled();
  expect(system.tokens.getByName('colors.ink.950')).toBeDefined();
  expect(createSystem).toHaveBeenCalledTimes(1);
  const made = getSystem();
  expect(system._config).toBe(made._config);
  expect('css' in system).toBe(true);
  expect(Object.keys(system).sort()).toEqual(Object.keys(made).sort());
  expect({ ...system }.cva).toBe(made.cva);
});

it('leaves the engine unmade when a component is imported', async () => {
  await import('../index');
  expect(createSystem).not.toHaveBeenCalled();
});

describe('prepareSystem', () => {
  /** A yield the test releases: what ran before it is one task. */
  function taskQueue() {
    const waiting: Array<() => void> = [];
    return {
      yieldToMain: () => new Promise<void>((resolve) => waiting.push(resolve)),
      async next() {
        waiting.shift()?.();
        for (let turn = 0; turn < 5; turn++) await Promise.resolve();
      },
      get pending() {
        return waiting.length;
      },
    };
  }

  it('makes two throwaway engines, a recipe, then the real engine, each in a task', async () => {
    const { getSystem, prepareSystem } = await import('./system');
    const tasks = taskQueue();
    const prepared = prepareSystem(tasks.yieldToMain);
    expect(createSystem).toHaveBeenCalledTimes(1);
    await tasks.next();
    expect(createSystem).toHaveBeenCalledTimes(2);
    // The recipe's task.
    await tasks.next();
    expect(createSystem).toHaveBeenCalledTimes(2);
    expect(tasks.pending).toBe(1);
    await tasks.next();
    expect(createSystem).toHaveBeenCalledTimes(3);
    const made = await prepared;
    expect(made).toBe(getSystem());
    expect(made.token('colors.ink.950')).toBe('#0b0e14');
    expect(createSystem).toHaveBeenCalledTimes(3);
  });

  it('stops warming up when the engine was made meanwhile, and answers at once after', async () => {
    const { getSystem, prepareSystem } = await import('./system');
    const tasks = taskQueue();
    const prepared = prepareSystem(tasks.yieldToMain);
    const made = getSystem();
    await tasks.next();
    await expect(prepared).resolves.toBe(made);
    expect(createSystem).toHaveBeenCalledTimes(2);
    await expect(prepareSystem(tasks.yieldToMain)).resolves.toBe(made);
    expect(tasks.pending).toBe(0);
    expect(createSystem).toHaveBeenCalledTimes(2);
  });

  it('yields with a timer by default', async () => {
    const { prepareSystem } = await import('./system');
    const timeout = jest.spyOn(global, 'setTimeout');
    try {
      await expect(prepareSystem()).resolves.toBeDefined();
      expect(timeout).toHaveBeenCalledTimes(3);
      expect(createSystem).toHaveBeenCalledTimes(3);
    } finally {
      timeout.mockRestore();
    }
  });
});
