// Every component's recipe under its key, for the checks that walk them all (recipes.test.ts).
// They are not registered in the system (system.ts): each component passes its own recipe, so
// a page loads only the recipes it renders. One import and one entry per component.
import { buttonRecipe } from '../components/Button/Button.recipe';
import { codeInputRecipe } from '../components/CodeInput/CodeInput.recipe';
import { priceChangeRecipe } from '../components/PriceChange/PriceChange.recipe';
import { modalRecipe } from '../components/Modal/Modal.recipe';
import { emptyStateRecipe } from '../components/EmptyState/EmptyState.recipe';
import { infiniteListRecipe } from '../components/InfiniteList/InfiniteList.recipe';
import { searchInputRecipe } from '../components/SearchInput/SearchInput.recipe';
import { chatBubbleRecipe } from '../components/ChatBubble/ChatBubble.recipe';
import { priceTextRecipe } from '../components/PriceText/PriceText.recipe';
import { coinTableRecipe } from '../components/CoinTable/CoinTable.recipe';
import { monitorCardRecipe } from '../components/MonitorCard/MonitorCard.recipe';
import { chipFooterRecipe } from '../components/ChipFooter/ChipFooter.recipe';
import { toastRecipe } from '../components/Toast/Toast.recipe';
import { loadingBarRecipe } from '../components/LoadingBar/LoadingBar.recipe';
import { loadingOverlayRecipe } from '../components/LoadingOverlay/LoadingOverlay.recipe';
import { priceChartRecipe } from '../components/PriceChart/PriceChart.recipe';
import { reportCardRecipe } from '../components/ReportCard/ReportCard.recipe';
import { pageHeaderRecipe } from '../components/PageHeader/PageHeader.recipe';
import { inlineRetryRecipe } from '../components/InlineRetry/InlineRetry.recipe';
import { alertBellRecipe } from '../components/AlertBell/AlertBell.recipe';
import { alertItemRecipe } from '../components/AlertItem/AlertItem.recipe';
import { alertFormRecipe } from '../components/AlertForm/AlertForm.recipe';
// @recipe-imports (add imports above this line)

export const recipes = {
  button: buttonRecipe,
  priceChange: priceChangeRecipe,
  priceText: priceTextRecipe,
  // @recipes (add plain recipes above this line)
};

export const slotRecipes = {
  codeInput: codeInputRecipe,
  dialog: modalRecipe,
  emptyState: emptyStateRecipe,
  infiniteList: infiniteListRecipe,
  searchInput: searchInputRecipe,
  chatBubble: chatBubbleRecipe,
  coinTable: coinTableRecipe,
  monitorCard: monitorCardRecipe,
  chipFooter: chipFooterRecipe,
  toast: toastRecipe,
  loadingBar: loadingBarRecipe,
  loadingOverlay: loadingOverlayRecipe,
  priceChart: priceChartRecipe,
  reportCard: reportCardRecipe,
  pageHeader: pageHeaderRecipe,
  inlineRetry: inlineRetryRecipe,
  alertBell: alertBellRecipe,
  alertItem: alertItemRecipe,
  alertForm: alertFormRecipe,
  // @slot-recipes (add slot recipes above this line)
};
