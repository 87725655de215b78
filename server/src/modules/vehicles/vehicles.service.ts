import { and, eq } from 'drizzle-orm';
import {
  displayStatus,
  PAYMENT_FREQUENCIES,
  type Page,
  type TCheckDriver,
  type TVehicleAllData,
  type TVehicleConfigs,
  type TVehicleDetail,
  type TVehicleListItem,
  type TVehicleListQuery,
} from '@flotte/contract';
import type { Tx } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { fromMinor } from '../../platform/money.ts';
import { toPage } from '../../platform/pagination.ts';
import { imageLink } from '../files/files.service.ts';
import { vehiclePartnerContract } from '../contracts/contracts.queries.ts';
import { findOwner } from '../owners/owners.service.ts';
import { currentDriverId } from './current-driver.ts';
import { listVehicleDocuments } from './vehicle-documents.service.ts';
import {
  assertNoOverlap,
  configDriverViews,
  configView,
  currentDriverOf,
  driverSummary,
  parkContext,
  type ParkSettings,
  recipeView,
  toPlanning,
  type ParkContext,
  type VehiclesDeps,
} from './vehicle-config.service.ts';
import { findVehicleRow, listVehiclePage, planningOfListRow, planningsOf, recipeOf, type StoredPlanning, type VehicleListRow, type VehicleRow } from './vehicles.queries.ts';
import { vehicles, type VehicleStatus } from './vehicles.tables.ts';
import { URGENCY_BY_RANK } from '../reminders/reminder-due.ts';
import { assertVehicleSlots } from '../subscriptions/subscription-limits.ts';

export type { VehiclesDeps } from './vehicle-config.service.ts';

/**
 * The park's vehicles as the API shows them, with who drives them today, and taking them in and
 * out of service. Registering and editing them is in vehicle-edit.service.ts.
 */

export interface NewImage {
  filename: string;
  content: Buffer;
}

// ---------------------------------------------------------------- answers

function listItem(deps: VehiclesDeps, r: VehicleRow, planning: StoredPlanning | undefined, ctx: ParkContext): TVehicleListItem {
  const v = r.vehicle;
  const current = currentDriverOf(v.status, planning, ctx.now);
  return {
    id: v.id,
    label: v.label,
    registration_number: v.registrationNumber,
    status: v.status,
    display_status: displayStatus(v.status, current !== null),
    brand: { id: v.brandId, name: r.brandName },
    model: { id: v.modelId, name: r.modelName },
    vehicle_type: { id: v.vehicleTypeId, name: r.typeName },
    color: { id: v.colorId, name: r.colorName, hex: r.colorHex },
    group: v.groupId && r.groupTitle != null ? { id: v.groupId, title: r.groupTitle } : null,
    current_driver: current ? driverSummary(deps.files, current.driver) : null,
    image: imageLink(deps.files, v.images[0]),
    has_config: r.hasConfig,
    has_recipe_config: r.hasRecipe,
    service_urgency: URGENCY_BY_RANK[r.serviceRank] ?? 'ok',
    created_at: toWireDate(v.createdAt, ctx.timeZone),
  };
}

/** A row of the list page (listVehiclePage): the same answer as listItem gives for the vehicle. */
function listRowItem(deps: VehiclesDeps, r: VehicleListRow, ctx: ParkContext): TVehicleListItem {
  const read = planningOfListRow(r);
  const currentId = read ? currentDriverId(read.planning, ctx.now) : null;
  const current = read?.drivers.find((d) => d[0] === currentId) ?? null;
  return {
    id: r.id!,
    label: r.label,
    registration_number: r.registration_number,
    status: r.status,
    display_status: displayStatus(r.status, current !== null),
    brand: { id: r.brand_id, name: r.brand_name },
    model: { id: r.model_id, name: r.model_name },
    vehicle_type: { id: r.vehicle_type_id, name: r.type_name },
    color: { id: r.color_id, name: r.color_name, hex: r.color_hex },
    group: r.group_id && r.group_title != null ? { id: r.group_id, title: r.group_title } : null,
    current_driver: current ? driverSummary(deps.files, { id: current[0], firstName: current[5], lastName: current[6], phone: current[7], image: current[8] }) : null,
    image: imageLink(deps.files, r.image),
    has_config: r.planning !== null,
    has_recipe_config: r.has_recipe,
    service_urgency: URGENCY_BY_RANK[r.service_rank] ?? 'ok',
    created_at: toWireDate(r.created_at, ctx.timeZone),
  };
}

interface StoredPropertyContract {
  name?: string | null;
  contract_type_id?: number | null;
  start_date?: string | null;
  end_date?: string | null;
  amount?: number | null;
  payment_frequency?: (typeof PAYMENT_FREQUENCIES)[number] | null;
}

async function detail(deps: VehiclesDeps, parkId: string, r: VehicleRow, planning: StoredPlanning | undefined, ctx: ParkContext): Promise<TVehicleDetail> {
  const v = r.vehicle;
  const [owner, partner] = await Promise.all([v.vehicleOwnerId ? findOwner(deps.db, parkId, v.vehicleOwnerId) : null, vehiclePartnerContract(deps.db, parkId, v.id)]);
  const money = (m: number | null | undefined) => (m == null ? null : fromMinor(m, ctx.currency));
  // A pending or active partner contract is the vehicle's property contract (issue 19); the stored
  // JSON otherwise. The vehicle's frequencies have no 'hourly': such a contract shows none.
  const pc = (partner ? { ...partner, payment_frequency: partner.payment_frequency === 'hourly' ? null : partner.payment_frequency } : v.propertyContract) as StoredPropertyContract | null;
  const tarif = v.tarif as { tarif: number; cadence: string }[] | null;
  return {
    ...listItem(deps, r, planning, ctx),
    park_id: v.parkId,
    chassis_number: v.chassisNumber,
    gps_number: v.gpsNumber,
    mileage: v.mileage,
    mileage_for_vidange: v.mileageForVidange,
    entry_fleet_at: v.entryFleetAt,
    circulation_at: v.circulationAt,
    insurance_subscription_at: v.insuranceSubscriptionAt,
    vehicle_owner: owner,
    owner,
    contract_type: v.contractTypeId != null && r.contractTypeName != null ? { id: v.contractTypeId, name: r.contractTypeName } : null,
    tags: v.tags,
    images: v.images.map((p) => imageLink(deps.files, p)).filter((l): l is string => l !== null),
    image_paths: v.images,
    property_contract: pc
      ? {
          name: pc.name ?? null,
          contract_type_id: pc.contract_type_id ?? null,
          start_date: pc.start_date ?? null,
          end_date: pc.end_date ?? null,
          amount: money(pc.amount),
          payment_frequency: pc.payment_frequency ?? null,
        }
      : null,
    tarif: tarif ? tarif.map((t) => ({ tarif: fromMinor(t.tarif, ctx.currency), cadence: t.cadence })) : null,
    is_partner_vehicle: v.isPartnerVehicle,
    updated_at: toWireDate(v.updatedAt, ctx.timeZone),
  };
}

export async function findRow(deps: VehiclesDeps, parkId: string, id: string): Promise<VehicleRow> {
  const row = await findVehicleRow(deps.db, parkId, id);
  if (!row) throw new AppError('VEHICLE_NOT_FOUND');
  return row;
}

// ---------------------------------------------------------------- reading

export async function listVehicles(deps: VehiclesDeps, parkId: string, q: TVehicleListQuery, park?: ParkSettings): Promise<Page<TVehicleListItem>> {
  const [{ rows, total }, ctx] = await Promise.all([listVehiclePage(deps.db, parkId, q), parkContext(deps, parkId, park)]);
  return toPage(rows.map((r) => listRowItem(deps, r, ctx)), total, q);
}

export async function getVehicle(deps: VehiclesDeps, parkId: string, id: string): Promise<TVehicleDetail> {
  const row = await findRow(deps, parkId, id);
  const [plannings, ctx] = await Promise.all([planningsOf(deps.db, parkId, [id]), parkContext(deps, parkId)]);
  return detail(deps, parkId, row, plannings.get(id), ctx);
}

export async function getVehicleConfigs(deps: VehiclesDeps, parkId: string, id: string): Promise<TVehicleConfigs> {
  await findRow(deps, parkId, id);
  const [plannings, recipe, ctx] = await Promise.all([planningsOf(deps.db, parkId, [id]), recipeOf(deps.db, parkId, id), parkContext(deps, parkId)]);
  const stored = plannings.get(id);
  return { config: stored ? configView(deps.files, stored, ctx.timeZone) : null, recipe: recipe ? recipeView(recipe, ctx) : null };
}

/** The vehicle with its planning, revenue configuration, documents, group and owner: the details dialog. */
export async function getVehicleAllData(deps: VehiclesDeps, parkId: string, id: string): Promise<TVehicleAllData> {
  const row = await findRow(deps, parkId, id);
  const [plannings, recipe, ctx, documents] = await Promise.all([
    planningsOf(deps.db, parkId, [id]),
    recipeOf(deps.db, parkId, id),
    parkContext(deps, parkId),
    listVehicleDocuments(deps, parkId, id),
  ]);
  const stored = plannings.get(id);
  const v = row.vehicle;
  return {
    ...(await detail(deps, parkId, row, stored, ctx)),
    config: stored ? configView(deps.files, stored, ctx.timeZone) : null,
    recipe: recipe ? recipeView(recipe, ctx) : null,
    documents,
    group_detail: v.groupId && row.groupTitle != null ? { id: v.groupId, title: row.groupTitle, description: row.groupDescription } : null,
  };
}

/** Who drives the vehicle today, and the drivers its planning lists. */
export async function checkDriver(deps: VehiclesDeps, parkId: string, id: string): Promise<TCheckDriver> {
  const row = await findRow(deps, parkId, id);
  const [plannings, ctx] = await Promise.all([planningsOf(deps.db, parkId, [id]), parkContext(deps, parkId)]);
  const stored = plannings.get(id);
  const current = currentDriverOf(row.vehicle.status, stored, ctx.now);
  return {
    has_driver: current !== null,
    current_driver: current ? driverSummary(deps.files, current.driver) : null,
    drivers: stored ? configDriverViews(deps.files, stored) : [],
  };
}

// ---------------------------------------------------------------- in and out of service

/**
 * Activation and deactivation are separate calls (spec 000 section 4). A deactivated vehicle's
 * planning keeps nobody busy, so its drivers may have taken other vehicles meanwhile: activating it
 * is refused while one of them works elsewhere on the same days, naming that vehicle.
 */
export async function setVehicleStatus(deps: VehiclesDeps, parkId: string, id: string, status: Extract<VehicleStatus, 'active' | 'deactivated'>): Promise<TVehicleDetail> {
  const row = await findRow(deps, parkId, id);
  if (status === 'active' && row.vehicle.status === 'deactivated') {
    const stored = (await planningsOf(deps.db, parkId, [id])).get(id);
    if (stored) await assertNoOverlap(deps.db, parkId, id, toPlanning('active', stored));
  }
  if (row.vehicle.status !== status) {
    const set = () => ({ status, updatedAt: new Date() });
    const where = and(eq(vehicles.id, id), eq(vehicles.parkId, parkId));
    if (row.vehicle.status === 'deactivated') {
      // Back in service, it counts against the subscription again: checked under the park's lock
      // with the update (subscriptions/subscription-limits.ts).
      const today = (await parkContext(deps, parkId)).now.day;
      await deps.db.transaction(async (tx) => {
        await assertVehicleSlots(tx, parkId, 1, today);
        await tx.update(vehicles).set(set()).where(where);
      });
    } else {
      await deps.db.update(vehicles).set(set()).where(where);
    }
  }
  return getVehicle(deps, parkId, id);
}

/**
 * For the contracts module, in its transaction: the vehicle's owner becomes `ownerId` (a driver
 * who paid it off), and, once the park's owner confirms the handover, the vehicle leaves the active
 * fleet. Both answer whether the vehicle (of this park) was found.
 */
export async function setVehicleOwnerInTx(tx: Tx, parkId: string, vehicleId: string, ownerId: string): Promise<boolean> {
  const rows = await tx.update(vehicles).set({ vehicleOwnerId: ownerId, updatedAt: new Date() }).where(and(eq(vehicles.id, vehicleId), eq(vehicles.parkId, parkId))).returning({ id: vehicles.id });
  return rows.length > 0;
}

export async function deactivateVehicleInTx(tx: Tx, parkId: string, vehicleId: string): Promise<boolean> {
  const rows = await tx.update(vehicles).set({ status: 'deactivated', updatedAt: new Date() }).where(and(eq(vehicles.id, vehicleId), eq(vehicles.parkId, parkId))).returning({ id: vehicles.id });
  return rows.length > 0;
}
