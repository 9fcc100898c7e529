// The head script that keeps a press made before its part of the page has hydrated
// (gatsby-ssr.tsx; ../earlyClicks.ts).
import { captureEarlyClicks } from '../earlyClicks';

captureEarlyClicks(window);
