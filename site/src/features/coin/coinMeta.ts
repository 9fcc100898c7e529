// The words of a coin page's head in its language (its title, description and the markets page's
// name for its breadcrumb), worked out by the build (gatsby-node.ts) from the page's locale files
// with i18next, so that the page carries them in its context and its Head needs no translator of
// its own in the browser.
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** What a coin page's head says, in its language. */
export interface CoinMeta {
  title: string;
  description: string;
  /** The market overview's name, the breadcrumb's first step. */
  markets: string;
}

/** The `coin` and `markets` strings of `language` from `localesDir` (site/locales). */
function strings(localesDir: string, language: string) {
  const read = (namespace: string) =>
    JSON.parse(
      readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8'),
    ) as object;
  return { coin: read('coin'), markets: read('markets') };
}

/**
 * The head's words for the coin `name` (`symbol`) in `language`; for no coin (the client route,
 * whose coin only its address names), the words that fit any coin.
 */
export function coinMeta(
  localesDir: string,
  language: string,
  coin: { name: string; symbol: string } | null,
): CoinMeta {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    resources: { [language]: strings(localesDir, language) },
    ns: ['coin', 'markets'],
    defaultNS: 'coin',
    initImmediate: false,
    // As the site's i18next (gatsby-config.ts): "pt-br", not "pt-BR", names the resources.
    lowerCaseLng: true,
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
  const t = instance.t;
  return {
    title: coin ? t('meta.title', coin) : t('meta.anyTitle'),
    description: coin ? t('meta.description', coin) : t('meta.anyDescription'),
    markets: t('markets:title'),
  };
}
