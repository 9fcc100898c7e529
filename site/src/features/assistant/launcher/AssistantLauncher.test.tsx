import '@testing-library/jest-dom';
import type { UserInfo } from '@coinlens/contract';
import { act, screen } from '@testing-library/react';
import type { ApiClient } from '../../../data/client';
import { ApiProvider } from '../../../data/swr';
import { clearToken, setToken } from '../../../data/token';
import type { Locale } from '../../../i18n/locales';
import { loadStrings, renderWithLocale } from '../../../testing/renderWithLocale';
import { AssistantLauncher } from './AssistantLauncher';
import { ROBOT_IDLE_ROTATE_MS } from '../robot/robot';

jest.mock('gatsby', () => jest.requireActual('../../../testing/gatsbyStub'));

type AssistantStrings = { idle: string[]; launcher: { label: string; says: string } };
const assistantStrings = (locale: Locale) =>
  loadStrings(locale, 'assistant') as unknown as AssistantStrings;

const USER = { id: 7, nickname: 'Ana' } as unknown as UserInfo;
const TEST_SWR = { provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false };

function renderLauncher(locale: Locale = 'en') {
  const client = { get: jest.fn().mockResolvedValue(USER) } as unknown as ApiClient;
  return renderWithLocale(
    <ApiProvider client={client} config={TEST_SWR}>
      <AssistantLauncher />
    </ApiProvider>,
    { locale },
  );
}

/** The room the launcher leaves at the page's end (empty and hidden: no role or text finds it). */
const roomIn = (container: HTMLElement) =>
  // eslint-disable-next-line testing-library/no-node-access -- hidden from assistive technology
  container.querySelector('[data-part="launcher-room"]');

afterEach(() => {
  clearToken();
  jest.useRealTimers();
});

describe('AssistantLauncher', () => {
  it.each<Locale>(['en', 'zh', 'pt-br'])(
    '%s: offers a signed-in user the conversation in a panel, with one of the idle lines',
    (locale) => {
      setToken('tok');
      renderLauncher(locale);
      const { idle, launcher } = assistantStrings(locale);
      const button = screen.getByRole('button', { name: new RegExp(launcher.label) });
      // It opens the panel (AssistantProvider.test.tsx) instead of leading away from the page.
      expect(button).toHaveAttribute('aria-haspopup', 'dialog');
      expect(screen.queryByRole('link')).not.toBeInTheDocument();
      const line = idle.find((text) => button.textContent?.includes(text));
      expect(line).toBeDefined();
      expect(button).toHaveTextContent(`${launcher.says}: ${line}`);
    },
  );

  it('changes its line every 300000 ms', () => {
    jest.useFakeTimers();
    setToken('tok');
    renderLauncher();
    const button = screen.getByRole('button');
    const first = button.textContent;
    act(() => jest.advanceTimersByTime(ROBOT_IDLE_ROTATE_MS));
    expect(button.textContent).not.toBe(first);
  });

  it('is not there for a visitor who is signed out, nor the room it leaves', () => {
    clearToken();
    const { container } = renderLauncher();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(roomIn(container)).toBeNull();
  });

  // Its room is what keeps the page's last line clear of it (AssistantLauncher.stories.tsx
  // measures that in a browser): it must come with the launcher, after everything on the page.
  it('ends the page with room for itself for a signed-in user', () => {
    setToken('tok');
    const { container } = renderLauncher();
    const room = roomIn(container);
    expect(room).toBeInTheDocument();
    expect(room).toHaveAttribute('aria-hidden', 'true');
    expect(room).toBeEmptyDOMElement();
  });
});
