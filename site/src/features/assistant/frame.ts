// What the assistant adds to every page's frame (features/frame.ts brings it in): the realtime
// connection, opened once the page has hydrated, with its "reconnecting" notice.
import { addLateFramePart } from '../../shell/frameParts';

addLateFramePart(() => import('./realtime/RealtimeOverlay'));
