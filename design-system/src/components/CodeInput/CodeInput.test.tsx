import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { CoinlensProvider } from '../../provider';
import { CodeInput } from './CodeInput';

describe('CodeInput', () => {
  it('fires onComplete once per completion, again after a digit is changed', async () => {
    const user = userEvent.setup();
    const onComplete = jest.fn();
    renderCode(<CodeInput label="Code" onComplete={onComplete} />);
    const boxes = screen.getAllByRole('textbox');
    await user.click(boxes[0]!);
    await user.keyboard('123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
    await user.click(boxes[2]!);
    await user.keyboard('9');
    expect(onComplete).toHaveBeenCalledTimes(2);
    expect(onComplete).toHaveBeenLastCalledWith({ value: '129456' });
  });

  it('follows a controlled value and reports changes without keeping its own', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [value, setValue] = useState('12');
      return (
        <>
          <CodeInput
            label="Code"
            value={value}
            onValueChange={({ value: next }) => setValue(next)}
          />
          <output>{value}</output>
          <button type="button" onClick={() => setValue('')}>
            Clear
          </button>
        </>
      );
    }
    renderCode(<Controlled />);
    const boxes = screen.getAllByRole('textbox');
    expect(boxes.map((box) => (box as HTMLInputElement).value)).toEqual(['1', '2', '', '', '', '']);
    await user.click(boxes[2]!);
    await user.keyboard('3');
    expect(screen.getByRole('status')).toHaveTextContent('123');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(boxes.map((box) => (box as HTMLInputElement).value).join('')).toBe('');
  });

  it('gives the focus back to the first box when a checked code is refused and cleared', async () => {
    const user = userEvent.setup();
    function Checking() {
      const [value, setValue] = useState('');
      const [checking, setChecking] = useState(false);
      return (
        <>
          <CodeInput
            label="Code"
            value={value}
            disabled={checking}
            onValueChange={({ value: next }) => setValue(next)}
            onComplete={() => setChecking(true)}
          />
          <button
            type="button"
            onClick={() => {
              setValue('');
              setChecking(false);
            }}
          >
            Refuse
          </button>
        </>
      );
    }
    renderCode(<Checking />);
    const boxes = screen.getAllByRole('textbox');
    await user.click(boxes[0]!);
    await user.keyboard('999999');
    expect(boxes[0]).toBeDisabled();
    // The answer comes from outside the boxes (the server), the way fireEvent leaves the focus.
    fireEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(boxes.map((box) => (box as HTMLInputElement).value).join('')).toBe('');
    expect(boxes[0]).toHaveFocus();
    await user.keyboard('1');
    expect(boxes[0]).toHaveValue('1');
    expect(boxes[1]).toHaveFocus();
  });

  it('leaves the focus where the user put it when the value is cleared', async () => {
    const user = userEvent.setup();
    function Clearable() {
      const [value, setValue] = useState('1234');
      return (
        <>
          <CodeInput
            label="Code"
            value={value}
            onValueChange={({ value: next }) => setValue(next)}
          />
          <button type="button" onClick={() => setValue('')}>
            Clear
          </button>
        </>
      );
    }
    renderCode(<Clearable />);
    await user.click(screen.getAllByRole('textbox')[3]!);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('button', { name: 'Clear' })).toHaveFocus();
  });

  it('types into the first empty box when a later empty one is clicked', async () => {
    const user = userEvent.setup();
    const onValueChange = jest.fn();
    renderCode(<CodeInput label="Code" defaultValue="1" onValueChange={onValueChange} />);
    const boxes = screen.getAllByRole('textbox');
    await user.click(boxes[4]!);
    await user.keyboard('7');
    expect(onValueChange).toHaveBeenLastCalledWith({ value: '17' });
  });

  it('submits the code under its name in a form', () => {
    const { container } = renderCode(
      <CodeInput label="Code" name="captcha" defaultValue="123456" />,
    );
    // eslint-disable-next-line testing-library/no-container, testing-library/no-node-access -- a hidden input has no role
    expect(container.querySelector('input[type="hidden"][name="captcha"]')).toHaveValue('123456');
  });

  it('labels each box with the default "n/length" when no labeller is given', () => {
    renderCode(<CodeInput label="Code" length={4} />);
    expect(screen.getAllByRole('textbox').map((box) => box.getAttribute('aria-label'))).toEqual([
      '1/4',
      '2/4',
      '3/4',
      '4/4',
    ]);
  });
});

describe('CodeInput stories', () => {});

function renderCode(element: React.ReactElement) {
  return render(<CoinlensProvider>{element}</CoinlensProvider>);
}
