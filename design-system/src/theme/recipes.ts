// Every component's recipe, registered in the system under its key so that apps can override
// them. One import and one entry per component; keep both lists sorted by key.
import { codeInputRecipe } from '../components/CodeInput/CodeInput.recipe';
import { priceChangeRecipe } from '../components/PriceChange/PriceChange.recipe';
// @recipe-imports (add imports above this line)

export const recipes = {
  priceChange: priceChangeRecipe,
  // @recipes (add plain recipes above this line)
};

export const slotRecipes = {
  codeInput: codeInputRecipe,
  // @slot-recipes (add slot recipes above this line)
};
