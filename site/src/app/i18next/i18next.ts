// What `i18next` is in the built site (site/gatsby-node.ts aliases it): the part of i18next 22
// that gatsby-plugin-react-i18next and the site use, answering as i18next does (i18next.test.ts
// asks both for every string of every locale). i18next is 57 KB minified, and the plugin requires
// its CommonJS build, so none of it is tree-shaken: with react-i18next, a fifth of every page's
// first-load JavaScript (issue #13's budgets).
//
// Kept from i18next: resources given to init (no backend), language codes and their fallbacks,
// namespaces and fallback namespaces ("ns:key" too), nested keys, plurals by Intl.PluralRules
// ("_one", "_other", "_zero" for 0), context ("_male"), {{interpolation}} (with "-", a path, a
// format name, which is ignored as i18next's default format does), returnObjects, defaultValue,
// getFixedT with a key prefix, exists, changeLanguage and its event. Left out: backends,
// $t() nesting, formatters, post-processors, ordinal plurals, the v1-v3 JSON formats; init refuses
// options it does not honour, so a change to the site's options fails the build, not a page.

type Tree = { [key: string]: unknown };
type Callback = (...args: unknown[]) => void;

export interface InitOptions {
  resources?: Record<string, Record<string, Tree>>;
  lng?: string;
  fallbackLng?: string | readonly string[] | false;
  ns?: string | readonly string[];
  defaultNS?: string | readonly string[];
  fallbackNS?: string | readonly string[] | false;
  lowerCaseLng?: boolean;
  returnNull?: boolean;
  returnEmptyString?: boolean;
  returnObjects?: boolean;
  interpolation?: { escapeValue?: boolean };
  initImmediate?: boolean;
  /** react-i18next's options (src/app/i18next/react-i18next.ts needs none of them). */
  react?: object;
  debug?: boolean;
}

/** The options init takes: anything else is refused. */
export const SUPPORTED_OPTIONS: ReadonlySet<string> = new Set([
  'resources',
  'lng',
  'fallbackLng',
  'ns',
  'defaultNS',
  'fallbackNS',
  'lowerCaseLng',
  'returnNull',
  'returnEmptyString',
  'returnObjects',
  'interpolation',
  'initImmediate',
  'react',
  'debug',
]);

/** t's options; every other field is a value for interpolation. */
export interface TOptions {
  lng?: string;
  ns?: string | readonly string[];
  count?: number;
  context?: string | number;
  returnObjects?: boolean;
  defaultValue?: unknown;
  replace?: object;
  keyPrefix?: string;
  [value: string]: unknown;
}

export type TFunction = (key: string | readonly string[], options?: TOptions | string) => unknown;

const KEY = '.';
const NS = ':';
const SUFFIX = '_';

const own = (object: unknown, key: string): boolean =>
  typeof object === 'object' &&
  object !== null &&
  Object.prototype.hasOwnProperty.call(object, key);

/** The value at a path of own keys, as i18next's resource store and interpolation find it. */
function at(object: unknown, path: string): unknown {
  let current = object;
  for (const key of path.split(KEY)) {
    if (typeof current === 'string' || !own(current, key)) return undefined;
    current = (current as Tree)[key];
  }
  return current;
}

const asList = <T>(value: T | readonly T[] | false | null | undefined): T[] =>
  value == null || value === false ? [] : Array.isArray(value) ? [...value] : [value as T];

// A key with one of these characters (before its first ".") reads as a sentence, whose ":" is
// not a namespace's (i18next's looksLikeObjectPath).
const NATURAL = /[ ,?!;]/;
const naturalLanguage = (key: string): boolean => {
  if (!NATURAL.test(key)) return false;
  const dot = key.indexOf(KEY);
  return !(dot > 0 && !NATURAL.test(key.slice(0, dot)));
};

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '/': '&#x2F;',
};

const plurals = new Map<string, Intl.PluralRules | null>();
function pluralSuffix(code: string, count: number): string {
  if (!plurals.has(code)) {
    let rules: Intl.PluralRules | null = null;
    try {
      rules = new Intl.PluralRules(code);
    } catch {
      // Not a language Intl knows: no suffix, as i18next.
    }
    plurals.set(code, rules);
  }
  const rules = plurals.get(code);
  return rules ? SUFFIX + rules.select(count) : '';
}

interface Resolved {
  found: unknown;
  key: string;
  exactKey: string;
  namespaces: string[];
}

export class I18n {
  options: InitOptions & { fallbackNS: string[]; fallbackLng: string[]; defaultNS: string[] } = {
    fallbackNS: [],
    fallbackLng: ['dev'],
    defaultNS: ['translation'],
  };
  language = '';
  languages: string[] = [];
  resolvedLanguage: string | undefined;
  isInitialized = false;
  private store: Record<string, Record<string, Tree>> = {};
  private listeners = new Map<string, Set<Callback>>();

  constructor(options?: InitOptions, callback?: Callback) {
    if (options) void this.init(options, callback);
  }

  init(options: InitOptions = {}, callback?: Callback): Promise<TFunction> {
    const unknown = Object.keys(options).filter((name) => !SUPPORTED_OPTIONS.has(name));
    if (unknown.length) {
      throw new Error(
        `src/app/i18next does not honour the i18next option(s) ${unknown.join(', ')}: build with real i18next or add them there`,
      );
    }
    const interpolation = Object.keys(options.interpolation ?? {}).filter(
      (name) => name !== 'escapeValue',
    );
    if (interpolation.length) {
      throw new Error(
        `src/app/i18next does not honour the interpolation option(s) ${interpolation.join(', ')}`,
      );
    }
    this.options = {
      ...this.options,
      ...options,
      defaultNS: asList(options.defaultNS ?? options.ns ?? this.options.defaultNS),
      fallbackNS: asList(options.fallbackNS),
      fallbackLng: asList(options.fallbackLng ?? this.options.fallbackLng),
    };
    this.store = options.resources ?? {};
    this.isInitialized = true;
    this.emit('initialized', this.options);
    return this.changeLanguage(options.lng, callback);
  }

  changeLanguage(lng?: string, callback?: Callback): Promise<TFunction> {
    if (lng && lng !== this.language) {
      this.language = lng;
      this.languages = this.codes(lng);
      this.resolvedLanguage = this.languages.find((code) => own(this.store, code));
      this.emit('languageChanged', lng);
    }
    callback?.(null, this.t);
    return Promise.resolve(this.t);
  }

  on(event: string, listener: Callback): this {
    const listeners = this.listeners.get(event) ?? new Set();
    listeners.add(listener);
    this.listeners.set(event, listeners);
    return this;
  }

  off(event: string, listener?: Callback): this {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
    return this;
  }

  emit(event: string, ...args: unknown[]): void {
    this.listeners.get(event)?.forEach((listener) => listener(...args));
  }

  createInstance(options?: InitOptions, callback?: Callback): I18n {
    return new I18n(options, callback);
  }

  exists(key: string | readonly string[], options: TOptions = {}): boolean {
    return this.resolve(asList(key), options).found !== undefined;
  }

  getFixedT(lng?: string | null, ns?: string | readonly string[] | null, keyPrefix?: string) {
    return ((key: string | readonly string[], options?: TOptions | string) => {
      const given: TOptions =
        typeof options === 'string' ? { defaultValue: options } : { ...options };
      given.lng ??= lng ?? undefined;
      given.ns ??= ns ?? undefined;
      const prefix = given.keyPrefix ?? keyPrefix;
      const withPrefix = (one: string) => (prefix ? `${prefix}${KEY}${one}` : one);
      return this.t(typeof key === 'string' ? withPrefix(key) : key.map(withPrefix), given);
    }) satisfies TFunction;
  }

  t = ((keys: string | readonly string[], options?: TOptions | string) =>
    this.translate(
      asList(keys).map(String),
      typeof options === 'string' ? { defaultValue: options } : { ...options },
    )) satisfies TFunction;

  /** A language's codes, most specific first, then the fallbacks: "pt-br", "pt", "en". */
  private codes(lng: string): string[] {
    const format = (code: string) => (this.options.lowerCaseLng ? code.toLowerCase() : code);
    const dash = lng.indexOf('-');
    const codes = dash > 0 ? [format(lng), format(lng.slice(0, dash))] : [format(lng)];
    for (const code of this.options.fallbackLng)
      if (!codes.includes(code)) codes.push(format(code));
    return codes;
  }

  private split(key: string, options: TOptions): { key: string; namespaces: string[] } {
    const namespaces = asList(options.ns ?? this.options.defaultNS);
    if (!key.includes(NS) || naturalLanguage(key)) return { key, namespaces };
    const [ns = '', ...parts] = key.split(NS);
    return { key: parts.join(KEY), namespaces: [ns] };
  }

  private valid(value: unknown): boolean {
    return (
      value !== undefined &&
      !(value === null && this.options.returnNull === false) &&
      !(value === '' && this.options.returnEmptyString === false)
    );
  }

  private resolve(keys: string[], options: TOptions): Resolved {
    const counted = options.count !== undefined && typeof options.count !== 'string';
    const { context } = options;
    const contextual =
      (typeof context === 'string' || typeof context === 'number') && context !== '';
    const codes = this.codes(options.lng ?? this.language);
    let last = this.split(keys[keys.length - 1] ?? '', options);
    for (const given of keys) {
      const { key, namespaces } = (last = this.split(given, options));
      for (const ns of [...namespaces, ...this.options.fallbackNS]) {
        for (const code of codes) {
          const bases = contextual ? [key, `${key}${SUFFIX}${context}`] : [key];
          // Most specific first: the context's plural, the context, the plural, the key.
          const candidates = bases.flatMap((base) =>
            counted
              ? [
                  base,
                  base + pluralSuffix(code, options.count as number),
                  ...(options.count === 0 ? [`${base}${SUFFIX}zero`] : []),
                ]
              : [base],
          );
          for (const candidate of candidates.reverse()) {
            const found = at(this.store[code]?.[ns], candidate);
            if (this.valid(found)) return { found, key, exactKey: candidate, namespaces };
          }
        }
      }
    }
    return { found: undefined, key: last.key, exactKey: last.key, namespaces: last.namespaces };
  }

  private translate(keys: string[], options: TOptions): unknown {
    if (!keys.length) return '';
    const { found, key, exactKey, namespaces } = this.resolve(keys, options);
    if (found !== null && typeof found === 'object') {
      if (!options.returnObjects && !this.options.returnObjects) {
        return `key '${key} (${this.language})' returned an object instead of string.`;
      }
      const base = Array.isArray(found) ? exactKey : key;
      const copy: Tree = Array.isArray(found) ? ([] as unknown as Tree) : {};
      for (const name of Object.keys(found)) {
        const deepKey = `${base}${KEY}${name}`;
        const value = this.translate([deepKey], { ...options, ns: namespaces });
        copy[name] = value === deepKey ? (found as Tree)[name] : value;
      }
      return copy;
    }
    let value = found;
    if (
      !this.valid(value) &&
      Object.keys(options).some((name) => name.startsWith('defaultValue'))
    ) {
      const suffix =
        options.count !== undefined && typeof options.count !== 'string'
          ? pluralSuffix(options.lng ?? this.language, options.count)
          : '';
      value = options[`defaultValue${suffix}`] || options.defaultValue;
    }
    if (!this.valid(value)) value = key;
    return typeof value === 'string' ? this.interpolate(value, options) : value;
  }

  private interpolate(text: string, options: TOptions): string {
    const data = (
      options.replace && typeof options.replace === 'object' ? options.replace : options
    ) as Tree;
    const escape = this.options.interpolation?.escapeValue !== false;
    // "{{- name}}" is never escaped; "{{name, format}}" reads "name".
    return text.replace(/\{\{(.+?)\}\}/g, (match, inner: string) => {
      const raw = inner.startsWith('-');
      const name = ((raw ? inner.slice(1) : inner).split(',')[0] ?? '').trim();
      let value = at(data, name);
      if (value === undefined) {
        if (!own(options, name)) return match;
        value = '';
      }
      const text = value === null ? '' : String(value);
      return escape && !raw ? text.replace(/[&<>"'/]/g, (char) => ESCAPES[char] ?? char) : text;
    });
  }
}

const i18next = new I18n();

export type { I18n as i18n };
export default i18next;
