// The words on where the market figures come from (provenance.ts), loaded on demand: they write
// times with dayjs, which a page's first paint does not need, and show only once figures have come.
import { useEffect, useState } from 'react';
import { loadChunk } from '../../shell/loadChunk';
import type * as ProvenanceModule from './provenance';

export type Provenance = typeof ProvenanceModule;

/** provenance.ts once loaded, which starts when `wanted`; null before. */
export function useProvenance(wanted = true): Provenance | null {
  const [provenance, setProvenance] = useState<Provenance | null>(null);
  useEffect(() => {
    if (!wanted) return;
    const load = loadChunk(() => import('./provenance'));
    void load.loaded.then(setProvenance);
    return () => load.stop();
  }, [wanted]);
  return provenance;
}
