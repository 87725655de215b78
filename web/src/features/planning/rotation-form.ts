import { ZRotationGroupInput, type TRotationPlanning } from '@flotte/contract/planning';
import type { TRotationGroup, TRotationGroupInput } from './planning-types.ts';

/**
 * The rotation group form (spec 000 section 3 'Rotation group'): a name, the vehicle group it comes
 * from, the planning cadence, the checking and collection options, and each vehicle with its
 * principal and interim driver. The contract's schema checks it, the same one the server uses.
 */
export interface RotationVehicleRow {
  vehicle_id: string | null;
  principal_driver_id: string | null;
  interim_driver_id: string | null;
}

export interface RotationFormValues {
  name: string;
  group_id: string | null;
  planning: TRotationPlanning;
  checking: boolean;
  collection: boolean;
  vehicles: RotationVehicleRow[];
}

export const ROTATION_PLANNING_LABELS: Record<TRotationPlanning, string> = {
  daily: 'Quotidienne',
  weekly: 'Hebdomadaire',
  monthly: 'Mensuelle',
};

export const EMPTY_ROW: RotationVehicleRow = { vehicle_id: null, principal_driver_id: null, interim_driver_id: null };
export const VEHICLE_REQUIRED = 'Veuillez sélectionner le véhicule';

export function rotationDefaults(group: TRotationGroup | null): RotationFormValues {
  if (!group) return { name: '', group_id: null, planning: 'daily', checking: false, collection: false, vehicles: [{ ...EMPTY_ROW }] };
  return {
    name: group.name,
    group_id: group.group_id,
    planning: group.planning,
    checking: group.checking,
    collection: group.collection,
    vehicles: group.vehicles.map((v) => ({
      vehicle_id: v.vehicle.id,
      principal_driver_id: v.principal_driver?.id ?? null,
      interim_driver_id: v.interim_driver?.id ?? null,
    })),
  };
}

/** POST /rotation's body: empty rows left out, `id` when editing. */
export function rotationBody(values: RotationFormValues, id: string | null = null): TRotationGroupInput {
  return {
    ...(id ? { id } : {}),
    name: values.name.trim(),
    group_id: values.group_id ?? undefined,
    planning: values.planning,
    checking: values.checking,
    collection: values.collection,
    vehicles: values.vehicles
      .filter((row) => row.vehicle_id || row.principal_driver_id || row.interim_driver_id)
      .map((row) => ({
        vehicle_id: row.vehicle_id ?? '',
        principal_driver_id: row.principal_driver_id ?? undefined,
        interim_driver_id: row.interim_driver_id ?? undefined,
      })),
  };
}

/**
 * What is wrong, by field path ('name', 'vehicles', 'vehicles.0.interim_driver_id' ...), with the
 * contract's French messages. Paths name the form's rows (empty rows are not sent, so indexes
 * are mapped back).
 */
export function rotationIssues(values: RotationFormValues): Map<string, string> {
  const issues = new Map<string, string>();
  const sentRows: number[] = [];
  values.vehicles.forEach((row, i) => {
    if (row.vehicle_id || row.principal_driver_id || row.interim_driver_id) sentRows.push(i);
    if (!row.vehicle_id && (row.principal_driver_id || row.interim_driver_id)) issues.set(`vehicles.${i}.vehicle_id`, VEHICLE_REQUIRED);
  });
  const parsed = ZRotationGroupInput.safeParse(rotationBody(values));
  if (parsed.success) return issues;
  for (const issue of parsed.error.issues) {
    const [head, index, ...rest] = issue.path.map(String);
    let path = issue.path.map(String).join('.');
    if (head === 'vehicles' && index !== undefined && sentRows[Number(index)] !== undefined) {
      path = ['vehicles', String(sentRows[Number(index)]), ...rest].join('.');
    }
    // A missing vehicle already says so in its own words.
    if (path.endsWith('.vehicle_id') && issues.has(path)) continue;
    if (!issues.has(path)) issues.set(path, issue.message);
  }
  return issues;
}

/**
 * Adds a vehicle group's vehicles as rows (those not yet listed), filling the empty first row
 * before adding new ones. Vehicles in another rotation group are skipped (a vehicle belongs to
 * one rotation group at most).
 */
export function addGroupVehicles(rows: readonly RotationVehicleRow[], vehicleIds: readonly string[], taken: ReadonlySet<string> = new Set()): RotationVehicleRow[] {
  const listed = new Set(rows.map((r) => r.vehicle_id).filter(Boolean));
  const fresh = vehicleIds.filter((id) => !listed.has(id) && !taken.has(id)).map((id) => ({ ...EMPTY_ROW, vehicle_id: id }));
  const kept = rows.filter((r) => r.vehicle_id || r.principal_driver_id || r.interim_driver_id);
  const next = [...kept, ...fresh];
  return next.length ? next : [{ ...EMPTY_ROW }];
}

/** Vehicles of the park's other rotation groups (not offered: a vehicle is in one group at most). */
export function vehiclesInOtherGroups(groups: readonly TRotationGroup[], editingId: string | null): Set<string> {
  return new Set(groups.filter((g) => g.id !== editingId).flatMap((g) => g.vehicles.map((v) => v.vehicle.id)));
}
