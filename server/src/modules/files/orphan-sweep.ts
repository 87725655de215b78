import { and, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { ScheduledJob } from '../../platform/jobs.ts';
import type { FileStorage } from '../../platform/storage/storage.types.ts';
import { filesInUse } from '../park/files-in-use.ts';
import { deleteParkFileRows, unlinkStored } from './park-uploads.ts';
import { files } from './files.tables.ts';

/**
 * A replaced vehicle photo, a driver photo taken off, an old logo: the row and its bytes stay
 * behind when the record stops pointing at them, and a phone-heavy park would fill the disk with
 * them. The sweep removes the files of each park that nothing shows any more, from whichever
 * storage holds them (local folder or bucket); with several instances, the job runs on one of them.
 *
 * Files younger than the grace period are left alone: a client may upload first
 * (POST /api/file/upload) and save the form that names the file a while later.
 */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;

export interface SweepResult {
  parks: number;
  files: number;
}

export async function sweepOrphanFiles(
  deps: { db: Db; storage: FileStorage },
  opts: { now?: Date; log?: { warn(obj: object, msg: string): void } } = {},
): Promise<SweepResult> {
  const before = new Date((opts.now ?? new Date()).getTime() - ORPHAN_GRACE_MS);
  const candidates = await deps.db
    .selectDistinct({ parkId: files.parkId })
    .from(files)
    .where(and(isNotNull(files.parkId), lt(files.createdAt, before)));
  let removed = 0;
  for (const { parkId } of candidates) {
    // What the park shows and what goes are read and deleted in one transaction, so a record saved
    // meanwhile either is seen (and keeps its file) or comes after the delete.
    const paths = await deps.db.transaction(async (tx) => deleteParkFileRows(tx, parkId!, await filesInUse(tx, parkId!), before));
    removed += paths.length;
    // Committed: a file left in the storage is only wasted space, so log and go on.
    await unlinkStored(deps.storage, paths).catch((err) => opts.log?.warn({ err, parkId }, 'orphan files: unlink failed'));
  }
  return { parks: candidates.length, files: removed };
}

/** Every night at 02:30 UTC (03:30 in Douala and Kinshasa, 02:30 in Abidjan, Dakar and Lomé). */
export function orphanSweepJob(deps: { db: Db; storage: FileStorage }, log: { warn(obj: object, msg: string): void }): ScheduledJob {
  return { name: 'files-orphan-sweep', cron: '30 2 * * *', run: () => sweepOrphanFiles(deps, { log }) };
}
