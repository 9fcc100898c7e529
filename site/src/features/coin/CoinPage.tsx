// A coin's public page (`/coins/bitcoin/`, the phone's `/mobile/coins/bitcoin/`), for visitors
// and users alike: the report card the reports page draws (price, chart with its ranges,
// indicators, signals, summary and related sources), with a Follow button in the unfollow
// button's place, what the coin is (the provider's description, in the page's language, where it
// has one), "Ask the assistant about <coin>", and where the figures come from. The build knows the
// coin's name (its heading is in the static HTML); its figures come from the API in the browser.
import type { Coin, MarketCoinAnswer, MarketRow } from '@coinlens/contract';
import { Button, EmptyState } from '@coinlens/design-system';
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import { useI18next, useTranslation } from 'gatsby-plugin-react-i18next';
import { Suspense, useEffect, useMemo } from 'react';
import { ApiError } from '../../data/errors';
import { useSession } from '../../data/session';
import { useApi } from '../../data/swr';
import { Link } from '../../i18n/Link';
import { usePreparedFormats } from '../../i18n/usePreparedFormats';
import { openDialog } from '../../shell/dialogs';
import { lazyChunk } from '../../shell/loadChunk';
import { StatusContent } from '../../shell/StatusContent';
import { useAssistant } from '../assistant/launcher/assistantContext';
import { MOBILE_CHAT_TAB } from '../../i18n/variant';
import { FollowButton } from '../markets/FollowButton';
import type { Translate } from '../markets/provenance';
import { askLoginComingBack, useMarketFollow } from '../markets/useMarketFollow';
import { useProvenance } from '../markets/useProvenance';
import { PhonePageHeader } from '../mobile/PhonePageHeader';
import { mobileSourcePath } from '../mobile/reportAddress';
import { ReportCardPlaceholder } from '../reporting/ReportCardPlaceholder';
import { useCoinPrices } from '../reporting/reports';

// The card's code (its chart, indicators and dates) comes while its figures do: the first paint
// has only the placeholder, which is drawn from the design system's ReportCard.
const CoinReportCard = lazyChunk(() =>
  import('../reporting/CoinReportCard').then((module) => ({ default: module.CoinReportCard })),
);

/** The Intl formats the card writes with, started before its code has come. */
const prepareFormats = (language: string) =>
  void import('../reporting/format').then((module) => module.prepareFormats(language));

/** The request path of one coin by its slug; also its SWR key with `?slug=`. */
export const MARKET_COIN_PATH = '/api/market/coin';

const NO_COINS: readonly number[] = [];

/** The contract's Coin of a market row, as the report card starts from before its report. */
export function coinOfRow(row: MarketRow): Coin {
  return {
    id: row.id,
    name: row.name,
    symbol: row.symbol,
    logo: row.logo,
    rank: row.rank,
    quotes: {
      price: row.price,
      percentChange24h: row.percentChange24h,
      marketCap: row.marketCap,
      volume24h: row.volume24h,
      updatedAt: row.updatedAt,
    },
  };
}

export interface CoinPageProps {
  /** The coin's slug: from the build, or read from the address by the client route; null before. */
  slug: string | null;
  /** Its name and symbol as the build knew them, for the heading before the figures come. */
  name?: string | null;
  symbol?: string | null;
  /** The phone's page: touch-sized controls, the phone's links, the way back at the top. */
  phone?: boolean;
  /** Whether the site led here (the phone's way back goes back in the history then). */
  fromSite?: boolean;
}

export function CoinPage({
  slug,
  name: builtName = null,
  symbol: builtSymbol = null,
  phone = false,
  fromSite = false,
}: CoinPageProps) {
  const { t, i18n } = useTranslation('coin');
  const { t: tMarkets } = useTranslation('markets');
  const language = i18n.language;
  usePreparedFormats(language, prepareFormats);
  const { data, error, mutate } = useApi<MarketCoinAnswer>(
    slug ? MARKET_COIN_PATH : null,
    slug ? { slug } : undefined,
  );
  const row = data?.coin;
  const coinId = row?.id;
  // The latest price, fetched again every 30 s: a newer one than the report's has the report
  // fetched again (CoinReportCard).
  const prices = useCoinPrices(coinId === undefined ? NO_COINS : [coinId]);
  const follow = useMarketFollow(tMarkets as Translate);
  const provenance = useProvenance(Boolean(data?.market));
  const entry = useMemo(() => (row ? { coinId: row.id, coin: coinOfRow(row) } : null), [row]);
  const base = phone ? '/mobile' : '';

  const name = row?.name ?? builtName;
  const symbol = row?.symbol ?? builtSymbol;

  // A client route's head was written before its coin was known (CoinHead, the phone's page and a
  // coin newer than the build): once the coin has come, the tab names it as a built page's does.
  const clientRoute = builtName === null;
  const siteName = t('common:siteName');
  useEffect(() => {
    if (!clientRoute || !row) return;
    document.title = `${t('meta.title', { name: row.name, symbol: row.symbol })} · ${siteName}`;
  }, [clientRoute, row, siteName, t]);

  if (error instanceof ApiError && error.code === 404 && !row) {
    return (
      <StatusContent
        status={404}
        text={t('notFound.text')}
        hint={t('notFound.hint')}
        backLabel={t('notFound.back')}
        mobile={phone}
      />
    );
  }

  return (
    <Box paddingBottom="6">
      {phone ? (
        <PhonePageHeader backTo={`${base}/markets/`} backLabel={t('back')} goBack={fromSite} />
      ) : (
        <chakra.nav aria-label={t('breadcrumb')} fontSize="sm" color="fg.muted" marginBottom="3">
          <chakra.ol display="flex" gap="2" listStyleType="none" padding="0" margin="0">
            <li>
              <Link to={`${base}/markets/`}>{tMarkets('title')}</Link>
            </li>
            <li aria-hidden="true">›</li>
            <li aria-current="page">{name ?? '…'}</li>
          </chakra.ol>
        </chakra.nav>
      )}
      <Flex
        direction={phone ? 'column' : { base: 'column', md: 'row' }}
        gap="3"
        alignItems={phone ? 'stretch' : { md: 'flex-end' }}
        justifyContent="space-between"
        marginTop={phone ? '2' : undefined}
        marginBottom={phone ? '4' : '6'}
      >
        <Box>
          <chakra.h1
            id="coin-title"
            fontSize={phone ? 'xl' : { base: '2xl', md: '3xl' }}
            fontWeight="bold"
            letterSpacing="tight"
            overflowWrap="anywhere"
          >
            {name ? t('heading', { name, symbol: symbol ?? '' }) : t('loading')}
          </chakra.h1>
          {name && (
            <chakra.p marginTop="1" color="fg.muted" maxWidth="prose">
              {t('lead', { name })}
            </chakra.p>
          )}
        </Box>
        {name && <AskAssistant coinId={coinId} name={name} phone={phone} />}
      </Flex>

      {entry ? (
        <Box data-coin-id={entry.coinId}>
          <Suspense fallback={<ReportCardPlaceholder touch={phone} />}>
            <CoinReportCard
              entry={entry}
              livePrice={prices.byCoin.get(entry.coinId)}
              sourceHref={phone ? mobileSourcePath : undefined}
              touch={phone}
              action={
                <FollowButton
                  coin={{ id: entry.coinId, name: entry.coin.name }}
                  followed={follow.isFollowed(entry.coinId)}
                  busy={follow.isBusy(entry.coinId)}
                  onFollow={follow.follow}
                  reportPath={`${base}/reporting/?coin=${entry.coinId}`}
                  t={tMarkets as Translate}
                />
              }
            />
          </Suspense>
        </Box>
      ) : error ? (
        <EmptyState
          title={t('error.title', { name: name ?? '' })}
          description={t('error.hint')}
          action={
            <Button size="sm" variant="outline" onClick={() => void mutate()}>
              {t('error.retry')}
            </Button>
          }
        />
      ) : (
        <ReportCardPlaceholder touch={phone} />
      )}

      {data?.description && (
        <chakra.section aria-labelledby="coin-about" marginTop="8" maxWidth="prose">
          <chakra.h2 id="coin-about" fontSize="lg" fontWeight="semibold" marginBottom="2">
            {t('about', { name })}
          </chakra.h2>
          {data.description.split(/\n{2,}/).map((paragraph, index) => (
            <chakra.p key={index} marginTop={index === 0 ? 0 : '3'} lineHeight="tall">
              {paragraph}
            </chakra.p>
          ))}
        </chakra.section>
      )}

      {data?.market && provenance && (
        <chakra.p marginTop="6" fontSize="sm" color="fg.muted">
          {provenance.provenanceText(data.market, tMarkets as Translate, language)}
        </chakra.p>
      )}
    </Box>
  );
}

interface AskAssistantProps {
  coinId: number | undefined;
  name: string;
  phone: boolean;
}

/**
 * "Ask the assistant about <coin>": a visitor is asked to sign in first (and comes back here); a
 * user's question goes to the assistant, beside the page on a computer, on the chat tab on a phone.
 */
function AskAssistant({ coinId, name, phone }: AskAssistantProps) {
  const { t } = useTranslation('coin');
  const { navigate } = useI18next();
  const { status } = useSession();
  const assistant = useAssistant();
  const ask = () => {
    if (status !== 'signedIn') {
      askLoginComingBack();
      openDialog('login');
      return;
    }
    const context = coinId === undefined ? { page: 'coin' } : { page: 'coin', coinId };
    assistant?.ask(t('ask.question', { name }), context, { panel: !phone });
    if (phone) void navigate(`/mobile/?tab=${MOBILE_CHAT_TAB}`);
  };
  return (
    <Button
      variant="outline"
      size={phone ? 'lg' : 'md'}
      onClick={ask}
      disabled={status === 'signedIn' && !assistant}
      flexShrink={0}
    >
      {t('ask.label', { name })}
    </Button>
  );
}
