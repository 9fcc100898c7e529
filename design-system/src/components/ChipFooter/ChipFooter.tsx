import {
  chakra,
  type HTMLChakraProps,
  type RecipeVariantProps,
} from '@chakra-ui/react/styled-system';
import { forwardRef, useMemo, useRef } from 'react';
import { chipFooterRecipe } from './ChipFooter.recipe';
import { CloseIcon } from '../../icons/icons';
import { useSlotClasses } from '../../hooks/useSlotClasses';
import { Logo } from '../Logo';

/** One picked item: a coin (label = symbol, sublabel = name) or a source (label = title). */
export interface ChipFooterItem {
  /** The item's id, passed back to `onRemove`. */
  id: string | number;
  /** The main text: a coin's symbol or a source's title. */
  label: string;
  /** The second line of a card: a coin's name. Not shown on chips. */
  sublabel?: string;
  /** Logo URL; empty, missing or broken shows the label's first letter instead. */
  logo?: string | null;
}

type ChipFooterVariants = RecipeVariantProps<typeof chipFooterRecipe>;

export interface ChipFooterProps
  extends Omit<HTMLChakraProps<'div'>, 'children'>, ChipFooterVariants {
  /** The picked items, in the order they were picked; a repeated id is shown once. */
  items: readonly ChipFooterItem[];
  /** How many items may be picked; the counter reads against it. */
  limit?: number;
  /** Names the list of picked items, e.g. "Selected coins". */
  listLabel: string;
  /** The accessible name of an item's remove button, e.g. `Remove ${item.label}`. */
  getRemoveLabel: (details: { item: ChipFooterItem }) => string;
  /** Called when the user removes an item; the parent drops it from `items`. */
  onRemove: (details: { id: ChipFooterItem['id'] }) => void;
  /** The counter's text, e.g. `${count}/${limit}`. */
  getCountLabel: (details: { count: number; limit: number }) => string;
  /** Shown in place of the list while nothing is picked. */
  emptyLabel: string;
  /** The Save button's text. */
  saveLabel: string;
  /** Called when the user saves; not called while nothing is picked or while saving. */
  onSave: () => void;
  /** Shows a spinner on Save and blocks saving and removing while the add request runs. */
  saving?: boolean;
  /** Blocks saving and removing. */
  disabled?: boolean;
}

/**
 * The footer of the add-coin and add-monitoring dialogs: the picked items (`variant="card"` for
 * coins, `"chip"` for sources) each with a remove button, a counter against the limit and Save.
 * Removing an item moves focus to the next item's remove button, else the previous one, else
 * Save, so a keyboard user never loses their place.
 */
export const ChipFooter = forwardRef<HTMLDivElement, ChipFooterProps>(function ChipFooter(
  {
    items: itemsProp,
    limit = 5,
    listLabel,
    getRemoveLabel,
    onRemove,
    getCountLabel,
    emptyLabel,
    saveLabel,
    onSave,
    saving = false,
    disabled = false,
    variant,
    ...rest
  },
  ref,
) {
  const { classes, styles, rules } = useSlotClasses(chipFooterRecipe, { variant });
  const removeButtons = useRef(new Map<ChipFooterItem['id'], HTMLButtonElement>());
  const saveButton = useRef<HTMLButtonElement | null>(null);

  const items = useMemo(() => {
    const seen = new Set<ChipFooterItem['id']>();
    return itemsProp.filter((item) => {
      if (seen.has(item.id)) return false;
      seen.add(item.id);
      return true;
    });
  }, [itemsProp]);
  const count = items.length;
  const full = count >= limit;
  const locked = saving || disabled;
  const canSave = count > 0 && !locked;

  const remove = (index: number) => {
    const item = items[index];
    if (!item || locked) return;
    const neighbour = items[index + 1] ?? items[index - 1];
    const target = neighbour ? removeButtons.current.get(neighbour.id) : saveButton.current;
    target?.focus();
    onRemove({ id: item.id });
  };

  return (
    <>
      {rules}
      <chakra.div
        ref={ref}
        css={styles.root}
        data-empty={count === 0 ? '' : undefined}
        data-full={full ? '' : undefined}
        data-saving={saving ? '' : undefined}
        {...rest}
      >
        {count === 0 ? (
          <p className={classes.empty}>{emptyLabel}</p>
        ) : (
          <ul className={classes.list} aria-label={listLabel}>
            {items.map((item, index) => (
              <li key={item.id} className={classes.item}>
                <Logo
                  src={item.logo}
                  names={[item.label]}
                  className={classes.logo}
                  monogramClassName={classes.monogram}
                />
                <span className={classes.text}>
                  <span className={classes.label} title={item.label}>
                    {item.label}
                  </span>
                  {variant === 'card' && item.sublabel && (
                    <span className={classes.sublabel} title={item.sublabel}>
                      {item.sublabel}
                    </span>
                  )}
                </span>
                <button
                  ref={(element: HTMLButtonElement | null) => {
                    if (element) removeButtons.current.set(item.id, element);
                    else removeButtons.current.delete(item.id);
                  }}
                  type="button"
                  className={classes.remove}
                  aria-label={getRemoveLabel({ item })}
                  disabled={locked}
                  onClick={() => remove(index)}
                >
                  <CloseIcon />
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className={classes.actions}>
          <span className={classes.count} role="status" data-full={full ? '' : undefined}>
            {getCountLabel({ count, limit })}
          </span>
          <button
            ref={saveButton}
            type="button"
            className={classes.save}
            // aria-disabled, not disabled: Save keeps focus when the last item is removed and
            // while the request runs, so a keyboard user stays where they were.
            aria-disabled={!canSave || undefined}
            aria-busy={saving || undefined}
            data-disabled={!canSave ? '' : undefined}
            onClick={() => {
              if (canSave) onSave();
            }}
          >
            <span className={classes.saveLabel} data-saving={saving ? '' : undefined}>
              {saveLabel}
            </span>
            {saving && <span className={classes.spinner} aria-hidden="true" data-part="spinner" />}
          </button>
        </div>
      </chakra.div>
    </>
  );
});
