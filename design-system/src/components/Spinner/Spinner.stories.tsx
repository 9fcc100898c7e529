import { chakra } from '@chakra-ui/react/styled-system';
import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from '@storybook/test';
import { Spinner } from './Spinner';

const meta = {
  title: 'Feedback/Spinner',
  component: Spinner,
  argTypes: { size: { control: 'inline-radio', options: ['xs', 'sm', 'md'] } },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The spinners of `container`, each checked drawn at its size. */
async function expectSpinners(container: HTMLElement, sizes: number[]) {
  const spinners = [...container.querySelectorAll<SVGElement>('[data-part="spinner"]')];
  await expect(spinners).toHaveLength(sizes.length);
  for (const [index, spinner] of spinners.entries()) {
    await expect(spinner).toBeVisible();
    await expect(spinner).toHaveAttribute('aria-hidden', 'true');
    await expect(spinner.getBoundingClientRect().width).toBe(sizes[index]);
  }
}

export const Playground: Story = {
  play: async ({ canvasElement }) => expectSpinners(canvasElement, [16]),
};

/** The three sizes: beside small print, beside body text, and alone in a loading list. */
export const Sizes: Story = {
  render: () => (
    <chakra.div display="flex" alignItems="center" gap="4" color="fg.default">
      <Spinner size="xs" />
      <Spinner size="sm" />
      <Spinner size="md" />
    </chakra.div>
  ),
  play: async ({ canvasElement }) => expectSpinners(canvasElement, [12, 16, 24]),
};

/** As a loading list has it: the spinner in the accent colour, the words saying what loads. */
export const WithLabel: Story = {
  render: () => (
    <chakra.div role="status" display="flex" alignItems="center" gap="3">
      <Spinner size="md" color="accent.solid" />
      <chakra.span fontSize="sm" color="fg.muted">
        Loading sources
      </chakra.span>
    </chakra.div>
  ),
  play: async ({ canvasElement }) => {
    // The status is named by its words alone: the spinner is hidden from assistive technology.
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading sources');
    await expectSpinners(canvasElement, [24]);
  },
};
