import { fromWireDate, toWireDate } from '../../platform/dates.ts';

/**
 * Which penalty triggers fire, for which driver, vehicle and unpaid episode (issue 22 section 3;
 * the rules are decided in the shared design). Pure: the job (trigger-job.ts) reads the
 * rows, this decides. Amounts are minor units; days are the park's (`yyyy-MM-dd`).
 *
 * - A driver's episode is his run of unpaid recipes (not deleted, objective > 0, collected below
 *   it) dated today or before; it starts on the day of the oldest. Recipes dated ahead (a contract
 *   instalment not yet due) are not owed yet.
 * - Its debt is the sum of objective - collected over those recipes, its objective the sum of
 *   their objectives (what was expected over the run: debt never exceeds it).
 * - 'time': fires once the oldest unpaid recipe is overdue, at the end of its day (the next
 *   midnight, park zone) plus grace_days days and grace_hours hours.
 * - 'amount': fires when the debt reaches the threshold: threshold % of the objective of his
 *   latest unpaid recipe ('percentage'), or the fixed amount ('fixed').
 * - The vehicle: the one of his latest unpaid recipe that names one, else his planning's.
 * - Scope: a trigger with vehicle groups acts only on vehicles of those groups; a lock or a buzzer
 *   needs a vehicle (nothing to send it to otherwise), a notification doesn't (unless scoped).
 * - A disabled trigger fires nothing.
 */

export interface TriggerRule {
  id: string;
  calculationType: 'time' | 'amount';
  graceDays: number;
  graceHours: number;
  actionType: 'percentage' | 'fixed' | null;
  threshold: number | null;
  selectedAction: 'lock' | 'buzzer' | 'notification';
  enabled: boolean;
  vehicleGroupIds: readonly string[];
}

export interface UnpaidRecipe {
  day: string;
  objective: number;
  collected: number;
  vehicleId: string | null;
}

export interface DriverDebts {
  driverId: string;
  /** His unpaid recipes, any order. */
  recipes: readonly UnpaidRecipe[];
  /** His current planning vehicle, when his recipes name none. */
  planningVehicleId?: string | null;
}

export interface Episode {
  episodeStart: string;
  /** The day of his latest unpaid recipe. */
  lastDay: string;
  debt: number;
  objective: number;
  /** The objective of his latest unpaid recipe (the 'percentage' rule's base). */
  latestObjective: number;
  vehicleId: string | null;
}

export interface Firing {
  triggerId: string;
  driverId: string;
  episodeStart: string;
  vehicleId: string | null;
  debt: number;
  objective: number;
}

export interface EvaluationInput {
  triggers: readonly TriggerRule[];
  drivers: readonly DriverDebts[];
  /** Each vehicle's group (null: in none); a vehicle absent is in none. */
  vehicleGroups: ReadonlyMap<string, string | null>;
  timeZone: string;
  now: Date;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A park day plus n days (calendar arithmetic, no zone). */
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Today in the park's zone. */
export const parkDay = (now: Date, timeZone: string) => toWireDate(now, timeZone).slice(0, 10);

/** When a recipe of `day` becomes overdue for a 'time' trigger: its day's end in the park, plus the grace. */
export function overdueAt(day: string, graceDays: number, graceHours: number, timeZone: string): Date {
  const end = fromWireDate(`${addDays(day, 1 + graceDays)}T00:00:00`, timeZone);
  return new Date(end.getTime() + graceHours * HOUR_MS);
}

/** A driver's current episode, or null when he owes nothing due. */
export function episodeOf(d: DriverDebts, today: string): Episode | null {
  const owed = d.recipes.filter((r) => r.day <= today && r.objective > 0 && r.collected < r.objective);
  if (owed.length === 0) return null;
  const sorted = [...owed].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const latest = sorted[sorted.length - 1];
  const withVehicle = [...sorted].reverse().find((r) => r.vehicleId);
  return {
    episodeStart: sorted[0].day,
    lastDay: latest.day,
    debt: sorted.reduce((s, r) => s + (r.objective - r.collected), 0),
    objective: sorted.reduce((s, r) => s + r.objective, 0),
    latestObjective: latest.objective,
    vehicleId: withVehicle?.vehicleId ?? d.planningVehicleId ?? null,
  };
}

/** Whether the trigger's debt rule holds for the episode (enabled and scope aside). */
export function ruleHolds(t: TriggerRule, e: Episode, timeZone: string, now: Date): boolean {
  if (t.calculationType === 'time') return now.getTime() >= overdueAt(e.episodeStart, t.graceDays, t.graceHours, timeZone).getTime();
  if (t.threshold == null || t.threshold <= 0) return false;
  // Integers only: debt >= pct% of the objective is 100 × debt >= pct × objective.
  if (t.actionType === 'percentage') return e.latestObjective > 0 && e.debt * 100 >= t.threshold * e.latestObjective;
  if (t.actionType === 'fixed') return e.debt >= t.threshold;
  return false;
}

/** Whether the trigger may act on this vehicle. */
export function inScope(t: TriggerRule, vehicleId: string | null, vehicleGroups: ReadonlyMap<string, string | null>): boolean {
  if (t.selectedAction !== 'notification' && !vehicleId) return false;
  if (t.vehicleGroupIds.length === 0) return true;
  const group = vehicleId ? vehicleGroups.get(vehicleId) : null;
  return !!group && t.vehicleGroupIds.includes(group);
}

/** Every (trigger, driver) that fires now, with the episode it fires on. */
export function evaluateTriggers(input: EvaluationInput): Firing[] {
  const today = parkDay(input.now, input.timeZone);
  const active = input.triggers.filter((t) => t.enabled);
  const firings: Firing[] = [];
  if (active.length === 0) return firings;
  for (const d of input.drivers) {
    const e = episodeOf(d, today);
    if (!e) continue;
    for (const t of active) {
      if (!inScope(t, e.vehicleId, input.vehicleGroups) || !ruleHolds(t, e, input.timeZone, input.now)) continue;
      firings.push({ triggerId: t.id, driverId: d.driverId, episodeStart: e.episodeStart, vehicleId: e.vehicleId, debt: e.debt, objective: e.objective });
    }
  }
  return firings;
}
