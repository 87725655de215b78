import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import { profiles, sessions, users } from './access.tables.ts';
import type { UserRow } from './access.queries.ts';

/**
 * Drivers' accounts (issue 22): a driver signs in by his phone, so his account is the users row of
 * that phone, made or reused (an agent or owner who also drives keeps his one account), with one
 * profile of type 'driver', no role, in each park where a live driver has that phone. Accounts are
 * made lazily, at the driver's sign-in, rather than when the park creates or imports him: the
 * sign-in reads the drivers of the phone anyway, and this way a phone change, a deactivation or a
 * deletion is followed at the next sign-in without every writer of drivers knowing about accounts
 * (the driver-space routes check the live driver on every request, so nothing waits for that).
 */

/** The account of a phone, created without a password (the driver signs in by code and PIN). */
export async function driverUserOf(tx: Tx, phone: string, names: { firstName: string; lastName: string }): Promise<UserRow> {
  const [found] = await tx.select().from(users).where(eq(users.phone, phone)).limit(1);
  if (found) return found;
  // Two first sign-ins at once: the second meets the unique phone and reads the first's row.
  const [created] = await tx
    .insert(users)
    .values({ phone, firstName: names.firstName, lastName: names.lastName })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [again] = await tx.select().from(users).where(eq(users.phone, phone)).limit(1);
  return again;
}

/**
 * Makes the user's live 'driver' profiles exactly those of `parkIds`: missing ones are created (or
 * brought back), the others removed, and the sessions acting with a removed one end.
 */
export async function syncDriverProfiles(tx: Tx, userId: string, parkIds: string[]): Promise<void> {
  if (parkIds.length) {
    await tx
      .insert(profiles)
      .values(parkIds.map((parkId) => ({ userId, parkId, type: 'driver', role: 'MEMBER' })))
      .onConflictDoUpdate({
        target: [profiles.userId, profiles.parkId, profiles.type],
        set: { removedAt: null },
        setWhere: sql`${profiles.removedAt} is not null`,
      });
  }
  const gone = await tx
    .update(profiles)
    .set({ removedAt: new Date() })
    .where(
      and(
        eq(profiles.userId, userId),
        eq(profiles.type, 'driver'),
        isNull(profiles.removedAt),
        parkIds.length ? notInArray(profiles.parkId, parkIds) : undefined,
      ),
    )
    .returning({ id: profiles.id });
  if (gone.length) {
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'driver_removed' })
      .where(and(inArray(sessions.profileId, gone.map((p) => p.id)), isNull(sessions.revokedAt)));
  }
}

/** The account of a phone, if any (a driver's sign-in by an unknown phone still tidies it). */
export async function userOfPhone(tx: Pick<Tx, 'select'>, phone: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.phone, phone)).limit(1);
  return row;
}
