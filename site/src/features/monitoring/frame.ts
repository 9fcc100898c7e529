// What monitoring adds to every page's frame (features/frame.ts brings it in): the add-monitoring
// dialog, which the monitoring page's add button and the chat's add action open.
import type { MonitorSource } from '@coinlens/contract';
import { registerDialog } from '../../shell/dialogs';

declare module '../../shell/dialogs' {
  interface GlobalDialogs {
    /** Monitor sources; opens with `sources` picked (the chat's add action, or what failed to save). */
    addMonitor: { sources?: readonly MonitorSource[] };
  }
}

registerDialog('addMonitor', () => import('./AddMonitorDialog'));
