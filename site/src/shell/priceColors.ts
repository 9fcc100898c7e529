// The up and down colours of the site's prices: the signed-in user's choice (kept with the account
// by POST /api/user/preferences, so it follows them to another browser), else the page language's
// convention (i18n/trendColors.ts). They are an attribute on <html>, which the design system's
// `trend.up` and `trend.down` read, so every price on the page changes with it, without a reload.
import type { PriceColors, UserInfo } from '@coinlens/contract';
import { TREND_COLORS_ATTRIBUTE, toaster } from '@coinlens/design-system';
import { useI18next, useTranslation } from 'gatsby-plugin-react-i18next';
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { api, type ApiClient } from '../data/client';
import { ApiError } from '../data/errors';
import { isLocale } from '../i18n/locales';
import { LOCALE_TREND_COLORS } from '../i18n/trendColors';
import { USER_PATH, useSession } from '../data/session';

/** Where the account's display preferences are saved. */
export const PREFERENCES_PATH = '/api/user/preferences';

/** The choices the account menu offers, in its order. */
export const PRICE_COLOR_CHOICES: readonly PriceColors[] = ['green-up', 'red-up'];

/** Saves the signed-in user's choice (null: the language's); resolves with the updated user. */
export function savePriceColors(
  priceColors: PriceColors | null,
  client: ApiClient = api,
): Promise<UserInfo> {
  return client.post<UserInfo>(PREFERENCES_PATH, { priceColors });
}

export interface PriceColorsSetting {
  /** The colours the page shows: the user's choice, else the language's. */
  current: PriceColors;
  /** Whether there is an account to keep a choice with. */
  canChoose: boolean;
  /**
   * Shows `next` at once and saves it with the account; if the save fails, the page goes back to
   * the colours it had and a toast says so.
   */
  choose: (next: PriceColors) => Promise<void>;
}

/**
 * The page's up and down colours, applied to <html> while the caller is mounted: call it once per
 * page, where the account menu is (the header's, the mobile top bar's).
 */
export function usePriceColors(): PriceColorsSetting {
  const { t } = useTranslation('common');
  const { language } = useI18next();
  const { user } = useSession();
  const { mutate } = useSWRConfig();
  const current = user?.priceColors ?? LOCALE_TREND_COLORS[isLocale(language) ? language : 'en'];

  useEffect(() => {
    const html = document.documentElement;
    if (html.getAttribute(TREND_COLORS_ATTRIBUTE) !== current) {
      html.setAttribute(TREND_COLORS_ATTRIBUTE, current);
    }
  }, [current]);

  const choose = async (next: PriceColors) => {
    if (!user || next === current) return;
    try {
      await mutate<UserInfo>(USER_PATH, savePriceColors(next), {
        optimisticData: { ...user, priceColors: next },
        rollbackOnError: true,
        populateCache: true,
        revalidate: false,
      });
    } catch (error) {
      // The server's own words when it gave a reason (in the page's language), else ours.
      const title =
        error instanceof ApiError && error.msg ? error.msg : t('profile.priceColorsFailed');
      toaster.create({ type: 'error', title });
    }
  };

  return { current, canChoose: user !== null, choose };
}
