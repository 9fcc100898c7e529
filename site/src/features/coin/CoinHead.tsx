// The head of a coin's page: its own title and description with the coin's name, in the page's
// language (worked out by the build, coinMeta.ts), and its structured data (schema.org JSON-LD:
// the page, where it sits under the market overview, and the coin it is about), so that a search
// engine reads what the page is about from the static HTML.
import type { HeadProps } from 'gatsby';
import type { PageContext } from 'gatsby-plugin-react-i18next/dist/types';
import { SiteHead, siteNameOf, useSiteUrl } from '../../i18n/head';
import { DEFAULT_LOCALE, HTML_LANG, isLocale, localizedPath } from '../../i18n/locales';
import type { LocaleQueryData } from '../../i18n/query';
import { coinPath, coinSlugOf, type CoinPageContext } from './coinPages';

type CoinHeadProps = HeadProps<LocaleQueryData, PageContext & CoinPageContext>;

/**
 * JSON-LD as a script's text: `<` written as its escape, so that no name can close the script
 * element early.
 */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export function CoinHead(props: CoinHeadProps) {
  const { data, pageContext } = props;
  const language = isLocale(pageContext.i18n?.language)
    ? pageContext.i18n.language
    : DEFAULT_LOCALE;
  const siteUrl = useSiteUrl();
  const page = pageContext.mobile ? 'mobileCoin' : 'coin';
  const { name, symbol, meta } = pageContext;
  const words = meta && { title: meta.title, description: meta.description };
  if (!name || !symbol || !meta) {
    // The client route: the phone's page of any coin, or a computer's of a coin that came after
    // the build. The coin is known in the browser only (its address): a phone's page sends search
    // engines to the computer's page of the coin; a computer's is not to be indexed.
    const slug = coinSlugOf(props.location.pathname);
    return pageContext.mobile ? (
      <SiteHead
        {...props}
        page={page}
        meta={words}
        canonicalPath={slug ? coinPath(slug) : undefined}
      />
    ) : (
      <SiteHead {...props} page={page} meta={words}>
        <meta name="robots" content="noindex" />
      </SiteHead>
    );
  }
  const url = `${siteUrl}${localizedPath(language, pageContext.i18n?.originalPath ?? '/')}`;
  const siteName = siteNameOf(data);
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: `${meta.title} · ${siteName}`,
    description: meta.description,
    url,
    inLanguage: HTML_LANG[language],
    isPartOf: { '@type': 'WebSite', name: siteName, url: `${siteUrl}/` },
    about: { '@type': 'Thing', name, alternateName: symbol },
    breadcrumb: {
      '@type': 'BreadcrumbList',
      itemListElement: [
        {
          '@type': 'ListItem',
          position: 1,
          name: meta.markets,
          item: `${siteUrl}${localizedPath(language, '/markets/')}`,
        },
        { '@type': 'ListItem', position: 2, name, item: url },
      ],
    },
  };
  return (
    <SiteHead {...props} page={page} meta={words}>
      <script
        type="application/ld+json"
        // JSON-LD is data the browser never runs; React would escape it as text otherwise.
        dangerouslySetInnerHTML={{ __html: jsonLdText(structured) }}
      />
    </SiteHead>
  );
}
