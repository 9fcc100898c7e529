import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, waitFor, within } from '@storybook/test';
import { useState } from 'react';
import { CodeInput, type CodeInputProps } from './CodeInput';

const meta = {
  title: 'Forms/CodeInput',
  component: CodeInput,
  args: {
    label: 'Verification code',
    getDigitLabel: ({ index, length }) => `Digit ${index + 1} of ${length}`,
    onComplete: fn(),
    onValueChange: fn(),
  },
  argTypes: {
    size: { control: 'inline-radio', options: ['md', 'lg'] },
  },
} satisfies Meta<typeof CodeInput>;

export default meta;
type Story = StoryObj<typeof meta>;

const boxes = (canvasElement: HTMLElement) =>
  within(canvasElement).getAllByRole('textbox') as HTMLInputElement[];

export const Playground: Story = {};

export const Typing: Story = {
  play: async ({ canvasElement, args }) => {
    const inputs = boxes(canvasElement);
    await userEvent.click(inputs[0]!);
    await userEvent.keyboard('12345');
    await expect(inputs[5]).toHaveFocus();
    await expect(inputs[4]).toHaveValue('5');
    await expect(args.onComplete).not.toHaveBeenCalled();
    await userEvent.keyboard('6');
    await expect(args.onComplete).toHaveBeenCalledTimes(1);
    await expect(args.onComplete).toHaveBeenCalledWith({ value: '123456' });
  },
};

export const RefusesLetters: Story = {
  play: async ({ canvasElement, args }) => {
    const inputs = boxes(canvasElement);
    await userEvent.click(inputs[0]!);
    await userEvent.keyboard('a1-b2');
    await expect(inputs.map((input) => input.value)).toEqual(['1', '2', '', '', '', '']);
    await expect(inputs[2]).toHaveFocus();
    await expect(args.onValueChange).toHaveBeenLastCalledWith({ value: '12' });
  },
};

export const BackspaceGoesBack: Story = {
  args: { defaultValue: '123' },
  play: async ({ canvasElement }) => {
    const inputs = boxes(canvasElement);
    await userEvent.click(inputs[3]!);
    await userEvent.keyboard('{Backspace}');
    await expect(inputs[2]).toHaveFocus();
    await expect(inputs[2]).toHaveValue('');
    await userEvent.keyboard('{Backspace}{Backspace}');
    await expect(inputs[0]).toHaveFocus();
    await expect(inputs.map((input) => input.value).join('')).toBe('');
  },
};

export const PasteFillsAndTruncates: Story = {
  play: async ({ canvasElement, args }) => {
    const inputs = boxes(canvasElement);
    await userEvent.click(inputs[0]!);
    await userEvent.paste('Code: 98-76 54 32 10');
    await expect(inputs.map((input) => input.value)).toEqual(['9', '8', '7', '6', '5', '4']);
    await expect(args.onComplete).toHaveBeenCalledWith({ value: '987654' });
  },
};

export const ArrowKeys: Story = {
  args: { defaultValue: '4821' },
  play: async ({ canvasElement }) => {
    const inputs = boxes(canvasElement);
    await userEvent.click(inputs[2]!);
    await userEvent.keyboard('{ArrowLeft}');
    await expect(inputs[1]).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    await expect(inputs[4]).toHaveFocus();
    // Past the last digit there is nothing to move to: the next empty box is the end.
    await userEvent.keyboard('{ArrowRight}');
    await expect(inputs[4]).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(inputs[0]).toHaveFocus();
  },
};

export const Filled: Story = {
  args: { defaultValue: '246810' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('group', { name: 'Verification code' }),
    ).toHaveAttribute('data-complete');
  },
};

export const Invalid: Story = {
  args: { defaultValue: '111111', invalid: true, describedBy: 'code-error' },
  render: (args) => (
    <div>
      <CodeInput {...args} />
      <p id="code-error" style={{ color: '#ff7a7a', marginTop: 8 }}>
        That code is not right. Check the mail and try again.
      </p>
    </div>
  ),
  play: async ({ canvasElement }) => {
    for (const input of boxes(canvasElement)) {
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(input).toHaveAccessibleDescription(
        'That code is not right. Check the mail and try again.',
      );
    }
  },
};

export const Disabled: Story = {
  args: { defaultValue: '12', disabled: true },
  play: async ({ canvasElement, args }) => {
    const inputs = boxes(canvasElement);
    for (const input of inputs) await expect(input).toBeDisabled();
    await userEvent.type(inputs[2]!, '3');
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};

/** How long the stand-in server of `WrongCodeKeepsFocus` takes to refuse a code. */
const CHECK_MS = 200;

/** A parent that checks each complete code, as the login dialog does: boxes disabled, then emptied. */
function RefusingParent(args: CodeInputProps) {
  const [value, setValue] = useState('');
  const [checking, setChecking] = useState(false);
  return (
    <CodeInput
      {...args}
      value={value}
      disabled={checking}
      onValueChange={(details) => {
        setValue(details.value);
        args.onValueChange?.(details);
      }}
      onComplete={(details) => {
        args.onComplete?.(details);
        setChecking(true);
        setTimeout(() => {
          setValue('');
          setChecking(false);
        }, CHECK_MS);
      }}
    />
  );
}

export const WrongCodeKeepsFocus: Story = {
  render: (args) => <RefusingParent {...args} />,
  play: async ({ canvasElement, args }) => {
    const inputs = boxes(canvasElement);
    await userEvent.click(inputs[0]!);
    await userEvent.keyboard('999999');
    await expect(args.onComplete).toHaveBeenCalledWith({ value: '999999' });
    // Refused: the boxes are emptied and the first one has the focus, so typing goes on there.
    await waitFor(() => expect(inputs[0]).toHaveFocus());
    await expect(inputs.map((input) => input.value).join('')).toBe('');
    await userEvent.keyboard('12');
    await expect(args.onValueChange).toHaveBeenLastCalledWith({ value: '12' });
    await expect(inputs[2]).toHaveFocus();
  },
};

export const Labelled: Story = {
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('group', { name: 'Verification code' });
    const inputs = within(group).getAllByRole('textbox');
    await expect(inputs).toHaveLength(6);
    await expect(inputs[0]).toHaveAccessibleName('Digit 1 of 6');
    await expect(inputs[0]).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(inputs[0]).toHaveAttribute('inputmode', 'numeric');
  },
};
