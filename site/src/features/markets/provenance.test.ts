import type { MarketStatus } from '@coinlens/contract';
import i18next from 'i18next';
import type { Locale } from '../../i18n/locales';
import { flatStrings, loadStrings } from '../../testing/renderWithLocale';
import {
  figureTitle,
  formatUtcTime,
  provenanceText,
  staleExplanation,
  type Translate,
} from './provenance';

/** The `markets` strings of `language`, as the page reads them. */
function translate(language: Locale): Translate {
  const i18n = i18next.createInstance();
  void i18n.init({
    resources: { [language]: { markets: loadStrings(language, 'markets') } },
    lng: language,
    lowerCaseLng: true,
    fallbackLng: false,
    defaultNS: 'markets',
    interpolation: { escapeValue: false },
    returnNull: false,
    initImmediate: false,
  });
  return i18n.getFixedT(language, 'markets');
}

/** 2026-11-29 10:32:05 UTC. */
const AS_OF = Date.UTC(2026, 10, 29, 10, 32, 5) / 1000;
const NOW = Date.UTC(2026, 10, 29, 10, 33);

const live: MarketStatus = {
  source: 'coingecko',
  asOf: AS_OF,
  refreshSeconds: 60,
  stale: false,
  retryAt: null,
};
const demo: MarketStatus = { ...live, source: 'demo' };

describe('where the market figures come from', () => {
  it.each<[Locale, string]>([
    ['en', 'Prices from CoinGecko, as of 10:32:05 UTC · refreshed every 60 s'],
    ['zh', '价格来自 CoinGecko，截至 UTC 10:32:05 · 每 60 秒更新'],
    ['pt-br', 'Preços da CoinGecko, às 10:32:05 UTC · atualizados a cada 60 s'],
  ])('names CoinGecko and the time of its figures in %s', (language, text) => {
    expect(provenanceText(live, translate(language), language, NOW)).toBe(text);
  });

  it.each<[Locale, string]>([
    ['en', 'Demo data, not live prices'],
    ['zh', '演示数据，并非实时价格'],
    ['pt-br', 'Dados de demonstração, não são preços ao vivo'],
  ])('says demo data is not live in %s', (language, text) => {
    expect(provenanceText(demo, translate(language), language, NOW)).toBe(text);
    expect(figureTitle(demo, translate(language), language, NOW)).toBe(text);
  });

  it.each<[Locale, string]>([
    ['en', 'CoinGecko, as of 10:32:05 UTC'],
    ['zh', 'CoinGecko，截至 UTC 10:32:05'],
    ['pt-br', 'CoinGecko, às 10:32:05 UTC'],
  ])('gives each figure its source and time in %s', (language, text) => {
    expect(figureTitle(live, translate(language), language, NOW)).toBe(text);
  });

  it('writes the date too, in the locale’s order, when the figures are not from today', () => {
    const tomorrow = NOW + 86_400_000;
    expect(formatUtcTime(AS_OF, 'en', tomorrow)).toBe('11/29/2026 10:32:05');
    expect(formatUtcTime(AS_OF, 'pt-br', tomorrow)).toBe('29/11/2026 10:32:05');
    expect(formatUtcTime(AS_OF, 'zh', tomorrow)).toBe('2026/11/29 10:32:05');
  });

  it('leaves the time out before the provider has given any figures', () => {
    const t = translate('en');
    expect(formatUtcTime(0, 'en', NOW)).toBeNull();
    expect(provenanceText({ ...live, asOf: 0 }, t, 'en', NOW)).toBe(
      'Prices from CoinGecko · refreshed every 60 s',
    );
  });

  it.each<[Locale, RegExp]>([
    ['en', /^CoinGecko has not sent new prices since 10:32:05 UTC\./],
    ['zh', /^自 UTC 10:32:05 起 CoinGecko 未再提供新价格。/],
    ['pt-br', /^A CoinGecko não envia preços novos desde as 10:32:05 UTC\./],
  ])('explains stale figures in %s', (language, text) => {
    const stale = { ...live, stale: true };
    expect(staleExplanation(stale, translate(language), language, NOW)).toMatch(text);
  });

  it('has every string in every language', () => {
    const keys = (locale: Locale) =>
      Object.keys(flatStrings(loadStrings(locale, 'markets'))).sort();
    expect(keys('zh')).toEqual(keys('en'));
    expect(keys('pt-br')).toEqual(keys('en'));
  });
});
