import { useControllableState } from '@chakra-ui/react/hooks';
import {
  chakra,
  type HTMLChakraProps,
  type RecipeVariantProps,
} from '@chakra-ui/react/styled-system';
import { forwardRef, useEffect, useRef, type KeyboardEvent } from 'react';
import { useMergedRef } from '../../hooks/useMergedRef';
import { searchInputRecipe } from './SearchInput.recipe';
import { CloseIcon, SearchIcon } from '../../icons/icons';
import { useSlotClasses } from '../../hooks/useSlotClasses';

/** The product's search debounce. */
export const SEARCH_DEBOUNCE_MS = 400;

export interface SearchInputProps
  extends
    Omit<HTMLChakraProps<'div'>, 'onChange' | 'defaultValue'>,
    RecipeVariantProps<typeof searchInputRecipe> {
  /** The field's accessible name, e.g. "Search coins". */
  label: string;
  /** Hint shown while empty. */
  placeholder?: string;
  /** Accessible name of the clear button, e.g. "Clear search". */
  clearLabel: string;
  /** The text, when the parent owns it. */
  value?: string;
  /** The starting text, when the component owns it. */
  defaultValue?: string;
  /** Called on every keystroke with the raw text. */
  onValueChange?: (details: { value: string }) => void;
  /** Called with the trimmed text once typing pauses for `debounceMs`, at once on Enter or clear. */
  onSearch?: (details: { value: string }) => void;
  /** Pause before `onSearch`, in ms. */
  debounceMs?: number;
  /** Shows a busy indicator while results load. */
  loading?: boolean;
  /** Blocks input. */
  disabled?: boolean;
  /** Focus the field on mount (e.g. when a dialog opens). */
  autoFocus?: boolean;
  /** The input's id, for an external label. */
  inputId?: string;
}

/**
 * A search field: `onSearch` fires with the trimmed text once typing pauses (400 ms), at once on
 * Enter or when cleared, and never twice in a row for the same text.
 */
export const SearchInput = forwardRef<HTMLInputElement, SearchInputProps>(function SearchInput(
  {
    label,
    placeholder,
    clearLabel,
    value: valueProp,
    defaultValue = '',
    onValueChange,
    onSearch,
    debounceMs = SEARCH_DEBOUNCE_MS,
    loading = false,
    disabled = false,
    autoFocus = false,
    inputId,
    size,
    ...rest
  },
  ref,
) {
  const { classes, styles, rules } = useSlotClasses(searchInputRecipe, { size });
  const [value, setValue] = useControllableState<string>({
    value: valueProp,
    defaultValue,
    onChange: (next) => onValueChange?.({ value: next }),
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastSearched = useRef(defaultValue.trim());
  const inputRef = useRef<HTMLInputElement | null>(null);
  const setInputRef = useMergedRef(inputRef, ref);
  // The debounced search reads the value as it stands when it fires: a parent that owns the
  // value may have changed what was typed.
  const latest = useRef(value);
  latest.current = value;

  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (text: string) => {
    clearTimeout(timer.current);
    const trimmed = text.trim();
    if (trimmed === lastSearched.current) return;
    lastSearched.current = trimmed;
    onSearch?.({ value: trimmed });
  };

  const change = (text: string) => {
    setValue(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => search(latest.current), debounceMs);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      search(value);
    } else if (event.key === 'Escape' && value) {
      // Escape empties the field first; a second Escape reaches the dialog around it.
      event.stopPropagation();
      setValue('');
      search('');
    }
  };

  return (
    <>
      {rules}
      <chakra.div
        css={styles.root}
        role="search"
        data-loading={loading || undefined}
        data-disabled={disabled || undefined}
        {...rest}
      >
        <span className={classes.icon}>
          <SearchIcon />
        </span>
        <input
          ref={setInputRef}
          id={inputId}
          className={classes.input}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          aria-label={label}
          aria-busy={loading || undefined}
          placeholder={placeholder}
          value={value}
          disabled={disabled}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- asked for by the caller (a search dialog)
          autoFocus={autoFocus}
          onChange={(event) => change(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        {loading && <span className={classes.spinner} aria-hidden="true" />}
        {value && !disabled && (
          <button
            type="button"
            className={classes.clear}
            aria-label={clearLabel}
            onClick={() => {
              setValue('');
              search('');
              inputRef.current?.focus();
            }}
          >
            <CloseIcon strokeWidth={1.75} />
          </button>
        )}
      </chakra.div>
    </>
  );
});
