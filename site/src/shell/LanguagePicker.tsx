// The language picker: English, Português Brasil, 中文. Choosing one shows a loading notice,
// remembers it in the locale cookie for 365 days, then loads the same page in that language after
// 200 ms (a full load, so every part of the page starts in the new language).
import { LoadingOverlay } from '@coinlens/design-system';
import { chakra } from '@chakra-ui/react/styled-system';
import { useI18next, useTranslation } from 'gatsby-plugin-react-i18next';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { rememberLocale } from '../i18n/cookie';
import {
  HTML_LANG,
  LOCALES,
  LOCALE_NAMES,
  isLocale,
  localizedPath,
  type Locale,
} from '../i18n/locales';
import { Dropdown } from './Dropdown';

/** The pause between choosing a language and loading the page in it. */
export const LANGUAGE_RELOAD_DELAY_MS = 200;

/** The address of the current page in `locale`, keeping its query and fragment. */
export function addressIn(
  locale: Locale,
  originalPath: string,
  search: string,
  hash: string,
): string {
  return `${localizedPath(locale, originalPath)}${search}${hash}`;
}

export interface LanguageSwitch {
  /** The page's language. */
  current: Locale;
  /** Switches to `locale`: the notice, the cookie, then the page in it after 200 ms. */
  choose: (locale: Locale) => void;
  /** The loading notice, to render once wherever the switch is. */
  notice: ReactNode;
}

/** Switching the page's language, for any picker (the header's dropdown, the mobile page's list). */
export function useLanguageSwitch(): LanguageSwitch {
  const { t } = useTranslation('common');
  const { language, originalPath } = useI18next();
  const [switching, setSwitching] = useState<Locale | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const current = isLocale(language) ? language : 'en';

  const choose = (locale: Locale) => {
    if (locale === current) return;
    setSwitching(locale);
    rememberLocale(locale);
    const { search, hash } = window.location;
    timer.current = setTimeout(() => {
      window.location.assign(addressIn(locale, originalPath, search, hash));
    }, LANGUAGE_RELOAD_DELAY_MS);
  };
  const notice = (
    <LoadingOverlay open={switching !== null} text={switching ? t('language.switching') : ''} />
  );
  return { current, choose, notice };
}

/** The languages' icon (decorative: the picker is named). */
export function GlobeIcon() {
  return (
    <chakra.svg viewBox="0 0 16 16" width="4" height="4" aria-hidden="true">
      <circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" strokeWidth="1.25" />
      <path
        d="M1.75 8h12.5M8 1.75c1.9 2 2.75 4.1 2.75 6.25S9.9 12.25 8 14.25C6.1 12.25 5.25 10.15 5.25 8S6.1 3.75 8 1.75Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.25"
      />
    </chakra.svg>
  );
}

export function LanguagePicker() {
  const { t } = useTranslation('common');
  const { originalPath } = useI18next();
  const { current, choose, notice } = useLanguageSwitch();

  return (
    <>
      <Dropdown
        label={t('language.label', { language: LOCALE_NAMES[current] })}
        trigger={
          <>
            <GlobeIcon />
            <chakra.span fontSize="sm" hideBelow="sm">
              {LOCALE_NAMES[current]}
            </chakra.span>
          </>
        }
      >
        {({ close }) => (
          <chakra.ul listStyleType="none" margin="0" padding="0">
            {LOCALES.map((locale) => (
              <li key={locale}>
                <a
                  href={localizedPath(locale, originalPath)}
                  lang={HTML_LANG[locale]}
                  hrefLang={HTML_LANG[locale]}
                  aria-current={locale === current ? 'true' : undefined}
                  onClick={(event) => {
                    // A plain click switches with the notice; a modified click opens a tab.
                    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
                      return;
                    event.preventDefault();
                    close();
                    choose(locale);
                  }}
                >
                  {LOCALE_NAMES[locale]}
                </a>
              </li>
            ))}
          </chakra.ul>
        )}
      </Dropdown>
      {notice}
    </>
  );
}
