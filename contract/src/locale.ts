// The interface languages: the site's pages, the `Language` request header and every text the
// server writes.
import { Type, type Static } from 'typebox';

/** Every interface language, English first (the default). */
export const LOCALES = ['en', 'zh', 'pt-br'] as const;

/** An interface language; also the `Language` request header. */
export const Locale = Type.Union([Type.Literal('en'), Type.Literal('zh'), Type.Literal('pt-br')]);
export type Locale = Static<typeof Locale>;
