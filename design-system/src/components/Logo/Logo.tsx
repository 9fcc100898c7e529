import { forwardRef, useState, type HTMLAttributes, type Ref } from 'react';

/** The first letter of the first name that has one, upper-cased in its own script's way. */
export function monogramOf(...names: readonly (string | null | undefined)[]): string {
  for (const name of names) {
    const first = Array.from(name?.trim() ?? '')[0];
    if (first) return first.toLocaleUpperCase();
  }
  return '';
}

export interface LogoProps extends Omit<HTMLAttributes<HTMLElement>, 'onError' | 'children'> {
  /** The picture's address; the monogram stands in when it is missing or fails to load. */
  src?: string | null;
  /**
   * The names whose first letter is the monogram, the first that has one: a coin's ticker then
   * its name, a source's author then its title.
   */
  names: readonly (string | null | undefined)[];
  /** The monogram's class when it differs from the picture's (`className`). */
  monogramClassName?: string;
  /**
   * `text` writes the letter; `drawn` leaves it to the stylesheet (`content: attr(data-initial)`),
   * for a card whose accessible name must not gain a letter its visible text lacks.
   */
  monogram?: 'text' | 'drawn';
  /** The picture's `loading`: `lazy` in long lists. */
  loading?: 'eager' | 'lazy';
}

/**
 * A decorative logo: the picture, or the monogram when there is none or it does not load. It is
 * always beside the name it stands for, so it says nothing to a screen reader. It brings no
 * styles: the component that shows it gives its classes from its own recipe.
 */
export const Logo = forwardRef<HTMLElement, LogoProps>(function Logo(
  { src, names, className, monogramClassName, monogram = 'text', loading, ...rest },
  ref,
) {
  // The address that failed, so that a new logo in the same place gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const address = src?.trim();
  if (address && address !== failedSrc) {
    return (
      <img
        ref={ref as Ref<HTMLImageElement>}
        className={className}
        src={address}
        alt=""
        loading={loading}
        decoding="async"
        data-part="logo"
        {...rest}
        onError={() => setFailedSrc(address)}
      />
    );
  }
  const initial = monogramOf(...names);
  return (
    <span
      ref={ref}
      className={monogramClassName ?? className}
      aria-hidden="true"
      data-part="monogram"
      data-initial={monogram === 'drawn' ? initial : undefined}
      {...rest}
    >
      {monogram === 'text' ? initial : null}
    </span>
  );
});
