import { and, asc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { normalizePhone, OWNER_ROLE, type Page, type TAdmin, type TAdminListQuery } from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import { pageWindow, toPage } from '../../platform/pagination.ts';
import { profiles, users } from './access.tables.ts';
import * as q from './access.queries.ts';
import { parkTimeZone } from './roles.service.ts';
import { folded, foldText } from '../../platform/db/search-text.ts';

/**
 * Reading a park's administrators: its live profiles that are not drivers, with the person's
 * name and contacts (kept on the user, shared by all their parks) and the profile's roles.
 */
const DRIVER = 'driver';

const columns = {
  profile: profiles,
  user: {
    id: users.id,
    email: users.email,
    phone: users.phone,
    firstName: users.firstName,
    lastName: users.lastName,
    image: users.image,
    hasPassword: sql<boolean>`${users.passwordHash} is not null`,
  },
};

export type AdminRow = { profile: typeof profiles.$inferSelect; user: { id: string; email: string | null; phone: string | null; firstName: string; lastName: string; image: string | null; hasPassword: boolean } };

function isAdminOf(parkId: string): SQL {
  return and(eq(profiles.parkId, parkId), isNull(profiles.removedAt), ne(profiles.type, DRIVER))!;
}

// Accent folding without the unaccent extension (absent from PGlite): the same letters on both
// sides of a translate(). Upper-case accented letters are listed because lower() leaves them as
// they are under the C locale.
/** First or last name (either order), email or phone containing what was typed. */
function searchCondition(search: string): SQL | undefined {
  const text = foldText(search.trim());
  if (!text) return undefined;
  const like = `%${text.replace(/[\\%_]/g, '\\$&')}%`;
  const conds: SQL[] = [
    sql`${folded(sql`${users.firstName}`)} like ${like}`,
    sql`${folded(sql`${users.lastName}`)} like ${like}`,
    sql`${folded(sql`${users.firstName} || ' ' || ${users.lastName}`)} like ${like}`,
    sql`${folded(sql`${users.lastName} || ' ' || ${users.firstName}`)} like ${like}`,
    sql`lower(coalesce(${users.email}, '')) like ${like}`,
  ];
  const digits = normalizePhone(search).replace(/^\+/, '');
  if (/^\d+$/.test(digits)) conds.push(sql`coalesce(${users.phone}, '') like ${`%${digits}%`}`);
  return or(...conds);
}

export async function adminViews(db: Db, rows: AdminRow[], timeZone: string): Promise<TAdmin[]> {
  const roleRows = await q.rolesOfProfiles(db, rows.map((r) => r.profile.id));
  return rows.map(({ profile, user }) => ({
    id: profile.id,
    profile_id: profile.id,
    user_id: user.id,
    park_id: profile.parkId,
    type: profile.type,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    image: user.image,
    is_owner: profile.role === OWNER_ROLE,
    roles: roleRows.filter((r) => r.profileId === profile.id).map((r) => ({ id: r.id, name: r.name })),
    invitation_pending: !user.hasPassword,
    created_at: toWireDate(profile.createdAt, timeZone),
  }));
}

/** The owner first, then by last and first name (accents aside, the same order on both engines). */
export async function listAdmins(db: Db, parkId: string, query: TAdminListQuery): Promise<Page<TAdmin>> {
  const search = query.search ? searchCondition(query.search) : undefined;
  const where = search ? and(isAdminOf(parkId), search) : isAdminOf(parkId);
  const { limit, offset } = pageWindow(query);
  // One query after the other: on the embedded database every pool connection shares one
  // session, and parallel queries would open connections for nothing.
  const rows = await db
    .select(columns)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(where)
    .orderBy(
      sql`case when ${profiles.role} = ${OWNER_ROLE} then 0 else 1 end`,
      asc(folded(sql`${users.lastName}`)),
      asc(folded(sql`${users.firstName}`)),
      asc(profiles.createdAt),
    )
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(where);
  const tz = await parkTimeZone(db, parkId);
  return toPage(await adminViews(db, rows, tz), total, query);
}

/** One live administrator of the park, or undefined (unknown, removed, a driver, another park). */
export async function findAdmin(db: Db, parkId: string, profileId: string): Promise<AdminRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(profiles.id, profileId), isAdminOf(parkId)))
    .limit(1);
  return row;
}

export async function readAdmin(db: Db, parkId: string, profileId: string): Promise<TAdmin | undefined> {
  const row = await findAdmin(db, parkId, profileId);
  if (!row) return undefined;
  const [view] = await adminViews(db, [row], await parkTimeZone(db, parkId));
  return view;
}
