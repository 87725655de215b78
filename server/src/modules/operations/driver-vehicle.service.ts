import { isDayOrWireDate, type TDayAssignment } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { findDriverRow } from '../drivers/drivers.queries.ts';
import { currentDriverId, type ParkNow } from '../vehicles/current-driver.ts';
import { toPlanning } from '../vehicles/vehicle-config.service.ts';
import { findVehicleRow, otherVehiclesOfDrivers, planningsOf, type StoredPlanning } from '../vehicles/vehicles.queries.ts';

/**
 * Who drove what on a day, for the fund movement dialog (spec 001 section 4): choosing a driver
 * picks the vehicle they drive that day, choosing a vehicle picks its driver. Read from the
 * vehicles' work planning (vehicles/current-driver.ts) until the planning engine of issue 6 lands.
 * The whole day counts, from its start to its end: a time of day, when given, is tried first,
 * then the start of each of the planning's slots (hourly planning shares a day between two).
 */

const NO_VEHICLE_ID = '00000000-0000-0000-0000-000000000000';

function momentsOf(stored: StoredPlanning, day: string, time: string | null): ParkNow[] {
  const c = stored.config;
  const times = [time, c.startTime?.slice(0, 5), c.passationTime?.slice(0, 5), '12:00'].filter((t): t is string => !!t);
  return [...new Set(times)].map((t) => ({ day, time: t }));
}

function driverOn(vehicleStatus: string, stored: StoredPlanning | undefined, day: string, time: string | null): string | null {
  if (!stored) return null;
  const planning = toPlanning(vehicleStatus, stored);
  for (const moment of momentsOf(stored, day, time)) {
    const id = currentDriverId(planning, moment);
    if (id) return id;
  }
  return null;
}

/** GET /accounting/driver-vehicle?driver_id|vehicle_id&date */
export async function driverVehicleOn(db: Db, actor: ActingProfile, q: { driver_id?: string; vehicle_id?: string; date?: string }): Promise<TDayAssignment> {
  const parkId = actor.parkId;
  const wire = q.date && isDayOrWireDate(q.date.length === 16 ? `${q.date}:00` : q.date) ? q.date : q.date ? null : toWireDate(new Date(), actor.park.timeZone);
  if (!wire) throw fieldError('date', 'Date invalide (format attendu yyyy-MM-dd ou yyyy-MM-ddTHH:mm:ss)');
  const day = wire.slice(0, 10);
  const time = wire.length > 10 ? wire.slice(11, 16) : null;

  if (q.driver_id) {
    const driver = UUID_PATTERN.test(q.driver_id) ? await findDriverRow(db, parkId, q.driver_id) : undefined;
    if (!driver) throw new AppError('DRIVER_NOT_FOUND');
    const person = { id: driver.driver.id, first_name: driver.driver.firstName, last_name: driver.driver.lastName };
    const candidates = await otherVehiclesOfDrivers(db, parkId, [driver.driver.id], NO_VEHICLE_ID);
    const plannings = await planningsOf(db, parkId, candidates.map((v) => v.id));
    for (const v of candidates) {
      if (driverOn(v.status, plannings.get(v.id), day, time) === driver.driver.id) {
        const row = await findVehicleRow(db, parkId, v.id);
        return { driver: person, vehicle: { id: v.id, registration_number: v.registrationNumber, label: row?.vehicle.label ?? null } };
      }
    }
    return { driver: person, vehicle: null };
  }

  if (q.vehicle_id) {
    const row = UUID_PATTERN.test(q.vehicle_id) ? await findVehicleRow(db, parkId, q.vehicle_id) : null;
    if (!row) throw new AppError('VEHICLE_NOT_FOUND');
    const vehicle = { id: row.vehicle.id, registration_number: row.vehicle.registrationNumber, label: row.vehicle.label };
    const stored = (await planningsOf(db, parkId, [row.vehicle.id])).get(row.vehicle.id);
    const driverId = driverOn(row.vehicle.status, stored, day, time);
    const d = stored?.drivers.find((x) => x.link.driverId === driverId)?.driver;
    return { driver: d ? { id: d.id, first_name: d.firstName, last_name: d.lastName } : null, vehicle };
  }

  throw fieldError('driver_id', 'Précisez le chauffeur ou le véhicule');
}
