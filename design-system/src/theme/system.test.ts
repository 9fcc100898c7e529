// The styling engine is made on first use, not when the package is imported.
import type * as Chakra from '@chakra-ui/react';

const createSystem = jest.fn();

jest.mock('@chakra-ui/react', () => {
  const actual = jest.requireActual<typeof Chakra>('@chakra-ui/react');
  return {
    ...actual,
    createSystem: (...args: Parameters<typeof actual.createSystem>) => {
      createSystem();
      return actual.createSystem(...args);
    },
  };
});

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
