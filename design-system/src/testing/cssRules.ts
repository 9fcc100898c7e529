// Test helper: jsdom resolves no CSS variable and computes no style from a class, so a
// component's look is checked by reading the rules the styling engine wrote for its classes.

/**
 * Every CSS rule whose selector names one of `element`'s classes (its own rules and those of
 * its states and parts, e.g. `.css-x>:first-of-type`), also inside `@layer` and `@media` blocks,
 * as text joined by new lines; '' when there is none.
 */
export function cssRulesOf(element: Element): string {
  const css = [...document.styleSheets]
    .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
    .join('\n');
  return [...element.classList]
    .flatMap(
      (name) => css.match(new RegExp(`[^{}]*\\.${name}(?![\\w-])[^{}]*\\{[^{}]*\\}`, 'g')) ?? [],
    )
    .map((rule) => rule.trim())
    .join('\n');
}
