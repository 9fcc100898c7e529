// The page of a coin (src/features/coin/coinPages.ts): one per coin of the build's market snapshot,
// on a computer's layout or the phone's, and the client route of each side for a coin that came
// later (its page context names no coin: the address does, once the browser has rendered).
import { graphql, type PageProps } from 'gatsby';
import type { PageContext } from 'gatsby-plugin-react-i18next/dist/types';
import { useI18next } from 'gatsby-plugin-react-i18next';
import { useEffect } from 'react';
import { CoinHead } from '../features/coin/CoinHead';
import { CoinPage } from '../features/coin/CoinPage';
import { coinSlugOf, type CoinPageContext } from '../features/coin/coinPages';
import { cameFromSite } from '../features/mobile/fromSite';
import { MobileTopBar } from '../features/mobile/MobileTopBar';
import { markPageHead } from '../start/pageHead';
import { Layout } from '../shell/Layout';
import { StatusContent } from '../shell/StatusContent';
import { useHydrated } from '../shell/useHydrated';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import type { LocaleQueryData } from '../i18n/query';

type CoinTemplateProps = PageProps<LocaleQueryData, PageContext & CoinPageContext>;

export default function CoinTemplate({ location, pageContext }: CoinTemplateProps) {
  const hydrated = useHydrated();
  const mobile = pageContext.mobile;
  // A built page knows its coin; the client route reads it from the address after hydration.
  const slug = pageContext.slug ?? (hydrated ? coinSlugOf(location.pathname) : null);
  const content = (
    <CoinOrMissing
      slug={slug}
      pending={!pageContext.slug && !hydrated}
      name={pageContext.name}
      symbol={pageContext.symbol}
      mobile={mobile}
      fromSite={cameFromSite(location.state)}
      pathname={location.pathname}
    />
  );
  return mobile ? (
    <Layout header={false} variant="mobile" banner={<MobileTopBar />}>
      {content}
    </Layout>
  ) : (
    <Layout>{content}</Layout>
  );
}

interface CoinOrMissingProps {
  slug: string | null;
  /** The client route before hydration: nothing is known yet. */
  pending: boolean;
  name: string | null;
  symbol: string | null;
  mobile: boolean;
  fromSite: boolean;
  pathname: string;
}

function CoinOrMissing({
  slug,
  pending,
  name,
  symbol,
  mobile,
  fromSite,
  pathname,
}: CoinOrMissingProps) {
  const { t } = useTranslation('coin');
  const { navigate } = useI18next();
  // `/coins/` itself names no coin: the market overview lists them all.
  const bare = !pending && slug === null && /\/coins\/?$/.test(pathname);
  useEffect(() => {
    if (bare) void navigate(`${mobile ? '/mobile' : ''}/markets/`, { replace: true });
  }, [bare, mobile, navigate]);
  if (!pending && slug === null && !bare) {
    return (
      <StatusContent
        status={404}
        text={t('notFound.text')}
        hint={t('notFound.hint')}
        backLabel={t('notFound.back')}
        mobile={mobile}
      />
    );
  }
  return <CoinPage slug={slug} name={name} symbol={symbol} phone={mobile} fromSite={fromSite} />;
}

export const Head = markPageHead(CoinHead);

export const query = graphql`
  query CoinPage($language: String!) {
    ...PageLocales
  }
`;
