import { and, eq, isNull } from 'drizzle-orm';
import { vehicleRecordLink, type TServiceUrgency } from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';
import { repairTypes } from '../maintenance/maintenance.tables.ts';
import { notifyHoldersNew, type HoldersCache } from '../notifications/notify.ts';
import { parkServiceSettings } from '../park/park.service.ts';
import { parkToday } from '../vehicles/vehicle-documents.service.ts';
import { vehicleReadings, type VehicleReading } from '../vehicles/vehicles.queries.ts';
import { reminderState, type ReminderState } from './reminder-due.ts';
import { ruleOf } from './reminders.service.ts';
import { serviceReminders } from './reminders.tables.ts';

/**
 * What the daily job tells about service reminders: for each open reminder of a vehicle in service
 * that is soon, due or overdue, the park's MANAGE_MAINTENANCE holders (and its owner) are told once
 * per reminder, due cycle and level. The cycle is the last time it was done ('service:<id>:<last
 * done>:<level>'): a finished maintenance starts a new one, so the next time it falls due is told too.
 */

const NBSP = '\u00a0';

/** 12/03/2026. */
export function frenchDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** 60 000 km, with a non-breaking space between thousands (U+00A0, as every French text here). */
export function frenchKm(km: number): string {
  return `${String(Math.abs(km)).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP)}${NBSP}km`;
}

const days = (n: number) => `${n}${NBSP}jour${n > 1 ? 's' : ''}`;

export function vehicleName(v: Pick<VehicleReading, 'label' | 'registrationNumber'>): string {
  return v.label ? `${v.label} (${v.registrationNumber})` : v.registrationNumber;
}

const TITLES: Record<Exclude<TServiceUrgency, 'ok'>, string> = {
  soon: 'Entretien à prévoir',
  due: 'Entretien à faire',
  overdue: 'Entretien en retard',
};

/** The notice's French title and body, from the reminder's state. */
export function serviceNotice(label: string, v: VehicleReading, s: ReminderState): { title: string; body: string } {
  const level = s.urgency === 'ok' ? 'soon' : s.urgency;
  const parts: string[] = [];
  if (s.date !== null && s.daysLeft !== null) {
    parts.push(
      s.daysLeft > 0 ? `le ${frenchDay(s.date)} (dans ${days(s.daysLeft)})` : s.daysLeft === 0 ? `aujourd'hui` : `le ${frenchDay(s.date)} (il y a ${days(-s.daysLeft)})`,
    );
  }
  if (s.km !== null) {
    const left = s.kmLeft;
    parts.push(
      left === null ? `à ${frenchKm(s.km)}` : left > 0 ? `à ${frenchKm(s.km)} (encore ${frenchKm(left)})` : left === 0 ? `à ${frenchKm(s.km)} (atteint)` : `à ${frenchKm(s.km)} (dépassé de ${frenchKm(left)})`,
    );
  }
  const when = parts.length ? `${NBSP}: échéance ${parts.join(' ou ')}` : '';
  return { title: `${TITLES[level]}${NBSP}: ${label}`, body: `${label} du véhicule ${vehicleName(v)}${when}.` };
}

export interface NoticeTally {
  /** Open reminders looked at. */
  checked: number;
  /** Notifications written. */
  notified: number;
  /** The profiles newly told, with what (titles and bodies), for the job's messages. */
  told: Map<string, { title: string; body: string; link: string | null }[]>;
  /** Who holds each permission in the park being run. */
  holders: HoldersCache;
}

export function tellTo(tally: NoticeTally, profileIds: string[], notice: { title: string; body: string; link: string | null }): void {
  tally.notified += profileIds.length;
  for (const id of profileIds) tally.told.set(id, [...(tally.told.get(id) ?? []), notice]);
}

/** One park's reminders at `now` (its today in its time zone). */
export async function noticeServiceReminders(db: Db, parkId: string, now: Date, tally: NoticeTally): Promise<void> {
  const park = await parkServiceSettings(db, parkId);
  const today = parkToday(park.timeZone, now);
  const rows = await db
    .select({ reminder: serviceReminders, typeName: repairTypes.name })
    .from(serviceReminders)
    .leftJoin(repairTypes, eq(repairTypes.id, serviceReminders.repairTypeId))
    .where(and(eq(serviceReminders.parkId, parkId), isNull(serviceReminders.doneAt)));
  if (rows.length === 0) return;
  const vehicles = await vehicleReadings(db, parkId, [...new Set(rows.map((r) => r.reminder.vehicleId))]);
  for (const { reminder: r, typeName } of rows) {
    const v = vehicles.get(r.vehicleId);
    // A vehicle out of service is not maintained: nobody is asked to act on it.
    if (!v || v.status === 'deactivated') continue;
    tally.checked += 1;
    const state = reminderState(ruleOf(r, park.timeZone), v, today, park);
    if (state.urgency === 'ok') continue;
    const notice = { ...serviceNotice(r.title ?? typeName ?? 'Entretien', v, state), link: vehicleRecordLink(v.id) };
    const told = await notifyHoldersNew(db, {
      parkId,
      permission: 'MANAGE_MAINTENANCE',
      kind: 'service_due',
      ...notice,
      dedupeKey: `service:${r.id}:${r.lastDoneAt ?? 'jamais'}:${state.urgency}`,
    }, tally.holders);
    tellTo(tally, told, notice);
  }
}
