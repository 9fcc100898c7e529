// Story-time stand-in for `gatsby-plugin-react-i18next` (aliased to it in .storybook/main.ts and
// in the site's Jest story project). The plugin itself needs Gatsby's page context and router;
// this keeps its API (react-i18next's hooks, the plugin's context, `useI18next` and the
// locale-prefixed `Link`) over the real i18next instance that the story decorator provides
// (see i18n.ts and site.tsx). Never part of the Gatsby build.
import { createContext, forwardRef, useContext, type AnchorHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as GatsbyLink, navigate as gatsbyNavigate } from './gatsby';
import { pageContext, type PageI18nContext } from './i18n';

export { I18nextProvider, Trans, useTranslation, withTranslation } from 'react-i18next';

export type I18NextContext = PageI18nContext;

export const I18nextContext = createContext<I18NextContext>(pageContext('en'));

function languagePath(context: I18NextContext, language: string): string {
  return context.generateDefaultLanguagePage || language !== context.defaultLanguage
    ? `/${language}`
    : '';
}

/** The plugin's hook: the context, `t`, and a `navigate` that keeps the page's language. */
export function useI18next(ns?: string | string[]) {
  const { i18n, t, ready } = useTranslation(ns);
  const context = useContext(I18nextContext);
  return {
    ...context,
    i18n,
    t,
    ready,
    navigate: (to: string, options?: unknown) =>
      gatsbyNavigate(
        context.routed ? `${languagePath(context, context.language)}${to}` : to,
        options,
      ),
    changeLanguage: (language: string, to?: string, options?: unknown) =>
      gatsbyNavigate(`${languagePath(context, language)}${to ?? context.originalPath}`, options),
  };
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  /** Link to this language's version instead of the current one. */
  language?: string;
  activeClassName?: string;
  partiallyActive?: boolean;
}

/** The plugin's Link: `to` prefixed with the language (none for the default one). */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { language, to, ...rest },
  ref,
) {
  const context = useContext(I18nextContext);
  const urlLanguage = language ?? context.language;
  return (
    <GatsbyLink
      {...rest}
      ref={ref}
      to={`${languagePath(context, urlLanguage)}${to}`}
      hrefLang={urlLanguage}
    />
  );
});
