import { graphql } from 'gatsby';

/**
 * Every page asks for its language's strings through this fragment (the plugin needs them): all
 * namespaces (a dialog, a toast or the chat can show on any page) but those one page alone
 * renders: `legal`, almost half of all the strings, for the legal pages (`LegalPageLocales`),
 * `alertsPage` for the alerts pages (`AlertsPageLocales`) and `feeds` for the operators' Feeds
 * page (`FeedsPageLocales`). A page's data is fetched before it hydrates, so what it carries for
 * nothing delays every page (query.test.ts holds it).
 */
export const pageLocalesFragment = graphql`
  fragment PageLocales on Query {
    locales: allLocale(
      filter: { language: { eq: $language }, ns: { nin: ["legal", "alertsPage", "feeds"] } }
    ) {
      edges {
        node {
          ns
          data
          language
        }
      }
    }
  }
`;

/** The alerts pages' strings: every namespace but `legal` and `feeds`, `alertsPage` with them. */
export const alertsPageLocalesFragment = graphql`
  fragment AlertsPageLocales on Query {
    locales: allLocale(filter: { language: { eq: $language }, ns: { nin: ["legal", "feeds"] } }) {
      edges {
        node {
          ns
          data
          language
        }
      }
    }
  }
`;

/** The Feeds page's strings: every namespace but `legal` and `alertsPage`, `feeds` with them. */
export const feedsPageLocalesFragment = graphql`
  fragment FeedsPageLocales on Query {
    locales: allLocale(
      filter: { language: { eq: $language }, ns: { nin: ["legal", "alertsPage"] } }
    ) {
      edges {
        node {
          ns
          data
          language
        }
      }
    }
  }
`;

/** The legal pages' strings: every namespace but `feeds`, `legal` with them. */
export const legalPageLocalesFragment = graphql`
  fragment LegalPageLocales on Query {
    locales: allLocale(filter: { language: { eq: $language }, ns: { nin: ["feeds"] } }) {
      edges {
        node {
          ns
          data
          language
        }
      }
    }
  }
`;

/** What the `...PageLocales` fragments put into a page's data. */
export interface LocaleQueryData {
  locales: { edges: Array<{ node: { ns: string; data: string; language: string } }> };
}
