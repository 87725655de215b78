import { and, eq, inArray } from 'drizzle-orm';
import { OWNER_ROLE } from '@flotte/contract';
import type { Db, Tx } from '../../platform/db/database.ts';
import { parks, profileRoles, profiles, roles, users } from './access.tables.ts';
import { DEFAULT_ROLES } from './default-roles.ts';
import { applyParkSetups } from './park-setup.ts';
import { hashSecret } from './secrets.ts';

/**
 * Creating parks, people and their profiles: used by sign-up flows, the demo seed and tests.
 */
export interface NewPark {
  name: string;
  code?: string;
  countryCode: string;
  city?: string;
  currency: string;
  timeZone?: string;
  phone?: string;
  phoneCode?: string;
  legalNotice?: string;
}

/** A short, readable, unique code from the name: "Flotte Démo" -> "FLOTTE-DEMO-4F2A". */
function parkCode(name: string): string {
  const base = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toUpperCase()
    .slice(0, 24);
  return `${base || 'PARC'}-${Math.random().toString(16).slice(2, 6).toUpperCase()}`;
}

export async function createPark(db: Db, v: NewPark) {
  return db.transaction((tx) => insertPark(tx, v));
}

/** Creates a park with its roles and every module's setup, inside the caller's transaction. */
export async function insertPark(tx: Tx, v: NewPark) {
  // The random suffix can repeat for parks of the same name: draw again until it is free.
  let code = v.code ?? parkCode(v.name);
  for (let tries = 0; !v.code && tries < 20; tries++) {
    const [taken] = await tx.select({ id: parks.id }).from(parks).where(eq(parks.code, code)).limit(1);
    if (!taken) break;
    code = parkCode(v.name);
  }
  const [park] = await tx
    .insert(parks)
    .values({ ...v, code, timeZone: v.timeZone ?? 'Africa/Douala' })
    .returning();
  await tx.insert(roles).values(DEFAULT_ROLES.map((r) => ({ ...r, parkId: park.id })));
  await applyParkSetups(tx, park.id);
  return park;
}

export async function createUser(
  db: Db,
  v: { email?: string; phone?: string; password?: string; firstName: string; lastName: string; ownerType?: 'particulier' | 'professionnel'; countryIsoCode?: string },
) {
  const [user] = await db
    .insert(users)
    .values({
      email: v.email?.toLowerCase(),
      phone: v.phone,
      passwordHash: v.password ? await hashSecret(v.password) : null,
      firstName: v.firstName,
      lastName: v.lastName,
      ownerType: v.ownerType ?? 'particulier',
      countryIsoCode: v.countryIsoCode,
    })
    .returning();
  return user;
}

/** Gives a user a profile in a park, as owner or with named roles of that park. */
export async function addProfile(
  db: Db,
  v: { userId: string; parkId: string; type: string; owner?: boolean; roleNames?: string[] },
) {
  return db.transaction(async (tx) => {
    const [profile] = await tx
      .insert(profiles)
      .values({ userId: v.userId, parkId: v.parkId, type: v.type, role: v.owner ? OWNER_ROLE : 'MEMBER' })
      .returning();
    if (v.roleNames?.length) {
      const found = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.parkId, v.parkId), inArray(roles.name, v.roleNames)));
      if (found.length) {
        await tx.insert(profileRoles).values(found.map((r) => ({ profileId: profile.id, roleId: r.id, parkId: v.parkId })));
      }
    }
    return profile;
  });
}
