import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { TRotationGroup, TRotationGroupInputParsed } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { anyId } from '../../platform/db/prepared.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { assignableDrivers } from '../drivers/drivers.service.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { vehicleGroups } from '../vehicles/vehicles.tables.ts';
import type { PlanningDeps } from './planning.service.ts';
import { driverRefColumns, vehicleRefs, type Reader } from './planning.queries.ts';
import { rotationGroupVehicles, rotationGroups } from './planning.tables.ts';
import { driverRef, vehicleRef } from './planning-views.ts';

/**
 * Rotation groups (spec 000 section 3): vehicles worked together, each with its principal driver
 * and an interim (interimaire) whom the planning engine puts at the wheel when the principal can't
 * drive. A vehicle is in one group at most.
 */

async function groupViews(deps: PlanningDeps, db: Reader, acting: ActingProfile, onlyId?: string): Promise<TRotationGroup[]> {
  const parkId = acting.parkId;
  const groups = await db
    .select()
    .from(rotationGroups)
    .where(and(eq(rotationGroups.parkId, parkId), onlyId ? eq(rotationGroups.id, onlyId) : undefined))
    .orderBy(asc(rotationGroups.name), asc(rotationGroups.id));
  if (groups.length === 0) return [];
  const members = await db
    .select()
    .from(rotationGroupVehicles)
    .where(and(eq(rotationGroupVehicles.parkId, parkId), anyId(rotationGroupVehicles.rotationGroupId, groups.map((g) => g.id))));
  const driverIds = [...new Set(members.flatMap((m) => [m.principalDriverId, m.interimDriverId]).filter((x): x is string => !!x))];
  // One after the other: this also runs inside the saving transaction, on one connection.
  const vehicleRows = await vehicleRefs(db, parkId, [...new Set(members.map((m) => m.vehicleId))]);
  const driverRows = driverIds.length ? await db.select(driverRefColumns).from(drivers).where(and(eq(drivers.parkId, parkId), anyId(drivers.id, driverIds))) : [];
  const vehicleOrder = new Map(vehicleRows.map((v, i) => [v.id, i]));
  const vehicleById = new Map(vehicleRows.map((v) => [v.id, v]));
  const driverById = new Map(driverRows.map((d) => [d.id, driverRef(deps.files, d)]));
  return groups.map((g) => {
    const own = members.filter((m) => m.rotationGroupId === g.id && vehicleById.has(m.vehicleId)).sort((a, b) => vehicleOrder.get(a.vehicleId)! - vehicleOrder.get(b.vehicleId)!);
    return {
      id: g.id,
      name: g.name,
      group_id: g.vehicleGroupId,
      passationType: g.passationType,
      region_id: g.regionId,
      checking: g.checking,
      collection: g.collection,
      planning: g.planning,
      vehicles: own.map((m) => ({
        vehicle: vehicleRef(vehicleById.get(m.vehicleId)!),
        principal_driver: (m.principalDriverId && driverById.get(m.principalDriverId)) || null,
        interim_driver: (m.interimDriverId && driverById.get(m.interimDriverId)) || null,
      })),
      vehiclePrincipalDriverAssignment: own.flatMap((m) => (m.principalDriverId ? [{ vehicle_id: m.vehicleId, driver_id: m.principalDriverId }] : [])),
      vehicleInterimDriverAssignment: own.flatMap((m) => (m.interimDriverId ? [{ vehicle_id: m.vehicleId, driver_id: m.interimDriverId }] : [])),
      created_at: toWireDate(g.createdAt, acting.park.timeZone),
    };
  });
}

/** GET /rotation/by/{parkId}: the park's groups with their vehicles and drivers. */
export function listRotationGroups(deps: PlanningDeps, acting: ActingProfile): Promise<TRotationGroup[]> {
  return groupViews(deps, deps.db, acting);
}

/**
 * POST /rotation: creates a group, or replaces the one named by `id` (its vehicles included). The
 * vehicle group, the vehicles and the drivers must be of the park (else 404); principal and interim
 * must be active drivers; a vehicle already in another group is refused, naming it.
 */
export async function saveRotationGroup(deps: PlanningDeps, acting: ActingProfile, input: TRotationGroupInputParsed): Promise<{ group: TRotationGroup; created: boolean }> {
  const parkId = acting.parkId;
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rotation:${parkId}`}))`);
    if (input.id) {
      const [own] = await tx.select({ id: rotationGroups.id }).from(rotationGroups).where(and(eq(rotationGroups.id, input.id), eq(rotationGroups.parkId, parkId))).limit(1);
      if (!own) throw new AppError('ROTATION_GROUP_NOT_FOUND');
    }
    if (input.group_id) {
      const [group] = await tx.select({ id: vehicleGroups.id }).from(vehicleGroups).where(and(eq(vehicleGroups.id, input.group_id), eq(vehicleGroups.parkId, parkId))).limit(1);
      if (!group) throw new AppError('VEHICLE_GROUP_NOT_FOUND', { fieldErrors: [{ field: 'group_id', message: 'Groupe introuvable' }] });
    }

    const vehicleIds = input.vehicles.map((v) => v.vehicle_id);
    const found = new Map((await vehicleRefs(tx, parkId, vehicleIds)).map((v) => [v.id, v]));
    const missing = vehicleIds.findIndex((id) => !found.has(id));
    if (missing >= 0) throw new AppError('VEHICLE_NOT_FOUND', { fieldErrors: [{ field: `vehicles.${missing}.vehicle_id`, message: 'Véhicule introuvable' }] });

    const driverIds = input.vehicles.flatMap((v) => [v.principal_driver_id, v.interim_driver_id]).filter((x): x is string => !!x);
    const assignable = new Map((await assignableDrivers(tx, parkId, driverIds)).map((d) => [d.id, d]));
    for (const [i, v] of input.vehicles.entries()) {
      for (const field of ['principal_driver_id', 'interim_driver_id'] as const) {
        const id = v[field];
        if (!id) continue;
        const d = assignable.get(id);
        if (!d) throw new AppError('DRIVER_NOT_FOUND', { fieldErrors: [{ field: `vehicles.${i}.${field}`, message: 'Chauffeur introuvable' }] });
        if (d.status !== 'active') {
          const message = `Le chauffeur ${d.first_name} ${d.last_name} est ${d.status === 'suspended' ? 'suspendu' : 'désactivé'} : il ne peut pas être affecté à un véhicule`;
          throw new AppError('VEHICLE_DRIVER_NOT_ASSIGNABLE', { message, fieldErrors: [{ field: `vehicles.${i}.${field}`, message }] });
        }
      }
    }

    const elsewhere = await tx
      .select({ vehicleId: rotationGroupVehicles.vehicleId, name: rotationGroups.name })
      .from(rotationGroupVehicles)
      .innerJoin(rotationGroups, eq(rotationGroups.id, rotationGroupVehicles.rotationGroupId))
      .where(and(eq(rotationGroupVehicles.parkId, parkId), anyId(rotationGroupVehicles.vehicleId, vehicleIds), input.id ? ne(rotationGroupVehicles.rotationGroupId, input.id) : undefined))
      .limit(1);
    if (elsewhere[0]) {
      const i = vehicleIds.indexOf(elsewhere[0].vehicleId);
      const message = `Le véhicule ${found.get(elsewhere[0].vehicleId)!.registrationNumber} est déjà dans le groupe de rotation ${elsewhere[0].name}`;
      throw new AppError('ROTATION_VEHICLE_IN_OTHER_GROUP', { message, fieldErrors: [{ field: `vehicles.${i}.vehicle_id`, message }] });
    }

    const row = {
      name: input.name,
      vehicleGroupId: input.group_id ?? null,
      passationType: input.passationType ?? null,
      regionId: input.region_id ?? null,
      checking: input.checking ?? false,
      collection: input.collection ?? false,
      planning: input.planning ?? 'daily',
    };
    let id = input.id;
    if (id) {
      await tx.update(rotationGroups).set({ ...row, updatedAt: new Date() }).where(and(eq(rotationGroups.id, id), eq(rotationGroups.parkId, parkId)));
      await tx.delete(rotationGroupVehicles).where(and(eq(rotationGroupVehicles.rotationGroupId, id), eq(rotationGroupVehicles.parkId, parkId)));
    } else {
      [{ id }] = await tx.insert(rotationGroups).values({ parkId, ...row }).returning({ id: rotationGroups.id });
    }
    await tx.insert(rotationGroupVehicles).values(
      input.vehicles.map((v) => ({
        rotationGroupId: id!,
        vehicleId: v.vehicle_id,
        parkId,
        principalDriverId: v.principal_driver_id ?? null,
        interimDriverId: v.interim_driver_id ?? null,
      })),
    );
    const [group] = await groupViews(deps, tx, acting, id);
    return { group, created: !input.id };
  });
}

/** DELETE /rotation/{id}: the group goes; confirmed entries stay (they lose the group's link). */
export async function deleteRotationGroup(deps: PlanningDeps, acting: ActingProfile, id: string): Promise<{ id: string }> {
  const removed = await deps.db
    .delete(rotationGroups)
    .where(and(eq(rotationGroups.id, id), eq(rotationGroups.parkId, acting.parkId)))
    .returning({ id: rotationGroups.id });
  if (removed.length === 0) throw new AppError('ROTATION_GROUP_NOT_FOUND');
  return { id };
}
