import '@testing-library/jest-dom';
import type { UserInfo } from '@coinlens/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../../data/client';
import type * as ClientModule from '../../../data/client';
import { MalformedResponseError } from '../../../data/errors';
import { ApiProvider } from '../../../data/swr';
import { clearToken, setToken } from '../../../data/token';
import type { ChatStore } from '../conversation/conversation';
import { flatStrings, loadStrings, renderWithLocale } from '../../../testing/renderWithLocale';
import { Welcome } from './Welcome';

jest.mock('gatsby', () => jest.requireActual('../../../testing/gatsbyStub'));
jest.mock('../../../data/client', () => ({
  ...jest.requireActual<typeof ClientModule>('../../../data/client'),
  api: { get: jest.fn(), post: jest.fn(), monitorGet: jest.fn() },
}));
// The chat itself has tests of its own; here it only says whose it is.
jest.mock('./WelcomeChat', () => ({
  WelcomeChat: ({ userId }: { userId: number }) => <p>The chat of user {userId}</p>,
}));
const store = { getState: jest.fn(), loadLatest: jest.fn() };
jest.mock('../launcher/useChatStore', () => ({
  useChatStore: () => store as unknown as ChatStore,
}));

const fake = jest.mocked(api);
const en = flatStrings(loadStrings('en', 'assistant'));

const user: UserInfo = {
  id: 7,
  account: 'ana@example.com',
  nickname: 'Ana',
  avatar: null,
  times: 1,
  tokenInfo: { tokenName: 'Authorization', tokenValue: 'tok', expiresAt: 0 },
};

function renderWelcome() {
  renderWithLocale(
    <ApiProvider
      client={api}
      config={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}
    >
      <Welcome />
    </ApiProvider>,
  );
}

beforeEach(() => {
  setToken('tok');
  store.getState.mockReturnValue({ history: 'ready' });
  store.loadLatest.mockResolvedValue(undefined);
});

afterEach(() => {
  clearToken();
  jest.resetAllMocks();
});

describe('the welcome page', () => {
  it('says the conversation is loading while the user is on the way', async () => {
    fake.get.mockReturnValue(new Promise(() => {}));
    renderWelcome();
    expect(await screen.findByRole('status', { name: en['history.loading'] })).toBeVisible();
  });

  it('offers to try again when the user cannot be had, and opens the chat once it can', async () => {
    const interaction = userEvent.setup();
    fake.get.mockRejectedValueOnce(new MalformedResponseError({ status: 200, path: '/api/user' }));
    // The history failed with it, for the same reason.
    store.getState.mockReturnValue({ history: 'error' });
    renderWelcome();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en['history.error']!);
    expect(screen.queryByText(/The chat of user/)).not.toBeInTheDocument();

    fake.get.mockResolvedValue(user);
    await interaction.click(screen.getByRole('button', { name: en['history.retry'] }));
    expect(await screen.findByText('The chat of user 7')).toBeInTheDocument();
    expect(store.loadLatest).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
