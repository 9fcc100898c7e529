// A slot recipe's parts as class names, made once per system, recipe and variant choice and
// shared by every element and instance that shows them.
//
// Each `<chakra.div css={styles.part}>` runs Chakra's whole style pipeline on every render: it
// hashes the style object (sorting and writing out every key) to look it up, resolves tokens and
// conditions, then Emotion writes the result out and hashes it again. And `useSlotRecipe` builds
// the recipe's functions anew in every instance. In a report card (about 80 styled elements) or a
// list of cards, that was most of a page's start (docs/benchmarks.md). Here each part's class is
// made the first time its recipe and variants are met and then read from a map; the class is the
// one Chakra's factory gives the same styles, so both write the same rule once.
import {
  useChakraContext,
  type SlotRecipeConfig,
  type SystemContext,
  type SystemStyleObject,
} from '@chakra-ui/react/styled-system';
import { __unsafe_useEmotionCache as useEmotionCache, css as serialize } from '@emotion/react';
import emotionCreateCache, { type EmotionCache } from '@emotion/cache';
import type { ReactNode } from 'react';

type SerializedStyles = ReturnType<typeof serialize>;

// Node's CommonJS interop (our CJS build) hands over the module object as the default export.
const createCache =
  (emotionCreateCache as unknown as { default?: typeof emotionCreateCache }).default ??
  emotionCreateCache;

/**
 * A variant prop's value: a variant's name, or a responsive choice of names (an array by
 * breakpoint, or an object by condition: `{ base: 'sm', md: 'md' }`).
 */
type VariantValue = unknown;

/** One recipe under one choice of variants: each slot's style object, class name and rules. */
interface SlotEntry<Slot extends string> {
  styles: Record<Slot, SystemStyleObject>;
  /** Each slot's rules' hash ('' for a slot without styles); the class is `<cache key>-<hash>`. */
  names: Record<Slot, string>;
  serialized: SerializedStyles[];
}

/** What `useSlotClasses` answers. */
export interface SlotClasses<Slot extends string> {
  /** Each slot's class name, for a plain element's `className`. */
  classes: Record<Slot, string>;
  /**
   * Each slot's style object (the recipe's output), for the rare element that also takes other
   * styles through Chakra (a `css` prop from the caller, a Chakra component).
   */
  styles: Record<Slot, SystemStyleObject>;
  /**
   * Render it before the component's root. It is null but in a server render with Emotion's
   * default cache, where it is the <style> of the rules this render meets first (as Emotion writes
   * one before each styled element); a cache in compat mode keeps them for the page's <head>.
   */
  rules: ReactNode;
}

type SlotRecipeFn = (props: Record<string, VariantValue>) => Record<string, SystemStyleObject>;

const recipeFns = new WeakMap<SystemContext, WeakMap<SlotRecipeConfig, SlotRecipeFn>>();
const entries = new WeakMap<
  SystemContext,
  WeakMap<SlotRecipeConfig, Map<string, SlotEntry<string>>>
>();
/** The entries whose rules a cache (one per page render on the server) already holds. */
const insertedIn = new WeakMap<EmotionCache, WeakSet<SlotEntry<string>>>();

/** The key of a choice of variants: the same for the same choice whatever the props' order. */
export function variantKey(variants: Record<string, VariantValue>): string {
  return Object.keys(variants)
    .filter((name) => variants[name] !== undefined)
    .sort()
    .map((name) => `${name}=${valueKey(variants[name])}`)
    .join('&');
}

function valueKey(value: VariantValue): string {
  if (value === null || typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return `[${value.map(valueKey).join(',')}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort()
    .map((key) => `${key}:${valueKey(record[key])}`)
    .join(',')}}`;
}

function entryOf<Slot extends string>(
  system: SystemContext,
  recipe: SlotRecipeConfig<Slot>,
  variants: Record<string, VariantValue>,
  key: string,
): SlotEntry<Slot> {
  let byRecipe = entries.get(system);
  if (!byRecipe) entries.set(system, (byRecipe = new WeakMap()));
  let byVariants = byRecipe.get(recipe as SlotRecipeConfig);
  if (!byVariants) byRecipe.set(recipe as SlotRecipeConfig, (byVariants = new Map()));
  const known = byVariants.get(key);
  if (known) return known as SlotEntry<Slot>;

  let fns = recipeFns.get(system);
  if (!fns) recipeFns.set(system, (fns = new WeakMap()));
  let fn = fns.get(recipe as SlotRecipeConfig);
  if (!fn)
    fns.set(recipe as SlotRecipeConfig, (fn = system.sva(recipe) as unknown as SlotRecipeFn));

  const styles = fn(variants) as Record<Slot, SystemStyleObject>;
  const names = {} as Record<Slot, string>;
  const serialized: SerializedStyles[] = [];
  for (const slot of Object.keys(styles) as Slot[]) {
    // What Chakra's factory does with `css={styles[slot]}` and nothing else: the same text, so the
    // same hash and class.
    const rules = serialize(system.css(styles[slot]) as Parameters<typeof serialize>[0]);
    names[slot] = rules.styles ? rules.name : '';
    serialized.push(rules);
  }
  const entry: SlotEntry<Slot> = { styles, names, serialized };
  byVariants.set(key, entry as SlotEntry<string>);
  return entry;
}

/**
 * Writes the entry's rules into `cache` once, as Emotion's own insertion does: the browser's cache
 * adds them to the page (or finds those the page came with), a server cache in compat mode keeps
 * them (the site writes them into the page's <head>), and Emotion's default server cache answers
 * them, to be written inline. Answers that text ('' when there is none) and the ids it holds.
 */
function insert(cache: EmotionCache, entry: SlotEntry<string>): { css: string; ids: string[] } {
  const written = { css: '', ids: [] as string[] };
  let done = insertedIn.get(cache);
  if (!done) insertedIn.set(cache, (done = new WeakSet()));
  if (done.has(entry)) return written;
  for (const rules of entry.serialized) {
    if (!rules.styles) continue;
    const className = `${cache.key}-${rules.name}`;
    // A server cache in compat mode tells a class from a global style by this (the site's
    // serverStyles.tsx), as Emotion's registration does on a server.
    if (typeof document === 'undefined' && cache.registered[className] === undefined)
      cache.registered[className] = rules.styles;
    if (cache.inserted[rules.name] !== undefined) continue;
    let current: SerializedStyles | undefined = rules;
    do {
      const css = cache.insert(
        current === rules ? `.${className}` : '',
        current,
        cache.sheet,
        true,
      );
      if (typeof css === 'string') {
        written.css += css;
        written.ids.push(current.name);
      }
      current = current.next;
    } while (current !== undefined);
  }
  done.add(entry);
  return written;
}

/**
 * The slots of `recipe` under `variants` as class names (and style objects), for plain elements:
 * `<div className={classes.row}>` looks exactly as `<chakra.div css={styles.row}>` does, at a
 * fraction of its cost per render. `recipe` must be a module-level object (it keys the cache).
 */
export function useSlotClasses<Slot extends string>(
  recipe: SlotRecipeConfig<Slot>,
  variants: Record<string, VariantValue> = {},
): SlotClasses<Slot> {
  const system = useChakraContext();
  // No cache on a server render without a CacheProvider: Emotion then makes one per element, and
  // this does as much per component.
  const cache = useEmotionCache() ?? createCache({ key: 'css' });
  const entry = entryOf(system, recipe, variants, variantKey(variants));
  const written = insert(cache, entry as SlotEntry<string>);
  return {
    classes: classesFor(cache, entry),
    styles: entry.styles,
    rules: written.css ? (
      <style
        data-emotion={`${cache.key} ${written.ids.join(' ')}`}
        nonce={cache.sheet.nonce}
        dangerouslySetInnerHTML={{ __html: written.css }}
      />
    ) : null,
  };
}

const prefixed = new WeakMap<EmotionCache, WeakMap<SlotEntry<string>, Record<string, string>>>();

/** The entry's class names with the cache's key in front (`css-1x2y3z`), made once per cache. */
function classesFor<Slot extends string>(
  cache: EmotionCache,
  entry: SlotEntry<Slot>,
): Record<Slot, string> {
  let byEntry = prefixed.get(cache);
  if (!byEntry) prefixed.set(cache, (byEntry = new WeakMap()));
  const known = byEntry.get(entry as SlotEntry<string>);
  if (known) return known as Record<Slot, string>;
  const classes = {} as Record<Slot, string>;
  for (const slot of Object.keys(entry.names) as Slot[])
    classes[slot] = entry.names[slot] ? `${cache.key}-${entry.names[slot]}` : '';
  byEntry.set(entry as SlotEntry<string>, classes);
  return classes;
}
