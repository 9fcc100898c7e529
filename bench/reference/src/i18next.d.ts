// i18next runs with `returnNull: false` (gatsby-config.ts): a translation is always a string.
import 'i18next';

declare module 'i18next' {
  interface CustomTypeOptions {
    returnNull: false;
  }
}
