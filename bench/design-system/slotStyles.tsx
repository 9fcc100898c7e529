// What a multi-part component's styles cost on each of the two ways Chakra offers: its own slot
// recipe context (`createSlotRecipeContext`, every part a `withContext` component that runs
// Chakra's style pipeline as it renders) and the design system's `useSlotClasses` (each part's
// class made once per system, recipe and variants). Both render the same tree: the report card's
// recipe, each of its parts four times (about as many styled elements as a ready card has).
import { createSlotRecipeContext } from '@chakra-ui/react';
import type { ElementType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { reportCardRecipe } from '../../design-system/src/components/ReportCard/ReportCard.recipe';
import { useSlotClasses } from '../../design-system/src/hooks/useSlotClasses';
import { CoinlensProvider } from '../../design-system/src/provider';

const SLOTS = reportCardRecipe.slots as readonly string[];
const PARTS = SLOTS.filter((slot) => slot !== 'root');
const COPIES = 4;

const copies = (render: (slot: string, index: number) => ReactNode) =>
  PARTS.flatMap((slot) => Array.from({ length: COPIES }, (_, index) => render(slot, index)));

function HookCard() {
  const { classes, rules } = useSlotClasses(reportCardRecipe, {});
  return (
    <>
      {rules}
      <div className={classes.root}>
        {copies((slot, index) => (
          <span key={`${slot}-${index}`} className={classes[slot as keyof typeof classes]}>
            {slot}
          </span>
        ))}
      </div>
    </>
  );
}

const context = createSlotRecipeContext({ recipe: reportCardRecipe });
const Root = context.withProvider<HTMLDivElement, { children: ReactNode }>('div', 'root');
const Parts: Record<string, ElementType> = Object.fromEntries(
  PARTS.map((slot) => [slot, context.withContext<HTMLSpanElement, object>('span', slot)]),
);

function ContextCard() {
  return (
    <Root>
      {copies((slot, index) => {
        const Part = Parts[slot];
        return <Part key={`${slot}-${index}`}>{slot}</Part>;
      })}
    </Root>
  );
}

/** Server-renders `cards` cards the given way; answers the markup's length (to keep it used). */
export function render(way: 'hook' | 'context', cards: number): number {
  const Card = way === 'hook' ? HookCard : ContextCard;
  return renderToString(
    <CoinlensProvider>
      {Array.from({ length: cards }, (_, index) => (
        <Card key={index} />
      ))}
    </CoinlensProvider>,
  ).length;
}

export const ELEMENTS_PER_CARD = 1 + PARTS.length * COPIES;
