import type { GatsbyConfig } from 'gatsby';
import path from 'node:path';
import { DEFAULT_LOCALE, LOCALES } from './src/i18n/locales';

/** The public origin, for canonical and hreflang links. */
const siteUrl = (process.env.SITE_URL || 'http://localhost:8000').replace(/\/$/, '');

const config: GatsbyConfig = {
  siteMetadata: { siteUrl, title: 'Coinlens' },
  trailingSlash: 'always',
  graphqlTypegen: false,
  jsxRuntime: 'automatic',
  plugins: [
    {
      resolve: 'gatsby-source-filesystem',
      options: { path: path.join(__dirname, 'locales'), name: 'locale' },
    },
    {
      resolve: 'gatsby-plugin-react-i18next',
      options: {
        localeJsonSourceName: 'locale',
        languages: [...LOCALES],
        defaultLanguage: DEFAULT_LOCALE,
        siteUrl,
        trailingSlash: 'always',
        // English lives at the root; nobody is redirected by their browser's language.
        redirect: false,
        i18nextOptions: {
          // Without this, i18next looks up "pt-BR" and pt-br pages silently show English.
          lowerCaseLng: true,
          fallbackLng: false,
          interpolation: { escapeValue: false },
          returnNull: false,
        },
      },
    },
  ],
};

export default config;
