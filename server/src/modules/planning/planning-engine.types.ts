import type { TPlanningConflictReason, TPlanningRole, TPlanningSlot } from '@flotte/contract';
import type { PlanningDriverLink, PlanningFields } from '../vehicles/current-driver.ts';

/** What the planning engine (planning-engine.ts) takes and gives: pure data, no rows. */

export type WorkPlanning = PlanningFields['workPlanning'];

/** The configuration's shape is the vehicles module's (current-driver.ts), with the salary day as stored. */
export type EngineConfigDriver = PlanningDriverLink;

export interface EngineConfig extends PlanningFields {
  salaryDayConfig: boolean;
  /** 1 = Monday ... 7 = Sunday, read only when salaryDayConfig. */
  salaryDayId: number | null;
  drivers: readonly EngineConfigDriver[];
}

export interface EngineVehicle {
  id: string;
  registrationNumber: string;
  /** 'active' | 'assign' | 'maintain' | 'deactivated' | 'reserve' */
  status: string;
  /** null: the vehicle has no work planning configured. */
  config: EngineConfig | null;
  /** The vehicle's rotation group and its interim, who takes over when the principal can't drive. */
  rotation: { groupId: string; interimDriverId: string | null } | null;
  /** The recipe configuration's salary_amount (minor units): the salary profile of a salary day. */
  salaryAmount?: number | null;
  /** The maintenances holding the vehicle around the period: nobody drives a slot meeting one. */
  maintenances?: readonly EngineMaintenance[];
  /**
   * The 'maintain' status comes from a maintenance still open, whose dates (`maintenances`) say
   * when the vehicle is held. Without it, 'maintain' (set by hand) holds the whole period.
   */
  maintainFromRecord?: boolean;
}

/** A maintenance holding a vehicle over [startsAt, endsAt): wire datetimes in the park's zone. */
export interface EngineMaintenance {
  id: string;
  startsAt: string;
  endsAt: string;
}

export interface EngineDriver {
  id: string;
  firstName: string;
  lastName: string;
  /** Suspended from this instant's day (park zone) on. */
  blockedAt: Date | null;
  /** Deactivated from this instant's day (park zone) on. */
  desactivateAt: Date | null;
  /** Weekly days off, 1 = Monday ... 7 = Sunday. */
  daysOff: readonly number[];
  /** yyyy-MM-dd: the driver's own start of work; never planned before. */
  startWorkAt: string | null;
}

/** A day a driver already holds on a vehicle the generation doesn't touch (confirmed planning). */
export interface BusyDay {
  driverId: string;
  /** yyyy-MM-dd */
  day: string;
  vehicleId: string;
  registrationNumber: string;
}

export interface EngineInput {
  /** yyyy-MM-dd, both included. */
  startDate: string;
  endDate: string;
  timeZone: string;
  vehicles: readonly EngineVehicle[];
  drivers: readonly EngineDriver[];
  busy?: readonly BusyDay[];
}

export interface EngineEntry {
  vehicleId: string;
  driverId: string;
  /** yyyy-MM-dd: the service day. */
  day: string;
  slot: TPlanningSlot;
  /** Wire datetimes (yyyy-MM-ddTHH:mm:ss) in the park's zone. */
  startsAt: string;
  endsAt: string;
  /** The handover, hourly planning only. */
  passationAt: string | null;
  isSalaryDay: boolean;
  /** On a salary day, the vehicle's salary_amount (minor units), else null. */
  salaryAmount: number | null;
  role: TPlanningRole;
  rotationGroupId: string | null;
}

export interface EngineConflict {
  day: string;
  vehicleId: string;
  driverId: string | null;
  reason: TPlanningConflictReason;
  message: string;
  /** The interim who drives instead: the conflict is then information. */
  replacedById: string | null;
}

export interface EngineResult {
  entries: EngineEntry[];
  conflicts: EngineConflict[];
  vehiclesWithoutPlanning: { vehicleId: string; message: string }[];
}
