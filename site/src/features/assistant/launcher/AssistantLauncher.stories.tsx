// The assistant's launcher in the corner of a signed-in page (Ana), over a page longer than the
// window, composed as the layout composes it: the page, its last line (the footer's), then the
// launcher, in the assistant's provider as every page is (pressed, it opens the side panel:
// AssistantSidePanel.stories.tsx). The robot's idle line is always its first (testing/chat.tsx
// stubs Math.random).
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { chakra } from '@chakra-ui/react/styled-system';
import type { Meta, StoryContext, StoryObj } from '@storybook/react';
import { expect, waitFor } from '@storybook/test';
import { chatStory } from '../../../testing/chat';
import { page, WAIT } from '../../../testing/play';
import { storyLocale, textsOf, type SiteParameters } from '../../../testing/site';
import { AssistantLauncher } from './AssistantLauncher';
import { AssistantProvider } from './AssistantProvider';

const SITE: SiteParameters = { signedIn: true, path: '/reporting/' };

/** Report-like paragraphs, enough to make the page taller than any window the stories use. */
const PARAGRAPHS = Array.from(
  { length: 14 },
  (_, i) =>
    `Report ${i + 1}: the price held above its 30-day average, with volume slightly up on the ` +
    'week and the RSI near the middle of its range; the summary says what moved it.',
);
/** The page's last line, stretched across the page as the footer's row is. */
const LAST_LINE = 'The last line of the page: nothing may lie under the assistant.';

const meta = {
  title: 'Site/Assistant/Launcher',
  tags: ['site', '!autodocs'],
  ...chatStory,
  render: (_, context) => (
    <AssistantProvider
      language={storyLocale(context.globals)}
      originalPath={SITE.path ?? '/'}
      search=""
    >
      <Flex direction="column" minHeight="100dvh" bg="bg.canvas">
        <Box as="main" flex="1" paddingX="6" paddingY="8">
          <chakra.h1 fontSize="2xl" fontWeight="semibold" marginBottom="4">
            Reports
          </chakra.h1>
          {PARAGRAPHS.map((text) => (
            <chakra.p key={text} marginBottom="4" maxWidth="none">
              {text}
            </chakra.p>
          ))}
        </Box>
        <chakra.footer paddingX="6" paddingY="6" borderTopWidth="1px" borderColor="border.subtle">
          <chakra.p textAlign="end">{LAST_LINE}</chakra.p>
        </chakra.footer>
        <AssistantLauncher />
      </Flex>
    </AssistantProvider>
  ),
  parameters: { ...chatStory.parameters, layout: 'fullscreen', site: SITE },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Whether two boxes share any area. */
const overlap = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Scrolled to the end of the page, its last line (right-aligned, where the launcher sits) is
 * above the launcher, not under it: the page ends with room for it.
 */
async function playToTheEnd(context: StoryContext) {
  const ta = textsOf(context, 'assistant');
  const launcher = await page().findByRole('complementary', { name: ta('title') }, WAIT);
  const last = page().getByText(LAST_LINE);
  window.scrollTo(0, document.documentElement.scrollHeight);
  await waitFor(
    () =>
      expect(window.scrollY + window.innerHeight).toBeGreaterThanOrEqual(
        document.documentElement.scrollHeight - 1,
      ),
    WAIT,
  );
  const box = launcher.getBoundingClientRect();
  const line = last.getBoundingClientRect();
  // The line reaches the launcher's column: were the room missing, it would be under it.
  await expect(line.right).toBeGreaterThan(box.left);
  await expect(line.bottom).toBeLessThanOrEqual(window.innerHeight);
  await expect(overlap(line, launcher.getBoundingClientRect())).toBe(false);
  await expect(line.bottom).toBeLessThanOrEqual(box.top);
}

/** A desktop window: the launcher 1.5rem from the corner, the page's end clear of it. */
export const AtThePageEnd: Story = { play: playToTheEnd };

/** A phone's window: the launcher closer to the corner, the page's end still clear of it. */
export const AtThePageEndOnAPhone: Story = {
  parameters: { screenshot: { viewport: true, size: { width: 375, height: 812 } } },
  play: playToTheEnd,
};
