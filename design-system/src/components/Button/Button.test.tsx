import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { CoinlensProvider } from '../../provider';
import { Button } from './Button';

function renderButton(element: React.ReactElement) {
  return render(<CoinlensProvider>{element}</CoinlensProvider>);
}

describe('Button', () => {
  it('is a plain button unless told to submit', () => {
    renderButton(<Button>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'button');
  });

  it('ignores presses while loading and says it is busy', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    renderButton(
      <Button loading loadingText="Saving…" onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Saving…' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('does not submit its form while loading', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn((event: React.FormEvent) => event.preventDefault());
    renderButton(
      <form onSubmit={onSubmit}>
        <Button type="submit" loading>
          Send
        </Button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('forwards its ref and passes other props to the button', () => {
    const ref = createRef<HTMLButtonElement>();
    renderButton(
      <Button ref={ref} data-testid="b" variant="outline" size="sm">
        Add
      </Button>,
    );
    expect(ref.current).toBe(screen.getByTestId('b'));
  });
});

describe('Button stories', () => {});
