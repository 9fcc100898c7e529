// "Alert me" and the alert dialog it opens, as a report card (a coin), a source's page (a source)
// and the list of sources (every new source) show them, over the stories' mocked API: an alert
// made, the API's refusals (the limit of 20, a value it does not take) shown in the reader's
// language with the input kept, and a request that got no answer.
import type { AlertSubject } from '@coinlens/contract';
import type { Meta, StoryContext, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from '@storybook/test';
import { coinSubject, fakeAlert, fakeSource, type RouteName } from '../../testing/api';
import { findDialog, findToast, page, visible, WAIT } from '../../testing/play';
import { mockApiOf, siteStory, textsOf, type SiteParameters } from '../../testing/site';
import { AlertMeButton } from './AlertMeButton';

const BITCOIN: AlertSubject = coinSubject('BTC');
const SITE: SiteParameters = { signedIn: true, path: '/reporting/' };
const ADD: RouteName = 'POST /api/alert/add';

const meta = {
  title: 'Site/Alerts/AlertMe',
  tags: ['site', '!autodocs'],
  component: AlertMeButton,
  ...siteStory,
  args: { subject: BITCOIN },
  parameters: { ...siteStory.parameters, site: SITE },
} satisfies Meta<typeof AlertMeButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens the dialog from the button; returns it. */
async function openDialog(context: StoryContext, name = 'Bitcoin') {
  const t = textsOf(context, 'alerts');
  await userEvent.click(
    await page().findByRole('button', { name: t('alertMeNamed', { name }) }, WAIT),
  );
  return findDialog(t('dialog.titleNew'));
}

/** Types `value` as the price line and saves. */
async function savePrice(context: StoryContext, dialog: HTMLElement, value: string) {
  const t = textsOf(context, 'alerts');
  const price = within(dialog).getByRole('textbox', { name: t('form.price') });
  await userEvent.type(price, value);
  await userEvent.click(within(dialog).getByRole('button', { name: t('form.save') }));
  return price;
}

/** The button alone, as a report card's footer shows it. */
export const Default: Story = {
  play: async (context) => {
    const t = textsOf(context, 'alerts');
    const button = await page().findByRole('button', {
      name: t('alertMeNamed', { name: 'Bitcoin' }),
    });
    await expect(button).toHaveTextContent(t('alertMe'));
  },
};

/** The dialog opens on the coin with its kinds; a price line is saved and the dialog closes. */
export const CreateOnCoin: Story = {
  play: async (context) => {
    const t = textsOf(context, 'alerts');
    const dialog = await openDialog(context);
    await expect(within(dialog).getByText('Bitcoin')).toBeVisible();
    await expect(within(dialog).getByRole('combobox', { name: t('form.kind') })).toHaveValue(
      'priceAbove',
    );
    await savePrice(context, dialog, '70000');
    await findToast(t('dialog.created', { name: 'Bitcoin' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument(), WAIT);
    await expect(mockApiOf(context).calls(ADD).at(-1)?.body).toEqual({
      kind: 'priceAbove',
      coinId: 1,
      value: 70_000,
      cooldownMinutes: 60,
    });
  },
};

/** The 21st alert: the API's refusal, in the reader's words, and what was typed is still there. */
export const LimitReached: Story = {
  parameters: {
    site: {
      ...SITE,
      api: { alerts: { alerts: Array.from({ length: 20 }, (_, index) => fakeAlert(index + 1)) } },
    },
  },
  play: async (context) => {
    const dialog = await openDialog(context);
    const price = await savePrice(context, dialog, '70000');
    const refusal = await visible(
      within(dialog).findByText('You can have at most 20 alerts; delete one first', {}, WAIT),
    );
    await expect(refusal.closest('[role=alert]')).not.toBeNull();
    await expect(price).toHaveValue('70000');
    await expect(dialog).toBeInTheDocument();
  },
};

/** A value the API does not take (a fault of its own rules): its reason is shown. */
export const ValueRefused: Story = {
  parameters: { site: { ...SITE, api: { faults: { [ADD]: { code: 422, key: 'alertPrice' } } } } },
  play: async (context) => {
    const dialog = await openDialog(context);
    await savePrice(context, dialog, '70000');
    await visible(within(dialog).findByText('Enter a price above 0', {}, WAIT));
  },
};

/** No answer from the server: the dialog says so in the reader's words, and keeps the input. */
export const NoAnswer: Story = {
  parameters: { site: { ...SITE, api: { faults: { [ADD]: 'network' } } } },
  play: async (context) => {
    const t = textsOf(context, 'alerts');
    const dialog = await openDialog(context);
    const price = await savePrice(context, dialog, '70000');
    await visible(within(dialog).findByText(t('dialog.noAnswer'), {}, WAIT));
    await expect(price).toHaveValue('70000');
  },
};

/** Cancel closes the dialog without a call; opened again, the form starts afresh. */
export const Cancel: Story = {
  play: async (context) => {
    const t = textsOf(context, 'alerts');
    let dialog = await openDialog(context);
    await userEvent.type(within(dialog).getByRole('textbox', { name: t('form.price') }), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: t('form.cancel') }));
    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull(), WAIT);
    dialog = await openDialog(context);
    await expect(within(dialog).getByRole('textbox', { name: t('form.price') })).toHaveValue('');
    await expect(mockApiOf(context).calls(ADD)).toHaveLength(0);
  },
};

/** On an upcoming source: the source's kinds, and a keyword alert made. */
export const OnSource: Story = {
  args: {
    subject: { kind: 'source', id: 40, name: 'Bitcoin ETF weekly', symbol: null, logo: '' },
  },
  parameters: {
    site: {
      ...SITE,
      path: '/monitoring/detail/',
      api: { monitor: { sources: [fakeSource(40, { title: 'Bitcoin ETF weekly', status: 1 })] } },
    },
  },
  play: async (context) => {
    const t = textsOf(context, 'alerts');
    const dialog = await openDialog(context, 'Bitcoin ETF weekly');
    const kind = within(dialog).getByRole('combobox', { name: t('form.kind') });
    await expect(kind).toHaveValue('sourceLive');
    await userEvent.selectOptions(kind, 'sourceKeyword');
    await userEvent.type(within(dialog).getByRole('textbox', { name: t('form.keyword') }), 'ETF');
    await userEvent.click(within(dialog).getByRole('button', { name: t('form.save') }));
    await findToast(t('dialog.created', { name: 'Bitcoin ETF weekly' }));
    await expect(mockApiOf(context).calls(ADD).at(-1)?.body).toEqual({
      kind: 'sourceKeyword',
      sourceId: 40,
      keyword: 'ETF',
      cooldownMinutes: 60,
    });
  },
};

/**
 * On every new source (the list of sources' button): the button says so, the dialog has one kind
 * and no coin or source, and the alert is sent with its keyword alone.
 */
export const OnNewSources: Story = {
  args: { subject: null, size: 'md' },
  parameters: { site: { ...SITE, path: '/monitoring/' } },
  play: async (context) => {
    const t = textsOf(context, 'alerts');
    const button = await page().findByRole('button', { name: t('alertMeNewSources') }, WAIT);
    await expect(button).toHaveAttribute('data-part', 'alert-me-new-sources');
    await userEvent.click(button);
    const dialog = await findDialog(t('dialog.titleNew'));
    await expect(within(dialog).getByText(t('newSources'))).toBeVisible();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: t('form.keyword') }),
      '  rate cut ',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: t('form.save') }));
    await findToast(t('dialog.createdNewSources'));
    await expect(mockApiOf(context).calls(ADD).at(-1)?.body).toMatchObject({
      kind: 'newSourceKeyword',
      cooldownMinutes: 60,
    });
    await expect(mockApiOf(context).alerts.alerts[0]).toMatchObject({
      subject: null,
      keyword: 'rate cut',
    });
  },
};

/** The dialog in Brazilian Portuguese: the price typed the Brazilian way (comma decimals). */
export const BrazilianPortuguese: Story = {
  globals: { locale: 'pt-br' },
  play: async (context) => {
    const t = textsOf(context, 'alerts');
    const dialog = await openDialog(context);
    await savePrice(context, dialog, '70.000,5');
    await findToast(t('dialog.created', { name: 'Bitcoin' }));
    await expect(mockApiOf(context).calls(ADD).at(-1)?.body).toMatchObject({ value: 70_000.5 });
  },
};
