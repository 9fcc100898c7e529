// The realtime connection of the visit and its "reconnecting" notice: a late part of every page's
// frame (../frame.ts), so that its code, and socket.io's, comes only once the page has hydrated.
import { useEffect } from 'react';
import { startRealtime } from './connection';
import { RealtimeStatus } from './RealtimeStatus';

export default function RealtimeOverlay() {
  // The realtime socket lives for the whole visit: Gatsby mounts a frame per page, and later
  // calls do nothing, so it is neither closed nor reopened on navigation (hence no cleanup).
  useEffect(() => {
    startRealtime();
  }, []);
  return <RealtimeStatus />;
}
