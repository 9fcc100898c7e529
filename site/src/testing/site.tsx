// What a site story needs around it, given the way the site's layout gives it to a page: the
// page's language (the toolbar's `locale` global, or a story's own), the i18n plugin's context
// over a real i18next instance, the app's SWR setup over the one API client, the toasts, and per
// story a mocked API (testing/api: msw handlers over the story's own state, put in front of
// msw-storybook-addon's worker, or msw's Node server in Jest), a session (signed in as Ana or
// signed out) and, for the global dialogs, the dialog that is open. Everything a story changes
// is put back when it ends, and a story whose mocked API answered against the contract fails.
//
// One difference from a page: the API client names the page's language in its `Language` header
// from the page's path, and Storybook's is /iframe.html, so the mocked API answers in English
// whatever the story's language (as the real API would to that header).
//
// Use: `const meta = { ...siteStory, parameters: { site: { dialog: 'login' } } }`.
import { TREND_COLORS_ATTRIBUTE, toaster } from '@coinlens/design-system';
import { DialogHost } from '../shell/DialogHost';
import { SiteToaster } from '../shell/SiteToaster';
import type { Decorator, StoryContext } from '@storybook/react';
import { spyOn } from '@storybook/test';
import type { RequestHandler } from 'msw';
import { getWorker } from 'msw-storybook-addon';
import { useEffect, type ReactNode } from 'react';
import { mutate, useSWRConfig, type Cache } from 'swr';
import { FETCH_MIN_DELAY_MS } from '../data/minDelay';
import { ApiProvider } from '../data/swr';
import { clearToken, setToken } from '../data/token';
// Every feature's dialog and frame parts, as gatsby-browser.tsx brings them in on a page.
import '../features/frame';
import type { DialogName } from '../shell/dialogs';
import { closeDialog, forgetUnsaved, openDialog } from '../shell/dialogs';
import { HTML_LANG, isLocale, type Locale } from '../i18n/locales';
import { LOCALE_TREND_COLORS } from '../i18n/trendColors';
import { MockApi, takeMockFaults, type MockApiOptions } from './api';
import { ANA } from './fixtures';
import { navigate } from './gatsby';
import { pageContext, storyI18n } from './i18n';
import { I18nextContext, I18nextProvider } from './i18next';

/** `parameters.site` of a site story. */
export interface SiteParameters {
  /** The mocked API's starting state and the routes that misbehave. */
  api?: MockApiOptions;
  /** Signed in as Ana (a token the mocked API accepts is kept) rather than signed out. */
  signedIn?: boolean;
  /** The global dialog open when the story starts (the story renders the DialogHost). */
  dialog?: DialogName;
  /** The page the story is on, without the language prefix (`/` by default). */
  path?: string;
  /**
   * The moment the story starts at (Unix ms), for pages that show times as "Today 18:30" or
   * "11/02/2026 15:00": the clock (`Date.now`) starts there and runs on at its real pace.
   */
  now?: number;
  /**
   * The story renders the site's Layout, which has the page's toast stack: the frame leaves its
   * own out (two stacks would show each toast twice).
   */
  layout?: boolean;
}

/**
 * The app's SWR settings, with no retries and no refetch on focus: a story of a failure stays
 * failed and its screenshot does not depend on when the browser window got the focus.
 */
const STORY_SWR = { dedupingInterval: 0, shouldRetryOnError: false, revalidateOnFocus: false };

/** The language a story shows: its `locale` global, English when that is not a site locale. */
export function storyLocale(globals: Record<string, unknown>): Locale {
  return isLocale(globals.locale) ? globals.locale : 'en';
}

/** The mocked API of the running story (made by `siteStory`'s loader). */
export function mockApiOf(context: Pick<StoryContext, 'loaded'>): MockApi {
  const api: unknown = context.loaded.api;
  if (!(api instanceof MockApi)) throw new Error('This story has no mocked API: spread siteStory');
  return api;
}

/** The translations of the story's language, e.g. `textsOf(context)('login.title')`. */
export function textsOf(context: Pick<StoryContext, 'globals'>, ns: string | string[] = 'common') {
  const locale = storyLocale(context.globals);
  return storyI18n(locale).getFixedT(locale, ns);
}

/** The app's SWR cache, as the story's components use it (emptied when the story ends). */
let appCache: Cache | undefined;

function KnowTheCache() {
  const { cache } = useSWRConfig();
  useEffect(() => {
    appCache = cache;
  }, [cache]);
  return null;
}

function SiteFrame({
  locale,
  path,
  toaster: withToaster = true,
  children,
}: {
  locale: Locale;
  path?: string;
  /** The layout's toast stack, as every page has it (false when the story renders the Layout). */
  toaster?: boolean;
  children: ReactNode;
}) {
  const i18n = storyI18n(locale);
  const t = i18n.getFixedT(locale, 'common');
  return (
    <I18nextProvider i18n={i18n}>
      <I18nextContext.Provider value={pageContext(locale, path)}>
        <ApiProvider config={STORY_SWR}>
          <KnowTheCache />
          {children}
          {/* The layout's toast stack, as every page has it. */}
          {withToaster && <SiteToaster t={t} />}
        </ApiProvider>
      </I18nextContext.Provider>
    </I18nextProvider>
  );
}

const siteParameters = (context: Pick<StoryContext, 'parameters'>): SiteParameters =>
  (context.parameters.site as SiteParameters | undefined) ?? {};

// Generic over the story's args, so that one decorator, loader and beforeEach fit every meta.
function withSite<TArgs>(...[Story, context]: Parameters<Decorator<TArgs>>) {
  const { path, layout = false } = siteParameters(context);
  return (
    <SiteFrame locale={storyLocale(context.globals)} path={path} toaster={!layout}>
      <Story />
    </SiteFrame>
  );
}

function makeMockApi<TArgs>(context: StoryContext<TArgs>) {
  return { api: new MockApi(siteParameters(context).api) };
}

/** A story's own msw handlers, `parameters.msw.handlers` (a list, or lists by name). */
function storyHandlers(context: Pick<StoryContext, 'parameters'>): RequestHandler[] {
  const msw = context.parameters.msw as
    { handlers?: RequestHandler[] | Record<string, RequestHandler | RequestHandler[]> } | undefined;
  const handlers = msw?.handlers ?? [];
  return Array.isArray(handlers) ? handlers : Object.values(handlers).flat();
}

/**
 * Sets `Date.now` to start at `now`. Only the date moves: time keeps passing as it does, so that
 * what measures it (the list's 200 ms between loads, the toasts) behaves as on a page.
 */
function setClock(now: number) {
  const realNow = Date.now.bind(Date);
  const offset = now - realNow();
  return spyOn(Date, 'now').mockImplementation(() => realNow() + offset);
}

async function prepareSite<TArgs>(context: StoryContext<TArgs>) {
  const { signedIn = false, dialog, now } = siteParameters(context);
  const clock = now === undefined ? undefined : setClock(now);
  const api = mockApiOf(context);
  // msw-storybook-addon's loader has put in the story's own handlers (`parameters.msw`) and drops
  // them, and these, before the next story; the story's own stay in front of its mocked API's.
  const worker = getWorker();
  const stopLogging = api.listen(worker);
  worker.use(...storyHandlers(context));
  if (signedIn) setToken(api.tokenFor(ANA));
  else clearToken();
  // Toasts stay until the story ends (they close after 3 s on a page), so that the play function
  // and the screenshot after it both see them, however long the checks in between take.
  const createToast = toaster.create.bind(toaster);
  const toasts = spyOn(toaster, 'create').mockImplementation((options) =>
    createToast({ ...options, duration: Infinity }),
  );
  navigate.mockClear();
  const lang = document.documentElement.lang;
  document.documentElement.lang = HTML_LANG[storyLocale(context.globals)];
  // The up and down colours as the server render writes them (gatsby-ssr.tsx): a story's account
  // menu sets them on <html>, which the next story in the same frame would otherwise inherit.
  const trendColors = document.documentElement.getAttribute(TREND_COLORS_ATTRIBUTE);
  document.documentElement.setAttribute(
    TREND_COLORS_ATTRIBUTE,
    LOCALE_TREND_COLORS[storyLocale(context.globals)],
  );
  if (dialog) openDialog(dialog);

  return async () => {
    // What the story left under way must not reach the next one: requests still held end (they
    // would stay pending in the app's cache, which hands them to the next request of the same
    // resource), and answers on their way land, while this story's handlers, dialog and toasts
    // are still in place to take what the page makes of them.
    api.close();
    // (Up to 10 s: on a loaded machine a request can take seconds, and would land in the next.)
    await api.settled(FETCH_MIN_DELAY_MS + 50, 10_000);
    closeDialog();
    forgetUnsaved();
    toaster.dismiss();
    toasts.mockRestore();
    stopLogging();
    clearToken();
    // The app's cache starts empty in the next story, as on a fresh page.
    await mutate(() => true, undefined, { revalidate: false });
    // That leaves out the paged lists' own entries (swr/infinite keeps how many pages it shows
    // under `$inf$` keys), which would bring back the last story's pages.
    for (const key of [...(appCache?.keys() ?? [])]) {
      if (key.startsWith('$inf$')) appCache?.delete(key);
    }
    document.documentElement.lang = lang;
    if (trendColors === null) document.documentElement.removeAttribute(TREND_COLORS_ATTRIBUTE);
    else document.documentElement.setAttribute(TREND_COLORS_ATTRIBUTE, trendColors);
    clock?.mockRestore();
  };
}

/**
 * A story fails when its mocked API answered against the contract or threw (respond.ts): the
 * page then met a network error no real API would give it, and what the story checked proves
 * nothing.
 */
function answeredByContract() {
  const [fault] = takeMockFaults();
  if (fault) throw fault;
}

/**
 * Spread into a site story file's meta: the site frame, a fresh mocked API per story and the
 * session and dialog of `parameters.site`. Overlays render over the whole page, so the
 * screenshot is of the viewport. The meta itself says `tags: ['site', '!autodocs']` (Storybook
 * reads tags without running the file): `test-storybook --includeTags site` picks the site's
 * stories, and there is no docs page, where every story's dialog would open at once.
 */
export const siteStory = {
  decorators: [withSite],
  loaders: [makeMockApi],
  beforeEach: prepareSite,
  experimental_afterEach: answeredByContract,
  parameters: { screenshot: { viewport: true } },
};

/**
 * The meta of a global dialog's stories, but for its title and tags (which Storybook reads from
 * the file itself): the dialog host, on a site set up by `site` (its `dialog` open at the start).
 */
export function dialogStory(site: SiteParameters) {
  return {
    component: DialogHost,
    ...siteStory,
    parameters: { ...siteStory.parameters, site },
  };
}
