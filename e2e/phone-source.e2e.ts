// A monitored source on a phone, against the started product, in each language (en and pt-br on a
// 390x844 iPhone, zh on a 320x640 Android phone): a user who monitors upcoming and completed
// sources opens the events tab, taps a finished source under "Recently finished", reads its
// summary and goes back to the events tab at the same place; stops monitoring a source from its
// view, with the confirmation, and finds it gone; and opens a source by its own address (a shared
// link, the phone's or the desktop's). A visitor who is signed out is asked to sign in on the phone.
// Screenshots go to /tmp for a person to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { callApi, createAccount, onboardingDone } from './accounts';
import { baseUrl, phone, sidewaysScroll, still, USER_AGENTS } from './browser';
import { expect, test, type Page } from './fixtures';
import { escapeRegExp, siteStrings } from './strings';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/coinlens-e2e-phone-source';

const LANGUAGES = [
  { locale: 'en', prefix: '', device: phone(390, 844) },
  { locale: 'zh', prefix: '/zh', device: phone(320, 640, USER_AGENTS.android) },
  { locale: 'pt-br', prefix: '/pt-br', device: phone(390, 844) },
] as const;

interface Source {
  id: number;
  title: string;
  status: number;
}

test.beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

/**
 * A new account that monitors four upcoming sources and three completed ones, added after them in
 * one call (the server counts the first of a call as the most recently added: its list shows them
 * in this order); answers its token and the sources.
 */
async function userWithSources(nickname: string) {
  const { token } = await createAccount(nickname);
  const list = (status: number, size: number) =>
    callApi<{ records: Source[] }>(
      `/api/monitor/source/list?page=1&size=${size}&status=${status}`,
      token,
    ).then((page) => page.records);
  const upcoming = (await list(1, 4)).slice(0, 4);
  const completed = (await list(3, 20)).filter((source) => source.status === 5).slice(0, 3);
  expect(upcoming, 'four upcoming demo sources').toHaveLength(4);
  expect(completed, 'three completed demo sources').toHaveLength(3);
  const add = (sources: Source[]) =>
    callApi(
      `/api/monitor/user/source/add?sourceIds=${sources.map((source) => source.id).join(',')}`,
      token,
    );
  await add(upcoming);
  await add(completed);
  await onboardingDone(token);
  return { token, upcoming, completed };
}

/** Counts what the page throws and logs as an error among `problems`. */
function watch(page: Page, problems: string[]) {
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

for (const { locale, prefix, device } of LANGUAGES) {
  test(`${locale}: opens a source from the events tab, comes back to the same place, and stops monitoring it`, async ({
    openContext,
  }) => {
    test.setTimeout(120_000);
    const m = siteStrings(locale, 'mobile');
    const mon = siteStrings(locale, 'monitoring');
    const c = siteStrings(locale, 'common');
    const { token, upcoming, completed } = await userWithSources('Pia');
    const [first, second, third] = completed as [Source, Source, Source];
    const problems: string[] = [];
    const { page } = await openContext(device, token);
    watch(page, problems);
    const width = device.viewport!.width;

    // The events tab: the next events, then the recently finished, each opening its view.
    await page.goto(`${baseUrl()}${prefix}/mobile/?tab=events`);
    const events = page.getByRole('region', { name: m('events.title') });
    await expect(events.locator('a:not([target])')).toHaveCount(4);
    const finished = page.getByRole('region', { name: m('source.finished.title') });
    const views = finished.locator('a:not([target])');
    await expect(views).toHaveCount(3);
    await expect(views.nth(0)).toContainText(first.title);
    await expect(views.nth(2)).toContainText(third.title);
    // The event on its own site is a control of its own, as big as a finger needs.
    const outside = finished.getByRole('link', {
      name: new RegExp(`^${escapeRegExp(m('source.openEvent', { title: third.title }))}`),
    });
    await expect(outside).toHaveAttribute('target', '_blank');
    const outsideBox = (await outside.boundingBox())!;
    expect(Math.min(outsideBox.width, outsideBox.height)).toBeGreaterThanOrEqual(44);
    expect(await sidewaysScroll(page)).toBe(0);

    // The last finished source, scrolled to (the page is taller than the phone): tapped.
    const last = views.nth(2);
    await last.scrollIntoViewIfNeeded();
    const left = await scrollY(page);
    expect(left).toBeGreaterThan(0);
    await page.screenshot({ path: join(SHOTS, `events-${locale}-${width}.png`) });
    await last.tap();
    await page.waitForURL(
      new RegExp(`${escapeRegExp(prefix)}/mobile/monitoring/detail/\\?id=${third.id}$`),
    );
    await page.getByRole('heading', { level: 1, name: third.title }).waitFor();
    const summary = page.getByRole('region', { name: mon('detail.summary.title') });
    await expect(summary.locator('p').first()).toHaveText(/\S{3,}/);
    await page
      .getByRole('region', { name: mon('detail.content.label', { title: third.title }) })
      .getByRole('listitem')
      .first()
      .waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await page.screenshot({ path: join(SHOTS, `source-${locale}-${width}.png`) });

    // Back: the events tab, where it was left.
    await page.getByRole('link', { name: m('source.back') }).tap();
    await page.waitForURL(`${baseUrl()}${prefix}/mobile/?tab=events`);
    await expect(last).toBeInViewport();
    await expect.poll(() => scrollY(page)).toBe(left);

    // Stop monitoring the first one from its view: asked first, then gone from the events tab.
    await views.nth(0).tap();
    await page.getByRole('heading', { level: 1, name: first.title }).waitFor();
    await page.getByRole('button', { name: m('source.stop') }).tap();
    const confirm = page.getByRole('dialog', { name: mon('remove.title', { title: first.title }) });
    await confirm.waitFor();
    await still(page);
    await page.screenshot({ path: join(SHOTS, `stop-${locale}-${width}.png`) });
    await confirm.getByRole('button', { name: mon('remove.confirm') }).tap();
    await page
      .getByText(mon('remove.done', { title: first.title }))
      .first()
      .waitFor();
    await page.waitForURL(`${baseUrl()}${prefix}/mobile/?tab=events`);
    await expect(views).toHaveCount(2);
    await expect(finished.getByText(first.title, { exact: true })).toHaveCount(0);
    const mine = await callApi<{ records: Source[] }>(
      '/api/monitor/user/source/list?page=1&size=30',
      token,
    );
    expect(mine.records.map((source) => source.id)).not.toContain(first.id);

    // A shared link to a source's phone view opens it; its back control leads to the events tab.
    const next = upcoming[0]!;
    await page.goto(`${baseUrl()}${prefix}/mobile/monitoring/detail/?id=${next.id}`);
    await page.getByRole('heading', { level: 1, name: next.title }).waitFor();
    await page.getByText(mon('detail.summary.pending')).waitFor();
    await page.getByRole('link', { name: m('source.back') }).tap();
    await page.waitForURL(`${baseUrl()}${prefix}/mobile/?tab=events`);
    await expect(events.locator('a:not([target])')).toHaveCount(4);

    // And one to the desktop's page of a source brings the phone to its view.
    await page.goto(`${baseUrl()}${prefix}/monitoring/detail/?id=${second.id}`);
    await page.waitForURL(`${baseUrl()}${prefix}/mobile/monitoring/detail/?id=${second.id}`);
    await page.getByRole('heading', { level: 1, name: second.title }).waitFor();

    // Signed out, the same link asks to sign in, on the phone, to come back to the source.
    const { page: visitor } = await openContext(device);
    watch(visitor, problems);
    const shared = `${prefix}/mobile/monitoring/detail/?id=${second.id}`;
    await visitor.goto(`${baseUrl()}${shared}`);
    await visitor.waitForURL(
      `${baseUrl()}${prefix}/mobile/?t=login&next=${encodeURIComponent(shared)}`,
    );
    await visitor.getByRole('dialog', { name: c('login.title') }).waitFor();

    expect(problems).toEqual([]);
  });
}
