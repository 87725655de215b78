import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { ALL_PERMISSIONS, expandPermissions, OWNER_ROLE, type Permission } from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';
import { namedQuery } from '../../platform/db/prepared.ts';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { otpChallenges, otpSends, parks, profileRoles, profiles, refreshTokens, roles, sessions, users } from './access.tables.ts';
import type { Identifier } from './identity.ts';
import { UUID_PATTERN as UUID } from '../../platform/ids.ts';

export type UserRow = typeof users.$inferSelect;
export type ParkRow = typeof parks.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type ChallengeRow = typeof otpChallenges.$inferSelect;

export async function findUserByIdentifier(db: Db, id: Identifier): Promise<UserRow | undefined> {
  const col = id.kind === 'email' ? users.email : users.phone;
  const [row] = await db.select().from(users).where(eq(col, id.value)).limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The user's live profiles of a login type (all types when omitted), owner profiles first. */
export async function listProfiles(db: Db, userId: string, type?: string) {
  const conds = [eq(profiles.userId, userId), isNull(profiles.removedAt)];
  if (type) conds.push(eq(profiles.type, type));
  return db
    .select({ profile: profiles, park: parks })
    .from(profiles)
    .innerJoin(parks, eq(parks.id, profiles.parkId))
    .where(and(...conds))
    .orderBy(sql`case when ${profiles.role} = ${OWNER_ROLE} then 0 else 1 end`, asc(profiles.createdAt));
}

export async function rolesOfProfiles(db: Db, profileIds: string[]) {
  if (profileIds.length === 0) return [];
  return db
    .select({ profileId: profileRoles.profileId, id: roles.id, name: roles.name, permissions: roles.permissions })
    .from(profileRoles)
    .innerJoin(roles, eq(roles.id, profileRoles.roleId))
    .where(inArray(profileRoles.profileId, profileIds))
    .orderBy(asc(roles.name));
}

export function permissionsOf(role: string, held: string[]): Set<Permission> {
  return role === OWNER_ROLE ? OWNER_PERMISSIONS : expandPermissions(held);
}

/** Every permission: one set shared by every owner's requests, so it refuses to be changed. */
const OWNER_PERMISSIONS: Set<Permission> = (() => {
  const set = new Set(ALL_PERMISSIONS);
  const refuse = (): never => {
    throw new Error("The owner's permission set is shared: copy it to change it");
  };
  Object.assign(set, { add: refuse, delete: refuse, clear: refuse });
  return set;
})();

/**
 * Named (prepared) statements for the per-request hot path: PostgreSQL parses and plans them once
 * per connection instead of on every call, about a third of their cost. An owner holds every
 * permission whatever their roles say (permissionsOf), so their roles' permissions are not read.
 */
const LOAD_CALLER_SQL = `
  select s.pin_verified_at, s.profile_id as session_profile_id,
         p.id as profile_id, p.park_id, p.type, p.role, k.time_zone, k.currency,
         case when p.role = 'OWNER' then '{}'::text[] else
           (select coalesce(array_agg(distinct perm), '{}')
              from profile_roles pr join roles r on r.id = pr.role_id, unnest(r.permissions) perm
             where pr.profile_id = p.id) end as permissions
    from sessions s
    join users u on u.id = s.user_id and u.disabled_at is null
    left join profiles p on p.id = coalesce($3::uuid, s.profile_id)
                        and p.user_id = s.user_id and p.removed_at is null
    left join parks k on k.id = p.park_id
   where s.id = $1 and s.user_id = $2 and s.revoked_at is null`;

/**
 * The same, bringing along what GET /api/user answers (routes with `withUser`): the user, the acting
 * profile's role names, and the parks of the user's live profiles, owner profiles first (the order
 * and fields of USER_WITH_PARKS_SQL), so that route costs one statement instead of two.
 */
const LOAD_CALLER_WITH_USER_SQL = LOAD_CALLER_SQL.replace(' as permissions', ` as permissions,
         u.email, u.phone, u.pin_hash is not null as has_pin, u.first_name, u.last_name, u.image,
         u.owner_type, u.country_iso_code,
         (select coalesce(array_agg(r.name order by r.name), '{}') from profile_roles pr
            join roles r on r.id = pr.role_id where pr.profile_id = p.id) as role_names,
         (select coalesce(json_agg(json_build_object(
                   'profileId', up.id, 'id', uk.id, 'name', uk.name, 'code', uk.code, 'city', uk.city,
                   'currency', uk.currency, 'countryCode', uk.country_code, 'phoneCode', uk.phone_code,
                   'legalNotice', uk.legal_notice, 'timeZone', uk.time_zone, 'logo', uk.logo)
                 order by case when up.role = 'OWNER' then 0 else 1 end, up.created_at), '[]')
            from profiles up join parks uk on uk.id = up.park_id
           where up.user_id = s.user_id and up.removed_at is null) as user_parks`);

/**
 * Both as one JSON text column: node-postgres parses each column of a row by its type (and the
 * row description on every execution), which for these ~20 columns cost more Node CPU than one
 * JSON.parse; PostgreSQL builds the JSON for about what it spent sending the columns.
 */
const LOAD_CALLER_JSON = `select row_to_json(c)::text as caller from (${LOAD_CALLER_SQL}) c`;
const LOAD_CALLER_WITH_USER_JSON = `select row_to_json(c)::text as caller from (${LOAD_CALLER_WITH_USER_SQL}) c`;

/**
 * The guard's one round trip per request: session standing, user enabled, and the acting profile
 * (the named one, else the session's default) with the union of its roles' permissions.
 */
export async function loadCaller(db: Db, q: { userId: string; sessionId: string; profileId: string | null; withUser?: boolean }) {
  if (!UUID.test(q.sessionId) || !UUID.test(q.userId) || (q.profileId && !UUID.test(q.profileId))) return null;
  const [name, text] = q.withUser
    ? ['flotte_load_caller_with_user', LOAD_CALLER_WITH_USER_JSON]
    : ['flotte_load_caller', LOAD_CALLER_JSON];
  const result = await namedQuery<{ caller: string }>(db, name, text, [q.sessionId, q.userId, q.profileId]);
  const json = result.rows[0]?.caller;
  if (!json) return null;
  const row = JSON.parse(json) as {
    /** ISO 8601 with its offset, as PostgreSQL writes a timestamptz in JSON. */
    pin_verified_at: string | null;
    session_profile_id: string | null;
    profile_id: string | null;
    park_id: string | null;
    type: string | null;
    role: string | null;
    permissions: string[] | null;
    time_zone: string | null;
    currency: string | null;
  } & Partial<UserColumns>;
  const pinVerifiedAt = row.pin_verified_at ? new Date(row.pin_verified_at) : null;
  let profile: ActingProfile | null = null;
  if (row.profile_id && row.park_id && row.type && row.role) {
    profile = {
      id: row.profile_id,
      parkId: row.park_id,
      type: row.type,
      role: row.role,
      isOwner: row.role === OWNER_ROLE,
      permissions: permissionsOf(row.role, row.permissions ?? []),
      park: { timeZone: row.time_zone ?? 'UTC', currency: row.currency ?? '' },
    };
  }
  const user = q.withUser ? userWithParksOf(q.userId, row as UserColumns) : undefined;
  return { pinVerifiedAt, sessionProfileId: row.session_profile_id, profile, user };
}

/** The columns LOAD_CALLER_WITH_USER_SQL adds. */
interface UserColumns {
  email: string | null; phone: string | null; has_pin: boolean; first_name: string; last_name: string;
  image: string | null; owner_type: 'particulier' | 'professionnel'; country_iso_code: string | null;
  role_names: string[] | null;
  user_parks: ({ profileId: string } & Pick<ParkRow, 'id' | 'name' | 'code' | 'city' | 'currency' | 'countryCode' | 'phoneCode' | 'legalNotice' | 'timeZone' | 'logo'>)[] | null;
}

function userWithParksOf(userId: string, u: UserColumns): UserWithParks {
  return {
    user: {
      id: userId, email: u.email, phone: u.phone, hasPin: u.has_pin, firstName: u.first_name, lastName: u.last_name,
      image: u.image, ownerType: u.owner_type, countryIsoCode: u.country_iso_code, roleNames: u.role_names ?? [],
    },
    parks: (u.user_parks ?? []).map(({ profileId, ...park }) => ({ profileId, park: park as ParkRow })),
  };
}

const USER_WITH_PARKS_SQL = `
  select u.id, u.email, u.phone, u.pin_hash is not null as has_pin, u.first_name, u.last_name, u.image,
         u.owner_type, u.country_iso_code,
         (select coalesce(array_agg(r.name order by r.name), '{}') from profile_roles pr
            join roles r on r.id = pr.role_id where pr.profile_id = $2::uuid) as role_names,
         p.id as profile_id, k.id as park_id, k.name, k.code, k.city, k.currency, k.country_code,
         k.phone_code, k.legal_notice, k.time_zone, k.logo
    from users u
    left join profiles p on p.user_id = u.id and p.removed_at is null
    left join parks k on k.id = p.park_id
   where u.id = $1
   order by case when p.role = 'OWNER' then 0 else 1 end, p.created_at`;

export interface UserWithParks {
  user: {
    id: string; email: string | null; phone: string | null; hasPin: boolean; firstName: string; lastName: string;
    image: string | null; ownerType: 'particulier' | 'professionnel'; countryIsoCode: string | null;
    /** Names of the acting profile's roles. */
    roleNames: string[];
  };
  /** The parks of the user's live profiles, by profile id, owner profiles first. */
  parks: { profileId: string; park: ParkRow }[];
}

/** GET /api/user in one prepared round trip: the user and the parks of their profiles. */
export async function userWithParks(db: Db, userId: string, actingProfileId: string | null): Promise<UserWithParks | null> {
  const { rows } = await namedQuery<Record<string, any>>(db, 'flotte_user_with_parks', USER_WITH_PARKS_SQL, [userId, actingProfileId]);
  if (!rows.length) return null;
  const u = rows[0];
  return {
    user: {
      id: u.id, email: u.email, phone: u.phone, hasPin: u.has_pin, firstName: u.first_name, lastName: u.last_name,
      image: u.image, ownerType: u.owner_type, countryIsoCode: u.country_iso_code, roleNames: u.role_names ?? [],
    },
    parks: rows
      .filter((r) => r.profile_id)
      .map((r) => ({
        profileId: r.profile_id,
        park: {
          id: r.park_id, name: r.name, code: r.code, city: r.city, currency: r.currency, countryCode: r.country_code,
          phoneCode: r.phone_code, legalNotice: r.legal_notice, timeZone: r.time_zone, logo: r.logo,
        } as ParkRow,
      })),
  };
}

export async function countRecentSends(db: Db, recipient: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(otpSends)
    .where(and(eq(otpSends.recipient, recipient), gt(otpSends.createdAt, since)));
  return row?.n ?? 0;
}

export async function recordSend(db: Db, recipient: string): Promise<void> {
  await db.insert(otpSends).values({ recipient });
}

export async function findChallenge(db: Db, id: string): Promise<ChallengeRow | undefined> {
  // The client sends back the id it was given: anything else names no challenge (and would fail the uuid cast).
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select().from(otpChallenges).where(eq(otpChallenges.id, id)).limit(1);
  return row;
}

/** The newest open challenge of a purpose for what the person typed. */
export async function latestOpenChallenge(db: Db, recipient: string, purposes: ChallengeRow['purpose'][]) {
  const [row] = await db
    .select()
    .from(otpChallenges)
    .where(
      and(
        eq(otpChallenges.recipient, recipient),
        inArray(otpChallenges.purpose, purposes),
        isNull(otpChallenges.consumedAt),
      ),
    )
    .orderBy(desc(otpChallenges.createdAt))
    .limit(1);
  return row;
}

/**
 * Takes one attempt before the code is compared, in one statement, so parallel guesses can't get
 * past the limit. Undefined when the challenge is spent, used or out of tries.
 */
export async function takeAttempt(db: Db, id: string, maxAttempts: number) {
  const [row] = await db
    .update(otpChallenges)
    .set({ attempts: sql`${otpChallenges.attempts} + 1` })
    .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.consumedAt), sql`${otpChallenges.attempts} < ${maxAttempts}`))
    .returning();
  return row;
}

/** Marks a challenge used; false if another request used it first. */
export async function consumeChallenge(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(otpChallenges)
    .set({ consumedAt: new Date() })
    .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.consumedAt)))
    .returning({ id: otpChallenges.id });
  return rows.length === 1;
}

export async function createSession(
  db: Db,
  v: { userId: string; loginType: string; profileId: string | null; userAgent?: string; ip?: string },
) {
  const [row] = await db.insert(sessions).values(v).returning();
  return row;
}

export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Db, userId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function findRefreshToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ token: refreshTokens, session: sessions })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Marks a refresh token used; false if it already was (a second use is reuse). */
export async function rotateRefreshToken(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: new Date() })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

/**
 * Ends every session acting with a profile (the profile was removed from its park). Takes a
 * transaction too, so the removal and the revocation commit together.
 */
export async function revokeProfileSessions(db: Pick<Db, 'update'>, profileId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.profileId, profileId), isNull(sessions.revokedAt)));
}
