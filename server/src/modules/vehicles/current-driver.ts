/**
 * Who drives a vehicle on a given day, read from its work planning alone (no I/O): the list's
 * current driver and 'neutral' status, check-driver, and the rule that a driver works on one
 * vehicle per day all rest on these two functions.
 *
 * The reading of spec 000 sections 3 to 5, kept deliberately simple:
 * - Automatic alternation (2 drivers, daily or weekly planning): from start_alternation_at, the
 *   first driver (first_driver_alternation_id, else the first of the planning) drives for
 *   alternating_days days (daily) or alternating_weeks Monday-based weeks (weekly), then the other,
 *   and so on. Before the start, nobody. Such a driver can drive on any weekday.
 * - Otherwise a driver drives on their work days. In hourly planning a driver without work days
 *   drives their slot every day (the planning shares the day out); in daily and weekly planning a
 *   driver without work days does not drive.
 * - Hourly: slot 1 runs from the service start to the handover, slot 2 from the handover to the
 *   service end; outside the service hours, nobody drives.
 * - Two drivers on the same day (weekly planning allows it): the first of the planning.
 * - The salary day is never a work day, yet the vehicle does not stop: the driver keeps that day's
 *   takings. On the salary day the vehicle stays with whoever drove it on the latest day before.
 * - A driver who is not active (suspended, deactivated) or whose start_work_at is later than the day
 *   drives nothing, and a deactivated vehicle has no driver.
 */

/** A driver's place in a vehicle's work planning, as stored (also the planning engine's). */
export interface PlanningDriverLink {
  driverId: string;
  /** 1 for the first driver of the planning, 2 for the second. */
  position: number;
  /** 1 = Monday ... 7 = Sunday. */
  workDays: readonly number[];
  /** Hourly planning: 1 = first slot (start to handover), 2 = second (handover to end). */
  hourIntervalId: number | null;
  /** yyyy-MM-dd: not planned before (the configuration's own start), or null. */
  startWorkAt: string | null;
}

/** A vehicle's work-planning configuration, as stored (also the planning engine's), drivers aside. */
export interface PlanningFields {
  workPlanning: 'hourly' | 'daily' | 'weekly';
  numberDrivers: number;
  /** Service hours, 'HH:mm' wall clock in the park's zone; an end before the start is past midnight. */
  startTime: string;
  endTime: string;
  passationTime: string | null;
  alternation: boolean;
  alternatingDays: number | null;
  alternatingWeeks: number | null;
  /** yyyy-MM-dd */
  startAlternationAt: string | null;
  firstDriverAlternationId: string | null;
}

export interface PlanningDriver extends PlanningDriverLink {
  active: boolean;
}

export interface Planning extends PlanningFields {
  vehicleStatus: string;
  /** 1 = Monday ... 7 = Sunday; null when the configuration has no salary day. */
  salaryDayId: number | null;
  drivers: readonly PlanningDriver[];
}

/** The park's wall clock: the day (yyyy-MM-dd) and the time (HH:mm). */
export interface ParkNow {
  day: string;
  time: string;
}

const DAY_MS = 86_400_000;
const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];

/** 1 = Monday ... 7 = Sunday, of a yyyy-MM-dd day. */
export function weekdayOf(day: string): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

function dayNumber(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

function minutes(hhmm: string | null): number {
  const m = /^(\d{2}):(\d{2})/.exec(hhmm ?? '');
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
}

export function isAutoAlternation(p: Pick<Planning, 'alternation' | 'workPlanning' | 'numberDrivers'>): boolean {
  return p.alternation && p.workPlanning !== 'hourly' && p.numberDrivers === 2;
}

function byPosition(p: Planning): PlanningDriver[] {
  return [...p.drivers].sort((a, b) => a.position - b.position);
}

/** The weekdays a driver is on duty by the planning's days (the salary day aside). */
function daysOf(p: Planning, d: PlanningDriver): readonly number[] {
  if (p.workPlanning === 'hourly' && d.workDays.length === 0) return ALL_DAYS;
  return d.workDays;
}

/** The drivers on duty on a weekday, the salary day standing for the latest day before it someone works. */
function rosterOn(p: Planning, weekday: number): PlanningDriver[] {
  const drivers = byPosition(p);
  const on = (wd: number) => drivers.filter((d) => daysOf(p, d).includes(wd));
  if (weekday !== p.salaryDayId) return on(weekday);
  for (let back = 1; back < 7; back++) {
    const found = on(((weekday - 1 - back + 7) % 7) + 1);
    if (found.length) return found;
  }
  return [];
}

function alternationDriver(p: Planning, day: string): PlanningDriver | null {
  if (!p.startAlternationAt || day < p.startAlternationAt) return null;
  const drivers = byPosition(p);
  const first = drivers.find((d) => d.driverId === p.firstDriverAlternationId) ?? drivers[0];
  if (!first) return null;
  const other = drivers.find((d) => d !== first) ?? null;
  let turn: number;
  if (p.workPlanning === 'weekly') {
    const monday = (d: string) => dayNumber(d) - (weekdayOf(d) - 1);
    turn = Math.floor((monday(day) - monday(p.startAlternationAt)) / 7 / Math.max(1, p.alternatingWeeks ?? 1));
  } else {
    turn = Math.floor((dayNumber(day) - dayNumber(p.startAlternationAt)) / Math.max(1, p.alternatingDays ?? 1));
  }
  return turn % 2 === 0 ? first : other;
}

/** The driver of the vehicle at that moment of the park's day, or null (then an active vehicle shows 'neutral'). */
export function currentDriverId(p: Planning, now: ParkNow): string | null {
  if (p.vehicleStatus === 'deactivated') return null;
  let driver: PlanningDriver | null | undefined;
  if (isAutoAlternation(p)) {
    driver = alternationDriver(p, now.day);
  } else {
    const roster = rosterOn(p, weekdayOf(now.day));
    if (p.workPlanning === 'hourly') {
      const t = minutes(now.time);
      const start = minutes(p.startTime);
      const handover = minutes(p.passationTime);
      const end = minutes(p.endTime);
      const slot = t >= start && t < handover ? 1 : t >= handover && t < end ? 2 : null;
      driver = slot == null ? null : roster.find((d) => d.hourIntervalId === slot);
    } else {
      driver = roster[0];
    }
  }
  if (!driver || !driver.active) return null;
  if (driver.startWorkAt && driver.startWorkAt > now.day) return null;
  return driver.driverId;
}

/**
 * The weekdays on which the planning may put this driver at the wheel: every day under automatic
 * alternation, else their days plus the salary day when they drive on it. Two plannings of one
 * driver overlap when these sets meet (one driver, one vehicle per day, whatever the hours).
 */
export function driverWeekdays(p: Planning, driverId: string): number[] {
  const d = p.drivers.find((x) => x.driverId === driverId);
  if (!d) return [];
  if (isAutoAlternation(p)) return [...ALL_DAYS];
  return ALL_DAYS.filter((wd) => rosterOn(p, wd).some((x) => x.driverId === driverId));
}
