// The market overview's search box: the design system's SearchInput (its 400 ms pause before a
// search), in a chunk of its own that loads after the first paint (site/js-budget.json keeps the
// search field's code out of every first load).
import { SearchInput } from '@coinlens/design-system';

export interface MarketSearchProps {
  /** The field's accessible name. */
  label: string;
  placeholder: string;
  clearLabel: string;
  /** The text in the box. */
  value: string;
  onValueChange: (details: { value: string }) => void;
  /** The trimmed text, once typing pauses, at once on Enter or clear. */
  onSearch: (details: { value: string }) => void;
  /** Whether the results of a search are on their way. */
  loading: boolean;
}

export default function MarketSearch(props: MarketSearchProps) {
  return <SearchInput {...props} maxWidth={{ md: '22rem' }} width="100%" />;
}
