import { and, eq, inArray, lt, notInArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { FileStorage } from '../../platform/storage/storage.types.ts';
import { files } from './files.tables.ts';

/** The id in a stored file path ('/api/file/<id>', what parks.logo and users.image hold), else null. */
export function fileIdOfPath(stored: string | null | undefined): string | null {
  const m = /^\/api\/file\/([0-9a-f-]{36})$/i.exec(stored ?? '');
  return m ? m[1].toLowerCase() : null;
}

/**
 * Deletes a park's file rows, except those kept (and, with `uploadedBefore`, those uploaded since),
 * and answers where their bytes are, for the caller to remove once its transaction has committed.
 */
export async function deleteParkFileRows(db: Pick<Db, 'delete'>, parkId: string, keepIds: Iterable<string>, uploadedBefore?: Date): Promise<string[]> {
  const keep = [...keepIds];
  const where = and(
    eq(files.parkId, parkId),
    keep.length ? notInArray(files.id, keep) : undefined,
    uploadedBefore ? lt(files.createdAt, uploadedBefore) : undefined,
  );
  const gone = await db.delete(files).where(where).returning({ storagePath: files.storagePath });
  return gone.map((f) => f.storagePath);
}

/**
 * Removes stored bytes (local folder or bucket); one already gone is fine (a retried reset, a
 * hand-cleaned disk). Only keys under uploads/ are touched, whatever a row says.
 */
export async function unlinkStored(storage: FileStorage, storagePaths: string[]): Promise<void> {
  const keys = storagePaths.filter((p) => p.startsWith('uploads/') && !p.split('/').includes('..'));
  if (keys.length) await storage.delete(keys);
}

/** Removes the park's whole upload folder (uploads/<park>/), when the park is deleted. */
export async function removeParkUploads(storage: FileStorage, parkId: string): Promise<void> {
  if (!/^[0-9a-f-]{36}$/i.test(parkId)) return;
  await storage.deletePrefix(`uploads/${parkId}/`);
}

/** Which of these file ids belong to the park. */
export async function parkFileIdsAmong(db: Pick<Db, 'select'>, parkId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.parkId, parkId), inArray(files.id, ids)));
  return new Set(rows.map((r) => r.id));
}
