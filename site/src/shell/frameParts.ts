// What a feature adds to every page's frame, so that the frame (Layout.tsx) draws it without
// knowing the feature (each feature's frame.ts adds its own): parts drawn with the overlays from
// the first render, for a feature's work when a page loads (finishing a sign-in), and late parts,
// whose code loads once the page has hydrated, for what no first screen shows (the realtime
// connection and its notice), and an aside beside which the whole frame narrows (the assistant's
// side panel). Each kind is drawn in the order it was added.
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyChunk } from './loadChunk';

/** How a frame part is drawn. */
export interface FramePartOptions {
  /**
   * Only in the site's default frame with its header (the desktop pages): not on the mobile
   * pages, nor on the pages without a header (e.g. the chat page, which is the assistant itself).
   */
  withHeader?: boolean;
}

/** A panel at the frame's inline end that the whole frame (header, page, footer) leaves room for. */
export interface FrameAside {
  /** Its width, a size token or CSS length; the frame leaves it from the lg breakpoint. */
  width: string;
  /** A hook: whether it is open now. */
  useOpen: () => boolean;
}

const parts: { part: ComponentType; withHeader: boolean }[] = [];
let aside: FrameAside | undefined;
const lateParts: LazyExoticComponent<ComponentType>[] = [];
const lateLoads = new Set<() => Promise<{ default: ComponentType }>>();

/** Draws `part` with the frame's overlays on every page, from the first render on. */
export function addFramePart(part: ComponentType, options: FramePartOptions = {}): void {
  if (parts.some((entry) => entry.part === part)) return;
  parts.push({ part, withHeader: options.withHeader ?? false });
}

/** Makes the frame leave room for `next` while it is open (one aside at most). */
export function setFrameAside(next: FrameAside): void {
  aside = next;
}

/** The aside the frame leaves room for, if a feature set one. */
export function frameAside(): FrameAside | undefined {
  return aside;
}

/**
 * The attribute of the place the account area keeps, beside the account menu, for a late part's
 * control (the alerts' bell), which draws into it through a portal: `header` in the desktop
 * header, `phone` in the phone's top bar. It is there, as wide as the control, from the first paint
 * for a signed-in user, so that nothing moves when the control comes.
 */
export const ACCOUNT_SLOT = 'data-account-slot';

/** Draws the part `load` brings on every page, its code loaded once the page has hydrated. */
export function addLateFramePart(load: () => Promise<{ default: ComponentType }>): void {
  if (lateLoads.has(load)) return;
  lateLoads.add(load);
  lateParts.push(lazyChunk(load));
}

/** The parts drawn from the first render, in a frame with its header or without. */
export function frameParts(withHeader: boolean): readonly ComponentType[] {
  return parts.filter((entry) => withHeader || !entry.withHeader).map((entry) => entry.part);
}

/** The parts drawn once the page has hydrated (lazy: each in a Suspense of its own). */
export function lateFrameParts(): readonly LazyExoticComponent<ComponentType>[] {
  return lateParts;
}
