import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { parks, profiles, users } from '../access/access.tables.ts';
import { fileIdOfPath } from '../files/park-uploads.ts';
import type { Tx } from '../../platform/db/database.ts';
import { referencedFiles } from './reset-registry.ts';

/**
 * Files the park shows whatever is reset: its logo and the photos of its people (a photo is the
 * person's own, not park data).
 */
export async function filesAlwaysKept(db: Db | Tx, parkId: string): Promise<Set<string>> {
  const [park] = await db.select({ logo: parks.logo }).from(parks).where(eq(parks.id, parkId)).limit(1);
  const photos = await db
    .select({ image: users.image })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(profiles.parkId, parkId));
  return idsOf([park?.logo, ...photos.map((p) => p.image)]);
}

/** Every file the park still shows: the ones always kept and those its modules reference. */
export async function filesInUse(tx: Tx, parkId: string): Promise<Set<string>> {
  const kept = await filesAlwaysKept(tx, parkId);
  for (const id of idsOf(await referencedFiles(tx, parkId))) kept.add(id);
  return kept;
}

function idsOf(paths: (string | null | undefined)[]): Set<string> {
  return new Set(paths.map(fileIdOfPath).filter((id): id is string => !!id));
}
