/**
 * The pure rules of the recipe job (no database): when a vehicle's recipe is due, which driving
 * period it pays for, and how its amount splits between the drivers who drove in that period.
 *
 * Collection days and periods (days are yyyy-MM-dd in the park's time zone):
 * - daily (and hourly): every day D, at collect_time; the period is D itself;
 * - weekly: every day D whose weekday is collect_day (1 = Monday ... 7 = Sunday); the period is
 *   the 7 days ending on D, [D-6, D];
 * - monthly: every month on monthly_day, clamped to the month's last day (31 -> 30 April, 28 or
 *   29 February); the period runs from the day after the previous month's collection day to D.
 * The period ends on the collection day, so every day belongs to exactly one period.
 *
 * Sharing (objective and salary alike): each driver's share is his driven time over the vehicle's
 * driven time in the period, counting planning entries that are not salary days, a full day as 1
 * and a slot ('first' / 'second' of an hourly day) as 1/2. One driver alone owes the whole
 * amount however many days were planned; two drivers of a weekly vehicle who drove 3 and 4 days
 * owe 3/7 and 4/7; two hourly drivers of a daily vehicle owe half each. A driver whose only
 * entries in the period are salary days owes nothing (no recipe). Shares are in minor units and
 * add up exactly to the amount: each gets the floor, and the units left go one each to the largest
 * remainders (ties by driver id).
 */

export type RecipeFrequency = 'daily' | 'weekly' | 'monthly' | 'hourly';

export interface RecipeSchedule {
  frequency: RecipeFrequency;
  /** 1 = Monday ... 7 = Sunday (weekly). */
  collectDay: number | null;
  /** 1 ... 31 (monthly). */
  monthlyDay: number | null;
}

export interface CollectionPeriod {
  /** The collection day: the recipe's day. */
  day: string;
  periodStart: string;
  periodEnd: string;
}

const DAY_MS = 86_400_000;
const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const fmt = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(day: string, n: number): string {
  return fmt(new Date(toDate(day).getTime() + n * DAY_MS));
}

/** 1 = Monday ... 7 = Sunday. */
export function weekdayOf(day: string): number {
  const d = toDate(day).getUTCDay();
  return d === 0 ? 7 : d;
}

function lastDayOfMonth(year: number, month0: number): number {
  return new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
}

/** The monthly collection day of the month of `year`/`month0`, clamped to its last day. */
function monthlyCollectionDay(year: number, month0: number, monthlyDay: number): string {
  const d = Math.min(Math.max(1, monthlyDay), lastDayOfMonth(year, month0));
  return fmt(new Date(Date.UTC(year, month0, d)));
}

/** The period a collection on `day` pays for, or null when `day` is not a collection day. */
export function periodOn(s: RecipeSchedule, day: string): CollectionPeriod | null {
  if (s.frequency === 'daily' || s.frequency === 'hourly') return { day, periodStart: day, periodEnd: day };
  if (s.frequency === 'weekly') {
    if (s.collectDay == null || weekdayOf(day) !== s.collectDay) return null;
    return { day, periodStart: addDays(day, -6), periodEnd: day };
  }
  if (s.monthlyDay == null) return null;
  const d = toDate(day);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  if (monthlyCollectionDay(y, m, s.monthlyDay) !== day) return null;
  const previous = m === 0 ? monthlyCollectionDay(y - 1, 11, s.monthlyDay) : monthlyCollectionDay(y, m - 1, s.monthlyDay);
  return { day, periodStart: addDays(previous, 1), periodEnd: day };
}

/** Every collection in [fromDay, toDay], oldest first. */
export function periodsBetween(s: RecipeSchedule, fromDay: string, toDay: string): CollectionPeriod[] {
  const out: CollectionPeriod[] = [];
  for (let day = fromDay; day <= toDay; day = addDays(day, 1)) {
    const p = periodOn(s, day);
    if (p) out.push(p);
  }
  return out;
}

export interface DrivenEntry {
  driverId: string;
  slot: 'full' | 'first' | 'second';
  isSalaryDay: boolean;
}

/** Half-days driven (full = 2, a slot = 1), salary days left out. */
function drivenHalves(entries: DrivenEntry[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of entries) {
    if (e.isSalaryDay) continue;
    out.set(e.driverId, (out.get(e.driverId) ?? 0) + (e.slot === 'full' ? 2 : 1));
  }
  return out;
}

/** `total` minor units split by weight, summing exactly to total (largest remainders, ties by id). */
function splitExactly(total: number, weights: Map<string, number>): Map<string, number> {
  const sum = [...weights.values()].reduce((a, b) => a + b, 0);
  const out = new Map<string, number>();
  if (sum === 0) return out;
  // One driver (the usual case) owes it all.
  if (weights.size === 1) return new Map([[weights.keys().next().value!, total]]);
  const parts = [...weights].map(([id, w]) => {
    const exact = (total * w) / sum;
    return { id, floor: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  let left = total - parts.reduce((a, p) => a + p.floor, 0);
  const order = [...parts].sort((a, b) => b.rest - a.rest || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const p of order) {
    if (left <= 0) break;
    p.floor += 1;
    left -= 1;
  }
  for (const p of parts) out.set(p.id, p.floor);
  return out;
}

/**
 * Who owes what for one period of one vehicle: each driver who drove outside salary days, with
 * his share of the objective and of the salary amount (see the header).
 */
export function shareOfDrivers(entries: DrivenEntry[], amounts: { objective: number; salary: number }): Map<string, { objective: number; salary: number }> {
  const halves = drivenHalves(entries);
  const objective = splitExactly(amounts.objective, halves);
  const salary = splitExactly(amounts.salary, halves);
  const out = new Map<string, { objective: number; salary: number }>();
  for (const id of halves.keys()) out.set(id, { objective: objective.get(id) ?? 0, salary: salary.get(id) ?? 0 });
  return out;
}
