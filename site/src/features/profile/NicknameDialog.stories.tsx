// The nickname dialog as the header's menu opens it: in the dialog host, signed in as Ana, over the
// stories' mocked API.
import type { Meta, StoryContext, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from '@storybook/test';
import { ANA } from '../../testing/fixtures';
import { expectWidth, findDialog, findToast, page, WAIT } from '../../testing/play';
import { dialogStory, mockApiOf, textsOf, type SiteParameters } from '../../testing/site';
import type { DialogHost } from '../../shell/DialogHost';
import { getOpenDialog } from '../../shell/dialogs';

const SITE: SiteParameters = { dialog: 'nickname', signedIn: true };

const meta = {
  title: 'Site/Dialogs/Nickname',
  tags: ['site', '!autodocs'],
  ...dialogStory(SITE),
} satisfies Meta<typeof DialogHost>;

export default meta;
type Story = StoryObj<typeof meta>;

function dialogOf(context: StoryContext) {
  return findDialog(textsOf(context)('nickname.title'));
}

/** The field, once it shows the nickname the server has. */
async function prefilledField(context: StoryContext) {
  const field = within(await dialogOf(context)).getByLabelText(textsOf(context)('nickname.label'));
  await waitFor(() => expect(field).toHaveValue(ANA.nickname), WAIT);
  return field;
}

/** Opened from the menu: the current nickname, ready to edit (455 px wide). */
export const Prefilled: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const dialog = await dialogOf(context);
    await expectWidth(dialog, 455);
    const field = await prefilledField(context);
    await expect(field).toHaveAccessibleDescription(t('nickname.hint'));
    await expect(within(dialog).getByRole('button', { name: t('nickname.save') })).toBeEnabled();
    await expect(within(dialog).getByRole('button', { name: t('nickname.cancel') })).toBeEnabled();
  },
};

/** The same in Chinese. */
export const PrefilledChinese: Story = { ...Prefilled, globals: { locale: 'zh' } };

/** Opened before the user's details have come back: the nickname fills in when they do. */
export const PrefilledOnceLoaded: Story = {
  parameters: { site: { ...SITE, api: { faults: { 'GET /api/user': 'gate' } } } },
  play: async (context) => {
    const field = within(await dialogOf(context)).getByLabelText(
      textsOf(context)('nickname.label'),
    );
    await expect(field).toHaveValue('');
    // The details come back only now, however long the dialog took to open.
    mockApiOf(context).openGate('GET /api/user');
    await waitFor(() => expect(field).toHaveValue(ANA.nickname), WAIT);
  },
};

/** Under 3 characters Save is disabled and the field is marked invalid. */
export const TooShort: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const field = await prefilledField(context);
    const save = within(await dialogOf(context)).getByRole('button', { name: t('nickname.save') });
    await userEvent.clear(field);
    await expect(save).toBeDisabled();
    await userEvent.type(field, 'Al');
    await expect(save).toBeDisabled();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(field, 'i');
    await expect(save).toBeEnabled();
    await expect(field).not.toHaveAttribute('aria-invalid');
    await userEvent.clear(field);
    await userEvent.type(field, '  Al  ');
    await expect(save).toBeDisabled();
  },
};

/** While the server answers, Save says it is busy. */
export const Saving: Story = {
  parameters: { site: { ...SITE, api: { faults: { 'POST /api/system/user/modify': 'hold' } } } },
  play: async (context) => {
    const t = textsOf(context);
    const field = await prefilledField(context);
    const dialog = await dialogOf(context);
    await userEvent.clear(field);
    await userEvent.type(field, 'Ana Lima');
    await userEvent.click(within(dialog).getByRole('button', { name: t('nickname.save') }));
    await waitFor(
      () =>
        expect(within(dialog).getByRole('button', { name: t('loading') })).toHaveAttribute(
          'aria-busy',
          'true',
        ),
      WAIT,
    );
  },
};

/** Saved: EditSuccess, the dialog closes, and the server has the new nickname (trimmed). */
export const EditSuccess: Story = {
  play: async (context) => {
    const t = textsOf(context);
    const field = await prefilledField(context);
    const dialog = await dialogOf(context);
    await userEvent.clear(field);
    await userEvent.type(field, ' Ana Lima ');
    await userEvent.click(within(dialog).getByRole('button', { name: t('nickname.save') }));
    await findToast(t('messages.EditSuccess'));
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
    await expect(getOpenDialog()).toBeNull();
    await expect(mockApiOf(context).calls('POST /api/system/user/modify')[0]?.body).toEqual({
      nickname: 'Ana Lima',
    });
  },
};

/** No answer (offline): EditError, and the dialog keeps what was typed. */
export const EditError: Story = {
  parameters: {
    site: { ...SITE, api: { faults: { 'POST /api/system/user/modify': 'network' } } },
  },
  play: async (context) => {
    const t = textsOf(context);
    const field = await prefilledField(context);
    const dialog = await dialogOf(context);
    await userEvent.clear(field);
    await userEvent.type(field, 'Ana Lima');
    await userEvent.click(within(dialog).getByRole('button', { name: t('nickname.save') }));
    await findToast(t('messages.EditError'));
    await expect(field).toHaveValue('Ana Lima');
    await expect(within(dialog).getByRole('button', { name: t('nickname.save') })).toBeEnabled();
  },
};

/** The server fails (code 500): its own words instead of EditError. */
export const EditErrorFromServer: Story = {
  parameters: {
    site: {
      ...SITE,
      api: { faults: { 'POST /api/system/user/modify': { code: 500, key: 'internal' } } },
    },
  },
  play: async (context) => {
    const t = textsOf(context);
    const field = await prefilledField(context);
    await userEvent.type(field, '!');
    await userEvent.click(
      within(await dialogOf(context)).getByRole('button', { name: t('nickname.save') }),
    );
    await findToast('Something went wrong on our side; please try again');
  },
};

/** Cancel closes without asking the server anything. */
export const Cancel: Story = {
  play: async (context) => {
    const t = textsOf(context);
    await prefilledField(context);
    await userEvent.click(
      within(await dialogOf(context)).getByRole('button', { name: t('nickname.cancel') }),
    );
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
    await expect(mockApiOf(context).calls('POST /api/system/user/modify')).toHaveLength(0);
  },
};
