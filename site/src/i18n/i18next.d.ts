// We run i18next with `returnNull: false` (gatsby-config.ts): translations are always strings.
import 'i18next';

declare module 'i18next' {
  interface CustomTypeOptions {
    returnNull: false;
  }
}
