import { and, asc, eq, inArray, isNotNull, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { TVehicleGroup, TVehicleGroupInputParsed } from '@flotte/contract';
import type { Db, Tx } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { profiles, users } from '../access/access.tables.ts';
import { parkTimeZone } from '../access/roles.service.ts';
import { vehicleGroupAdmins, vehicleGroups, vehicles } from './vehicles.tables.ts';

/**
 * Groups of vehicles and their administrators. A vehicle is in at most one group: it joins one
 * only while it is in none (or already in that one), checked in the same UPDATE that moves it, so
 * two managers filing the same vehicle at once can't both succeed.
 */
type GroupRow = typeof vehicleGroups.$inferSelect;

const VEHICLE_NOT_FOUND = () => new AppError('NOT_FOUND', { message: 'Véhicule introuvable' });
const DRIVER = 'driver';

async function assertTitleFree(db: Db | Tx, parkId: string, title: string, exceptId?: string): Promise<void> {
  const conds = [eq(vehicleGroups.parkId, parkId), sql`lower(${vehicleGroups.title}) = lower(${title})`];
  if (exceptId) conds.push(ne(vehicleGroups.id, exceptId));
  const [taken] = await db.select({ id: vehicleGroups.id }).from(vehicleGroups).where(and(...conds)).limit(1);
  if (taken) throw new AppError('VEHICLE_GROUP_TITLE_TAKEN');
}

async function findGroup(db: Db | Tx, parkId: string, id: string): Promise<GroupRow> {
  const [row] = await db
    .select()
    .from(vehicleGroups)
    .where(and(eq(vehicleGroups.id, id), eq(vehicleGroups.parkId, parkId)))
    .limit(1);
  if (!row) throw new AppError('VEHICLE_GROUP_NOT_FOUND');
  return row;
}

/** Every id must be a vehicle of the park: another park's vehicle reads as not found. */
async function assertVehiclesOfPark(db: Db | Tx, parkId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.parkId, parkId), inArray(vehicles.id, ids)));
  if (found.length !== ids.length) throw VEHICLE_NOT_FOUND();
}

/**
 * Files the vehicles into the group. Those already in another group stay where they are, and the
 * whole change is refused with a 409 naming the first one and its group.
 */
async function putVehiclesInGroup(tx: Tx, parkId: string, groupId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await assertVehiclesOfPark(tx, parkId, ids);
  const moved = await tx
    .update(vehicles)
    .set({ groupId })
    .where(and(eq(vehicles.parkId, parkId), inArray(vehicles.id, ids), or(isNull(vehicles.groupId), eq(vehicles.groupId, groupId))))
    .returning({ id: vehicles.id });
  if (moved.length === ids.length) return;
  const conflicts = await tx
    .select({ vehicle_id: vehicles.id, registration_number: vehicles.registrationNumber, group_id: vehicleGroups.id, group_title: vehicleGroups.title })
    .from(vehicles)
    .innerJoin(vehicleGroups, eq(vehicleGroups.id, vehicles.groupId))
    .where(and(eq(vehicles.parkId, parkId), inArray(vehicles.id, ids), ne(vehicles.groupId, groupId)))
    .orderBy(asc(vehicles.registrationNumber));
  const first = conflicts[0];
  throw new AppError('VEHICLE_IN_OTHER_GROUP', {
    message: first
      ? `Le véhicule ${first.registration_number} est déjà dans le groupe « ${first.group_title} »`
      : undefined,
    data: {
      conflicts: conflicts.map((c) => ({ vehicle_id: c.vehicle_id, registration_number: c.registration_number, group: { id: c.group_id, title: c.group_title } })),
    },
  });
}

/** Administrators are live, non-driver profiles of the park. */
async function setAdmins(tx: Tx, parkId: string, groupId: string, profileIds: string[]): Promise<void> {
  if (profileIds.length) {
    const found = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.parkId, parkId), inArray(profiles.id, profileIds), isNull(profiles.removedAt), ne(profiles.type, DRIVER)));
    if (found.length !== profileIds.length) throw new AppError('VEHICLE_GROUP_ADMIN_INVALID');
  }
  await tx.delete(vehicleGroupAdmins).where(and(eq(vehicleGroupAdmins.groupId, groupId), eq(vehicleGroupAdmins.parkId, parkId)));
  if (profileIds.length) {
    await tx.insert(vehicleGroupAdmins).values(profileIds.map((profileId) => ({ groupId, profileId, parkId })));
  }
}

/** The park's groups (or one of them) with their vehicles and administrators. */
async function groupViews(db: Db, parkId: string, onlyId?: string): Promise<TVehicleGroup[]> {
  const groupWhere = onlyId ? and(eq(vehicleGroups.parkId, parkId), eq(vehicleGroups.id, onlyId)) : eq(vehicleGroups.parkId, parkId);
  // One query after the other, never Promise.all: on the embedded engine (pglite-socket) every pool
  // connection shares one session, and the statements of several connections queued behind another
  // request's transaction get interleaved once it commits (one answering with the other's rows).
  const groups = await db.select().from(vehicleGroups).where(groupWhere).orderBy(asc(sql`lower(${vehicleGroups.title})`), asc(vehicleGroups.id));
  if (groups.length === 0) return [];
  const members = await db
    .select({ groupId: vehicles.groupId, id: vehicles.id, label: vehicles.label, registration_number: vehicles.registrationNumber })
    .from(vehicles)
    .where(and(eq(vehicles.parkId, parkId), onlyId ? eq(vehicles.groupId, onlyId) : isNotNull(vehicles.groupId)))
    .orderBy(asc(vehicles.registrationNumber));
  const admins = await db
    .select({ groupId: vehicleGroupAdmins.groupId, profile_id: profiles.id, first_name: users.firstName, last_name: users.lastName })
    .from(vehicleGroupAdmins)
    .innerJoin(profiles, eq(profiles.id, vehicleGroupAdmins.profileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    // A removed administrator no longer shows (the row stays if they are added back).
    .where(and(eq(vehicleGroupAdmins.parkId, parkId), isNull(profiles.removedAt), onlyId ? eq(vehicleGroupAdmins.groupId, onlyId) : undefined))
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`));
  const timeZone = await parkTimeZone(db, parkId);
  return groups.map((g) => {
    const groupVehicles = members.filter((m) => m.groupId === g.id).map(({ groupId: _, ...v }) => v);
    const groupAdmins = admins.filter((a) => a.groupId === g.id).map(({ groupId: _, ...a }) => a);
    return {
      id: g.id,
      title: g.title,
      description: g.description,
      region_id: g.regionId,
      vehicles_count: groupVehicles.length,
      vehicles: groupVehicles,
      admins: groupAdmins,
      admins_count: groupAdmins.length,
      created_at: toWireDate(g.createdAt, timeZone),
    };
  });
}

async function groupView(db: Db, parkId: string, id: string): Promise<TVehicleGroup> {
  const [view] = await groupViews(db, parkId, id);
  if (!view) throw new AppError('VEHICLE_GROUP_NOT_FOUND');
  return view;
}

export function listVehicleGroups(db: Db, parkId: string): Promise<TVehicleGroup[]> {
  return groupViews(db, parkId);
}

/** Titles are unique per park regardless of case: two "Douala Nord" cards would confuse people. */
export async function createVehicleGroup(db: Db, parkId: string, input: TVehicleGroupInputParsed): Promise<TVehicleGroup> {
  const id = await db.transaction(async (tx) => {
    await assertTitleFree(tx, parkId, input.title);
    const [group] = await tx
      .insert(vehicleGroups)
      .values({ parkId, title: input.title, description: input.description ?? null, regionId: input.region_id ?? null })
      .returning({ id: vehicleGroups.id });
    await setAdmins(tx, parkId, group.id, input.admin_ids ?? []);
    await putVehiclesInGroup(tx, parkId, group.id, input.vehicles_ids ?? []);
    return group.id;
  });
  return groupView(db, parkId, id);
}

/**
 * Replaces title, description and region (the form sends them all: an absent description clears
 * it). Vehicles and administrators change only when their list is sent, and then become that list.
 */
export async function updateVehicleGroup(db: Db, parkId: string, id: string, input: TVehicleGroupInputParsed): Promise<TVehicleGroup> {
  await db.transaction(async (tx) => {
    await findGroup(tx, parkId, id);
    await assertTitleFree(tx, parkId, input.title, id);
    await tx
      .update(vehicleGroups)
      .set({ title: input.title, description: input.description ?? null, regionId: input.region_id ?? null })
      .where(and(eq(vehicleGroups.id, id), eq(vehicleGroups.parkId, parkId)));
    if (input.admin_ids) await setAdmins(tx, parkId, id, input.admin_ids);
    if (input.vehicles_ids) {
      const keep = input.vehicles_ids;
      await tx
        .update(vehicles)
        .set({ groupId: null })
        .where(and(eq(vehicles.parkId, parkId), eq(vehicles.groupId, id), keep.length ? notInArray(vehicles.id, keep) : undefined));
      await putVehiclesInGroup(tx, parkId, id, keep);
    }
  });
  return groupView(db, parkId, id);
}

/** Deleting a group leaves its vehicles in no group; they are not deleted. */
export async function deleteVehicleGroup(db: Db, parkId: string, id: string): Promise<{ id: string }> {
  await db.transaction(async (tx) => {
    await findGroup(tx, parkId, id);
    await tx.update(vehicles).set({ groupId: null }).where(and(eq(vehicles.parkId, parkId), eq(vehicles.groupId, id)));
    await tx.delete(vehicleGroups).where(and(eq(vehicleGroups.id, id), eq(vehicleGroups.parkId, parkId)));
  });
  return { id };
}

export async function addVehiclesToGroup(db: Db, parkId: string, id: string, vehicleIds: string[]): Promise<TVehicleGroup> {
  await db.transaction(async (tx) => {
    await findGroup(tx, parkId, id);
    await putVehiclesInGroup(tx, parkId, id, vehicleIds);
  });
  return groupView(db, parkId, id);
}

/** Takes the vehicles out of whatever group they are in. */
export async function removeVehiclesFromGroups(db: Db, parkId: string, vehicleIds: string[]): Promise<{ vehicles_ids: string[] }> {
  await db.transaction(async (tx) => {
    await assertVehiclesOfPark(tx, parkId, vehicleIds);
    await tx.update(vehicles).set({ groupId: null }).where(and(eq(vehicles.parkId, parkId), inArray(vehicles.id, vehicleIds)));
  });
  return { vehicles_ids: vehicleIds };
}
