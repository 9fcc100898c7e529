// What signing in adds to every page's frame (features/frame.ts brings it in): the login dialog
// and the work a page's load may ask of it (SignInOnLoad.tsx).
import { registerDialog } from '../../shell/dialogs';
import { addFramePart } from '../../shell/frameParts';
import { SignInOnLoad } from './SignInOnLoad';

declare module '../../shell/dialogs' {
  interface GlobalDialogs {
    /** Sign in, register or reset a password; opens with nothing. */
    login: Record<string, never>;
  }
}

registerDialog('login', () => import('./LoginDialog'));
addFramePart(SignInOnLoad);
