import type { Meta, StoryObj } from '@storybook/react';
import { expect, fireEvent, fn, waitFor, within } from '@storybook/test';
import { useCallback, useState } from 'react';
import { InfiniteList, type InfiniteListProps } from './InfiniteList';

const PAGE_SIZE = 20;

/** A list that loads pages of made-up sources after a short delay, as the API would. */
function Demo({
  pages = 3,
  delay = 120,
  ...props
}: Partial<InfiniteListProps> & { pages?: number; delay?: number }) {
  const [items, setItems] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const loadedPages = items.length / PAGE_SIZE;
  const onLoadMore = useCallback(() => {
    props.onLoadMore?.();
    setLoading(true);
    setTimeout(() => {
      setItems((current) => [
        ...current,
        ...Array.from({ length: PAGE_SIZE }, (_, i) => `Source ${current.length + i + 1}`),
      ]);
      setLoading(false);
    }, delay);
  }, [delay, props]);
  return (
    <InfiniteList
      label="Search results"
      loadingLabel="Loading more"
      endLabel="That is everything"
      height="280px"
      width="580px"
      maxWidth="100%"
      borderWidth="1px"
      borderColor="border.default"
      {...props}
      hasMore={loadedPages < pages}
      loading={loading}
      onLoadMore={onLoadMore}
    >
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item) => (
          <li key={item} style={{ padding: '10px 16px', borderBottom: '1px solid #1c2230' }}>
            {item}
          </li>
        ))}
      </ul>
    </InfiniteList>
  );
}

const meta = {
  title: 'Data/InfiniteList',
  component: InfiniteList,
  args: {
    label: 'Search results',
    loadingLabel: 'Loading more',
    hasMore: true,
    loading: false,
    onLoadMore: fn(),
  },
} satisfies Meta<typeof InfiniteList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  render: (args) => <Demo {...args} />,
};

export const LoadsMoreAtTheBottom: Story = {
  render: (args) => <Demo {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: 'Search results' });
    // The first page comes by itself: an empty region cannot be scrolled.
    await waitFor(() => expect(canvas.getByText('Source 20')).toBeInTheDocument());
    region.scrollTop = region.scrollHeight;
    fireEvent.scroll(region);
    await waitFor(() => expect(canvas.getByText('Source 40')).toBeInTheDocument());
    region.scrollTop = region.scrollHeight;
    fireEvent.scroll(region);
    await waitFor(() => expect(canvas.getByText('That is everything')).toBeInTheDocument());
    await expect(canvas.getAllByRole('listitem')).toHaveLength(60);
    await expect(args.onLoadMore).toHaveBeenCalledTimes(3);
  },
};

export const Loading: Story = {
  args: { loading: true },
  render: (args) => (
    <InfiniteList {...args} height="160px" width="580px" maxWidth="100%">
      <p style={{ padding: 16, margin: 0 }}>Source 1</p>
    </InfiniteList>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading more');
    await expect(canvas.getByRole('region', { name: 'Search results' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(args.onLoadMore).not.toHaveBeenCalled();
  },
};

export const Empty: Story = {
  args: {
    hasMore: false,
    empty: true,
    emptyState: <p style={{ padding: 16, margin: 0, color: '#a3acbd' }}>No sources match “zzz”.</p>,
  },
  render: (args) => <InfiniteList {...args} height="120px" width="580px" maxWidth="100%" />,
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement).getByText('No sources match “zzz”.')).toBeVisible();
    await expect(args.onLoadMore).not.toHaveBeenCalled();
  },
};
