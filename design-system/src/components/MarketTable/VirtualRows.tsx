// A market table's coin rows as the window scrolls: only those near the screen are drawn, between
// two spacer rows that take the room of the others, so that the page is as tall as the whole list.
// Its own module, out of the page's first load: the virtualizer's code (@tanstack/react-virtual,
// about 10 KB gzipped) is asked for as the table mounts, while its placeholders show, and until it
// has come StaticRows (rows.tsx) draws the first screenful, as this does before it has measured
// the window.
import { measureElement, useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect } from 'react';
import {
  INITIAL_WINDOW,
  MarketTableRowView,
  OVERSCAN,
  ROW_HEIGHT,
  SpacerRow,
  type RowsProps,
} from './rows';

const estimateRow = () => ROW_HEIGHT;

/** A row's height as laid out; one with no layout (hidden, or a DOM without one) keeps its estimate. */
const measureRow: typeof measureElement<HTMLTableRowElement> = (element, entry, instance) => {
  const size = measureElement(element, entry, instance);
  return size > 0 ? size : ROW_HEIGHT;
};

export default function VirtualRows({ rows, context, span, scrollMargin, onLastDrawn }: RowsProps) {
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const virtualizer = useWindowVirtualizer<HTMLTableRowElement>({
    count: rows.length,
    estimateSize: estimateRow,
    measureElement: measureRow,
    getItemKey,
    overscan: OVERSCAN,
    scrollMargin,
    initialRect: INITIAL_WINDOW,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const spaceBefore = first ? first.start - scrollMargin : 0;
  const spaceAfter = last ? Math.max(0, virtualizer.getTotalSize() - (last.end - scrollMargin)) : 0;
  const lastDrawn = last?.index ?? -1;
  useEffect(() => onLastDrawn(lastDrawn), [lastDrawn, onLastDrawn]);
  return (
    <>
      {spaceBefore > 0 && <SpacerRow classes={context.classes} span={span} height={spaceBefore} />}
      {items.map((item) => (
        <MarketTableRowView
          key={item.key}
          row={rows[item.index]!}
          index={item.index}
          context={context}
          measure={virtualizer.measureElement}
        />
      ))}
      {spaceAfter > 0 && <SpacerRow classes={context.classes} span={span} height={spaceAfter} />}
    </>
  );
}
