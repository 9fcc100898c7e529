import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';
import type { Decorator, Parameters } from '@storybook/react';
import { CoinlensProvider } from '../design-system/src/provider';

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
