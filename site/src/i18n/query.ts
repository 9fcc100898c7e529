import { graphql } from 'gatsby';

/** Every page asks for its language's strings through this fragment (the plugin needs them). */
export const pageLocalesFragment = graphql`
  fragment PageLocales on Query {
    locales: allLocale(filter: { language: { eq: $language } }) {
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

/** What `...PageLocales` puts into a page's data. */
export interface LocaleQueryData {
  locales: { edges: Array<{ node: { ns: string; data: string; language: string } }> };
}
