// The `context` of a question: what the user has in front of them when asking from a side panel
// (`ChatContext` in the contract). The keys the assistant understands are checked; any other key
// is dropped rather than refused, so that a site which sends more than this server reads keeps
// working. The 4 KB limit counts what was sent, before anything is dropped.
import type { ChatContext } from '@coinlens/contract';

/** Largest `context`, as JSON (bytes). */
export const MAX_CONTEXT_BYTES = 4096;

const PAGE = /^[a-z][a-z0-9-]{0,31}$/;
const MAX_ID = 2_147_483_647;

/** What became of a question's `context`: the context kept (null: none), or why it is refused. */
export type ContextReading =
  { ok: true; context: ChatContext | null } | { ok: false; code: 400 | 422 };

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID;

/**
 * Checks a question's `context`: absent or null is none; over 4 KB as JSON is 422; anything but an
 * object, or a known key of the wrong kind, is 400 (malformed). Unknown keys are dropped; a
 * context with no known key left is none.
 */
export function readContext(value: unknown): ContextReading {
  if (value === undefined || value === null) return { ok: true, context: null };
  const json = JSON.stringify(value);
  if (json === undefined || Buffer.byteLength(json) > MAX_CONTEXT_BYTES) {
    return { ok: false, code: 422 };
  }
  if (typeof value !== 'object' || Array.isArray(value)) return { ok: false, code: 400 };
  const { page, coinId, sourceId } = value as Record<string, unknown>;
  const context: ChatContext = {};
  if (page !== undefined) {
    if (typeof page !== 'string' || !PAGE.test(page)) return { ok: false, code: 400 };
    context.page = page;
  }
  if (coinId !== undefined) {
    if (!isId(coinId)) return { ok: false, code: 400 };
    context.coinId = coinId;
  }
  if (sourceId !== undefined) {
    if (!isId(sourceId)) return { ok: false, code: 400 };
    context.sourceId = sourceId;
  }
  return { ok: true, context: Object.keys(context).length > 0 ? context : null };
}

/** A stored question's context read back: only what `readContext` would keep, else null. */
export function storedContext(value: unknown): ChatContext | null {
  const reading = readContext(value);
  return reading.ok ? reading.context : null;
}
