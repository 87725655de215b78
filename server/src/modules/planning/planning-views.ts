import type { TPlanningDriverRef, TPlanningEntry, TPlanningSlot, TPlanningVehicleRef } from '@flotte/contract';
import { fromMinor } from '../../platform/money.ts';
import { imageLink, type FilesDeps } from '../files/files.service.ts';
import type { EngineEntry } from './planning-engine.ts';
import type { DriverRefRow, VehicleRefRow } from './planning.queries.ts';

/** How planning rows travel: the calendar's entry shape (ZPlanningEntry) and its references. */

type Signing = Pick<FilesDeps, 'signingKey'>;

export function vehicleRef(v: VehicleRefRow): TPlanningVehicleRef {
  return { id: v.id, label: v.label, registration_number: v.registrationNumber, brand: v.brandName, model: v.modelName };
}

export function driverRef(files: Signing, d: DriverRefRow): TPlanningDriverRef {
  return { id: d.id, first_name: d.firstName, last_name: d.lastName, image: imageLink(files, d.image) };
}

/** An engine entry (or a stored one) without its references, which the caller resolves; id null until stored. */
export type EntryParts = Omit<EngineEntry, 'vehicleId' | 'driverId'> & { id: string | null };

/**
 * One entry as the calendar reads it: the driver also on the field of its slot (full_half,
 * first_half or second_half, the others null), and the salary profile on a salary day.
 */
export function entryView(e: EntryParts, vehicle: TPlanningVehicleRef, driver: TPlanningDriverRef, currency: string): TPlanningEntry {
  return {
    type: 'planning',
    id: e.id,
    date: e.day,
    start_date: e.startsAt,
    end_date: e.endsAt,
    passation_date: e.passationAt,
    slot: e.slot,
    is_salary_day: e.isSalaryDay,
    role: e.role,
    rotation_group_id: e.rotationGroupId,
    vehicle,
    driver,
    full_half: e.slot === 'full' ? driver : null,
    first_half: e.slot === 'first' ? driver : null,
    second_half: e.slot === 'second' ? driver : null,
    salary_profile: e.isSalaryDay ? { salary_amount: e.salaryAmount == null ? null : fromMinor(e.salaryAmount, currency) } : null,
  };
}

/** The handover of a stored half-day entry: where the first slot ends, or the second starts. */
export function storedPassation(slot: TPlanningSlot, startsAt: string, endsAt: string): string | null {
  if (slot === 'first') return endsAt;
  if (slot === 'second') return startsAt;
  return null;
}
