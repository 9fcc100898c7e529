import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, waitFor, within } from '@storybook/test';
import {
  AlertForm,
  type AlertFormAlert,
  type AlertFormLabels,
  type AlertFormSubject,
} from './AlertForm';

const logo = (background: string, mark: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="${background}"/><circle cx="20" cy="20" r="10" fill="${mark}"/></svg>`,
  )}`;

export const BITCOIN: AlertFormSubject = {
  kind: 'coin',
  id: 1,
  name: 'Bitcoin',
  symbol: 'BTC',
  logo: logo('#f7931a', '#fff3e0'),
};

export const SPACE: AlertFormSubject = {
  kind: 'source',
  id: 42,
  name: 'Weekly market wrap',
  symbol: null,
  logo: logo('#1d4fb0', '#b9d3ff'),
};

/** An alert to edit: bitcoin above $60,000, a two-hour cooldown. */
export const PRICE_ALERT: AlertFormAlert = {
  id: 3,
  kind: 'priceAbove',
  subject: BITCOIN,
  value: 60000.5,
  keyword: null,
  cooldownMinutes: 120,
  paused: false,
  state: 'armed',
  lastFiredAt: null,
  createdAt: 1_795_000_000,
};

/** The form's words in the site's three languages; the tests use them too. */
export const ALERT_FORM_LABELS: Record<'en' | 'zh' | 'pt-br', AlertFormLabels> = {
  en: {
    kind: 'Alert me when',
    kinds: {
      priceAbove: 'Price goes above',
      priceBelow: 'Price goes below',
      move24h: 'Price moves in 24 hours by',
      rsiOverbought: 'RSI crosses above 70',
      rsiOversold: 'RSI crosses below 30',
      sma50CrossUp: 'Price crosses above its 50-day average',
      sma50CrossDown: 'Price crosses below its 50-day average',
      sourceLive: 'It goes live',
      sourceSummary: 'Its summary is ready',
      sourceKeyword: 'A keyword is said',
      newSourceKeyword: 'A new source says a keyword',
    },
    newSources: 'Any new source',
    price: 'Price (USD)',
    move: 'Move in 24 hours (%)',
    moveHint: 'Up or down, at most 1000%.',
    keyword: 'Keyword or phrase',
    keywordHint: '2 to 60 characters.',
    cooldown: 'Cooldown (minutes)',
    cooldownHint: 'Least time between two alerts: 0 to 10080 minutes (a week).',
    save: 'Save alert',
    saving: 'Saving…',
    cancel: 'Cancel',
    error: (error) => {
      switch (error.code) {
        case 'notForSubject':
          return 'Choose one of the listed alerts.';
        case 'required':
          return 'Enter a value.';
        case 'notANumber':
          return 'Enter a number, such as 60000 or 0.5.';
        case 'notPositive':
          return error.kind === 'move24h' ? 'Enter a move above 0%.' : 'Enter a price above $0.';
        case 'tooLarge':
          return `Enter a move of at most ${error.max}%.`;
        case 'tooShort':
          return `Enter at least ${error.min} characters.`;
        case 'tooLong':
          return `Enter at most ${error.max} characters.`;
        case 'notAWholeNumber':
          return 'Enter whole minutes, such as 60.';
        case 'outOfRange':
          return `Enter ${error.min} to ${error.max} minutes.`;
      }
    },
  },
  zh: {
    kind: '提醒条件',
    kinds: {
      priceAbove: '价格高于',
      priceBelow: '价格低于',
      move24h: '24 小时涨跌幅达到',
      rsiOverbought: 'RSI 上穿 70',
      rsiOversold: 'RSI 下穿 30',
      sma50CrossUp: '价格上穿 50 日均线',
      sma50CrossDown: '价格下穿 50 日均线',
      sourceLive: '开始直播',
      sourceSummary: '摘要生成',
      sourceKeyword: '提到关键词',
      newSourceKeyword: '新来源提到关键词',
    },
    newSources: '任何新来源',
    price: '价格(美元)',
    move: '24 小时涨跌幅(%)',
    moveHint: '上涨或下跌,最多 1000%。',
    keyword: '关键词或短语',
    keywordHint: '2 至 60 个字符。',
    cooldown: '冷却时间(分钟)',
    cooldownHint: '两次提醒的最短间隔:0 至 10080 分钟(一周)。',
    save: '保存提醒',
    saving: '正在保存…',
    cancel: '取消',
    error: (error) => {
      switch (error.code) {
        case 'notForSubject':
          return '请选择列表中的提醒。';
        case 'required':
          return '请输入数值。';
        case 'notANumber':
          return '请输入数字,例如 60000 或 0.5。';
        case 'notPositive':
          return error.kind === 'move24h' ? '涨跌幅须大于 0%。' : '价格须大于 0 美元。';
        case 'tooLarge':
          return `涨跌幅最多 ${error.max}%。`;
        case 'tooShort':
          return `至少输入 ${error.min} 个字符。`;
        case 'tooLong':
          return `最多输入 ${error.max} 个字符。`;
        case 'notAWholeNumber':
          return '请输入整数分钟,例如 60。';
        case 'outOfRange':
          return `请输入 ${error.min} 至 ${error.max} 分钟。`;
      }
    },
  },
  'pt-br': {
    kind: 'Avise-me quando',
    kinds: {
      priceAbove: 'O preço passar de',
      priceBelow: 'O preço cair abaixo de',
      move24h: 'O preço variar em 24 horas',
      rsiOverbought: 'O IFR cruzar acima de 70',
      rsiOversold: 'O IFR cruzar abaixo de 30',
      sma50CrossUp: 'O preço cruzar acima da média de 50 dias',
      sma50CrossDown: 'O preço cruzar abaixo da média de 50 dias',
      sourceLive: 'Começar ao vivo',
      sourceSummary: 'O resumo ficar pronto',
      sourceKeyword: 'Uma palavra-chave for dita',
      newSourceKeyword: 'Uma fonte nova disser uma palavra-chave',
    },
    newSources: 'Qualquer fonte nova',
    price: 'Preço (USD)',
    move: 'Variação em 24 horas (%)',
    moveHint: 'Para cima ou para baixo, no máximo 1000%.',
    keyword: 'Palavra-chave ou frase',
    keywordHint: 'De 2 a 60 caracteres.',
    cooldown: 'Intervalo mínimo (minutos)',
    cooldownHint: 'Tempo mínimo entre dois alertas: de 0 a 10080 minutos (uma semana).',
    save: 'Salvar alerta',
    saving: 'Salvando…',
    cancel: 'Cancelar',
    error: (error) => {
      switch (error.code) {
        case 'notForSubject':
          return 'Escolha um dos alertas da lista.';
        case 'required':
          return 'Informe um valor.';
        case 'notANumber':
          return 'Informe um número, como 60000 ou 0,5.';
        case 'notPositive':
          return error.kind === 'move24h'
            ? 'Informe uma variação acima de 0%.'
            : 'Informe um preço acima de $ 0.';
        case 'tooLarge':
          return `Informe uma variação de no máximo ${error.max}%.`;
        case 'tooShort':
          return `Informe ao menos ${error.min} caracteres.`;
        case 'tooLong':
          return `Informe no máximo ${error.max} caracteres.`;
        case 'notAWholeNumber':
          return 'Informe minutos inteiros, como 60.';
        case 'outOfRange':
          return `Informe de ${error.min} a ${error.max} minutos.`;
      }
    },
  },
};

const meta = {
  title: 'Alerts/AlertForm',
  component: AlertForm,
  excludeStories: ['BITCOIN', 'SPACE', 'PRICE_ALERT', 'ALERT_FORM_LABELS'],
  args: {
    subject: BITCOIN,
    labels: ALERT_FORM_LABELS.en,
    locale: 'en',
    onSubmit: fn(),
    onCancel: fn(),
  },
  argTypes: {
    locale: { control: 'inline-radio', options: ['en', 'zh', 'pt-br'] },
    labels: { control: false },
  },
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AlertForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

/** A new price alert on a coin: the coin's kinds only, a cooldown of 60 to start with. */
export const CreateOnCoin: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('form', { name: 'Bitcoin BTC' })).toBeVisible();
    const kind = canvas.getByRole('combobox', { name: 'Alert me when' });
    await expect(within(kind).getAllByRole('option')).toHaveLength(7);
    await expect(within(kind).queryByRole('option', { name: 'It goes live' })).toBeNull();
    await expect(canvas.getByRole('textbox', { name: 'Cooldown (minutes)' })).toHaveValue('60');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Price (USD)' }), '60,000');
    await userEvent.click(canvas.getByRole('button', { name: 'Save alert' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      kind: 'priceAbove',
      value: 60000,
      keyword: null,
      cooldownMinutes: 60,
    });
  },
};

/** A 24 h move: a percent, at most 1000. */
export const Move24h: Story = {
  args: { defaultKind: 'move24h' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const move = canvas.getByRole('textbox', { name: 'Move in 24 hours (%)' });
    await expect(move).toHaveAccessibleDescription('Up or down, at most 1000%.');
    await userEvent.type(move, '7.5');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'move24h', value: 7.5 }),
    );
  },
};

/** Changing the kind: the RSI kinds need no value, so its field goes. */
export const ChangeKind: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Alert me when' }),
      'RSI crosses above 70',
    );
    await expect(canvas.queryByRole('textbox', { name: 'Price (USD)' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Save alert' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      kind: 'rsiOverbought',
      value: null,
      keyword: null,
      cooldownMinutes: 60,
    });
  },
};

/** A source takes the source kinds; a keyword alert asks for its keyword. */
export const KeywordOnSource: Story = {
  args: { subject: SPACE, defaultKind: 'sourceKeyword' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const kind = canvas.getByRole('combobox', { name: 'Alert me when' });
    await expect(
      within(kind)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['It goes live', 'Its summary is ready', 'A keyword is said']);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Keyword or phrase' }), '  ETF ');
    await userEvent.click(canvas.getByRole('button', { name: 'Save alert' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      kind: 'sourceKeyword',
      value: null,
      keyword: 'ETF',
      cooldownMinutes: 60,
    });
  },
};

/**
 * Every new source (no subject): the one kind is said, not offered; its keyword is asked for
 * before anything is sent.
 */
export const NewSources: Story = {
  args: { subject: null },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const form = canvas.getByRole('form', { name: 'Any new source' });
    await expect(form).toHaveAttribute('data-subject', 'newSources');
    await expect(canvas.queryByRole('combobox')).toBeNull();
    await expect(canvas.getByText('A new source says a keyword')).toBeVisible();
    await expect(canvas.queryByRole('textbox', { name: 'Price (USD)' })).toBeNull();
    const keyword = canvas.getByRole('textbox', { name: 'Keyword or phrase' });
    await userEvent.click(canvas.getByRole('button', { name: 'Save alert' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(keyword).toHaveFocus();
    await expect(keyword).toHaveAccessibleDescription(
      '2 to 60 characters. Enter at least 2 characters.',
    );
    await userEvent.type(keyword, ' spot  ETF ');
    await userEvent.click(canvas.getByRole('button', { name: 'Save alert' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      kind: 'newSourceKeyword',
      value: null,
      keyword: 'spot ETF',
      cooldownMinutes: 60,
    });
  },
};

/** Save with wrong fields: each says why, the first takes the focus, nothing is sent or lost. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const price = canvas.getByRole('textbox', { name: 'Price (USD)' });
    const cooldown = canvas.getByRole('textbox', { name: 'Cooldown (minutes)' });
    await userEvent.type(price, '-5');
    await userEvent.clear(cooldown);
    await userEvent.type(cooldown, '99999');
    await userEvent.click(canvas.getByRole('button', { name: 'Save alert' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(price).toHaveFocus();
    await expect(price).toBeInvalid();
    await expect(price).toHaveAccessibleDescription('Enter a number, such as 60000 or 0.5.');
    await expect(cooldown).toHaveAccessibleDescription(
      'Least time between two alerts: 0 to 10080 minutes (a week). Enter 0 to 10080 minutes.',
    );
    await expect(price).toHaveValue('-5');
    // The errors follow the typing once Save was tried.
    await userEvent.clear(price);
    await userEvent.type(price, '0');
    await expect(price).toHaveAccessibleDescription('Enter a price above $0.');
    await userEvent.type(price, '.5');
    await expect(price).toBeValid();
  },
};

/** The server refused (the 20-alert limit): said above the buttons, the fields as they were. */
export const ServerError: Story = {
  args: {
    alert: PRICE_ALERT,
    serverError: 'You have 20 alerts, the most there can be. Delete one to add another.',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(/20 alerts/);
    await expect(canvas.getByRole('textbox', { name: 'Price (USD)' })).toHaveValue('60000.5');
  },
};

/** While the request runs: Save is busy and ignores presses; the fields keep their text. */
export const Submitting: Story = {
  args: { submitting: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const save = canvas.getByRole('button', { name: 'Saving…' });
    await expect(save).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('form')).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(save);
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(canvas.getByRole('textbox', { name: 'Price (USD)' })).toHaveAttribute('readonly');
  },
};

/** Editing an alert: its values to start with; its kind is said, not offered. */
export const Edit: Story = {
  args: { alert: PRICE_ALERT },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('combobox')).toBeNull();
    await expect(canvas.getByText('Price goes above')).toBeVisible();
    const price = canvas.getByRole('textbox', { name: 'Price (USD)' });
    await expect(price).toHaveValue('60000.5');
    await expect(canvas.getByRole('textbox', { name: 'Cooldown (minutes)' })).toHaveValue('120');
    await userEvent.clear(price);
    await userEvent.type(price, '65000');
    await userEvent.click(canvas.getByRole('button', { name: 'Save alert' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      kind: 'priceAbove',
      value: 65000,
      keyword: null,
      cooldownMinutes: 120,
    });
  },
};

export const Cancel: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Save alert' })).toBeDisabled();
    await expect(canvas.getByRole('combobox', { name: 'Alert me when' })).toBeDisabled();
  },
};

/** A long name wraps; nothing is cut. */
export const LongName: Story = {
  args: {
    subject: {
      ...SPACE,
      name: 'Layer-2 rollups, restaking and the coming liquidity crunch: a four-hour deep dive with founders',
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('form', { name: /founders$/ })).toBeVisible();
  },
};

export const Chinese: Story = {
  args: { labels: ALERT_FORM_LABELS.zh, locale: 'zh', subject: { ...BITCOIN, name: '比特币' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '保存提醒' }));
    const price = canvas.getByRole('textbox', { name: '价格(美元)' });
    await waitFor(() => expect(price).toHaveFocus());
    await expect(price).toHaveAccessibleDescription('请输入数值。');
    await userEvent.type(price, '95000');
    await userEvent.click(canvas.getByRole('button', { name: '保存提醒' }));
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'priceAbove', value: 95000 }),
    );
  },
};

export const BrazilianPortuguese: Story = {
  args: {
    labels: ALERT_FORM_LABELS['pt-br'],
    locale: 'pt-br',
    alert: PRICE_ALERT,
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // The line in the reader's way of writing numbers.
    const price = canvas.getByRole('textbox', { name: 'Preço (USD)' });
    await expect(price).toHaveValue('60000,5');
    await userEvent.clear(price);
    await userEvent.type(price, '62.500,75');
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar alerta' }));
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'priceAbove', value: 62500.75 }),
    );
  },
};
