// What the profile adds to every page's frame (features/frame.ts brings it in): the nickname
// dialog, which the account menu opens.
import { registerDialog } from '../../shell/dialogs';

declare module '../../shell/dialogs' {
  interface GlobalDialogs {
    /** Change the nickname; opens with nothing. */
    nickname: Record<string, never>;
  }
}

registerDialog('nickname', () => import('./NicknameDialog'));
