import { wallClockInZone, type TPlanningConflictReason, type TPlanningRole, type TPlanningSlot } from '@flotte/contract';
import { addDays, dayNumber, dayOfNumber, daysOf, frenchDay, pad2, weekdayOf, WEEKDAY_NAMES } from './planning-days.ts';
import type { BusyDay, EngineConfig, EngineConfigDriver, EngineConflict, EngineDriver, EngineEntry, EngineInput, EngineMaintenance, EngineResult, EngineVehicle } from './planning-engine.types.ts';

export type * from './planning-engine.types.ts';
export { addDays, dayNumber, dayOfNumber, daysOf, frenchDay, weekdayOf, WEEKDAY_NAMES };

/**
 * The planning engine: vehicles' work-planning configurations turned into dated entries for a
 * period. Pure (no I/O, no clock): the service reads the rows and hands them over, so every rule is
 * unit-tested here. The rules are written down in README.md beside this file; who is "at the
 * wheel" on a day is the same reading as vehicles/current-driver.ts (the fleet's current driver).
 * Its input and output types are in planning-engine.types.ts, day arithmetic in planning-days.ts.
 */

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];

function minutesOf(hhmm: string | null): number {
  const m = /^(\d{2}):(\d{2})/.exec(hhmm ?? '');
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
}

/** The wall-clock datetime `minutes` after the start of `day` (may run into the next day). */
function wallAt(day: string, minutes: number, nextDay?: (offset: number) => string): string {
  const d = Math.floor(minutes / 1440);
  const m = minutes - d * 1440;
  return `${d === 0 ? day : nextDay ? nextDay(d) : addDays(day, d)}T${pad2(Math.floor(m / 60))}:${pad2(m % 60)}:00`;
}

interface ServiceMinutes {
  start: number;
  end: number;
  /** NaN outside hourly planning. */
  passation: number;
}

/**
 * The service in minutes from the start of its day. Times are wall clock in the park's zone; an
 * end (or a handover) earlier than the start is on the next day; an end equal to the start is a
 * 24-hour service.
 */
function serviceMinutes(c: Pick<EngineConfig, 'startTime' | 'endTime' | 'passationTime' | 'workPlanning'>): ServiceMinutes {
  const start = minutesOf(c.startTime);
  let end = minutesOf(c.endTime);
  if (end <= start) end += 1440;
  let passation = c.workPlanning === 'hourly' ? minutesOf(c.passationTime) : Number.NaN;
  if (!Number.isNaN(passation) && passation < start) passation += 1440;
  if (passation > end) passation = Number.NaN;
  return { start, end, passation };
}

function timesOf(day: string, t: ServiceMinutes, slot: TPlanningSlot, nextDay?: (offset: number) => string) {
  const hasPassation = !Number.isNaN(t.passation);
  const from = slot === 'second' && hasPassation ? t.passation : t.start;
  const to = slot === 'first' && hasPassation ? t.passation : t.end;
  return { startsAt: wallAt(day, from, nextDay), endsAt: wallAt(day, to, nextDay), passationAt: hasPassation ? wallAt(day, t.passation, nextDay) : null };
}

/** A slot's start, end and handover (wire datetimes) on a service day. */
export function slotTimes(day: string, c: Pick<EngineConfig, 'startTime' | 'endTime' | 'passationTime' | 'workPlanning'>, slot: TPlanningSlot) {
  return timesOf(day, serviceMinutes(c), slot);
}

// ---------------------------------------------------------------- who is planned (principal)

export function isAutoAlternation(c: Pick<EngineConfig, 'alternation' | 'workPlanning' | 'numberDrivers'>): boolean {
  return c.alternation && c.workPlanning !== 'hourly' && c.numberDrivers === 2;
}

function byPosition(c: EngineConfig): EngineConfigDriver[] {
  return [...c.drivers].sort((a, b) => a.position - b.position);
}

function salaryDay(c: EngineConfig): number | null {
  return c.salaryDayConfig ? c.salaryDayId : null;
}

/** A driver's weekdays: his work days; in hourly planning a driver without work days takes his slot every day. */
function weekdaysOf(c: EngineConfig, d: EngineConfigDriver): readonly number[] {
  if (c.workPlanning === 'hourly' && d.workDays.length === 0) return ALL_DAYS;
  return d.workDays;
}

/**
 * The drivers on duty on a weekday, in position order. The salary day is never a work day, yet the
 * vehicle doesn't stop: whoever drove on the latest day before it keeps it (and that day's takings).
 */
function rosterOn(c: EngineConfig, weekday: number, drivers: EngineConfigDriver[]): EngineConfigDriver[] {
  const on = (wd: number) => drivers.filter((d) => weekdaysOf(c, d).includes(wd));
  if (weekday !== salaryDay(c)) return on(weekday);
  for (let back = 1; back < 7; back++) {
    const found = on(((weekday - 1 - back + 7) % 7) + 1);
    if (found.length) return found;
  }
  return [];
}

export type PlannedSlot = { driver: EngineConfigDriver; slot: TPlanningSlot };
/** Who is at the wheel on a day, given the day, its day number and its weekday. */
type Plan = (day: string, dayNum: number, weekday: number) => readonly PlannedSlot[];

/**
 * Reads a configuration once into a function of the day (the engine asks it for every day of
 * every vehicle).
 *
 * Automatic alternation: from start_alternation_at, the first driver (first_driver_alternation_id,
 * else the first of the configuration) drives alternating_days days (daily) or alternating_weeks
 * Monday-based weeks (weekly), then the other, and so on; counted in days since the start, so month
 * and year boundaries change nothing. Before the start, nobody.
 *
 * Otherwise, by weekday: hourly, each slot to the driver of that interval on duty; daily and
 * weekly, the whole day to the first on duty (two on one day, as weekly planning allows: the first
 * of the configuration).
 */
export function compilePlan(c: EngineConfig): Plan {
  const drivers = byPosition(c);
  if (isAutoAlternation(c)) {
    const start = c.startAlternationAt;
    const first = drivers.find((d) => d.driverId === c.firstDriverAlternationId) ?? drivers[0];
    if (!start || !first) return () => [];
    const other = drivers.find((d) => d !== first);
    const firstTurn: PlannedSlot[] = [{ driver: first, slot: 'full' }];
    const otherTurn: PlannedSlot[] = other ? [{ driver: other, slot: 'full' }] : [];
    const startNum = dayNumber(start);
    if (c.workPlanning === 'weekly') {
      const startMonday = startNum - (weekdayOf(start) - 1);
      const block = 7 * Math.max(1, c.alternatingWeeks ?? 1);
      return (_day, n, wd) => (n < startNum ? [] : Math.floor((n - (wd - 1) - startMonday) / block) % 2 === 0 ? firstTurn : otherTurn);
    }
    const block = Math.max(1, c.alternatingDays ?? 1);
    return (_day, n) => (n < startNum ? [] : Math.floor((n - startNum) / block) % 2 === 0 ? firstTurn : otherTurn);
  }
  const byWeekday: PlannedSlot[][] = [[]];
  for (let wd = 1; wd <= 7; wd++) {
    const roster = rosterOn(c, wd, drivers);
    if (c.workPlanning === 'hourly') {
      const slots: PlannedSlot[] = [];
      for (const [interval, slot] of [[1, 'first'], [2, 'second']] as const) {
        const d = roster.find((x) => x.hourIntervalId === interval);
        if (d) slots.push({ driver: d, slot });
      }
      byWeekday.push(slots);
    } else {
      byWeekday.push(roster[0] ? [{ driver: roster[0], slot: 'full' }] : []);
    }
  }
  return (_day, _n, wd) => byWeekday[wd];
}

/** Who the configuration puts at the wheel that day, slot by slot (before anyone's availability). */
export function plannedSlots(c: EngineConfig, day: string): readonly PlannedSlot[] {
  return compilePlan(c)(day, dayNumber(day), weekdayOf(day));
}

// ---------------------------------------------------------------- availability

type Unavailable = Exclude<TPlanningConflictReason, 'vehicle_maintenance' | 'vehicle_deactivated' | 'not_configured'> | 'not_started';

const VEHICLE_BLOCKED: Record<string, 'vehicle_maintenance' | 'vehicle_deactivated'> = {
  maintain: 'vehicle_maintenance',
  deactivated: 'vehicle_deactivated',
};

/** What availability reads of a driver, the instants turned into park days once. */
export interface DriverFacts {
  driver: EngineDriver;
  name: string;
  blockedDay: string | null;
  deactivatedDay: string | null;
  daysOff: Set<number>;
}

export function driverFacts(d: EngineDriver, timeZone: string): DriverFacts {
  const dayOfInstant = (at: Date | null) => (at ? wallClockInZone(at, timeZone).slice(0, 10) : null);
  return {
    driver: d,
    name: `${d.firstName} ${d.lastName}`.trim(),
    blockedDay: dayOfInstant(d.blockedAt),
    deactivatedDay: dayOfInstant(d.desactivateAt),
    daysOff: new Set(d.daysOff),
  };
}

/**
 * Why a driver can't be at the wheel that day, whatever the vehicle, or null: not started yet
 * (his own start_work_at or the configuration's), deactivated or suspended from the day of the
 * stamp on, or a weekly day off.
 */
export function driverUnavailableOn(
  f: DriverFacts,
  day: string,
  configStart: string | null = null,
  weekday: number = weekdayOf(day),
): 'not_started' | 'deactivated' | 'suspended' | 'day_off' | null {
  const start = f.driver.startWorkAt && (!configStart || f.driver.startWorkAt > configStart) ? f.driver.startWorkAt : configStart;
  if (start && day < start) return 'not_started';
  if (f.deactivatedDay && f.deactivatedDay <= day) return 'deactivated';
  if (f.blockedDay && f.blockedDay <= day) return 'suspended';
  if (f.daysOff.size && f.daysOff.has(weekday)) return 'day_off';
  return null;
}

/** Whether a slot [startsAt, endsAt) meets a maintenance (wire datetimes compare as text). */
export function maintenanceMeeting(maintenances: readonly EngineMaintenance[] | undefined, startsAt: string, endsAt: string): EngineMaintenance | null {
  if (!maintenances) return null;
  for (const m of maintenances) if (m.startsAt < endsAt && m.endsAt > startsAt) return m;
  return null;
}

const hhmm = (wire: string) => wire.slice(11, 16);

/**
 * A maintenance's dates in French: 'du 30/12/2030 au 02/01/2031', 'le 12/03/2030' (a whole
 * day), 'le 12/03/2030 de 09:00 à 12:00' (a few hours). An end at midnight ends the day before.
 */
export function maintenancePeriodText(m: Pick<EngineMaintenance, 'startsAt' | 'endsAt'>): string {
  const first = m.startsAt.slice(0, 10);
  let last = m.endsAt.slice(0, 10);
  const endsAtMidnight = m.endsAt.slice(11, 19) === '00:00:00';
  if (endsAtMidnight && last > first) last = addDays(last, -1);
  if (first !== last) return `du ${frenchDay(first)} au ${frenchDay(last)}`;
  const from = hhmm(m.startsAt);
  const to = endsAtMidnight ? '24:00' : hhmm(m.endsAt);
  const wholeDay = from === '00:00' && (to === '24:00' || to === '23:59');
  return wholeDay ? `le ${frenchDay(first)}` : `le ${frenchDay(first)} de ${from} à ${to}`;
}

/** The French reason a driver can't be at the wheel that day (the conflict's and the refusal's message). */
export function unavailabilityMessage(reason: 'not_started' | 'deactivated' | 'suspended' | 'day_off', f: DriverFacts, day: string): string {
  switch (reason) {
    case 'not_started':
      return `${f.name} ne commence à travailler que le ${frenchDay(f.driver.startWorkAt ?? day)}`;
    case 'day_off':
      return `${f.name} est en repos le ${WEEKDAY_NAMES[weekdayOf(day)]} ${frenchDay(day)}`;
    case 'suspended':
      return `${f.name} est suspendu depuis le ${frenchDay(f.blockedDay ?? day)}`;
    case 'deactivated':
      return `${f.name} est désactivé depuis le ${frenchDay(f.deactivatedDay ?? day)}`;
  }
}

/**
 * Runs the engine over the period. Vehicles are taken in registration order, so when two of them
 * want the same driver on the same day the outcome is the same on every run: the first keeps him,
 * the second gets a 'driver_busy' conflict. Principals are all placed before any interim, so an
 * interim never takes a day his own vehicle needs him.
 */
export function generatePlanning(input: EngineInput): EngineResult {
  // The period's days, read once: strings, day numbers, weekdays, and the day after the last (a
  // service past midnight ends on it).
  const first = dayNumber(input.startDate);
  const count = dayNumber(input.endDate) - first + 1;
  const dayStr: string[] = [];
  const weekday: number[] = [];
  for (let i = 0; i < count + 2; i++) {
    dayStr.push(dayOfNumber(first + i));
    weekday.push(((((first + i + 3) % 7) + 7) % 7) + 1);
  }
  const dayIndex = new Map(dayStr.slice(0, count).map((d, i) => [d, i]));

  const facts = new Map<string, DriverFacts>();
  for (const d of input.drivers) facts.set(d.id, driverFacts(d, input.timeZone));
  // Per driver, per day of the period: the vehicle he is at the wheel of.
  type Holder = { vehicleId: string; registrationNumber: string };
  const busy = new Map<string, (Holder | undefined)[]>();
  const holdersOf = (driverId: string) => {
    let h = busy.get(driverId);
    if (!h) busy.set(driverId, (h = new Array<Holder | undefined>(count)));
    return h;
  };
  for (const b of input.busy ?? []) {
    const i = dayIndex.get(b.day);
    if (i !== undefined) holdersOf(b.driverId)[i] = { vehicleId: b.vehicleId, registrationNumber: b.registrationNumber };
  }

  const vehicles = [...input.vehicles].sort((a, b) => a.registrationNumber.localeCompare(b.registrationNumber) || a.id.localeCompare(b.id));
  const rank = new Map(vehicles.map((v, i) => [v.id, i]));
  // Entries by day, so the answer comes out by day, then vehicle, then slot.
  const byDay: EngineEntry[][] = Array.from({ length: count }, () => []);
  const conflicts: EngineConflict[] = [];
  type Compiled = { vehicle: EngineVehicle; config: EngineConfig; times: ServiceMinutes; salaryDay: number | null; holder: Holder };
  const pending: { v: Compiled; i: number; slot: TPlanningSlot; driverId: string; reason: Exclude<Unavailable, 'not_started'>; busyOn?: string }[] = [];

  /** Why this driver can't drive this vehicle on day i, or null when he can. */
  function unavailable(driverId: string, vehicleId: string, i: number, configStart: string | null): { reason: Unavailable; busyOn?: string } | null {
    const f = facts.get(driverId);
    if (!f) return { reason: 'deactivated' };
    const reason = driverUnavailableOn(f, dayStr[i], configStart, weekday[i]);
    if (reason) return { reason };
    const holder = busy.get(driverId)?.[i];
    if (holder && holder.vehicleId !== vehicleId) return { reason: 'driver_busy', busyOn: holder.registrationNumber };
    return null;
  }

  const nextDay = (i: number) => (offset: number) => dayStr[i + offset] ?? addDays(dayStr[i], offset);

  function place(v: Compiled, i: number, slot: TPlanningSlot, driverId: string, role: TPlanningRole) {
    const t = timesOf(dayStr[i], v.times, slot, nextDay(i));
    const isSalaryDay = v.salaryDay === weekday[i];
    byDay[i].push({
      vehicleId: v.vehicle.id,
      driverId,
      day: dayStr[i],
      slot,
      startsAt: t.startsAt,
      endsAt: t.endsAt,
      passationAt: v.config.workPlanning === 'hourly' ? t.passationAt : null,
      isSalaryDay,
      salaryAmount: isSalaryDay ? (v.vehicle.salaryAmount ?? null) : null,
      role,
      rotationGroupId: v.vehicle.rotation?.groupId ?? null,
    });
    holdersOf(driverId)[i] = v.holder;
  }

  const nameOf = (id: string | null) => (id ? (facts.get(id)?.name ?? 'Ce chauffeur') : 'Ce chauffeur');

  function message(reason: TPlanningConflictReason, vehicle: EngineVehicle, driverId: string | null, day: string, busyOn?: string, held?: EngineMaintenance): string {
    const name = nameOf(driverId);
    const f = driverId ? facts.get(driverId) : undefined;
    switch (reason) {
      case 'day_off':
      case 'suspended':
      case 'deactivated':
        return f ? unavailabilityMessage(reason, f, day) : `${name} n'est pas disponible le ${frenchDay(day)}`;
      case 'driver_busy':
        return `${name} est déjà planifié sur le véhicule ${busyOn ?? ''} le ${frenchDay(day)}`;
      case 'vehicle_maintenance':
        if (held) return `Le véhicule ${vehicle.registrationNumber} est en entretien ${maintenancePeriodText(held)} : ${name} ne peut pas le conduire le ${frenchDay(day)}`;
        return `Le véhicule ${vehicle.registrationNumber} est en maintenance : ${name} ne peut pas le conduire le ${frenchDay(day)}`;
      case 'vehicle_deactivated':
        return `Le véhicule ${vehicle.registrationNumber} est désactivé : ${name} ne peut pas le conduire le ${frenchDay(day)}`;
      case 'not_configured':
        return `Le véhicule ${vehicle.registrationNumber} n'a pas de planning de travail configuré`;
    }
  }

  const withoutPlanning = new Map<string, string>();

  // Pass 1: the principals, as the configurations say.
  for (const vehicle of vehicles) {
    const config = vehicle.config;
    if (!config || config.drivers.length === 0) {
      conflicts.push({ day: input.startDate, vehicleId: vehicle.id, driverId: null, reason: 'not_configured', message: message('not_configured', vehicle, null, input.startDate), replacedById: null });
      withoutPlanning.set(vehicle.id, "Aucun planning de travail n'est configuré pour ce véhicule");
      continue;
    }
    const blocked = vehicle.status === 'maintain' && vehicle.maintainFromRecord ? undefined : VEHICLE_BLOCKED[vehicle.status];
    if (blocked) {
      withoutPlanning.set(
        vehicle.id,
        blocked === 'vehicle_maintenance' ? "Véhicule en maintenance : aucun chauffeur n'est planifié" : "Véhicule désactivé : aucun chauffeur n'est planifié",
      );
    }
    const v: Compiled = { vehicle, config, times: serviceMinutes(config), salaryDay: salaryDay(config), holder: { vehicleId: vehicle.id, registrationNumber: vehicle.registrationNumber } };
    const plan = compilePlan(config);
    for (let i = 0; i < count; i++) {
      for (const { driver, slot } of plan(dayStr[i], first + i, weekday[i])) {
        if (blocked) {
          conflicts.push({ day: dayStr[i], vehicleId: vehicle.id, driverId: driver.driverId, reason: blocked, message: message(blocked, vehicle, driver.driverId, dayStr[i]), replacedById: null });
          continue;
        }
        if (vehicle.maintenances?.length) {
          // A slot meeting a maintenance is nobody's, not even the interim's.
          const t = timesOf(dayStr[i], v.times, slot, nextDay(i));
          const held = maintenanceMeeting(vehicle.maintenances, t.startsAt, t.endsAt);
          if (held) {
            const reason = 'vehicle_maintenance';
            conflicts.push({ day: dayStr[i], vehicleId: vehicle.id, driverId: driver.driverId, reason, message: message(reason, vehicle, driver.driverId, dayStr[i], undefined, held), replacedById: null });
            if (!withoutPlanning.has(vehicle.id)) withoutPlanning.set(vehicle.id, "Véhicule en entretien : aucun chauffeur n'est planifié");
            continue;
          }
        }
        const why = unavailable(driver.driverId, vehicle.id, i, driver.startWorkAt);
        if (!why) place(v, i, slot, driver.driverId, 'principal');
        // Before his start of work a driver is simply not planned: nothing to report.
        else if (why.reason !== 'not_started') pending.push({ v, i, slot, driverId: driver.driverId, reason: why.reason, busyOn: why.busyOn });
      }
    }
  }

  // Pass 2: the interim of the vehicle's rotation group takes what the principal can't drive.
  for (const p of pending) {
    const vehicle = p.v.vehicle;
    const interimId = vehicle.rotation?.interimDriverId ?? null;
    let replacedById: string | null = null;
    if (interimId && interimId !== p.driverId && !unavailable(interimId, vehicle.id, p.i, null)) {
      place(p.v, p.i, p.slot, interimId, 'interim');
      replacedById = interimId;
    }
    const text = message(p.reason, vehicle, p.driverId, dayStr[p.i], p.busyOn);
    conflicts.push({
      day: dayStr[p.i],
      vehicleId: vehicle.id,
      driverId: p.driverId,
      reason: p.reason,
      message: replacedById ? `${text} : ${nameOf(replacedById)} (intérimaire) le remplace` : text,
      replacedById,
    });
  }

  const entries: EngineEntry[] = [];
  const planned = new Set<string>();
  const order = (e: EngineEntry) => rank.get(e.vehicleId)! * 3 + slotRank(e.slot);
  for (const day of byDay) {
    // Principals came in vehicle order; an interim placed later may need to move up.
    if (pending.length) day.sort((a, b) => order(a) - order(b));
    for (const e of day) {
      entries.push(e);
      planned.add(e.vehicleId);
    }
  }
  const vehiclesWithoutPlanning: EngineResult['vehiclesWithoutPlanning'] = [];
  for (const v of vehicles) {
    if (planned.has(v.id)) continue;
    vehiclesWithoutPlanning.push({ vehicleId: v.id, message: withoutPlanning.get(v.id) ?? 'Aucun chauffeur disponible sur cette période' });
  }
  conflicts.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0) || rank.get(a.vehicleId)! - rank.get(b.vehicleId)!);
  return { entries, conflicts, vehiclesWithoutPlanning };
}

function slotRank(slot: TPlanningSlot): number {
  return slot === 'second' ? 2 : slot === 'first' ? 1 : 0;
}
