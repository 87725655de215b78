import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { ALL_PERMISSIONS, expandPermissions, OWNER_ROLE, type Permission } from '@flotte/contract';
import type { Db, Tx } from '../../platform/db/database.ts';
import { parks, profileRoles, profiles, roles, users } from './access.tables.ts';

/** The held permissions that grant this one (itself and those implying it), computed once per permission. */
const granting = new Map<Permission, string[]>();
function grantingOf(permission: Permission): string[] {
  let codes = granting.get(permission);
  if (!codes) {
    codes = ALL_PERMISSIONS.filter((p) => expandPermissions([p]).has(permission));
    granting.set(permission, codes);
  }
  return codes;
}

/**
 * The park's live profiles (not removed, their user enabled) that hold a permission, by the guard's
 * rule: the owner holds them all; anyone else through a role holding it or a permission implying it.
 * Modules that tell people something (notifications) ask here instead of reading roles themselves.
 */
export async function profilesHolding(db: Db | Tx, parkId: string, permission: Permission): Promise<string[]> {
  const codes = grantingOf(permission);
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(users, and(eq(users.id, profiles.userId), isNull(users.disabledAt)))
    .where(
      and(
        eq(profiles.parkId, parkId),
        isNull(profiles.removedAt),
        or(
          eq(profiles.role, OWNER_ROLE),
          sql`exists (select 1 from ${profileRoles} pr join ${roles} r on r.id = pr.role_id
                       where pr.profile_id = ${profiles.id} and r.permissions && ${sql.param(codes)}::text[])`,
        ),
      ),
    );
  return rows.map((r) => r.id);
}

/** Every park's id, for work done park by park (the daily reminders job). */
export async function allParkIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: parks.id }).from(parks).orderBy(asc(parks.id));
  return rows.map((r) => r.id);
}

export interface ProfileContact {
  profileId: string;
  email: string | null;
  phone: string | null;
  firstName: string;
}

/** How to reach the people behind some live profiles (enabled users only), to send them a message. */
export async function contactsOfProfiles(db: Db | Tx, profileIds: string[]): Promise<ProfileContact[]> {
  if (profileIds.length === 0) return [];
  return db
    .select({ profileId: profiles.id, email: users.email, phone: users.phone, firstName: users.firstName })
    .from(profiles)
    .innerJoin(users, and(eq(users.id, profiles.userId), isNull(users.disabledAt)))
    .where(and(inArray(profiles.id, profileIds), isNull(profiles.removedAt)));
}
