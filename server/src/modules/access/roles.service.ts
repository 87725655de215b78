import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  ACTION_PERMISSIONS,
  ALL_PERMISSIONS,
  expandPermissions,
  impliedBy,
  OWNER_ROLE,
  PERMISSION_GROUPS,
  TAB_VIEWS,
  type TAccessRoot,
  type TPermissionCatalog,
  type TProfilePermissions,
  type TRole,
  type TRoleDetail,
  type TRoleInputParsed,
  type TRolePermissions,
} from '@flotte/contract';
import { PERMISSION_DESCRIPTIONS } from '@flotte/contract/permission-descriptions';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { hasPermission } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import type { AccessDeps } from './access.deps.ts';
import { parks, profileRoles, profiles, roles, users } from './access.tables.ts';
import * as q from './access.queries.ts';
import { isUniqueViolation } from '../../platform/db/pg-errors.ts';

/**
 * A park's roles (named sets of permissions) and what a profile may do. Permissions are read
 * live by the guard on every request, so a role edited here binds its holders at their next call.
 */
type RoleRow = typeof roles.$inferSelect;

const ROLE_NOT_FOUND = () => new AppError('NOT_FOUND', { message: 'Rôle introuvable' });
const PROFILE_NOT_FOUND = () => new AppError('NOT_FOUND', { message: 'Profil introuvable' });

export async function parkTimeZone(db: Db, parkId: string): Promise<string> {
  const [row] = await db.select({ timeZone: parks.timeZone }).from(parks).where(eq(parks.id, parkId)).limit(1);
  return row?.timeZone ?? 'Africa/Douala';
}

/** Active administrators holding a role: removed profiles no longer count. */
const holdersCount = sql<number>`(
  select count(*)::int from ${profileRoles} pr join ${profiles} p on p.id = pr.profile_id
   where pr.role_id = ${roles}.id and p.removed_at is null)`;

function roleView(r: RoleRow, adminsCount: number, tz: string): TRole {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    permissions: [...r.permissions].sort(),
    admins_count: adminsCount,
    created_at: toWireDate(r.createdAt, tz),
    updated_at: toWireDate(r.updatedAt, tz),
  };
}

const sorted = (codes: Iterable<string>) => [...codes].sort();

/** The catalogue never changes while the server runs: built once. */
const CATALOG: TPermissionCatalog = {
  groups: PERMISSION_GROUPS.map((g) => ({
    code: g.code,
    label: g.label,
    permissions: g.permissions.map((code) => {
      const entry = code in ACTION_PERMISSIONS ? ACTION_PERMISSIONS[code as keyof typeof ACTION_PERMISSIONS] : TAB_VIEWS[code as keyof typeof TAB_VIEWS];
      return {
        code,
        label: entry.label,
        description: PERMISSION_DESCRIPTIONS[code],
        kind: code in ACTION_PERMISSIONS ? ('action' as const) : ('view' as const),
        implies: sorted(impliedBy(code)),
      };
    }),
  })),
};

export function permissionCatalog(): TPermissionCatalog {
  return CATALOG;
}

export async function listRoles(deps: AccessDeps, parkId: string): Promise<TRole[]> {
  const rows = await deps.db
    .select({ role: roles, adminsCount: holdersCount })
    .from(roles)
    .where(eq(roles.parkId, parkId))
    .orderBy(asc(sql`lower(${roles.name})`), asc(roles.name));
  const tz = await parkTimeZone(deps.db, parkId);
  return rows.map((r) => roleView(r.role, r.adminsCount, tz));
}

async function findRole(db: Db, parkId: string, id: string) {
  const [row] = await db
    .select({ role: roles, adminsCount: holdersCount })
    .from(roles)
    .where(and(eq(roles.id, id), eq(roles.parkId, parkId)))
    .limit(1);
  if (!row) throw ROLE_NOT_FOUND();
  return row;
}

/** Names are unique per park regardless of case: "caissier" and "Caissier" would confuse people. */
async function assertNameFree(db: Db, parkId: string, name: string, exceptId?: string) {
  const conds = [eq(roles.parkId, parkId), sql`lower(${roles.name}) = lower(${name})`];
  if (exceptId) conds.push(ne(roles.id, exceptId));
  const [taken] = await db.select({ id: roles.id }).from(roles).where(and(...conds)).limit(1);
  if (taken) throw new AppError('ROLE_NAME_TAKEN');
}

export async function createRole(deps: AccessDeps, parkId: string, input: TRoleInputParsed): Promise<TRole> {
  await assertNameFree(deps.db, parkId, input.name);
  try {
    const [row] = await deps.db
      .insert(roles)
      .values({ parkId, name: input.name, description: input.description ?? null, permissions: input.permissions })
      .returning();
    return roleView(row, 0, await parkTimeZone(deps.db, parkId));
  } catch (err) {
    // Two requests racing past the name check meet the unique index: same answer as the check.
    if (isUniqueViolation(err)) throw new AppError('ROLE_NAME_TAKEN');
    throw err;
  }
}

/** Replaces the role's name, description and permissions (an absent description clears it). */
export async function updateRole(deps: AccessDeps, parkId: string, id: string, input: TRoleInputParsed): Promise<TRole> {
  const found = await findRole(deps.db, parkId, id);
  await assertNameFree(deps.db, parkId, input.name, id);
  try {
    const [row] = await deps.db
      .update(roles)
      .set({ name: input.name, description: input.description ?? null, permissions: input.permissions })
      .where(and(eq(roles.id, id), eq(roles.parkId, parkId)))
      .returning();
    if (!row) throw ROLE_NOT_FOUND();
    return roleView(row, found.adminsCount, await parkTimeZone(deps.db, parkId));
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('ROLE_NAME_TAKEN');
    throw err;
  }
}

/**
 * A role someone still holds is not deleted: silently taking rights away from people is worse
 * than asking the manager to reassign them first. Check and delete are one statement.
 */
export async function deleteRole(deps: AccessDeps, parkId: string, id: string): Promise<{ id: string }> {
  const deleted = await deps.db
    .delete(roles)
    .where(and(eq(roles.id, id), eq(roles.parkId, parkId), sql`${holdersCount} = 0`))
    .returning({ id: roles.id });
  if (deleted.length) return { id };
  const { adminsCount } = await findRole(deps.db, parkId, id);
  throw new AppError('ROLE_IN_USE', {
    message: `Ce rôle est attribué à ${adminsCount} administrateur(s) : retirez-le-leur avant de le supprimer.`,
    data: { admins_count: adminsCount },
  });
}

export async function roleDetail(deps: AccessDeps, parkId: string, id: string): Promise<TRoleDetail> {
  const { role, adminsCount } = await findRole(deps.db, parkId, id);
  const admins = await deps.db
    .select({
      profile_id: profiles.id,
      first_name: users.firstName,
      last_name: users.lastName,
      email: users.email,
      phone: users.phone,
      image: users.image,
    })
    .from(profileRoles)
    .innerJoin(profiles, eq(profiles.id, profileRoles.profileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(profileRoles.roleId, id), eq(profiles.parkId, parkId), isNull(profiles.removedAt)))
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`));
  return { ...roleView(role, adminsCount, await parkTimeZone(deps.db, parkId)), admins };
}

export async function rolePermissions(deps: AccessDeps, parkId: string, id: string): Promise<TRolePermissions> {
  const { role } = await findRole(deps.db, parkId, id);
  return { role_id: role.id, permissions: sorted(role.permissions), effective: sorted(expandPermissions(role.permissions)) };
}

/**
 * What a profile of the park holds. A manager may look at anyone's; others only at their own
 * (the acting profile), which the web uses to explain a refusal.
 */
export async function profilePermissions(deps: AccessDeps, acting: ActingProfile, profileId: string): Promise<TProfilePermissions> {
  if (profileId !== acting.id && !hasPermission(acting, 'MANAGE_ACCESS')) throw new AppError('FORBIDDEN');
  const [profile] = await deps.db
    .select({ id: profiles.id, role: profiles.role })
    .from(profiles)
    .where(and(eq(profiles.id, profileId), eq(profiles.parkId, acting.parkId), isNull(profiles.removedAt)))
    .limit(1);
  if (!profile) throw PROFILE_NOT_FOUND();
  const held = await q.rolesOfProfiles(deps.db, [profile.id]);
  const codes = new Set(held.flatMap((r) => r.permissions));
  const isOwner = profile.role === OWNER_ROLE;
  return {
    profile_id: profile.id,
    is_owner: isOwner,
    roles: held.map((r) => ({ id: r.id, name: r.name })),
    held: sorted(codes),
    effective: isOwner ? sorted(ALL_PERMISSIONS) : sorted(expandPermissions(codes)),
  };
}

export function accessRoot(acting: ActingProfile): TAccessRoot {
  return { is_root: acting.isOwner, profile_id: acting.id, park_id: acting.parkId, permissions: sorted(acting.permissions) };
}
