// Page <head>: useTranslation does not work inside Gatsby's Head, so strings are read from the
// page's own locale data and the language from the page context.
import { graphql, useStaticQuery, type HeadFC, type HeadProps } from 'gatsby';
import type { ReactNode } from 'react';
import type { PageContext } from 'gatsby-plugin-react-i18next/dist/types';
import { markPageHead } from '../start/pageHead';
import { DEFAULT_LOCALE, HTML_LANG, LOCALES, isLocale, localizedPath } from './locales';
import type { LocaleQueryData } from './query';

/** The pages that have their own title and description under `meta.<page>` in common.json. */
export type PageKey =
  | 'home'
  | 'welcome'
  | 'reporting'
  | 'monitoring'
  | 'monitoringDetail'
  | 'monitoringFeeds'
  | 'privacy'
  | 'terms'
  | 'mobile'
  | 'mobileMonitoringDetail'
  | 'mobilePrivacy'
  | 'mobileTerms'
  | 'mobileBadRequest'
  | 'mobileReporting'
  | 'markets'
  | 'mobileMarkets'
  | 'alerts'
  | 'mobileAlerts'
  | 'coin'
  | 'mobileCoin'
  | 'badRequest'
  | 'notFound';

type Strings = {
  siteName?: string;
  meta?: Partial<Record<PageKey, { title: string; description: string }>>;
};

const MOBILE_PAGES = new Set<PageKey>([
  'mobile',
  'mobileMonitoringDetail',
  'mobilePrivacy',
  'mobileTerms',
  'mobileBadRequest',
  'mobileReporting',
  'mobileMarkets',
  'mobileCoin',
  'mobileAlerts',
]);

function commonStrings(data: LocaleQueryData | undefined): Strings {
  const node = data?.locales.edges.find((edge) => edge.node.ns === 'common')?.node;
  return node ? (JSON.parse(node.data) as Strings) : {};
}

export interface SiteHeadProps extends HeadProps<LocaleQueryData, PageContext> {
  /** Which page's title and description to use. */
  page: PageKey;
  /** The title and description when the page makes its own (a coin's, with the coin's name). */
  meta?: { title: string; description: string };
  /** More of the head (a page's structured data). */
  children?: ReactNode;
  /**
   * The path (without language prefix) of the page search engines are to take for this one, and
   * whose language versions are its alternates: the page's own by default.
   */
  canonicalPath?: string;
}

/** The site's public origin (gatsby-config.ts), for absolute links in the head. */
export function useSiteUrl(): string {
  const { site } = useStaticQuery<{ site: { siteMetadata: { siteUrl: string } } }>(graphql`
    query SiteUrl {
      site {
        siteMetadata {
          siteUrl
        }
      }
    }
  `);
  return site.siteMetadata.siteUrl;
}

/** The site's name, as the page's strings say it. */
export function siteNameOf(data: LocaleQueryData | undefined): string {
  return commonStrings(data).siteName ?? 'Coinlens';
}

export function SiteHead({
  data,
  pageContext,
  page,
  meta: ownMeta,
  children,
  canonicalPath,
}: SiteHeadProps) {
  const language = isLocale(pageContext.i18n?.language)
    ? pageContext.i18n.language
    : DEFAULT_LOCALE;
  const strings = commonStrings(data);
  const siteName = strings.siteName ?? 'Coinlens';
  const meta = ownMeta ?? strings.meta?.[page];
  const title = !meta || meta.title === siteName ? siteName : `${meta.title} · ${siteName}`;
  const siteUrl = useSiteUrl();
  const originalPath = canonicalPath ?? pageContext.i18n?.originalPath ?? '/';
  return (
    <>
      {/* No <html lang>: the server render writes it (src/i18n/htmlLang.ts). */}
      <title>{title}</title>
      {meta && <meta name="description" content={meta.description} />}
      {/* The mobile pages reach under a notch and keep their content clear of it themselves. */}
      <meta
        name="viewport"
        content={`width=device-width, initial-scale=1${MOBILE_PAGES.has(page) ? ', viewport-fit=cover' : ''}`}
      />
      <meta name="theme-color" content="#0b0e14" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      {page !== 'notFound' && (
        <>
          <link rel="canonical" href={`${siteUrl}${localizedPath(language, originalPath)}`} />
          {LOCALES.map((locale) => (
            <link
              key={locale}
              rel="alternate"
              hrefLang={HTML_LANG[locale]}
              href={`${siteUrl}${localizedPath(locale, originalPath)}`}
            />
          ))}
          <link rel="alternate" hrefLang="x-default" href={`${siteUrl}${originalPath}`} />
        </>
      )}
      {children}
    </>
  );
}

/**
 * A page's Head export: its title, description and links. It needs none of the root's providers,
 * and says so (src/start/pageHead.ts), so that wrapRootElement leaves it unwrapped.
 */
export function pageHead(page: PageKey): HeadFC<LocaleQueryData, PageContext> {
  return markPageHead((props: HeadProps<LocaleQueryData, PageContext>) => (
    <SiteHead {...props} page={page} />
  ));
}
