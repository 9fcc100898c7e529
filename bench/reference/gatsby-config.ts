import type { GatsbyConfig } from 'gatsby';
import path from 'node:path';

const siteUrl = 'http://localhost:8000';

const config: GatsbyConfig = {
  siteMetadata: { siteUrl, title: 'Coinlens' },
  trailingSlash: 'always',
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
        languages: ['en', 'zh', 'pt-br'],
        defaultLanguage: 'en',
        siteUrl,
        trailingSlash: 'always',
        redirect: false,
        i18nextOptions: {
          // i18next would look up "pt-BR" otherwise, and find no strings.
          lowerCaseLng: true,
          returnNull: false,
          interpolation: { escapeValue: false },
        },
      },
    },
  ],
};

export default config;
