import { defineTokens } from '@chakra-ui/react/styled-system';

/**
 * Core palette. Components never use these directly: they go through the semantic tokens in
 * `../semantic-tokens/colors.ts`, so that a palette change is one edit.
 */
export const colors = defineTokens.colors({
  transparent: { value: 'transparent' },
  current: { value: 'currentColor' },
  black: { value: '#05070a' },
  white: { value: '#ffffff' },
  // Blue-grey ink: the dark, calm base for dense market data.
  ink: {
    50: { value: '#f4f6f9' },
    100: { value: '#e4e8ef' },
    200: { value: '#c8cfdb' },
    300: { value: '#a3acbd' },
    400: { value: '#8792a6' },
    500: { value: '#5f6a80' },
    600: { value: '#3b4457' },
    700: { value: '#2a3142' },
    800: { value: '#1c2230' },
    850: { value: '#161b25' },
    900: { value: '#11151d' },
    950: { value: '#0b0e14' },
  },
  // Accent: links, primary actions, focus.
  azure: {
    200: { value: '#b9d3ff' },
    300: { value: '#8db7ff' },
    400: { value: '#5b9cff' },
    500: { value: '#3a7fef' },
    600: { value: '#2563d6' },
    700: { value: '#1d4fb0' },
  },
  // Rising prices.
  green: {
    300: { value: '#6fe3a8' },
    400: { value: '#3ecf8e' },
    500: { value: '#1fae6f' },
    // On paper (the print palette).
    800: { value: '#0b6b40' },
    900: { value: '#0d2e20' },
  },
  // Falling prices and errors.
  red: {
    300: { value: '#ffa3a3' },
    400: { value: '#ff7a7a' },
    500: { value: '#e5484d' },
    // On paper (the print palette).
    700: { value: '#b42318' },
    900: { value: '#3a1517' },
  },
  // Warnings.
  amber: {
    300: { value: '#ffd27a' },
    400: { value: '#f5b841' },
    // On paper (the print palette).
    800: { value: '#8a5200' },
    900: { value: '#33260c' },
  },
});
