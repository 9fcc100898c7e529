// Content that never changes once rendered (text and pictures: no state, no handlers, no links
// the router must take), or a placeholder that the page replaces whole once its data comes: the
// hydration keeps the server's markup of it as it is instead of rendering it again (Chakra
// resolves each element's styles, the most of a hydration's time). A Static rendered again later
// (a placeholder shown anew) renders its children.
// Rendered anywhere else (a client-side navigation, the development server, Storybook, tests), it
// renders its children as usual. Its styles are the server's too: Emotion keeps every style tag
// the server rendered.
import type { ReactNode } from 'react';
import { useHydratedFromServer } from './serverMarkup';

export function Static({ children }: { children: ReactNode }) {
  if (useHydratedFromServer()) {
    return <div data-static="" dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />;
  }
  return <div data-static="">{children}</div>;
}
