// Emotion's `serializeStyles`, remembering what it made of each style object. Chakra's styled
// elements hand Emotion the style object of their props and recipe on every render, and Emotion
// turns it into CSS text and hashes that text for the class name: on the site's pages 150-370
// times per load, 13-47 ms of the main thread in all (unthrottled). Chakra's `css()` remembers its
// results (the same props give the same object), so 40-70% of those calls bring an object Emotion
// has already serialized. The site's build puts `serializeStyles` below in Emotion's place
// (gatsby-node.ts); the site's unit tests and Storybook keep Emotion's.
import type { SerializedStyles, serializeStyles } from '@emotion/serialize';

/** The signature of `serializeStyles` from `@emotion/serialize`. */
export type SerializeStyles = (...args: Parameters<typeof serializeStyles>) => SerializedStyles;

/**
 * `serialize`, answering again with what it answered before for the same style object. Only for a
 * call with one plain object: its serialization depends on the object alone, as long as no one
 * changes the object (Chakra's are never changed: they are shared between elements) and it holds
 * no function (Emotion would call it with the props; Chakra's objects hold none). Anything else
 * (a template string, several pieces, an array, class names) goes to `serialize` every time.
 */
export function rememberSerialized(serialize: SerializeStyles): SerializeStyles {
  const made = new WeakMap<object, SerializedStyles>();
  return (args, registered, props) => {
    const only = args.length === 1 ? args[0] : undefined;
    if (
      only === null ||
      typeof only !== 'object' ||
      Object.getPrototypeOf(only) !== Object.prototype
    ) {
      return serialize(args, registered, props);
    }
    let serialized = made.get(only);
    if (serialized === undefined) {
      serialized = serialize(args, registered, props);
      made.set(only, serialized);
    }
    return serialized;
  };
}
