// A phone's report card (CoinReportCard and its placeholder with `touch`): its controls at least
// 44 px each way (WCAG 2.5.5), through the parts' own `data-part` marks, so that the card's layout
// stays the design system's and the placeholder takes the room of the card it stands for.
export const TOUCH_SIZES = {
  '& [data-part=unfollow]': { width: '11', height: '11' },
  '& [data-part=range]': { height: '11', minWidth: '11' },
  '& [data-part=source] > a': { display: 'flex', alignItems: 'center', minHeight: '11' },
} as const;
