// What alerts add to every page's frame (features/frame.ts brings it in): once the page has
// hydrated, the fired alerts heard on the realtime socket (a toast, the bell's count) and the bell
// in the account slot of the header or the phone's top bar. Nothing of it is in a first load.
import { addLateFramePart } from '../../shell/frameParts';

addLateFramePart(() => import('./inbox/AlertsFramePart'));
