import { forwardRef, useMemo, type SVGAttributes } from 'react';
import { useSlotClasses } from '../../hooks/useSlotClasses';
import { sparklineRecipe } from './Sparkline.recipe';

/** Which way the prices went: the line's colour. */
export type SparklineTone = 'up' | 'down' | 'neutral';

export interface SparklineProps extends Omit<SVGAttributes<SVGSVGElement>, 'children' | 'points'> {
  /** The prices, oldest first, evenly spaced in time; a value that is not a finite number is skipped. */
  prices: readonly number[];
  /** The picture's accessible name, e.g. "Bitcoin, 7 days: up 4.2 %". */
  label: string;
  /** Width in px. */
  width?: number;
  /** Height in px. */
  height?: number;
  /** The colour; without it, the last price against the first (higher: up, lower: down). */
  tone?: SparklineTone;
}

/** The line's weight in px; the drawing keeps half of it inside each edge. */
const STROKE = 1.5;

/** The tone of prices read from the first finite one to the last. */
export function toneOf(prices: readonly number[]): SparklineTone {
  const finite = prices.filter(Number.isFinite);
  const first = finite[0];
  const last = finite[finite.length - 1];
  if (first === undefined || last === undefined || last === first) return 'neutral';
  return last > first ? 'up' : 'down';
}

/**
 * The polyline's points: time across the width, the lowest price at the bottom edge and the
 * highest at the top; flat prices (or a single one) draw a level line across the middle.
 */
function pointsOf(prices: readonly number[], width: number, height: number): string {
  const finite = prices.filter(Number.isFinite);
  if (finite.length === 0) return '';
  const inset = STROKE / 2;
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  const span = max - min;
  const y = (price: number) =>
    span === 0 ? height / 2 : inset + ((max - price) / span) * (height - STROKE);
  if (finite.length === 1) {
    const level = round(y(finite[0]!));
    return `${inset},${level} ${round(width - inset)},${level}`;
  }
  const step = prices.length > 1 ? (width - STROKE) / (prices.length - 1) : 0;
  const points: string[] = [];
  prices.forEach((price, index) => {
    if (Number.isFinite(price)) points.push(`${round(inset + index * step)},${round(y(price))}`);
  });
  return points.join(' ');
}

/** Two decimals are finer than a pixel and keep the markup short. */
function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * A small picture of how a price moved (a coin's last 7 days in the market table): one SVG
 * polyline, no chart library, coloured up or down by `trend.up` and `trend.down`.
 */
export const Sparkline = forwardRef<SVGSVGElement, SparklineProps>(function Sparkline(
  { prices, label, width = 120, height = 36, tone, className, ...rest },
  ref,
) {
  const { classes, rules } = useSlotClasses(sparklineRecipe);
  const points = useMemo(() => pointsOf(prices, width, height), [prices, width, height]);
  const shownTone = tone ?? toneOf(prices);
  return (
    <>
      {rules}
      <svg
        ref={ref}
        role="img"
        aria-label={label}
        focusable="false"
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        className={className ? `${classes.root} ${className}` : classes.root}
        data-tone={shownTone}
        {...rest}
      >
        {points && (
          <polyline
            className={classes.line}
            points={points}
            strokeWidth={STROKE}
            strokeLinejoin="round"
            strokeLinecap="round"
          />
        )}
      </svg>
    </>
  );
});
