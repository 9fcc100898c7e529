// An alert form's rules as one pure function: what the user typed in, the values to send or what
// is wrong with each field. No React, so the site can check a draft without the form.
import {
  ALERT_COOLDOWN_MINUTES,
  ALERT_KEYWORD_LENGTH,
  KEYWORD_ALERT_KINDS,
  MAX_MOVE_PERCENT,
  VALUE_ALERT_KINDS,
  alertKindsFor,
  type AlertKind,
  type AlertKindsSubject,
} from '../../alerts/kinds';

/** What the user has typed, as text: the form never loses it, whatever is wrong with it. */
export interface AlertFormInput {
  /** The chosen kind. */
  kind: AlertKind;
  /** The line: a USD price, or a percent for `move24h`, in the locale's way of writing numbers. */
  value: string;
  /** The word or phrase of `sourceKeyword` and `newSourceKeyword`. */
  keyword: string;
  /** The cooldown in whole minutes. */
  cooldownMinutes: string;
}

/** What a valid form sends: the shape of the API's add and modify bodies. */
export interface AlertFormValues {
  /** The chosen kind. */
  kind: AlertKind;
  /** The line (USD or percent) for the value kinds; null for the others. */
  value: number | null;
  /**
   * The keyword for `sourceKeyword` and `newSourceKeyword`, trimmed and its spaces collapsed; null
   * for the others.
   */
  keyword: string | null;
  /** Least time between two firings, in minutes. */
  cooldownMinutes: number;
}

/** A field of the form that can be wrong. */
export type AlertFormField = 'kind' | 'value' | 'keyword' | 'cooldownMinutes';

/**
 * What is wrong with one field, with the limits its message may name. The form shows the text
 * its `getErrorText` gives for it.
 */
export type AlertFormError =
  | { field: 'kind'; code: 'notForSubject' }
  | { field: 'value'; code: 'required' }
  | { field: 'value'; code: 'notANumber' }
  /** A price or a move of 0 or less. */
  | { field: 'value'; code: 'notPositive'; kind: AlertKind }
  /** A move above `max` percent. */
  | { field: 'value'; code: 'tooLarge'; max: number }
  | { field: 'keyword'; code: 'tooShort'; min: number }
  | { field: 'keyword'; code: 'tooLong'; max: number }
  | { field: 'cooldownMinutes'; code: 'notAWholeNumber' }
  | { field: 'cooldownMinutes'; code: 'outOfRange'; min: number; max: number };

/** Each wrong field's error; empty when the form is valid. */
export type AlertFormErrors = { [Field in AlertFormField]?: AlertFormError & { field: Field } };

/** The outcome of `validateAlertForm`. */
export type AlertFormResult =
  | { valid: true; values: AlertFormValues; errors: AlertFormErrors }
  | { valid: false; values: null; errors: AlertFormErrors };

export interface ValidateAlertFormOptions {
  /**
   * What the alert is on: a coin takes the coin kinds, a source the source kinds, and every new
   * source (`'newSources'`, or null as the form's `subject` is for it) `newSourceKeyword` only.
   */
  subject: AlertKindsSubject | null;
  /** The locale the numbers are written in (`en`, `zh`, `pt-br`): its decimal separator. */
  locale?: string;
}

const separators = new Map<string, { decimal: string; group: string }>();

function separatorsOf(locale: string): { decimal: string; group: string } {
  let known = separators.get(locale);
  if (!known) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
    known = {
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
    };
    separators.set(locale, known);
  }
  return known;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A number as a person writes it in `locale`: with its decimal separator and, between groups of
 * three digits, its grouping one (`60,000.5` in English, `60.000,5` in Portuguese). A dot is read
 * as a decimal point too where it cannot be grouping (`0.5` in Portuguese). Null for anything
 * else: a sign, letters, or a unit are not guessed at.
 */
export function parseDecimal(text: string, locale = 'en'): number | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  if (!compact) return null;
  const { decimal, group } = separatorsOf(locale);
  const d = escape(decimal);
  // Grouping written as spaces was removed above.
  const g = /\s/.test(group) ? null : escape(group);
  const fraction = `(?:${d}(\\d+))?`;
  let match = g ? new RegExp(`^(\\d{1,3}(?:${g}\\d{3})+)${fraction}$`).exec(compact) : null;
  if (match) return Number(`${match[1]!.split(group).join('')}.${match[2] ?? '0'}`);
  match = new RegExp(`^(\\d+)${fraction}$`).exec(compact);
  if (match) return Number(`${match[1]}.${match[2] ?? '0'}`);
  match = /^(\d*)\.(\d+)$/.exec(compact);
  if (match) return Number(`${match[1] || '0'}.${match[2]}`);
  return null;
}

/** Whether a kind needs a value line. */
export const needsValue = (kind: AlertKind): boolean => VALUE_ALERT_KINDS.includes(kind);
/** Whether a kind needs a keyword. */
export const needsKeyword = (kind: AlertKind): boolean => KEYWORD_ALERT_KINDS.includes(kind);

/**
 * Checks what the user typed against the API's rules for an alert (contract `AlertAddBody`): a
 * kind of the subject's; for a price a number above 0, for a 24 h move a percent above 0 and at
 * most 1000; for the keyword kinds 2 to 60 characters once trimmed; a cooldown of 0 to 10080 whole
 * minutes. Answers the values to send, or each wrong field's error.
 */
export function validateAlertForm(
  input: AlertFormInput,
  { subject, locale = 'en' }: ValidateAlertFormOptions,
): AlertFormResult {
  const errors: AlertFormErrors = {};
  const { kind } = input;
  if (!alertKindsFor(subject ?? 'newSources').includes(kind))
    errors.kind = { field: 'kind', code: 'notForSubject' };

  let value: number | null = null;
  if (needsValue(kind)) {
    const text = input.value.trim();
    value = text ? parseDecimal(text, locale) : null;
    if (!text) errors.value = { field: 'value', code: 'required' };
    else if (value === null || !Number.isFinite(value))
      errors.value = { field: 'value', code: 'notANumber' };
    else if (value <= 0) errors.value = { field: 'value', code: 'notPositive', kind };
    else if (kind === 'move24h' && value > MAX_MOVE_PERCENT)
      errors.value = { field: 'value', code: 'tooLarge', max: MAX_MOVE_PERCENT };
  }

  let keyword: string | null = null;
  if (needsKeyword(kind)) {
    // As the API keeps it: composed (NFC), trimmed, each run of white space one space.
    keyword = input.keyword.normalize('NFC').trim().replace(/\s+/g, ' ');
    // Characters as a reader (and the API) counts them: an emoji or a Chinese character is one.
    const length = Array.from(keyword).length;
    if (length < ALERT_KEYWORD_LENGTH.min)
      errors.keyword = { field: 'keyword', code: 'tooShort', min: ALERT_KEYWORD_LENGTH.min };
    else if (length > ALERT_KEYWORD_LENGTH.max)
      errors.keyword = { field: 'keyword', code: 'tooLong', max: ALERT_KEYWORD_LENGTH.max };
  }

  const cooldownText = input.cooldownMinutes.trim();
  const cooldownMinutes = /^\d+$/.test(cooldownText) ? Number(cooldownText) : null;
  if (cooldownMinutes === null)
    errors.cooldownMinutes = { field: 'cooldownMinutes', code: 'notAWholeNumber' };
  else if (
    cooldownMinutes < ALERT_COOLDOWN_MINUTES.min ||
    cooldownMinutes > ALERT_COOLDOWN_MINUTES.max
  )
    errors.cooldownMinutes = {
      field: 'cooldownMinutes',
      code: 'outOfRange',
      min: ALERT_COOLDOWN_MINUTES.min,
      max: ALERT_COOLDOWN_MINUTES.max,
    };

  if (Object.keys(errors).length > 0 || cooldownMinutes === null)
    return { valid: false, values: null, errors };
  return { valid: true, values: { kind, value, keyword, cooldownMinutes }, errors };
}
