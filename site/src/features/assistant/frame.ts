// What the assistant adds to every page's frame (features/frame.ts brings it in): its launcher on
// the desktop pages with a header, the room its side panel takes beside the page, and the realtime
// connection, opened once the page has hydrated, with its "reconnecting" notice.
import { addFramePart, addLateFramePart, setFrameAside } from '../../shell/frameParts';
import { AssistantLauncher } from './launcher/AssistantLauncher';
import { SIDE_PANEL_WIDTH, useAssistant } from './launcher/assistantContext';

addFramePart(AssistantLauncher, { withHeader: true });
setFrameAside({ width: SIDE_PANEL_WIDTH, useOpen: () => useAssistant()?.shown ?? false });
addLateFramePart(() => import('./realtime/RealtimeOverlay'));
