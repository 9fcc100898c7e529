// What following coins adds to every page's frame (features/frame.ts brings it in): the
// add-cryptocurrency dialog, which the reports' add button and the chat's add action open.
import type { Coin } from '@coinlens/contract';
import { registerDialog } from '../../shell/dialogs';

declare module '../../shell/dialogs' {
  interface GlobalDialogs {
    /** Follow coins; opens with `coins` picked (the chat's add action, or what failed to save). */
    addCoin: { coins?: readonly Coin[] };
  }
}

registerDialog('addCoin', () => import('./AddCoinDialog'));
