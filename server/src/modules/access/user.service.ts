import { eq } from 'drizzle-orm';
import { ALL_PERMISSIONS, OWNER_ROLE, type TProfileSummary, type TUser } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { AppError } from '../../platform/errors.ts';
import type { AccessDeps } from './access.deps.ts';
import { users } from './access.tables.ts';
import * as q from './access.queries.ts';
import type { ParkRow } from './access.queries.ts';
import { imageLink } from '../files/files.service.ts';
import { assertParkFile } from '../files/park-file-refs.ts';

/** Stored images go out as signed links an <img> tag can load. */
const link = (deps: Pick<AccessDeps, 'jwtSecret'>, stored: string | null) => imageLink({ signingKey: deps.jwtSecret }, stored);

export function parkSummary(p: ParkRow, deps: Pick<AccessDeps, 'jwtSecret'>): TUser['parks'][number] {
  return {
    id: p.id,
    name: p.name,
    code: p.code,
    city: p.city,
    currency: p.currency,
    country_code: p.countryCode,
    phone_code: p.phoneCode,
    legal_notice: p.legalNotice,
    time_zone: p.timeZone,
    logo: link(deps, p.logo),
  };
}

/** The signed-in user as the acting profile sees it (spec 000 section 3). */
export async function currentUser(
  deps: AccessDeps,
  v: { userId: string; loginType: string; profile: ActingProfile | null; loaded?: q.UserWithParks },
): Promise<TUser> {
  // `loaded`: read with the caller by the guard (route config `withUser`), else read here.
  const found = v.loaded ?? await q.userWithParks(deps.db, v.userId, v.profile?.id ?? null);
  if (!found) throw new AppError('UNAUTHENTICATED');
  const { user } = found;
  const acting = found.parks.find((p) => p.profileId === v.profile?.id)?.park;
  // The acting park first (the spec's "first park"), then the user's other parks, once each.
  const parks: ParkRow[] = [];
  for (const p of [acting, ...found.parks.map((x) => x.park)]) if (p && !parks.some((x) => x.id === p.id)) parks.push(p);
  return {
    id: user.id,
    user_id: user.id,
    profile_id: v.profile?.id ?? null,
    role: v.profile?.role ?? '',
    role_names: user.roleNames,
    isOwner: v.profile?.role === OWNER_ROLE,
    ets_name: acting?.name ?? null,
    ets_logo: link(deps, acting?.logo ?? null),
    owner_type: user.ownerType,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    image: link(deps, user.image),
    countryIsoCode: user.countryIsoCode ?? acting?.countryCode ?? null,
    user_type: v.loginType as TUser['user_type'],
    has_pin_code: user.hasPin,
    parks: parks.map((p) => parkSummary(p, deps)),
    permissions: !v.profile ? [] : v.profile.isOwner ? OWNER_PERMISSIONS_SORTED.slice() : [...v.profile.permissions].sort(),
  };
}

/** An owner holds every permission (permissionsOf): sorted once, not on every GET /api/user. */
const OWNER_PERMISSIONS_SORTED = [...new Set(ALL_PERMISSIONS)].sort();

export async function userProfiles(deps: AccessDeps, userId: string, type?: string): Promise<TProfileSummary[]> {
  const rows = await q.listProfiles(deps.db, userId, type);
  const roleRows = await q.rolesOfProfiles(deps.db, rows.map((r) => r.profile.id));
  return rows.map(({ profile, park }) => ({
    id: profile.id,
    type: profile.type as TProfileSummary['type'],
    role: profile.role,
    roles: roleRows.filter((r) => r.profileId === profile.id).map((r) => ({ id: r.id, name: r.name })),
    park: parkSummary(park, deps),
  }));
}

/** A person edits their own name and photo through any of their profiles. */
export async function updateOwnProfile(
  deps: AccessDeps,
  v: { userId: string; profileId: string; first_name?: string; last_name?: string; image?: string },
) {
  const mine = (await q.listProfiles(deps.db, v.userId)).find((p) => p.profile.id === v.profileId);
  if (!mine) throw new AppError('PROFILE_NOT_YOURS');
  const patch: Partial<typeof users.$inferInsert> = {};
  if (v.first_name !== undefined) patch.firstName = v.first_name;
  if (v.last_name !== undefined) patch.lastName = v.last_name;
  // The photo must be an image uploaded to the park of the profile the edit goes through: another
  // park's file would otherwise come back signed from GET /user (files/park-file-refs.ts).
  if (v.image !== undefined) patch.image = await assertParkFile(deps.db, mine.park.id, { field: 'image', value: v.image });
  if (Object.keys(patch).length) await deps.db.update(users).set(patch).where(eq(users.id, v.userId));
}
