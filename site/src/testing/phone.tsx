// What the stories of the phone's views share: the phone sizes they are shot at, the phone's
// column as the mobile layout gives it (for a view shown without the top bar and the tabs), and
// the site's addresses as its links write them in the story's language.
import { chakra } from '@chakra-ui/react/styled-system';
import type { StoryContext } from '@storybook/react';
import type { ReactNode } from 'react';
import { MOBILE_WIDTH } from '../shell/Layout';
import { storyLocale } from './site';

/** A phone held upright (an iPhone X to 13 mini), and the narrowest one the site supports. */
export const PHONE = { width: 375, height: 812 };
export const SMALL_PHONE = { width: 320, height: 640 };

/** The sizes the phone's dialogs and chat are shot at: an iPhone 12 to 15 upright and sideways. */
export const PHONES = {
  upright: { width: 390, height: 844 },
  narrowest: SMALL_PHONE,
  sideways: { width: 844, height: 390 },
};

/** The parameters of a story shot at a phone's size (`SMALL_PHONE` for the narrowest). */
export function phoneShot(size: { width: number; height: number } = PHONE) {
  return { layout: 'fullscreen', screenshot: { viewport: true, size } };
}

/** The main landmark of a mobile page, a phone's column. */
export function PhoneColumn({ children }: { children: ReactNode }) {
  return (
    <chakra.main maxWidth={MOBILE_WIDTH} marginX="auto" paddingX="4" paddingY="4">
      {children}
    </chakra.main>
  );
}

/** `path` (without language prefix) as the site's links write it in the story's language. */
export function inLanguage(context: Pick<StoryContext, 'globals'>, path: string): string {
  const locale = storyLocale(context.globals);
  return locale === 'en' ? path : `/${locale}${path}`;
}
