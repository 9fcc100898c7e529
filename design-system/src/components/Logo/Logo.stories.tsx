import type { Meta, StoryObj } from '@storybook/react';
import { expect, waitFor } from '@storybook/test';
import { Logo } from './Logo';

// The pictures are data URIs so that the stories load nothing from outside.
const picture =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#f7931a"/></svg>',
  );

const box = {
  width: 40,
  height: 40,
  borderRadius: 999,
  display: 'inline-grid',
  placeItems: 'center',
};

const meta = {
  title: 'Building blocks/Logo',
  component: Logo,
  args: { names: ['BTC', 'Bitcoin'], style: box },
} satisfies Meta<typeof Logo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Picture: Story = {
  args: { src: picture },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('img')).toHaveAttribute('alt', '');
  },
};

export const Monogram: Story = {
  args: { src: null, style: { ...box, background: '#eef1f5', color: '#1f2937', fontWeight: 600 } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-part="monogram"]')).toHaveTextContent('B');
  },
};

export const PictureThatFails: Story = {
  args: {
    src: '/missing-logo.svg',
    style: { ...box, background: '#eef1f5', color: '#1f2937', fontWeight: 600 },
  },
  play: async ({ canvasElement }) => {
    // The browser's error swaps the picture for the monogram.
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-part="monogram"]')).toHaveTextContent('B'),
    );
  },
};
