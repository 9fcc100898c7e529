import { serializeStyles } from '@emotion/serialize';
import { keyframes } from '@emotion/react';
import { rememberSerialized } from './rememberSerialized';

const counted = () => {
  const serialize = jest.fn(serializeStyles);
  return { serialize, remembering: rememberSerialized(serialize) };
};

describe('rememberSerialized', () => {
  it("answers a style object seen before with Emotion's answer of the first time", () => {
    const { serialize, remembering } = counted();
    const styles = { display: 'flex', color: 'var(--cl-colors-fg-default)', _hover: undefined };
    const first = remembering([styles], {}, {});
    expect(first).toEqual(serializeStyles([styles], {}, {}));
    expect(remembering([styles], {}, {})).toBe(first);
    expect(serialize).toHaveBeenCalledTimes(1);
  });

  it('serializes another object with the same styles again, to the same class name', () => {
    const { serialize, remembering } = counted();
    const first = remembering([{ padding: '4px' }]);
    const second = remembering([{ padding: '4px' }]);
    expect(second).not.toBe(first);
    expect(second.name).toBe(first.name);
    expect(serialize).toHaveBeenCalledTimes(2);
  });

  it('keeps the keyframes a style object names, for Emotion to insert with it', () => {
    const { remembering } = counted();
    const pulse = keyframes({ from: { opacity: 0.4 }, to: { opacity: 1 } });
    const styles = { animation: `${pulse} 1s infinite` };
    const first = remembering([styles]);
    expect(first.next?.name).toBe(pulse.name);
    expect(remembering([styles]).next?.name).toBe(pulse.name);
  });

  it.each([
    ['several pieces', () => [{ color: 'red' }, { margin: 0 }]],
    ['an array', () => [[{ color: 'red' }]]],
    ['a function of the props', () => [(props: { tone: string }) => ({ color: props.tone })]],
    ['a string', () => ['color: red;']],
    [
      'an object of a class',
      () => [Object.assign(Object.create({ inherited: 1 }), { color: 'red' })],
    ],
  ])('serializes %s on every call', (_what, makeArgs) => {
    const { serialize, remembering } = counted();
    const args = makeArgs();
    remembering(args, {}, { tone: 'green' });
    remembering(args, {}, { tone: 'blue' });
    expect(serialize).toHaveBeenCalledTimes(2);
  });

  it('follows the props where the styles are a function of them', () => {
    const { remembering } = counted();
    const args = [(props: unknown) => ({ color: (props as { tone: string }).tone })];
    const green = remembering(args, {}, { tone: 'green' });
    const blue = remembering(args, {}, { tone: 'blue' });
    expect(green.styles).toContain('color:green');
    expect(blue.styles).toContain('color:blue');
  });
});
