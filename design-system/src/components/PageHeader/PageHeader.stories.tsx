import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from '@storybook/test';
import { Button } from '../Button';
import { PageHeader } from './PageHeader';

const meta = {
  title: 'Building blocks/PageHeader',
  component: PageHeader,
  args: {
    title: 'Reporting',
    lead: 'A report for each coin you follow: its price, chart, indicators and what they signal.',
    actions: <Button>Add coins</Button>,
  },
} satisfies Meta<typeof PageHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithAction: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Reporting' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Add coins' })).toBeVisible();
  },
};

export const TitleOnly: Story = {
  args: { lead: undefined, actions: undefined },
  play: async ({ canvasElement }) => {
    const header = within(canvasElement).getByRole('banner');
    await expect(header).toHaveTextContent(/^Reporting$/);
  },
};

/** On a narrow screen the action goes under the text. */
export const OnAPhone: Story = {
  parameters: { screenshot: { viewport: true, size: { width: 375, height: 812 } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const heading = canvas.getByRole('heading', { level: 1 }).getBoundingClientRect();
    const action = canvas.getByRole('button', { name: 'Add coins' }).getBoundingClientRect();
    await expect(action.top).toBeGreaterThan(heading.bottom);
  },
};

export const Chinese: Story = {
  args: {
    title: '监控',
    lead: '关注直播与活动:实时热度、摘要与文字记录。',
    actions: <Button>添加监控</Button>,
  },
};

export const Portuguese: Story = {
  args: {
    title: 'Monitoramento',
    lead: 'Acompanhe transmissões e eventos: o calor ao vivo, resumos e transcrições.',
    actions: <Button>Adicionar monitoramento</Button>,
  },
};
