import { and, asc, eq, sql } from 'drizzle-orm';
import {
  REMINDER_MESSAGES,
  SERVICE_URGENCY_LABELS,
  type TReminder,
  type TReminderInputParsed,
  type TVehicleReminders,
} from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { repairTypes } from '../maintenance/maintenance.tables.ts';
import { parkServiceSettings, type ParkServiceSettings } from '../park/park.service.ts';
import { parkToday } from '../vehicles/vehicle-documents.service.ts';
import { vehicleReadings, type VehicleReading } from '../vehicles/vehicles.queries.ts';
import { reminderState, worstUrgency, type ReminderRule } from './reminder-due.ts';
import { serviceReminders } from './reminders.tables.ts';

/**
 * A vehicle's service reminders: reading them with their next due and urgency, and editing them
 * (MANAGE_MAINTENANCE, checked by the routes). Every query names the acting park; a reminder or a
 * vehicle of another park reads as not found.
 */
export interface RemindersDeps {
  db: Db;
  /** The clock, replaceable in tests. */
  now?: () => Date;
}

export type ReminderRow = typeof serviceReminders.$inferSelect;
const VEHICLE_NOT_FOUND = () => new AppError('VEHICLE_NOT_FOUND');

/** The stored reminder as the due rules read it, its creation day in the park's calendar. */
export function ruleOf(r: ReminderRow, timeZone: string): ReminderRule {
  return {
    repairTypeId: r.repairTypeId,
    everyKm: r.everyKm,
    everyMonths: r.everyMonths,
    lastDoneAt: r.lastDoneAt,
    lastDoneKm: r.lastDoneKm,
    createdOn: parkToday(timeZone, r.createdAt),
    done: r.doneAt !== null,
  };
}

interface Clock extends ParkServiceSettings {
  today: string;
}

async function clock(deps: RemindersDeps, parkId: string): Promise<Clock> {
  const park = await parkServiceSettings(deps.db, parkId);
  return { ...park, today: parkToday(park.timeZone, deps.now?.() ?? new Date()) };
}

function reminderView(r: ReminderRow, typeName: string | null, v: VehicleReading, c: Clock): TReminder {
  const rule = ruleOf(r, c.timeZone);
  const state = reminderState(rule, v, c.today, c);
  const repairType = r.repairTypeId !== null && typeName !== null ? { id: r.repairTypeId, name: typeName } : null;
  return {
    id: r.id,
    vehicle_id: r.vehicleId,
    repair_type: repairType,
    title: r.title,
    label: r.title ?? typeName ?? '',
    every_km: r.everyKm,
    every_months: r.everyMonths,
    recurring: r.recurring,
    last_done_at: r.lastDoneAt,
    // Before a first service the stored reading is the vehicle's at creation, not a service's.
    last_done_km: r.lastDoneAt !== null ? r.lastDoneKm : null,
    counted_from: { date: rule.lastDoneAt ?? rule.createdOn, km: r.lastDoneKm },
    next_due_date: state.date,
    next_due_km: state.km,
    days_left: state.daysLeft,
    km_left: state.kmLeft,
    urgency: state.urgency,
    urgency_label: SERVICE_URGENCY_LABELS[state.urgency],
    done_at: r.doneAt ? toWireDate(r.doneAt, c.timeZone) : null,
    created_at: toWireDate(r.createdAt, c.timeZone),
  };
}

async function vehicleOf(deps: RemindersDeps, parkId: string, vehicleId: string): Promise<VehicleReading> {
  const v = (await vehicleReadings(deps.db, parkId, [vehicleId])).get(vehicleId);
  if (!v) throw VEHICLE_NOT_FOUND();
  return v;
}

const URGENCY_ORDER = { overdue: 0, due: 1, soon: 2, ok: 3 } as const;

/** A vehicle's reminders: open ones first, the most urgent first, then the soonest due. */
export async function listVehicleReminders(deps: RemindersDeps, parkId: string, vehicleId: string): Promise<TVehicleReminders> {
  const [v, c] = await Promise.all([vehicleOf(deps, parkId, vehicleId), clock(deps, parkId)]);
  // repair_types is the shared, migration-seeded reference list (no park): read for its names.
  const rows = await deps.db
    .select({ reminder: serviceReminders, typeName: repairTypes.name })
    .from(serviceReminders)
    .leftJoin(repairTypes, eq(repairTypes.id, serviceReminders.repairTypeId))
    .where(and(eq(serviceReminders.parkId, parkId), eq(serviceReminders.vehicleId, vehicleId)))
    .orderBy(asc(serviceReminders.createdAt), asc(serviceReminders.id));
  const views = rows.map((r) => reminderView(r.reminder, r.typeName, v, c));
  const open = views.filter((r) => r.done_at === null);
  const dueKey = (r: TReminder) => Math.min(r.days_left ?? Infinity, r.km_left ?? Infinity);
  open.sort((a, b) => URGENCY_ORDER[a.urgency] - URGENCY_ORDER[b.urgency] || dueKey(a) - dueKey(b));
  const urgency = worstUrgency(open.map((r) => r.urgency));
  return {
    vehicle_id: vehicleId,
    mileage: v.mileage,
    mileage_for_vidange: v.mileageForVidange,
    urgency,
    urgency_label: SERVICE_URGENCY_LABELS[urgency],
    soon_days: c.soonDays,
    soon_km: c.soonKm,
    reminders: [...open, ...views.filter((r) => r.done_at !== null)],
  };
}

async function repairTypeName(db: Db, id: number | null | undefined): Promise<string | null> {
  if (!id) return null;
  const [row] = await db.select({ name: repairTypes.name }).from(repairTypes).where(eq(repairTypes.id, id)).limit(1);
  if (!row) throw fieldError('repair_type_id', REMINDER_MESSAGES.repairType);
  return row.name;
}

/**
 * The stored fields of an input. Without a last service given, the count starts from today and the
 * vehicle's mileage now (kept in last_done_km with last_done_at null: see reminder-due.ts); a last
 * service given without its reading counts its distance from the mileage now too, the best known.
 */
function storedFields(input: TReminderInputParsed, v: VehicleReading) {
  const lastDoneAt = input.last_done_at ?? null;
  const lastDoneKm = input.last_done_km ?? v.mileage;
  return {
    repairTypeId: input.repair_type_id ?? null,
    title: input.title || null,
    everyKm: input.every_km ?? null,
    everyMonths: input.every_months ?? null,
    recurring: input.recurring,
    lastDoneAt,
    lastDoneKm,
  };
}

async function viewOf(deps: RemindersDeps, parkId: string, row: ReminderRow, typeName: string | null, v: VehicleReading): Promise<TReminder> {
  return reminderView(row, typeName, v, await clock(deps, parkId));
}

export async function createReminder(deps: RemindersDeps, parkId: string, vehicleId: string, input: TReminderInputParsed): Promise<TReminder> {
  const v = await vehicleOf(deps, parkId, vehicleId);
  const typeName = await repairTypeName(deps.db, input.repair_type_id);
  const [row] = await deps.db
    .insert(serviceReminders)
    .values({ parkId, vehicleId, ...storedFields(input, v) })
    .returning();
  return viewOf(deps, parkId, row, typeName, v);
}

async function findReminder(db: Db, parkId: string, id: string): Promise<ReminderRow> {
  const [row] = await db
    .select()
    .from(serviceReminders)
    .where(and(eq(serviceReminders.id, id), eq(serviceReminders.parkId, parkId)))
    .limit(1);
  if (!row) throw new AppError('REMINDER_NOT_FOUND');
  return row;
}

/**
 * Replaces the reminder's fields. Its count keeps its start unless a last service is given; a
 * one-time reminder given a new last service is open again only if it is changed to recurring.
 */
export async function updateReminder(deps: RemindersDeps, parkId: string, id: string, input: TReminderInputParsed): Promise<TReminder> {
  const found = await findReminder(deps.db, parkId, id);
  const v = await vehicleOf(deps, parkId, found.vehicleId);
  const typeName = await repairTypeName(deps.db, input.repair_type_id);
  const fields = storedFields(input, v);
  const lastGiven = input.last_done_at != null || input.last_done_km != null;
  const [row] = await deps.db
    .update(serviceReminders)
    .set({
      ...fields,
      lastDoneAt: lastGiven ? fields.lastDoneAt : found.lastDoneAt,
      lastDoneKm: lastGiven ? fields.lastDoneKm : found.lastDoneKm,
      // A reminder made recurring falls due again; one made one-time stays as it was.
      doneAt: input.recurring ? null : found.doneAt,
      updatedAt: sql`now()`,
    })
    .where(and(eq(serviceReminders.id, id), eq(serviceReminders.parkId, parkId)))
    .returning();
  if (!row) throw new AppError('REMINDER_NOT_FOUND');
  return viewOf(deps, parkId, row, typeName, v);
}

export async function deleteReminder(deps: RemindersDeps, parkId: string, id: string): Promise<{ id: string }> {
  const [row] = await deps.db
    .delete(serviceReminders)
    .where(and(eq(serviceReminders.id, id), eq(serviceReminders.parkId, parkId)))
    .returning({ id: serviceReminders.id });
  if (!row) throw new AppError('REMINDER_NOT_FOUND');
  return row;
}
