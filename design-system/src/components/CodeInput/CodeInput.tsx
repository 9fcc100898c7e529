import { useControllableState } from '@chakra-ui/react/hooks';
import {
  chakra,
  type HTMLChakraProps,
  type RecipeVariantProps,
} from '@chakra-ui/react/styled-system';
import {
  forwardRef,
  useEffect,
  useId,
  useRef,
  type ClipboardEvent,
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { codeInputRecipe } from './CodeInput.recipe';
import { useSlotClasses } from '../../hooks/useSlotClasses';

/** How many boxes a verification code has (the product's codes are 6 digits). */
export const CODE_LENGTH = 6;

const onlyDigits = (text: string) => text.replace(/\D/g, '');

type CodeInputVariants = RecipeVariantProps<typeof codeInputRecipe>;

export interface CodeInputProps
  extends Omit<HTMLChakraProps<'div'>, 'onChange' | 'defaultValue'>, CodeInputVariants {
  /** The group's accessible name, e.g. "Verification code". */
  label: string;
  /** Each box's accessible name; the default reads "1/6", "2/6" ... in any language. */
  getDigitLabel?: (details: { index: number; length: number }) => string;
  /** Number of boxes. */
  length?: number;
  /** The digits entered, when the parent owns the value. */
  value?: string;
  /** The starting digits, when the component owns the value. */
  defaultValue?: string;
  /** Called with the digits whenever they change. */
  onValueChange?: (details: { value: string }) => void;
  /** Called when every box is filled, with the whole code. */
  onComplete?: (details: { value: string }) => void;
  /** Blocks input, e.g. while the code is being checked. */
  disabled?: boolean;
  /** Marks every box invalid, e.g. after a wrong code. */
  invalid?: boolean;
  /** The id of an element that describes the boxes (an error or hint text). */
  describedBy?: string;
  /** Focus the first empty box on mount. */
  autoFocus?: boolean;
  /** Submits the code under this name in a form. */
  name?: string;
}

/**
 * A one-time code in single-digit boxes: typing advances, Backspace goes back, a paste (or the
 * phone's code autofill) fills the boxes with its digits, and `onComplete` fires once all are
 * filled. The focus stays with the boxes while the parent checks and clears a code: disabled, they
 * drop it; enabled again, or emptied, the first empty box takes it back.
 */
export const CodeInput = forwardRef<HTMLDivElement, CodeInputProps>(function CodeInput(
  {
    label,
    getDigitLabel = ({ index, length }) => `${index + 1}/${length}`,
    length = CODE_LENGTH,
    value: valueProp,
    defaultValue = '',
    onValueChange,
    onComplete,
    disabled = false,
    invalid = false,
    describedBy,
    autoFocus = false,
    name,
    size,
    ...rest
  },
  ref,
) {
  const { classes, styles, rules } = useSlotClasses(codeInputRecipe, { size });
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const id = useId();
  const [value, setValue] = useControllableState<string>({
    value: valueProp === undefined ? undefined : onlyDigits(valueProp).slice(0, length),
    defaultValue: onlyDigits(defaultValue).slice(0, length),
    onChange: (next) => onValueChange?.({ value: next }),
  });
  const digits = Array.from({ length }, (_, index) => value[index] ?? '');
  /** Whether a box has the focus, or had it when the boxes were disabled. */
  const holdsFocus = useRef(false);

  const focusBox = (index: number) => {
    const box = inputs.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  /**
   * Writes `incoming` digits over the value from box `start` on (the value never has gaps, so
   * `start` is at most its length), moves focus past them and reports completion.
   */
  const fill = (start: number, incoming: string) => {
    const at = Math.min(start, value.length);
    const code = (value.slice(0, at) + incoming + value.slice(at + incoming.length)).slice(
      0,
      length,
    );
    setValue(code);
    focusBox(at + incoming.length);
    if (code.length === length) onComplete?.({ value: code });
  };

  const handleChange = (index: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const raw = onlyDigits(event.currentTarget.value);
    const old = digits[index] ?? '';
    // A second digit typed into a filled box arrives beside the old one: keep the new one.
    // Anything longer is the phone's code autofill or a drop: take it all.
    const incoming =
      raw.length === 2 && old ? (raw[0] === old ? raw.slice(1) : raw.slice(0, 1)) : raw;
    if (incoming) fill(index, incoming);
  };

  const handlePaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = onlyDigits(event.clipboardData.getData('text'));
    if (pasted) fill(index, pasted);
  };

  const handleKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'Backspace': {
        event.preventDefault();
        const target = digits[index] ? index : index - 1;
        if (target < 0) return;
        setValue(value.slice(0, target) + value.slice(target + 1));
        focusBox(target);
        return;
      }
      case 'Delete':
        event.preventDefault();
        setValue(value.slice(0, index) + value.slice(index + 1));
        return;
      case 'ArrowLeft':
        event.preventDefault();
        focusBox(index - 1);
        return;
      case 'ArrowRight':
        event.preventDefault();
        focusBox(Math.min(index + 1, value.length));
        return;
      case 'Home':
        event.preventDefault();
        focusBox(0);
        return;
      case 'End':
        event.preventDefault();
        focusBox(Math.min(value.length, length - 1));
        return;
      default:
    }
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    // A box that is being disabled loses the focus to the page, not to the user: it comes back.
    if (event.currentTarget.disabled) return;
    holdsFocus.current = inputs.current.some((box) => box !== null && box === event.relatedTarget);
  };

  // The parent, not a key, disables the boxes while it checks a code and then empties them (a
  // wrong code): no handler of ours runs then, so an effect brings the focus back, and only when
  // the boxes held it and nothing else has taken it since.
  const firstEmpty = Math.min(value.length, length - 1);
  useEffect(() => {
    if (disabled || !holdsFocus.current) return;
    const active = document.activeElement;
    const index = inputs.current.findIndex((box) => box !== null && box === active);
    const dropped = active === null || active === document.body;
    if (dropped || index > firstEmpty) focusBox(firstEmpty);
    // focusBox reads only the refs; the focus moves when these change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [disabled, firstEmpty]);

  return (
    <>
      {rules}
      <chakra.div
        ref={ref}
        role="group"
        aria-label={label}
        data-disabled={disabled || undefined}
        data-invalid={invalid || undefined}
        data-complete={value.length === length || undefined}
        css={styles.root}
        {...rest}
      >
        {digits.map((digit, index) => (
          <input
            key={index}
            ref={(element: HTMLInputElement | null) => {
              inputs.current[index] = element;
            }}
            id={`${id}-${index}`}
            className={classes.input}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            // Only the first box offers the phone's code autofill; it then fills them all.
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- asked for by the caller (a code dialog)
            autoFocus={autoFocus && index === Math.min(value.length, length - 1)}
            aria-label={getDigitLabel({ index, length })}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            disabled={disabled}
            value={digit}
            data-filled={digit ? '' : undefined}
            onChange={handleChange(index)}
            onPaste={handlePaste(index)}
            onKeyDown={handleKeyDown(index)}
            onFocus={(event) => {
              holdsFocus.current = true;
              event.currentTarget.select();
            }}
            onBlur={handleBlur}
          />
        ))}
        {name && <input type="hidden" name={name} value={value} />}
      </chakra.div>
    </>
  );
});
