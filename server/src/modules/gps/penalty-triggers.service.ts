import { and, eq } from 'drizzle-orm';
import { TRIGGER_MESSAGES as M, type TPenaltyTrigger, type TPenaltyTriggerValues } from '@flotte/contract/penalty-triggers';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { fromMinor, toMinor } from '../../platform/money.ts';
import { triggerEpisodes } from './gps.tables.ts';
import {
  countEpisodes,
  deleteTriggerRow,
  groupTitles,
  insertTrigger,
  selectTriggers,
  triggerRow,
  updateTriggerRow,
  type PenaltyTriggerValues,
  type TriggerWithCounts,
} from './penalty-triggers.queries.ts';

/**
 * The park's penalty triggers (issue 22 section 3): the spec's form, stored per park, listed,
 * edited, enabled or disabled, deleted. The evaluation that makes them act is trigger-evaluation.ts.
 */

const GROUP_UNKNOWN = 'Un des groupes de véhicules choisis est introuvable';
/** Said when a deleted trigger's locks stay on: only a release (by hand, or auto-cancel) lifts them. */
const LOCKS_STAY = 'Les véhicules qu’il a bloqués le restent jusqu’à leur déblocage (ils restent listés dans les actions).';
const WAITING_CANCELLED = 'Déclencheur supprimé avant le blocage';

function view(t: TriggerWithCounts, groups: Map<string, string>, park: ActingProfile['park']): TPenaltyTrigger {
  const timeZone = park.timeZone;
  const r = t.trigger;
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    calculation_type: r.calculationType,
    grace_days: r.graceDays,
    grace_hours: r.graceHours,
    action_type: r.actionType,
    // A fixed threshold is money: minor units in the table, the currency's amount on the wire.
    percentage: r.threshold != null && r.actionType === 'fixed' ? fromMinor(r.threshold, park.currency) : r.threshold,
    selected_action: r.selectedAction,
    buzzer_duration: r.buzzerDuration,
    stop_delay: r.stopDelay,
    buzzer_mode: r.buzzerMode,
    auto_cancel: r.autoCancel,
    notification_type: r.notificationType,
    notification_message: r.notificationMessage,
    enabled: r.enabled,
    // A group deleted since is dropped from the answer (the evaluation finds no vehicle in it).
    vehicle_groups: r.vehicleGroupIds.filter((id) => groups.has(id)).map((id) => ({ id, title: groups.get(id)! })),
    fired_count: t.firedCount,
    active_count: t.activeCount,
    created_at: toWireDate(r.createdAt, timeZone),
    updated_at: toWireDate(r.updatedAt, timeZone),
  };
}

async function views(db: Db, acting: ActingProfile, rows: TriggerWithCounts[]): Promise<TPenaltyTrigger[]> {
  const groups = await groupTitles(db, acting.parkId, [...new Set(rows.flatMap((r) => r.trigger.vehicleGroupIds))]);
  return rows.map((r) => view(r, groups, acting.park));
}

/** GET /penalty-triggers: newest first. */
export async function listTriggers(db: Db, acting: ActingProfile): Promise<TPenaltyTrigger[]> {
  return views(db, acting, await selectTriggers(db, acting.parkId));
}

/** One trigger of the acting park, or TRIGGER_NOT_FOUND (another park's, or not an id at all). */
export async function triggerView(db: Db, acting: ActingProfile, id: string): Promise<TPenaltyTrigger> {
  const rows = UUID_PATTERN.test(id) ? await selectTriggers(db, acting.parkId, id) : [];
  if (!rows.length) throw new AppError('TRIGGER_NOT_FOUND');
  return (await views(db, acting, rows))[0];
}

/**
 * The form's values as stored: the percentage goes in `threshold`; what the chosen calculation
 * and action do not use is stored null (or its neutral value where the column needs one), so the
 * evaluation never reads a stale buzzer mode on a notification trigger.
 */
function toColumns(v: TPenaltyTriggerValues, groupIds: string[], currency: string): PenaltyTriggerValues {
  const time = v.calculation_type === 'time';
  const action = v.selected_action!; // the schema requires it
  const buzzes = action === 'lock' || action === 'buzzer';
  return {
    title: v.title,
    description: v.description || null,
    calculationType: v.calculation_type,
    graceDays: time ? (v.grace_days ?? 0) : 0,
    graceHours: time ? (v.grace_hours ?? 0) : 0,
    actionType: time ? null : (v.action_type ?? null),
    threshold: time || v.percentage == null ? null : v.action_type === 'fixed' ? fixedThreshold(v.percentage, currency) : v.percentage,
    selectedAction: action,
    buzzerDuration: buzzes ? (v.buzzer_duration ?? null) : null,
    stopDelay: action === 'lock' ? (v.stop_delay ?? null) : null,
    // A lock may sound the buzzer before it (its duration is required); its mode is optional there.
    buzzerMode: buzzes ? (v.buzzer_mode ?? null) : null,
    autoCancel: action === 'lock' ? v.auto_cancel : false,
    notificationType: v.notification_type,
    notificationMessage: action === 'notification' ? (v.notification_message ?? null) : null,
    enabled: v.enabled,
    vehicleGroupIds: groupIds,
  };
}

/** A fixed threshold in minor units; more decimals than the currency has is a 400 on the field, not a rounding. */
function fixedThreshold(amount: number, currency: string): number {
  try {
    return toMinor(amount, currency);
  } catch {
    throw fieldError('percentage', M.fixedDecimals);
  }
}

/** The chosen groups, each one of the park's; else 400 on vehicle_group_ids. */
async function parkGroupIds(db: Db, parkId: string, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.some((id) => !UUID_PATTERN.test(id))) throw fieldError('vehicle_group_ids', GROUP_UNKNOWN);
  const known = await groupTitles(db, parkId, unique);
  if (known.size !== unique.length) throw fieldError('vehicle_group_ids', GROUP_UNKNOWN);
  return unique;
}

/** POST /penalty-triggers. */
export async function createTrigger(db: Db, acting: ActingProfile, input: TPenaltyTriggerValues): Promise<TPenaltyTrigger> {
  const groupIds = await parkGroupIds(db, acting.parkId, input.vehicle_group_ids);
  const id = await insertTrigger(db, { ...toColumns(input, groupIds, acting.park.currency), parkId: acting.parkId, createdBy: acting.id });
  return triggerView(db, acting, id);
}

/** PUT /penalty-triggers/:id: the whole form again. Episodes already opened keep what they did. */
export async function updateTrigger(db: Db, acting: ActingProfile, id: string, input: TPenaltyTriggerValues): Promise<TPenaltyTrigger> {
  if (!UUID_PATTERN.test(id) || !(await triggerRow(db, acting.parkId, id))) throw new AppError('TRIGGER_NOT_FOUND');
  const groupIds = await parkGroupIds(db, acting.parkId, input.vehicle_group_ids);
  if (!(await updateTriggerRow(db, acting.parkId, id, toColumns(input, groupIds, acting.park.currency)))) throw new AppError('TRIGGER_NOT_FOUND');
  return triggerView(db, acting, id);
}

/** PATCH /penalty-triggers/:id/enabled. */
export async function setTriggerEnabled(db: Db, acting: ActingProfile, id: string, enabled: boolean): Promise<TPenaltyTrigger> {
  if (!UUID_PATTERN.test(id) || !(await updateTriggerRow(db, acting.parkId, id, { enabled }))) throw new AppError('TRIGGER_NOT_FOUND');
  return triggerView(db, acting, id);
}

/**
 * DELETE /penalty-triggers/:id. Its episodes and log stay (trigger_id set null, the title kept).
 * A lock still waiting for its vehicle to stop is cancelled with it: a deleted trigger must not
 * immobilise anyone afterwards. A lock already placed stays until released, and the answer says so.
 */
export async function deleteTrigger(db: Db, acting: ActingProfile, id: string): Promise<{ data: { id: string }; message: string }> {
  if (!UUID_PATTERN.test(id)) throw new AppError('TRIGGER_NOT_FOUND');
  const locksHeld = await db.transaction(async (tx) => {
    if (!(await triggerRow(tx, acting.parkId, id, true))) throw new AppError('TRIGGER_NOT_FOUND');
    await tx
      .update(triggerEpisodes)
      .set({ state: 'cancelled', nextAttemptAt: null, lastAnswer: WAITING_CANCELLED })
      .where(and(eq(triggerEpisodes.triggerId, id), eq(triggerEpisodes.action, 'lock'), eq(triggerEpisodes.state, 'waiting')));
    const held = await countEpisodes(tx, id, 'lock', 'done');
    await deleteTriggerRow(tx, acting.parkId, id);
    return held;
  });
  return { data: { id }, message: locksHeld > 0 ? `${M.deleted}. ${LOCKS_STAY}` : M.deleted };
}
