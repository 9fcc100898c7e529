// Every component's recipe, registered in the system under its key so that apps can override
// them. One import and one entry per component; keep both lists sorted by key.
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
// @recipe-imports (add imports above this line)

export const recipes = {
  button: buttonRecipe,
  priceChange: priceChangeRecipe,
  priceText: priceTextRecipe,
  // @recipes (add plain recipes above this line)
};

export const slotRecipes = {
  codeInput: codeInputRecipe,
  // Chakra's Dialog parts look their styles up under this key.
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
  // @slot-recipes (add slot recipes above this line)
};
