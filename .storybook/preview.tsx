import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';
import type { Decorator, Parameters } from '@storybook/react';
import { initialize, mswLoader } from 'msw-storybook-addon';
import { CoinlensProvider } from '../design-system/src/provider';

// Mock Service Worker answers the site stories' `/api/*` and their realtime socket (each story
// puts its mocked API's handlers in, site/src/testing/site.tsx): in the browser through its
// service worker (a WebSocket is intercepted in the page itself, once the worker has started), in
// the site's Jest story tests through msw's Node server (the addon's Node build). A request to
// `/api/*` that no handler answers fails, as an address the API lacks; Storybook's own requests
// (its index, the stories' modules, fonts) go on untouched.
initialize({
  quiet: true,
  onUnhandledRequest: (request, print) => {
    if (new URL(request.url).pathname.startsWith('/api/')) print.error();
  },
});

/** Before each story: msw forgets the last story's handlers and takes `parameters.msw`'s. */
export const loaders = [mswLoader];

export const decorators: Decorator[] = [
  (Story) => (
    <CoinlensProvider>
      <Story />
    </CoinlensProvider>
  ),
];

export const parameters: Parameters = {
  layout: 'padded',
  backgrounds: { disable: true },
  controls: { expanded: true },
  a11y: { test: 'error' },
};

// The language of the site's stories (site/src/testing/site.tsx reads it); the design system
// takes its texts as props and ignores it.
export const globalTypes = {
  locale: {
    description: 'Language of the site stories',
    toolbar: {
      title: 'Locale',
      icon: 'globe',
      items: [
        { value: 'en', title: 'English' },
        { value: 'zh', title: '中文' },
        { value: 'pt-br', title: 'Português Brasil' },
      ],
      dynamicTitle: true,
    },
  },
};

export const initialGlobals = { locale: 'en' };

export const tags = ['autodocs'];
