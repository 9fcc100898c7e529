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

export const tags = ['autodocs'];
