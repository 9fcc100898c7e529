import { createSystem, defaultBaseConfig, defineConfig, defineSlotRecipe } from '@chakra-ui/react';

const cardRecipe = defineSlotRecipe({
  className: 'card',
  slots: ['root', 'header', 'body', 'title', 'description'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      bg: 'bg.surface',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'lg',
    },
    body: { display: 'flex', flexDirection: 'column', gap: '2', p: '6' },
    title: { fontSize: 'lg', fontWeight: 'semibold' },
    description: { color: 'fg.muted' },
  },
});

const config = defineConfig({
  preflight: true,
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg', fontFamily: 'body', lineHeight: '1.5' },
  },
  theme: {
    tokens: {
      colors: {
        gray: {
          50: { value: '#f8fafc' },
          200: { value: '#e2e8f0' },
          600: { value: '#475569' },
          900: { value: '#0f172a' },
        },
        blue: { 600: { value: '#2563eb' } },
        white: { value: '#ffffff' },
      },
      fonts: {
        body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
        heading: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
      },
      fontSizes: {
        sm: { value: '0.875rem' },
        md: { value: '1rem' },
        lg: { value: '1.125rem' },
        '4xl': { value: '2.25rem' },
      },
      fontWeights: { semibold: { value: '600' }, bold: { value: '700' } },
      spacing: {
        2: { value: '0.5rem' },
        4: { value: '1rem' },
        6: { value: '1.5rem' },
        10: { value: '2.5rem' },
      },
      sizes: { '6xl': { value: '72rem' } },
      radii: { lg: { value: '0.5rem' } },
    },
    semanticTokens: {
      colors: {
        bg: { DEFAULT: { value: '{colors.gray.50}' }, surface: { value: '{colors.white}' } },
        fg: { DEFAULT: { value: '{colors.gray.900}' }, muted: { value: '{colors.gray.600}' } },
        border: { value: '{colors.gray.200}' },
        accent: { value: '{colors.blue.600}' },
      },
    },
    slotRecipes: { card: cardRecipe },
  },
});

export const system = createSystem(defaultBaseConfig, config);
