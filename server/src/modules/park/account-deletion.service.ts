import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { parks, profiles, sessions, users } from '../access/access.tables.ts';
import { fileIdOfPath, parkFileIdsAmong, removeParkUploads } from '../files/park-uploads.ts';
import type { Log } from './park-reset.service.ts';
import type { ParkDeps } from './park.service.ts';

/**
 * Deletes a park and everything in it. Every tenant table references parks with ON DELETE CASCADE,
 * so deleting the row takes the park's data with it (a module adding a tenant table must keep that
 * true). Then, in the same transaction: sessions acting in the park are revoked, and each person
 * left without a live profile anywhere is deleted. The park's upload folder goes after the commit.
 */
export async function deleteParkAccount(deps: ParkDeps, v: { parkId: string; log: Log }): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const people = await tx
      .selectDistinct({ id: users.id, image: users.image })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(profiles.parkId, v.parkId));
    const parkProfiles = tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.parkId, v.parkId));
    // Before the park goes: its profiles cascade away and would set these sessions' profile to null.
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'park_deleted' })
      .where(and(inArray(sessions.profileId, parkProfiles), isNull(sessions.revokedAt)));

    // A photo stored in this park's folder is about to disappear: whoever keeps an account loses it
    // rather than keeping a broken link.
    const photoIds = people.map((p) => fileIdOfPath(p.image)).filter((id): id is string => !!id);
    const parkPhotos = await parkFileIdsAmong(tx, v.parkId, photoIds);
    const losing = people.filter((p) => parkPhotos.has(fileIdOfPath(p.image) ?? '')).map((p) => p.id);
    if (losing.length) await tx.update(users).set({ image: null }).where(inArray(users.id, losing));

    await tx.delete(parks).where(eq(parks.id, v.parkId));

    const ids = people.map((p) => p.id);
    if (ids.length) {
      await tx
        .delete(users)
        .where(
          and(
            inArray(users.id, ids),
            sql`not exists (select 1 from ${profiles} where ${profiles.userId} = ${users.id} and ${profiles.removedAt} is null)`,
          ),
        );
    }
  });
  await removeParkUploads(deps.files.storage, v.parkId).catch((err) =>
    v.log.warn({ err, parkId: v.parkId }, 'account deletion: removing the upload folder failed'),
  );
}
