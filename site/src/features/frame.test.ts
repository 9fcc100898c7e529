import { dialogLoader } from '../shell/dialogs';
import { frameParts, lateFrameParts } from '../shell/frameParts';
import { SignInOnLoad } from './auth/SignInOnLoad';
import './frame';

// The shell draws what the features registered: a feature left out of frame.ts would leave its
// dialog unopenable and its work undone on every page.
it('registers every global dialog and every frame part with the shell', () => {
  for (const name of ['login', 'nickname', 'addCoin', 'addMonitor'] as const) {
    expect(dialogLoader(name)).toEqual(expect.any(Function));
  }
  expect(frameParts()).toEqual([SignInOnLoad]);
  // The assistant's realtime connection and its notice.
  expect(lateFrameParts()).toHaveLength(1);
});
