// Writes imported sources (a validated import file, or the bundled demo data set) in one
// transaction: a source whose `externalId` exists is updated, any other is added. A file that
// fails half-way leaves nothing written.
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { sourceCoins, sourceLines, sources } from '../db/schema.js';
import { STATUS } from './sources.js';
import type { ImportedLine, ImportedSource } from './types.js';

export interface ImportResult {
  added: number;
  updated: number;
  /** Sources whose transcript came in or changed (they are summarised again). */
  transcripts: number;
}

/** Rows per insert, well under PostgreSQL's 65,535 parameters. */
export const LINE_BATCH = 1000;

/** A source's summary forgotten, so that the lifecycle writes it again. */
export const SUMMARY_CLEARED = {
  summary: null,
  keyPoints: null,
  keyPointLines: null,
  summaryLanguage: null,
  summaryEngine: null,
  summaryFailures: 0,
  summaryRetryAt: null,
} as const;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Whether a source's stored lines are the incoming ones, in order. */
export function sameLines(
  stored: readonly { speaker: string; text: string; offsetSec: number }[],
  incoming: readonly ImportedLine[],
): boolean {
  return (
    stored.length === incoming.length &&
    stored.every(
      (line, index) =>
        line.speaker === incoming[index]!.speaker &&
        line.text === incoming[index]!.text &&
        line.offsetSec === incoming[index]!.offsetSec,
    )
  );
}

/** Replaces a source's lines with `lines`, numbered from 1. */
export async function writeLines(tx: Tx, sourceId: number, lines: readonly ImportedLine[]) {
  await tx.delete(sourceLines).where(eq(sourceLines.sourceId, sourceId));
  for (let start = 0; start < lines.length; start += LINE_BATCH) {
    await tx.insert(sourceLines).values(
      lines.slice(start, start + LINE_BATCH).map((line, index) => ({
        sourceId,
        seq: start + index + 1,
        speaker: line.speaker,
        text: line.text,
        offsetSec: line.offsetSec,
      })),
    );
  }
}

/** The status a file asks for; null leaves it to the clock (the lifecycle scheduler). */
function fileStatus(source: ImportedSource): number | null {
  if (source.status === 'cancelled') return STATUS.cancelled;
  if (source.status === 'invalid') return STATUS.invalid;
  return null;
}

/**
 * Adds or updates every source of `list` in one transaction. A source keeps the status the
 * clock gave it, unless the file cancels or invalidates it (or takes that back); a transcript
 * that came in or changed sends an ended source back to Finished, to be summarised again.
 */
export async function importSources(
  db: Database,
  list: readonly ImportedSource[],
  options: { demo: boolean; now: Date },
): Promise<ImportResult> {
  const result: ImportResult = { added: 0, updated: 0, transcripts: 0 };
  await db.transaction(async (tx) => {
    const existing = new Map<string, typeof sources.$inferSelect>();
    for (let start = 0; start < list.length; start += LINE_BATCH) {
      const ids = list.slice(start, start + LINE_BATCH).map((source) => source.externalId);
      for (const row of await tx.select().from(sources).where(inArray(sources.externalId, ids))) {
        existing.set(row.externalId, row);
      }
    }

    for (const source of list) {
      const fields = {
        kind: source.kind,
        author: source.author,
        logo: source.logo,
        title: source.title,
        description: source.description,
        link: source.link,
        language: source.language,
        scheduledAt: new Date(source.time * 1000),
        durationMinutes: source.durationMinutes,
        heat: source.heat,
        participants: source.participants,
        tags: source.tags,
        repeatEveryDays: source.repeatEveryDays,
        updatedAt: options.now,
      };
      const row = existing.get(source.externalId);
      const asked = fileStatus(source);

      if (!row) {
        const [inserted] = await tx
          .insert(sources)
          .values({
            ...fields,
            externalId: source.externalId,
            status: asked ?? STATUS.unStarted,
            demo: options.demo,
            createdAt: options.now,
          })
          .returning({ id: sources.id });
        if (source.transcript.length > 0) {
          await writeLines(tx, inserted!.id, source.transcript);
          result.transcripts += 1;
        }
        result.added += 1;
        continue;
      }

      let status = row.status;
      if (asked !== null) status = asked;
      // No longer cancelled or invalid: the clock decides again (the scheduler catches up).
      else if (status === STATUS.cancelled || status === STATUS.invalid) status = STATUS.unStarted;
      // Moved to a later start before it began: still waiting.
      const restart = status === STATUS.unStarted;

      let resummarise = false;
      if (source.transcript.length > 0) {
        const stored = await tx
          .select({
            speaker: sourceLines.speaker,
            text: sourceLines.text,
            offsetSec: sourceLines.offsetSec,
          })
          .from(sourceLines)
          .where(eq(sourceLines.sourceId, row.id))
          .orderBy(sourceLines.seq);
        if (!sameLines(stored, source.transcript)) {
          await writeLines(tx, row.id, source.transcript);
          result.transcripts += 1;
          resummarise = status === STATUS.parsing || status === STATUS.completed;
        }
      }
      await tx
        .update(sources)
        .set({
          ...fields,
          status: resummarise ? STATUS.finished : status,
          ...(restart ? { startedAt: null, endedAt: null } : {}),
          ...(resummarise || restart ? SUMMARY_CLEARED : {}),
        })
        .where(eq(sources.id, row.id));
      if (resummarise || restart)
        await tx.delete(sourceCoins).where(eq(sourceCoins.sourceId, row.id));
      result.updated += 1;
    }
  });
  return result;
}
