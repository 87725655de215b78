import type {
  TDriverMe,
  TDriverNotifications,
  TDriverOwed,
  TDriverPaid,
  TDriverPlanning,
  TDriverSalaries,
  TDriverToday,
  TPlanningEntry,
} from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { fromMinor } from '../../platform/money.ts';
import { imageLink, type FilesDeps } from '../files/files.service.ts';
import { addDays } from '../planning/planning-days.ts';
import { driverProgram } from '../planning/planning.service.ts';
import { recipeHistory } from '../recipes/recipes.queries.ts';
import { unpaidHistory } from '../recipes/unpaid-history.ts';
import { overlappingPayments } from '../salary/salary-sources.ts';
import { markNotificationsRead, myDriver, notificationsOf, type MyDriverRow } from './driver-space.queries.ts';

/**
 * The driver's own space (issue 22 section 2). Every read starts from the driver the signed-in
 * account is in the acting park (`me`), never from an id the request names, so a driver reads
 * only himself; the other modules' reads are called with his own driver id.
 */

export interface DriverSpaceDeps {
  db: Db;
  files: Pick<FilesDeps, 'signingKey'>;
  /** The clock, replaceable in tests. */
  now?: () => Date;
}

/** How many recipes a page of his lists holds. */
export const DRIVER_PAGE_SIZE = 20;

export interface Me {
  acting: ActingProfile;
  driver: MyDriverRow;
}

/** The driver the caller is in the acting park; closed (403) when the park deactivated or deleted him or changed his phone. */
export async function me(deps: DriverSpaceDeps, acting: ActingProfile, userId: string): Promise<Me> {
  const driver = await myDriver(deps.db, acting.parkId, userId);
  if (!driver) throw new AppError('FORBIDDEN');
  return { acting, driver };
}

function today(deps: DriverSpaceDeps, timeZone: string): string {
  return toWireDate(deps.now?.() ?? new Date(), timeZone).slice(0, 10);
}

export function profileOf(deps: DriverSpaceDeps, { driver }: Me): TDriverMe {
  return {
    id: driver.id,
    first_name: driver.firstName,
    last_name: driver.lastName,
    phone: driver.phone,
    email: driver.email,
    image: imageLink(deps.files, driver.image),
    status: driver.blockedAt ? 'suspended' : 'active',
    park: { id: driver.park.id, name: driver.park.name, currency: driver.park.currency, time_zone: driver.park.timeZone, logo: imageLink(deps.files, driver.park.logo) },
  };
}

/** His confirmed planning entries from `start` to `end` (maintenance entries are the park's, not his). */
async function entriesBetween(deps: DriverSpaceDeps, m: Me, start: string, end: string): Promise<TPlanningEntry[]> {
  const all = await driverProgram({ db: deps.db, files: deps.files, now: deps.now }, m.acting, m.driver.id, { start_date: start, end_date: end });
  return all.filter((e): e is TPlanningEntry => e.type === 'planning' && e.date >= start && e.date <= end);
}

export async function todayOf(deps: DriverSpaceDeps, m: Me): Promise<TDriverToday> {
  const day = today(deps, m.acting.park.timeZone);
  return { date: day, entries: await entriesBetween(deps, m, day, day) };
}

export async function planningOf(deps: DriverSpaceDeps, m: Me, days: number): Promise<TDriverPlanning> {
  const start = today(deps, m.acting.park.timeZone);
  const end = addDays(start, days - 1);
  return { start_date: start, end_date: end, entries: await entriesBetween(deps, m, start, end) };
}

/** What he owes: his unpaid recipes of every kind (expected, unscheduled, debts, contract instalments). */
export function owedBy(deps: DriverSpaceDeps, m: Me, page: number): Promise<TDriverOwed> {
  return unpaidHistory(deps, m.acting, { driver_id: m.driver.id, page, itemPerPage: DRIVER_PAGE_SIZE });
}

/** What he paid: his fully paid recipes with their payments. */
export function paidBy(deps: DriverSpaceDeps, m: Me, page: number): Promise<TDriverPaid> {
  return recipeHistory(deps, m.acting, { driver_id: m.driver.id, status: 'paid', page, itemPerPage: DRIVER_PAGE_SIZE });
}

/** His salary statements, latest period first. */
export async function salariesOf(deps: DriverSpaceDeps, m: Me): Promise<TDriverSalaries> {
  const { currency, timeZone } = m.acting.park;
  const rows = await overlappingPayments(deps.db, m.acting.parkId, m.driver.id, { from: '0001-01-01', to: '9999-12-31', endInstant: new Date(8.64e15) });
  return rows.reverse().map((r) => ({
    id: r.id,
    start_date: r.period_start,
    end_date: r.period_end,
    gross: fromMinor(r.gross, currency),
    penalties: fromMinor(r.penalties, currency),
    net: fromMinor(r.net, currency),
    payment_type: r.payment_type,
    reason: r.reason,
    fund_movement_id: r.fund_movement_id,
    created_at: toWireDate(r.created_at, timeZone),
  }));
}

export async function notificationsFor(deps: DriverSpaceDeps, m: Me): Promise<TDriverNotifications> {
  const { items, unread } = await notificationsOf(deps.db, m.acting.parkId, m.driver.id);
  const tz = m.acting.park.timeZone;
  return {
    items: items.map((n) => ({ id: n.id, title: n.title, body: n.body, created_at: toWireDate(n.createdAt, tz), read_at: n.readAt ? toWireDate(n.readAt, tz) : null })),
    unread,
  };
}

export async function markRead(deps: DriverSpaceDeps, m: Me, ids?: string[]): Promise<{ marked: number }> {
  return { marked: await markNotificationsRead(deps.db, m.acting.parkId, m.driver.id, ids?.map((id) => id.toLowerCase())) };
}
