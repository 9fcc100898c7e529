import { chakra, type HTMLChakraProps } from '@chakra-ui/react/styled-system';
import type * as Contract from '@coinlens/contract';
import { forwardRef, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSlotClasses } from '../../hooks/useSlotClasses';
import { ALERT_COOLDOWN_MINUTES, alertKindsFor, type AlertKind } from '../../alerts/kinds';
import { BroadcastIcon } from '../../icons/BroadcastIcon';
import { Button } from '../Button';
import { Logo } from '../Logo';
import { alertFormRecipe } from './AlertForm.recipe';
import {
  needsKeyword,
  needsValue,
  validateAlertForm,
  type AlertFormError,
  type AlertFormErrors,
  type AlertFormField,
  type AlertFormInput,
  type AlertFormValues,
} from './validateAlertForm';

/**
 * What an alert is on (the contract's `AlertSubject`): a coin or a monitored source. The form
 * takes null for every new source (a `newSourceKeyword` alert).
 */
export type AlertFormSubject = Contract.AlertSubject;
/** An alert as the API sends it (the contract's `Alert`): the form's edit mode starts from it. */
export type AlertFormAlert = Contract.Alert;

/** Every word of the form, in the reader's language. */
export interface AlertFormLabels {
  /** The kind's label, e.g. "Alert me when". */
  kind: string;
  /** Each kind's name in the list, e.g. `{ priceAbove: 'Price goes above', … }`. */
  kinds: Record<AlertKind, string>;
  /** What a null subject (every new source) is called at the top, e.g. "Any new source". */
  newSources: string;
  /** The price line's label, e.g. "Price (USD)". */
  price: string;
  /** The 24 h move's label, e.g. "Move in 24 hours (%)". */
  move: string;
  /** Under the move, e.g. "Either way, up to 1000%". */
  moveHint?: string;
  /** The keyword's label, e.g. "Keyword or phrase". */
  keyword: string;
  /** Under the keyword, e.g. "2 to 60 characters". */
  keywordHint?: string;
  /** The cooldown's label, e.g. "Cooldown (minutes)". */
  cooldown: string;
  /** Under the cooldown, e.g. "Least time between two alerts; 0 to 10080". */
  cooldownHint?: string;
  /** The save button's text. */
  save: string;
  /** The save button's text while the request runs, e.g. "Saving…"; `save` when left out. */
  saving?: string;
  /** The cancel button's text. */
  cancel: string;
  /** The text of a field's error; `error.code` says what is wrong, with the limits it names. */
  error: (error: AlertFormError) => string;
}

export interface AlertFormProps extends Omit<
  HTMLChakraProps<'form'>,
  'children' | 'onSubmit' | 'defaultValue'
> {
  /**
   * The coin or source the alert is on: it decides the kinds offered. Null for every new source:
   * the one kind is `newSourceKeyword`, said rather than offered.
   */
  subject: AlertFormSubject | null;
  /**
   * The alert to edit: the form starts from its values and its kind cannot change (the API
   * changes a line, a keyword or a cooldown, not a kind). Leave out to make a new alert.
   */
  alert?: AlertFormAlert | null;
  /** The kind a new alert starts with; the subject's first kind when left out. */
  defaultKind?: AlertKind;
  /** Every word the form shows. */
  labels: AlertFormLabels;
  /** Called with the values to send once every field is valid (not while `submitting`). */
  onSubmit: (values: AlertFormValues) => void;
  /** Called when the user cancels. */
  onCancel: () => void;
  /** The request runs: Save says busy and ignores presses, the fields keep what was typed. */
  submitting?: boolean;
  /**
   * The server's refusal, shown above the buttons and announced, e.g. the 20-alert limit. The
   * fields keep what the user typed.
   */
  serverError?: ReactNode;
  /** Blocks every field and button. */
  disabled?: boolean;
  /** BCP 47 locale the numbers are read and written in (`en`, `zh`, `pt-br`). */
  locale?: string;
}

const valueTexts = new Map<string, Intl.NumberFormat>();

/** A line as the user would type it in `locale` (no grouping): `60000.5`, `60000,5`. */
function valueText(value: number | null, locale: string): string {
  if (value === null || !Number.isFinite(value)) return '';
  let formatter = valueTexts.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 10 });
    valueTexts.set(locale, formatter);
  }
  return formatter.format(value);
}

/** The order focus goes to the first wrong field. */
const FIELDS: readonly AlertFormField[] = ['kind', 'value', 'keyword', 'cooldownMinutes'];

/**
 * Makes or edits one alert on a coin, a source or every new source: the kind (a coin's kinds for
 * a coin, a source's for a source, `newSourceKeyword` for new sources), a line for the price and
 * move kinds, a keyword for the keyword kinds, the cooldown (60 minutes unless changed). Save
 * checks every field (`validateAlertForm`): each wrong one says why under it and the first takes
 * the focus; once tried, the errors follow the typing. What the user typed is kept through errors
 * and server refusals.
 */
export const AlertForm = forwardRef<HTMLFormElement, AlertFormProps>(function AlertForm(
  {
    subject,
    alert,
    defaultKind,
    labels,
    onSubmit,
    onCancel,
    submitting = false,
    serverError,
    disabled = false,
    locale = 'en',
    css,
    ...rest
  },
  ref,
) {
  const { classes, styles, rules } = useSlotClasses(alertFormRecipe);
  const id = useId();
  const subjectKind = subject?.kind ?? 'newSources';
  const kinds = alertKindsFor(subjectKind);
  const editing = Boolean(alert);
  // Nothing to choose from: an edited alert keeps its kind, new sources have but one.
  const fixedKind = editing || kinds.length === 1;

  const [input, setInput] = useState<AlertFormInput>(() => ({
    kind: alert?.kind ?? (defaultKind && kinds.includes(defaultKind) ? defaultKind : kinds[0]!),
    value: valueText(alert?.value ?? null, locale),
    keyword: alert?.keyword ?? '',
    cooldownMinutes: String(alert?.cooldownMinutes ?? ALERT_COOLDOWN_MINUTES.default),
  }));
  const [tried, setTried] = useState(false);
  const [errors, setErrors] = useState<AlertFormErrors>({});
  const fieldRefs = useRef(new Map<AlertFormField, HTMLElement>());
  const register = (field: AlertFormField) => (element: HTMLElement | null) => {
    if (element) fieldRefs.current.set(field, element);
    else fieldRefs.current.delete(field);
  };

  const change = (field: keyof AlertFormInput, text: string) => {
    const next = { ...input, [field]: text } as AlertFormInput;
    setInput(next);
    // Once Save was tried, the errors follow what is typed; before, nobody is told off mid-word.
    if (tried) setErrors(validateAlertForm(next, { subject: subjectKind, locale }).errors);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || disabled) return;
    const result = validateAlertForm(input, { subject: subjectKind, locale });
    setTried(true);
    setErrors(result.errors);
    if (result.valid) {
      onSubmit(result.values);
      return;
    }
    const first = FIELDS.find((field) => result.errors[field]);
    if (first) fieldRefs.current.get(first)?.focus();
  };

  const ids = {
    subject: `${id}-subject`,
    kind: `${id}-kind`,
    value: `${id}-value`,
    keyword: `${id}-keyword`,
    cooldownMinutes: `${id}-cooldown`,
    server: `${id}-server`,
  };
  const hintId = (field: AlertFormField) => `${ids[field]}-hint`;
  const errorId = (field: AlertFormField) => `${ids[field]}-error`;
  const describedBy = (field: AlertFormField, hint: string | undefined) =>
    [hint ? hintId(field) : null, errors[field] ? errorId(field) : null]
      .filter(Boolean)
      .join(' ') || undefined;
  const errorOf = (field: AlertFormField) => {
    const error = errors[field];
    return error ? (
      <p className={classes.error} id={errorId(field)} data-field={field}>
        {labels.error(error)}
      </p>
    ) : null;
  };
  const inputProps = (field: AlertFormField, hint?: string) => ({
    id: ids[field],
    ref: register(field),
    className: classes.input,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(field, hint),
    readOnly: submitting,
    disabled,
    autoComplete: 'off',
  });

  const move = input.kind === 'move24h';

  return (
    <>
      {rules}
      <chakra.form
        ref={ref}
        css={[styles.root, css]}
        noValidate
        aria-labelledby={rest['aria-label'] ? undefined : ids.subject}
        aria-busy={submitting || undefined}
        data-mode={editing ? 'edit' : 'create'}
        data-subject={subjectKind}
        data-submitting={submitting ? '' : undefined}
        onSubmit={submit}
        {...rest}
      >
        {subject ? (
          <div className={classes.subject}>
            <Logo
              src={subject.logo}
              names={[subject.symbol, subject.name]}
              className={classes.logo}
              monogramClassName={classes.monogram}
            />
            <span className={classes.subjectName} id={ids.subject}>
              {subject.name}
              {/* A space, not a margin: the name reads "Bitcoin BTC", not "BitcoinBTC". */}
              {subject.symbol && (
                <>
                  {' '}
                  <span className={classes.symbol}>{subject.symbol}</span>
                </>
              )}
            </span>
          </div>
        ) : (
          <div className={classes.subject}>
            {/* No logo for every new source: an icon in the monogram's circle stands in. */}
            <span className={classes.monogram} aria-hidden="true" data-part="icon">
              <BroadcastIcon />
            </span>
            <span className={classes.subjectName} id={ids.subject}>
              {labels.newSources}
            </span>
          </div>
        )}

        <div className={classes.field}>
          {fixedKind ? (
            <>
              {/* An edited alert's kind, or the only kind, is fixed: said, not offered. */}
              <span className={classes.label} id={ids.kind}>
                {labels.kind}
              </span>
              <p className={classes.fixed} data-kind={input.kind}>
                {labels.kinds[input.kind]}
              </p>
            </>
          ) : (
            <>
              <label className={classes.label} htmlFor={ids.kind}>
                {labels.kind}
              </label>
              <select
                id={ids.kind}
                ref={register('kind')}
                className={classes.select}
                value={input.kind}
                aria-invalid={errors.kind ? true : undefined}
                aria-describedby={describedBy('kind', undefined)}
                disabled={disabled || submitting}
                onChange={(event) => change('kind', event.target.value)}
              >
                {kinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {labels.kinds[kind]}
                  </option>
                ))}
              </select>
            </>
          )}
          {errorOf('kind')}
        </div>

        {needsValue(input.kind) && (
          <div className={classes.field}>
            <label className={classes.label} htmlFor={ids.value}>
              {move ? labels.move : labels.price}
            </label>
            <div className={classes.control}>
              <span
                className={classes.adornment}
                data-placement={move ? 'end' : 'start'}
                aria-hidden="true"
              >
                {move ? '%' : '$'}
              </span>
              <input
                {...inputProps('value', move ? labels.moveHint : undefined)}
                type="text"
                inputMode="decimal"
                data-adornment={move ? 'end' : 'start'}
                value={input.value}
                onChange={(event) => change('value', event.target.value)}
              />
            </div>
            {move && labels.moveHint && (
              <p className={classes.hint} id={hintId('value')}>
                {labels.moveHint}
              </p>
            )}
            {errorOf('value')}
          </div>
        )}

        {needsKeyword(input.kind) && (
          <div className={classes.field}>
            <label className={classes.label} htmlFor={ids.keyword}>
              {labels.keyword}
            </label>
            <input
              {...inputProps('keyword', labels.keywordHint)}
              type="text"
              value={input.keyword}
              onChange={(event) => change('keyword', event.target.value)}
            />
            {labels.keywordHint && (
              <p className={classes.hint} id={hintId('keyword')}>
                {labels.keywordHint}
              </p>
            )}
            {errorOf('keyword')}
          </div>
        )}

        <div className={classes.field}>
          <label className={classes.label} htmlFor={ids.cooldownMinutes}>
            {labels.cooldown}
          </label>
          <input
            {...inputProps('cooldownMinutes', labels.cooldownHint)}
            type="text"
            inputMode="numeric"
            value={input.cooldownMinutes}
            onChange={(event) => change('cooldownMinutes', event.target.value)}
          />
          {labels.cooldownHint && (
            <p className={classes.hint} id={hintId('cooldownMinutes')}>
              {labels.cooldownHint}
            </p>
          )}
          {errorOf('cooldownMinutes')}
        </div>

        {/* Always there, so that a refusal put in it is announced. */}
        <div role="alert" id={ids.server}>
          {serverError ? <p className={classes.serverError}>{serverError}</p> : null}
        </div>

        <div className={classes.actions}>
          <Button variant="outline" onClick={() => onCancel()} disabled={disabled}>
            {labels.cancel}
          </Button>
          <Button
            type="submit"
            loading={submitting}
            loadingText={labels.saving}
            disabled={disabled}
          >
            {labels.save}
          </Button>
        </div>
      </chakra.form>
    </>
  );
});
