// What each feature adds to every page's frame (its global dialog, its work when a page loads),
// registered with the shell (shell/dialogs.ts, shell/frameParts.ts), which draws it without
// knowing the feature. Brought in once by gatsby-browser.tsx and gatsby-ssr.tsx, and by the
// stories' site (testing/site.tsx).
import './auth/frame';
import './profile/frame';
import './coins/frame';
import './monitoring/frame';
import './assistant/frame';
import './alerts/frame';
