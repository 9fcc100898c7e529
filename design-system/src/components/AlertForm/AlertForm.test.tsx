import { composeStories } from '@storybook/react';
import { clearAllMocks } from '@storybook/test';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { CoinlensProvider } from '../../provider';
import { AlertForm, type AlertFormAlert, type AlertFormProps } from './AlertForm';
import * as stories from './AlertForm.stories';
import { ALERT_FORM_LABELS, BITCOIN, PRICE_ALERT } from './AlertForm.stories';

function renderForm(props: Partial<AlertFormProps> = {}) {
  const handlers = { onSubmit: jest.fn(), onCancel: jest.fn() };
  const element = (next: Partial<AlertFormProps>) => (
    <CoinlensProvider>
      <AlertForm
        subject={BITCOIN}
        labels={ALERT_FORM_LABELS.en}
        {...handlers}
        {...props}
        {...next}
      />
    </CoinlensProvider>
  );
  const view = render(element({}));
  return {
    ...view,
    ...handlers,
    rerender: (next: Partial<AlertFormProps>) => view.rerender(element(next)),
  };
}

describe('AlertForm stories', () => {
  // The stories' `fn()` spies are shared by every story of the file, as Storybook resets them
  // before each story it shows.
  beforeEach(() => clearAllMocks());

  // Each story's play function is the form's specification: it runs here in jsdom too.
  it.each(Object.entries(composeStories(stories)))('%s', async (_name, Story) => {
    const { container } = render(<Story />);
    await Story.play?.({ canvasElement: container });
  });
});

describe('AlertForm', () => {
  it('keeps what the user typed when the server refuses it', async () => {
    const user = userEvent.setup();
    const { onSubmit, rerender } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Price (USD)' }), '70000');
    await user.click(screen.getByRole('button', { name: 'Save alert' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender({ submitting: true });
    rerender({ submitting: false, serverError: 'You have 20 alerts already.' });
    expect(screen.getByRole('alert')).toHaveTextContent('You have 20 alerts already.');
    expect(screen.getByRole('textbox', { name: 'Price (USD)' })).toHaveValue('70000');
  });

  it('keeps the line typed for one price kind when the kind changes to another', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Price (USD)' }), '58000');
    const kind = screen.getByRole('combobox', { name: 'Alert me when' });
    await user.selectOptions(kind, 'RSI crosses above 70');
    await user.selectOptions(kind, 'Price goes below');
    expect(screen.getByRole('textbox', { name: 'Price (USD)' })).toHaveValue('58000');
  });

  it('starts a new alert with the kind asked for, or the first when it is not for the subject', () => {
    const { unmount } = renderForm({ defaultKind: 'sma50CrossDown' });
    expect(screen.getByRole('combobox')).toHaveValue('sma50CrossDown');
    unmount();
    renderForm({ defaultKind: 'sourceLive' });
    expect(screen.getByRole('combobox')).toHaveValue('priceAbove');
  });

  it('names no error before Save is tried', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Price (USD)' }), 'abc');
    expect(screen.getByRole('textbox', { name: 'Price (USD)' })).toBeValid();
  });

  it('says why a keyword is too long', async () => {
    const user = userEvent.setup();
    renderForm({
      subject: { ...BITCOIN, kind: 'source', symbol: null },
      defaultKind: 'sourceKeyword',
    });
    const keyword = screen.getByRole('textbox', { name: 'Keyword or phrase' });
    await user.click(keyword);
    await user.paste('x'.repeat(61));
    await user.click(screen.getByRole('button', { name: 'Save alert' }));
    expect(keyword).toHaveFocus();
    expect(keyword).toHaveAccessibleDescription('2 to 60 characters. Enter at most 60 characters.');
  });

  describe('on every new source (a null subject)', () => {
    const NEW_SOURCE_ALERT: AlertFormAlert = {
      ...PRICE_ALERT,
      kind: 'newSourceKeyword',
      subject: null,
      value: null,
      keyword: 'halving',
      cooldownMinutes: 30,
    };

    it('names the form with the new-sources label and shows an icon, not a logo', () => {
      renderForm({ subject: null });
      const form = screen.getByRole('form', { name: 'Any new source' });
      expect(form).toHaveAttribute('data-subject', 'newSources');
      // eslint-disable-next-line testing-library/no-node-access -- logo and icon have no role
      expect(form.querySelector('img, [data-part="monogram"]')).toBeNull();
      // eslint-disable-next-line testing-library/no-node-access -- as above
      expect(form.querySelector('[data-part="icon"] svg')).toHaveAttribute('aria-hidden', 'true');
    });

    it('offers no other kind, whatever kind it is asked to start with', () => {
      renderForm({ subject: null, defaultKind: 'sourceKeyword' });
      expect(screen.queryByRole('combobox')).toBeNull();
      expect(screen.getByText('A new source says a keyword')).toHaveAttribute(
        'data-kind',
        'newSourceKeyword',
      );
    });

    it('asks for the keyword and sends it with no value', async () => {
      const user = userEvent.setup();
      const { onSubmit } = renderForm({ subject: null });
      const keyword = screen.getByRole('textbox', { name: 'Keyword or phrase' });
      await user.type(keyword, 'x');
      await user.click(screen.getByRole('button', { name: 'Save alert' }));
      expect(onSubmit).not.toHaveBeenCalled();
      expect(keyword).toBeInvalid();
      expect(keyword).toHaveFocus();
      await user.type(keyword, 'rp  airdrop');
      await user.clear(screen.getByRole('textbox', { name: 'Cooldown (minutes)' }));
      await user.type(screen.getByRole('textbox', { name: 'Cooldown (minutes)' }), '0');
      await user.click(screen.getByRole('button', { name: 'Save alert' }));
      expect(onSubmit).toHaveBeenCalledWith({
        kind: 'newSourceKeyword',
        value: null,
        keyword: 'xrp airdrop',
        cooldownMinutes: 0,
      });
    });

    it('edits a newSourceKeyword alert from its keyword and cooldown', async () => {
      const user = userEvent.setup();
      const { onSubmit } = renderForm({ subject: null, alert: NEW_SOURCE_ALERT });
      expect(screen.getByRole('form')).toHaveAttribute('data-mode', 'edit');
      const keyword = screen.getByRole('textbox', { name: 'Keyword or phrase' });
      expect(keyword).toHaveValue('halving');
      await user.clear(keyword);
      await user.type(keyword, 'Bitcoin halving');
      await user.click(screen.getByRole('button', { name: 'Save alert' }));
      expect(onSubmit).toHaveBeenCalledWith({
        kind: 'newSourceKeyword',
        value: null,
        keyword: 'Bitcoin halving',
        cooldownMinutes: 30,
      });
    });
  });

  it('sends nothing while disabled', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ disabled: true, alert: PRICE_ALERT });
    await user.click(screen.getByRole('button', { name: 'Save alert' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('forwards its ref and passes other props to the form', () => {
    const ref = createRef<HTMLFormElement>();
    renderForm({ ref, 'aria-label': 'New alert' } as Partial<AlertFormProps>);
    expect(ref.current).toBe(screen.getByRole('form', { name: 'New alert' }));
    expect(ref.current).toHaveAttribute('data-mode', 'create');
  });
});
