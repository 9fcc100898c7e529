// The mark of an alert on every new source (it has no coin or source whose logo to show): waves
// going out from a point. A module of its own, unlike the shared line icons, so that only the
// code that draws it (the alert form, the alerts list) loads it, not every page.
import { Icon } from './icons';

/** Waves going out from a point: sources that go out, as in "any new source". Hidden from assistive technology. */
export const BroadcastIcon = () => (
  <Icon>
    <circle cx="8" cy="8" r="1.25" />
    <path d="M5.53 5.53a3.5 3.5 0 0 0 0 4.94M10.47 5.53a3.5 3.5 0 0 1 0 4.94" />
    <path d="M3.76 3.76a6 6 0 0 0 0 8.48M12.24 3.76a6 6 0 0 1 0 8.48" />
  </Icon>
);
