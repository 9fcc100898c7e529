import { chakra } from '@chakra-ui/react/styled-system';
import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from '@storybook/test';
import { Skeleton } from './Skeleton';

const meta = {
  title: 'Feedback/Skeleton',
  component: Skeleton,
  args: { height: '16', width: '20rem' },
  argTypes: { shape: { control: 'inline-radio', options: ['block', 'text'] } },
} satisfies Meta<typeof Skeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Checks that `element` is drawn: a box of some size with a fill of its own. */
async function expectDrawn(element: HTMLElement) {
  await expect(element).toBeVisible();
  const { width, height } = element.getBoundingClientRect();
  await expect(width).toBeGreaterThan(0);
  await expect(height).toBeGreaterThan(0);
  await expect(getComputedStyle(element).backgroundColor).not.toMatch(
    /^(|transparent|rgba\(0, 0, 0, 0\))$/,
  );
}

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const skeleton = canvasElement.querySelector<HTMLElement>('[data-part="skeleton"]');
    await expect(skeleton).not.toBeNull();
    await expectDrawn(skeleton!);
  },
};

/**
 * A list's loading state as the site draws it: the list's place, named for assistive
 * technology, holding one block per row to come.
 */
export const LoadingList: Story = {
  render: () => (
    <chakra.div
      role="status"
      aria-busy="true"
      aria-label="Your coins"
      display="flex"
      flexDirection="column"
      gap="3"
      width="22rem"
    >
      <Skeleton height="16" borderRadius="lg" />
      <Skeleton height="16" borderRadius="lg" />
      <Skeleton height="16" borderRadius="lg" />
    </chakra.div>
  ),
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('status', { name: 'Your coins' });
    const rows = list.querySelectorAll<HTMLElement>('[data-part="skeleton"]');
    await expect(rows).toHaveLength(3);
    for (const row of rows) await expectDrawn(row);
  },
};

/** A paragraph still to come, on a card's surface: lines of text's height, the last shorter. */
export const TextOnSurface: Story = {
  render: () => (
    <chakra.div
      role="status"
      aria-label="Loading the summary"
      display="flex"
      flexDirection="column"
      gap="2"
      width="24rem"
      padding="4"
      bg="bg.surface"
      borderRadius="lg"
    >
      <Skeleton shape="text" />
      <Skeleton shape="text" />
      <Skeleton shape="text" width="60%" />
    </chakra.div>
  ),
  play: async ({ canvasElement }) => {
    const summary = within(canvasElement).getByRole('status', { name: 'Loading the summary' });
    const lines = summary.querySelectorAll<HTMLElement>('[data-part="skeleton"]');
    await expect(lines).toHaveLength(3);
    for (const line of lines) await expectDrawn(line);
    // The last line is shorter, as a paragraph's last line is.
    const full = lines[0]!.getBoundingClientRect().width;
    await expect(full).toBeGreaterThan(0);
    await expect(lines[2]!.getBoundingClientRect().width).toBeLessThan(full);
  },
};
