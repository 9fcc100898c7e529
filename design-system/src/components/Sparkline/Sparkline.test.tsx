import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { CoinlensProvider } from '../../provider';
import { Sparkline, toneOf, type SparklineProps } from './Sparkline';

function drawSparkline(props: Partial<SparklineProps> = {}) {
  render(
    <CoinlensProvider>
      <Sparkline prices={[1, 3, 2, 4]} label="Bitcoin, 7 days: up 300 %" {...props} />
    </CoinlensProvider>,
  );
  return screen.getByRole('img');
}

/** The polyline's points as numbers. */
function pointsOf(picture: HTMLElement): [number, number][] {
  // The line is drawing, not content: no role reaches it.
  // eslint-disable-next-line testing-library/no-node-access
  const points = picture.querySelector('polyline')?.getAttribute('points') ?? '';
  return points
    ? points.split(' ').map((point) => point.split(',').map(Number) as [number, number])
    : [];
}

describe('toneOf', () => {
  it.each([
    [[1, 2, 3], 'up'],
    [[3, 2, 1], 'down'],
    [[2, 5, 2], 'neutral'],
    [[Number.NaN, 2, 1, Number.NaN], 'down'],
    [[], 'neutral'],
    [[7], 'neutral'],
  ])('reads %p as %s, the last price against the first', (prices, tone) => {
    expect(toneOf(prices)).toBe(tone);
  });
});

describe('Sparkline', () => {
  it('is a picture named by its label', () => {
    const picture = drawSparkline();
    expect(picture).toHaveAccessibleName('Bitcoin, 7 days: up 300 %');
    expect(picture.tagName).toBe('svg');
    expect(picture).toHaveAttribute('data-tone', 'up');
  });

  it('draws time across and the price up, the lowest at the bottom and the highest at the top', () => {
    const points = pointsOf(drawSparkline({ prices: [1, 3, 2, 4], width: 100, height: 40 }));
    // Half the 1.5 px line stays inside each edge.
    expect(points).toEqual([
      [0.75, 39.25],
      [33.58, 13.58],
      [66.42, 26.42],
      [99.25, 0.75],
    ]);
  });

  it('skips a price that is not a finite number but keeps the others in their place in time', () => {
    const points = pointsOf(
      drawSparkline({ prices: [1, Number.NaN, 3, Number.POSITIVE_INFINITY, 2], width: 100 }),
    );
    expect(points.map(([x]) => x)).toEqual([0.75, 50, 99.25]);
  });

  it('draws level prices as a level line across the middle', () => {
    expect(pointsOf(drawSparkline({ prices: [5, 5, 5], height: 30 })).map(([, y]) => y)).toEqual([
      15, 15, 15,
    ]);
  });

  it('draws one price as a level line across the width', () => {
    expect(pointsOf(drawSparkline({ prices: [5], width: 80, height: 30 }))).toEqual([
      [0.75, 15],
      [79.25, 15],
    ]);
  });

  it('draws no line without prices, and still names the picture', () => {
    const picture = drawSparkline({ prices: [], label: 'No prices' });
    expect(pointsOf(picture)).toEqual([]);
    expect(picture).toHaveAccessibleName('No prices');
    expect(picture).toHaveAttribute('data-tone', 'neutral');
  });

  it('takes the tone it is given over the one the prices tell', () => {
    expect(drawSparkline({ prices: [1, 2], tone: 'down' })).toHaveAttribute('data-tone', 'down');
  });

  it('is as large as asked, in px', () => {
    const picture = drawSparkline({ width: 64, height: 20 });
    expect(picture).toHaveAttribute('width', '64');
    expect(picture).toHaveAttribute('height', '20');
    expect(picture).toHaveAttribute('viewBox', '0 0 64 20');
  });

  it('forwards its ref and passes other props to the svg', () => {
    const ref = createRef<SVGSVGElement>();
    render(
      <CoinlensProvider>
        <Sparkline ref={ref} prices={[1, 2]} label="Up" className="extra" data-testid="line" />
      </CoinlensProvider>,
    );
    expect(ref.current).toBe(screen.getByTestId('line'));
    expect(ref.current).toHaveClass('extra');
  });
});
