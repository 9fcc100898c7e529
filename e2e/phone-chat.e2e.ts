// The assistant's tab on a phone, against the started product, in each language on a phone of its
// own (en: 390x844, turned sideways and back; zh: the narrowest, 320x640; pt-br: held sideways,
// 844x390): the conversation owns the screen between the top bar and the tabs. Before it starts
// the greeting shows (upright); a question sent with the keyboard's Enter (it says "Send" on a phone) or the
// Send button gets its answer, the greeting makes room, and the message box stays whole on screen
// above the tabs, and above the keyboard with the tabs out of the way. A touch phone is not told
// "Enter sends, Shift+Enter starts a new line". Screenshots go to /tmp for a person to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createAccount, onboardingDone } from './accounts';
import { baseUrl, phone, USER_AGENTS } from './browser';
import { expect, test, type Page } from './fixtures';
import { siteStrings } from './strings';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/coinlens-e2e-phone-chat';

/** What a phone's keyboard covers of the screen held sideways (px). */
const SIDEWAYS_KEYBOARD_PX = 170;

const CASES = [
  {
    locale: 'en',
    prefix: '',
    device: phone(390, 844),
    question: 'How is Bitcoin doing?',
    send: 'enter',
    turn: true,
  },
  {
    locale: 'zh',
    prefix: '/zh',
    device: phone(320, 640, USER_AGENTS.android),
    question: '比特币怎么样？',
    send: 'button',
    turn: false,
  },
  {
    locale: 'pt-br',
    prefix: '/pt-br',
    device: phone(844, 390),
    question: 'Como está o Bitcoin?',
    send: 'button',
    turn: false,
  },
] as const;

test.beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

/**
 * Where the message box (its form: the box and Send) and the tabs are, and the height of the
 * screen above the keyboard (the visual viewport's).
 */
const layout = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector('form:has(textarea)')!.getBoundingClientRect();
    const tabs = document.querySelector('[role="tablist"]')!.getBoundingClientRect();
    return {
      box: { top: box.top, bottom: box.bottom, left: box.left, right: box.right },
      tabsTop: tabs.height > 0 ? tabs.top : null,
      width: window.innerWidth,
      height: window.visualViewport?.height ?? window.innerHeight,
    };
  });

/** Checks that the message box is whole on screen, above the tabs when they show. */
async function expectBoxOnScreen(page: Page) {
  const { box, tabsTop, width, height } = await layout(page);
  expect(box.top).toBeGreaterThanOrEqual(0);
  expect(box.left).toBeGreaterThanOrEqual(0);
  expect(box.right).toBeLessThanOrEqual(width);
  expect(box.bottom).toBeLessThanOrEqual(height);
  if (tabsTop !== null) expect(box.bottom).toBeLessThanOrEqual(tabsTop);
}

/** Whether the element takes no room on screen (kept for assistive technology only). */
const collapsed = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => element.getBoundingClientRect().height <= 1);

/**
 * Stands in for the keyboard coming up over the bottom `px` of the screen, as the browser tells
 * of it: the visual viewport shrinks and says so (a headless browser has no keyboard).
 */
const keyboardUp = (page: Page, px: number) =>
  page.evaluate((covered) => {
    const visual = window.visualViewport!;
    const height = window.innerHeight - covered;
    Object.defineProperty(visual, 'height', { configurable: true, get: () => height });
    visual.dispatchEvent(new Event('resize'));
  }, px);

for (const { locale, prefix, device, question, send, turn } of CASES) {
  const { width, height } = device.viewport;
  test(`${locale}: the chat owns the phone's screen at ${width}x${height}`, async ({
    openContext,
    problems,
  }) => {
    test.setTimeout(90_000);
    const m = siteStrings(locale, 'mobile');
    const a = siteStrings(locale, 'assistant');
    const account = await createAccount('Lia');
    await onboardingDone(account.token);
    const { page } = await openContext(device, account.token);
    page.on('pageerror', (error) => problems.push(error.message));

    await page.goto(`${baseUrl()}${prefix}/mobile/?tab=chat`);
    await page.getByRole('tab', { name: m('tabs.chat'), selected: true }).waitFor();
    const log = page.getByRole('log', { name: a('logLabel') });
    await log.waitFor();
    const input = page.getByRole('textbox', { name: a('input.label') });
    await expect(input).toBeEnabled();

    // Before the conversation: the greeting (held sideways there is no room for it, and it is
    // read out only), and the box at the foot of the screen.
    const sideways = width > height;
    await page
      .getByRole('heading', { level: 1, name: m('greeting', { nickname: 'Lia' }) })
      .waitFor();
    expect(await collapsed(page, 'h1')).toBe(sideways);
    await expectBoxOnScreen(page);
    // A touch phone: no word of Enter and Shift+Enter, on screen or read out with the box.
    await expect(page.getByText(a('input.hint'))).toBeHidden();
    await expect(input).not.toHaveAccessibleDescription(a('input.hint'));
    await page.screenshot({ path: join(SHOTS, `${locale}-before.png`) });

    // A question, and its answer.
    await input.fill(question);
    if (send === 'enter') await input.press('Enter');
    else await page.getByRole('button', { name: a('input.send') }).tap();
    await log.getByText(question).waitFor();
    await log.locator('article[data-source="assistant"][data-status="success"]').waitFor();
    await expect(input).toHaveValue('');

    // The greeting has made room for the conversation; the box is still whole on screen.
    await expect.poll(() => collapsed(page, 'h1')).toBe(true);
    await expectBoxOnScreen(page);
    await page.screenshot({ path: join(SHOTS, `${locale}-during.png`) });

    if (turn) {
      // Turned sideways, and back.
      await page.setViewportSize({ width: height, height: width });
      await expect.poll(() => layout(page).then(({ width: shown }) => shown)).toBe(height);
      await expectBoxOnScreen(page);
      await page.screenshot({ path: join(SHOTS, `${locale}-turned.png`) });
      await page.setViewportSize({ width, height });
      await expect.poll(() => layout(page).then(({ width: shown }) => shown)).toBe(width);
      await expectBoxOnScreen(page);
    }

    if (sideways) {
      // Sideways with the keyboard up: the tabs make way, and the box sits above the keyboard.
      await input.tap();
      await keyboardUp(page, SIDEWAYS_KEYBOARD_PX);
      await expect(page.getByRole('tablist', { name: m('tabs.label') })).toBeHidden();
      expect((await layout(page)).height).toBe(height - SIDEWAYS_KEYBOARD_PX);
      await expectBoxOnScreen(page);
      await page.screenshot({ path: join(SHOTS, `${locale}-keyboard.png`) });
    }
    expect(problems).toEqual([]);
  });
}
