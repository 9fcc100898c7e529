// The canvas follows the page's up and down colours (`data-trend-colors`) when they change, as the
// rest of the page does through the CSS variables. Kept apart from PriceChart.test.tsx, which
// fakes the library module; here the fake comes in through `loadLibrary`.
import { render, screen, waitFor } from '@testing-library/react';
import { CoinlensProvider } from '../../provider';
import { TREND_COLORS_ATTRIBUTE } from '../../theme/trendColors';
import { PriceChart, type PriceChartLibrary } from './PriceChart';

const series = { setData: jest.fn(), applyOptions: jest.fn() };

const fakeLibrary = {
  AreaSeries: { type: 'Area' },
  ColorType: { Solid: 'solid' },
  createChart: () => ({
    addSeries: jest.fn((_type: unknown, options: unknown) => {
      series.applyOptions(options);
      return series;
    }),
    applyOptions: jest.fn(),
    timeScale: () => ({ fitContent: jest.fn() }),
    remove: jest.fn(),
  }),
} as unknown as PriceChartLibrary;

// jsdom neither inherits custom properties nor computes Chakra's token rules: each convention's
// colours are given straight to the element the library draws in.
const style = document.createElement('style');
style.textContent = `
  [data-part=canvas] { --cl-colors-trend-up: #00aa00; --cl-colors-trend-down: #aa0000; }
  [${TREND_COLORS_ATTRIBUTE}=red-up] [data-part=canvas] {
    --cl-colors-trend-up: #aa0000; --cl-colors-trend-down: #00aa00;
  }
`;

beforeAll(() => document.head.appendChild(style));
afterAll(() => style.remove());
afterEach(() => {
  series.applyOptions.mockClear();
  document.documentElement.removeAttribute(TREND_COLORS_ATTRIBUTE);
});

const lineColor = () => series.applyOptions.mock.calls.at(-1)?.[0]?.lineColor as string;

it.each([
  ['up', '#00aa00', '#aa0000'],
  ['down', '#aa0000', '#00aa00'],
] as const)(
  'redraws a %s line in the new colour when the page switches to red up, and back',
  async (tone, greenUp, redUp) => {
    render(
      <CoinlensProvider>
        <PriceChart
          points={[
            { time: 1, price: 1 },
            { time: 2, price: 2 },
          ]}
          label="Bitcoin price"
          summary="From $1 to $2"
          loadingLabel="Loading chart"
          tone={tone}
          loadLibrary={() => Promise.resolve(fakeLibrary)}
        />
      </CoinlensProvider>,
    );
    const figure = screen.getByRole('figure', { name: 'Bitcoin price' });
    await waitFor(() => expect(figure).toHaveAttribute('data-state', 'ready'));
    expect(lineColor()).toBe(greenUp);

    document.documentElement.setAttribute(TREND_COLORS_ATTRIBUTE, 'red-up');
    await waitFor(() => expect(lineColor()).toBe(redUp));

    document.documentElement.setAttribute(TREND_COLORS_ATTRIBUTE, 'green-up');
    await waitFor(() => expect(lineColor()).toBe(greenUp));
  },
);
