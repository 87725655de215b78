import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { ScheduledJob } from '../../platform/jobs.ts';
import { anyId } from '../../platform/db/prepared.ts';
import { parks } from '../access/access.tables.ts';
import { planningEntries } from '../planning/planning.tables.ts';
import { recipes } from '../recipes/recipes.tables.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import type { GpsDeps } from './gps.deps.ts';
import { penaltyTriggers, triggerEpisodes } from './gps.tables.ts';
import { attemptLock, notifyDriver, releaseLock, RETRY_MS, soundBuzzer, type EpisodeRow, type TriggerRow } from './trigger-actions.ts';
import { episodeOf, evaluateTriggers, parkDay, ruleHolds, type DriverDebts, type TriggerRule, type UnpaidRecipe } from './trigger-evaluation.ts';

/**
 * The penalty triggers' job (issue 22 section 3), every minute. One pass:
 *
 * 1. Fire: for each park with an enabled trigger, its drivers' unpaid recipes (one query per park)
 *    are evaluated (trigger-evaluation.ts). Each firing is inserted into trigger_episodes
 *    `on conflict do nothing returning`: only the instance whose insert went in acts, so a trigger
 *    acts once per (trigger, driver, episode_start) whatever the number of app instances. A driver
 *    whose vehicle a trigger already locks (or waits to lock) is not locked again when his
 *    episode moves on (he paid the oldest day but still owes the next): the open lock covers it.
 * 2. Settle (auto-cancel): an open lock (waiting or done) whose driver's debt no longer meets the
 *    trigger's rule (time: no recipe past the grace any more; amount: the debt under the
 *    threshold) is settled: a waiting one is cancelled (never sent for a paid debt), a done one
 *    released (unlock, cause 'auto_cancel') when the trigger auto-cancels. A lock whose trigger was
 *    deleted, or that doesn't auto-cancel, stays until released by hand; a waiting lock of a
 *    deleted or disabled trigger is cancelled.
 * 3. Retry: waiting locks whose next_attempt_at has come, each claimed by moving next_attempt_at
 *    a minute on (`… where next_attempt_at <= now returning`): two instances never both send.
 */

const clock = (deps: GpsDeps) => deps.now?.() ?? new Date();

export interface TriggerPassResult {
  parks: number;
  fired: number;
  settled: number;
  retried: number;
}

const ruleOf = (t: TriggerRow): TriggerRule => ({
  id: t.id,
  calculationType: t.calculationType,
  graceDays: t.graceDays,
  graceHours: t.graceHours,
  actionType: t.actionType,
  threshold: t.threshold,
  selectedAction: t.selectedAction,
  enabled: t.enabled,
  vehicleGroupIds: t.vehicleGroupIds,
});

/** The unpaid recipes due by today of a park's drivers (all, or those given), by driver. */
async function unpaidByDriver(deps: GpsDeps, parkId: string, today: string, driverIds?: string[]): Promise<Map<string, UnpaidRecipe[]>> {
  const rows = await deps.db
    .select({ driverId: recipes.driverId, day: recipes.day, objective: recipes.objective, collected: recipes.collected, vehicleId: recipes.vehicleId })
    .from(recipes)
    .where(
      and(
        eq(recipes.parkId, parkId),
        isNull(recipes.deletedAt),
        isNull(recipes.paidAt),
        lte(recipes.day, today),
        sql`${recipes.objective} > 0 and ${recipes.collected} < ${recipes.objective}`,
        driverIds ? anyId(recipes.driverId, driverIds) : undefined,
      ),
    );
  const by = new Map<string, UnpaidRecipe[]>();
  for (const r of rows) {
    const list = by.get(r.driverId) ?? [];
    list.push(r);
    by.set(r.driverId, list);
  }
  return by;
}

/** Each driver's latest planned vehicle up to today (for drivers whose recipes name none). */
async function planningVehicles(deps: GpsDeps, parkId: string, today: string, driverIds: string[]): Promise<Map<string, string>> {
  if (driverIds.length === 0) return new Map();
  const rows = await deps.db
    .selectDistinctOn([planningEntries.driverId], { driverId: planningEntries.driverId, vehicleId: planningEntries.vehicleId })
    .from(planningEntries)
    .where(and(eq(planningEntries.parkId, parkId), lte(planningEntries.day, today), anyId(planningEntries.driverId, driverIds)))
    .orderBy(planningEntries.driverId, desc(planningEntries.day));
  return new Map(rows.map((r) => [r.driverId, r.vehicleId]));
}

async function actOn(deps: GpsDeps, ep: EpisodeRow, t: TriggerRow): Promise<void> {
  try {
    if (ep.action === 'notification') return await notifyDriver(deps, ep, t);
    if (ep.action === 'buzzer') return await soundBuzzer(deps, ep, t);
    const [claimed] = await deps.db.update(triggerEpisodes).set({ attempts: 1 }).where(eq(triggerEpisodes.id, ep.id)).returning();
    await attemptLock(deps, claimed, t);
  } catch (err) {
    deps.log?.warn({ err, episodeId: ep.id }, 'penalty trigger action failed');
  }
}

/** Step 1 for one park: evaluates and acts on the new episodes; answers how many fired. */
async function fireInPark(deps: GpsDeps, park: { id: string; timeZone: string }, now: Date): Promise<number> {
  const triggers = await deps.db.select().from(penaltyTriggers).where(and(eq(penaltyTriggers.parkId, park.id), eq(penaltyTriggers.enabled, true)));
  if (triggers.length === 0) return 0;
  const today = parkDay(now, park.timeZone);
  const unpaid = await unpaidByDriver(deps, park.id, today);
  if (unpaid.size === 0) return 0;
  const withoutVehicle = [...unpaid].filter(([, rs]) => !rs.some((r) => r.vehicleId)).map(([id]) => id);
  const planned = await planningVehicles(deps, park.id, today, withoutVehicle);
  const debts: DriverDebts[] = [...unpaid].map(([driverId, rs]) => ({ driverId, recipes: rs, planningVehicleId: planned.get(driverId) ?? null }));
  const vehicleIds = [...new Set(debts.map((d) => episodeOf(d, today)?.vehicleId).filter((v): v is string => !!v))];
  const groups = vehicleIds.length
    ? await deps.db.select({ id: vehicles.id, groupId: vehicles.groupId }).from(vehicles).where(and(eq(vehicles.parkId, park.id), anyId(vehicles.id, vehicleIds)))
    : [];
  const firings = evaluateTriggers({ triggers: triggers.map(ruleOf), drivers: debts, vehicleGroups: new Map(groups.map((g) => [g.id, g.groupId])), timeZone: park.timeZone, now });
  if (firings.length === 0) return 0;

  // What is known already (the same episode, or an open lock of the trigger on the driver) is not tried again.
  const oldest = firings.reduce((m, f) => (f.episodeStart < m ? f.episodeStart : m), firings[0].episodeStart);
  const known = await deps.db
    .select({ triggerId: triggerEpisodes.triggerId, driverId: triggerEpisodes.driverId, episodeStart: triggerEpisodes.episodeStart, state: triggerEpisodes.state, action: triggerEpisodes.action })
    .from(triggerEpisodes)
    .where(and(eq(triggerEpisodes.parkId, park.id), or(gte(triggerEpisodes.episodeStart, oldest), and(eq(triggerEpisodes.action, 'lock'), inArray(triggerEpisodes.state, ['waiting', 'done'])))));
  const seen = new Set(known.map((k) => `${k.triggerId} ${k.driverId} ${k.episodeStart}`));
  const locking = new Set(known.filter((k) => k.action === 'lock' && (k.state === 'waiting' || k.state === 'done')).map((k) => `${k.triggerId} ${k.driverId}`));
  const byId = new Map(triggers.map((t) => [t.id, t]));
  const fresh = firings.filter((f) => !seen.has(`${f.triggerId} ${f.driverId} ${f.episodeStart}`) && !locking.has(`${f.triggerId} ${f.driverId}`));
  if (fresh.length === 0) return 0;

  const inserted = await deps.db
    .insert(triggerEpisodes)
    .values(
      fresh.map((f) => {
        const t = byId.get(f.triggerId)!;
        const lock = t.selectedAction === 'lock';
        return {
          parkId: park.id,
          triggerId: t.id,
          triggerTitle: t.title,
          action: t.selectedAction,
          driverId: f.driverId,
          vehicleId: f.vehicleId,
          episodeStart: f.episodeStart,
          // A lock is held by its inserter for its first attempt (the retry looks a minute later);
          // the other actions are done at once.
          state: lock ? ('waiting' as const) : ('done' as const),
          nextAttemptAt: lock ? new Date(now.getTime() + RETRY_MS) : null,
          debt: f.debt,
          objective: f.objective,
          firedAt: now,
        };
      }),
    )
    .onConflictDoNothing()
    .returning();
  for (const ep of inserted) await actOn(deps, ep, byId.get(ep.triggerId!)!);
  return inserted.length;
}

/** Step 2: open locks whose debt is paid, or whose trigger is gone; answers how many were settled. */
async function settle(deps: GpsDeps, now: Date, parkId?: string): Promise<number> {
  const open = await deps.db
    .select({ ep: triggerEpisodes, trigger: penaltyTriggers, timeZone: parks.timeZone })
    .from(triggerEpisodes)
    .innerJoin(parks, eq(parks.id, triggerEpisodes.parkId))
    .leftJoin(penaltyTriggers, eq(penaltyTriggers.id, triggerEpisodes.triggerId))
    .where(and(eq(triggerEpisodes.action, 'lock'), inArray(triggerEpisodes.state, ['waiting', 'done']), parkId ? eq(triggerEpisodes.parkId, parkId) : undefined))
    .orderBy(asc(triggerEpisodes.parkId));
  const byPark = new Map<string, typeof open>();
  for (const o of open) byPark.set(o.ep.parkId, [...(byPark.get(o.ep.parkId) ?? []), o]);
  let settled = 0;
  for (const [episodesPark, rows] of byPark) {
    const timeZone = rows[0].timeZone;
    const today = parkDay(now, timeZone);
    const unpaid = await unpaidByDriver(deps, episodesPark, today, [...new Set(rows.map((r) => r.ep.driverId))]);
    for (const { ep, trigger } of rows) {
      const gone = !trigger || !trigger.enabled;
      let paid = false;
      if (trigger) {
        const e = episodeOf({ driverId: ep.driverId, recipes: unpaid.get(ep.driverId) ?? [] }, today);
        paid = !e || !ruleHolds(ruleOf(trigger), e, timeZone, now);
      }
      const release = ep.state === 'done' && paid && !!trigger?.autoCancel;
      const cancel = ep.state === 'waiting' && (paid || gone);
      if (!release && !cancel) continue;
      // Claimed like a retry: two instances don't both send the unlock.
      const [claimed] = await deps.db
        .update(triggerEpisodes)
        .set({ nextAttemptAt: new Date(now.getTime() + RETRY_MS) })
        .where(and(eq(triggerEpisodes.id, ep.id), eq(triggerEpisodes.state, ep.state), or(isNull(triggerEpisodes.nextAttemptAt), lte(triggerEpisodes.nextAttemptAt, now))))
        .returning({ id: triggerEpisodes.id });
      if (!claimed) continue;
      try {
        await releaseLock(deps, { parkId: episodesPark, episodeId: ep.id, cause: 'auto_cancel', by: null });
        settled += 1;
      } catch (err) {
        // Left 'done' and logged; tried again next minute.
        deps.log?.warn({ err, episodeId: ep.id }, 'penalty trigger auto-cancel failed');
      }
    }
  }
  return settled;
}

/** Step 3: waiting locks whose next look has come, each claimed by one instance. */
async function retryWaiting(deps: GpsDeps, now: Date, parkId?: string): Promise<number> {
  const due = await deps.db
    .select({ id: triggerEpisodes.id })
    .from(triggerEpisodes)
    .where(and(eq(triggerEpisodes.state, 'waiting'), isNotNull(triggerEpisodes.nextAttemptAt), lte(triggerEpisodes.nextAttemptAt, now), parkId ? eq(triggerEpisodes.parkId, parkId) : undefined))
    .orderBy(asc(triggerEpisodes.nextAttemptAt))
    .limit(500);
  let retried = 0;
  for (const { id } of due) {
    const [ep] = await deps.db
      .update(triggerEpisodes)
      .set({ nextAttemptAt: new Date(now.getTime() + RETRY_MS), attempts: sql`${triggerEpisodes.attempts} + 1` })
      .where(and(eq(triggerEpisodes.id, id), eq(triggerEpisodes.state, 'waiting'), lte(triggerEpisodes.nextAttemptAt, now)))
      .returning();
    if (!ep) continue;
    retried += 1;
    const [t] = ep.triggerId ? await deps.db.select().from(penaltyTriggers).where(eq(penaltyTriggers.id, ep.triggerId)) : [];
    try {
      await attemptLock(deps, ep, t ?? null);
    } catch (err) {
      deps.log?.warn({ err, episodeId: ep.id }, 'penalty trigger lock retry failed');
    }
  }
  return retried;
}

/** One pass of the job (all parks, or one: the dev route's). */
export async function runTriggerPass(deps: GpsDeps, opts: { parkId?: string } = {}): Promise<TriggerPassResult> {
  const now = clock(deps);
  const parkRows = await deps.db
    .selectDistinct({ id: parks.id, timeZone: parks.timeZone })
    .from(parks)
    .innerJoin(penaltyTriggers, eq(penaltyTriggers.parkId, parks.id))
    .where(and(eq(penaltyTriggers.enabled, true), opts.parkId ? eq(parks.id, opts.parkId) : undefined));
  let fired = 0;
  for (const park of parkRows) {
    try {
      fired += await fireInPark(deps, park, now);
    } catch (err) {
      deps.log?.warn({ err, parkId: park.id }, 'penalty triggers of a park failed');
    }
  }
  const settled = await settle(deps, now, opts.parkId);
  const retried = await retryWaiting(deps, now, opts.parkId);
  return { parks: parkRows.length, fired, settled, retried };
}

/** Every minute (a lock waits at most about a minute for its vehicle's next look). */
export function penaltyTriggersJob(deps: GpsDeps): ScheduledJob {
  return { name: 'penalty-triggers', cron: '* * * * *', pollSeconds: 30, run: () => runTriggerPass(deps) };
}
