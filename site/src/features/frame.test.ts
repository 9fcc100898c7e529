import { dialogLoader } from '../shell/dialogs';
import { frameAside, frameParts, lateFrameParts } from '../shell/frameParts';
import { AssistantLauncher } from './assistant/launcher/AssistantLauncher';
import { SIDE_PANEL_WIDTH } from './assistant/launcher/assistantContext';
import { SignInOnLoad } from './auth/SignInOnLoad';
import './frame';

// The shell draws what the features registered: a feature left out of frame.ts would leave its
// dialog unopenable and its work undone on every page.
it('registers every global dialog and every frame part with the shell', () => {
  for (const name of ['login', 'nickname', 'addCoin', 'addMonitor'] as const) {
    expect(dialogLoader(name)).toEqual(expect.any(Function));
  }
  // The assistant's launcher only in the frame with the site's header.
  expect(frameParts(false)).toEqual([SignInOnLoad]);
  expect(frameParts(true)).toEqual([SignInOnLoad, AssistantLauncher]);
  // The room its side panel takes beside the page.
  expect(frameAside()?.width).toBe(SIDE_PANEL_WIDTH);
  // The assistant's realtime connection and its notice; the alerts' bell and notices.
  expect(lateFrameParts()).toHaveLength(2);
});
