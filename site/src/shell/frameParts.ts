// What a feature adds to every page's frame, so that the frame (Layout.tsx) draws it without
// knowing the feature (each feature's frame.ts adds its own): parts drawn with the overlays from
// the first render, for a feature's work when a page loads (finishing a sign-in), and late parts,
// whose code loads once the page has hydrated, for what no first screen shows (the realtime
// connection and its notice). Each kind is drawn in the order it was added.
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyChunk } from './loadChunk';

const parts: ComponentType[] = [];
const lateParts: LazyExoticComponent<ComponentType>[] = [];
const lateLoads = new Set<() => Promise<{ default: ComponentType }>>();

/** Draws `part` with the frame's overlays on every page, from the first render on. */
export function addFramePart(part: ComponentType): void {
  if (!parts.includes(part)) parts.push(part);
}

/** Draws the part `load` brings on every page, its code loaded once the page has hydrated. */
export function addLateFramePart(load: () => Promise<{ default: ComponentType }>): void {
  if (lateLoads.has(load)) return;
  lateLoads.add(load);
  lateParts.push(lazyChunk(load));
}

/** The parts drawn from the first render. */
export function frameParts(): readonly ComponentType[] {
  return parts;
}

/** The parts drawn once the page has hydrated (lazy: each in a Suspense of its own). */
export function lateFrameParts(): readonly LazyExoticComponent<ComponentType>[] {
  return lateParts;
}
