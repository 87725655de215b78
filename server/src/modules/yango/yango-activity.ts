import { and, eq, sql } from 'drizzle-orm';
import { YANGO_ACTIVITY_CURRENCY, YANGO_BALANCE_PARTS, type TYangoActivity, type TYangoBalancePart } from '@flotte/contract/yango';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { fromWireDate, toWireDate } from '../../platform/dates.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { fromMinor } from '../../platform/money.ts';
import { balancePartOf } from './yango-categories.ts';
import { LruCache } from '../../platform/maps/lru-cache.ts';
import { credentialsOf } from './yango-credentials.ts';
import type { YangoDeps } from './yango.deps.ts';
import { yangoDriverLinks } from './yango.tables.ts';

/**
 * A linked driver's Yango activity over a period (issue 21 section 3, spec 001 section 2), read
 * from our copy (yango-sync.ts): the balance breakdown by transaction category (yango-categories.ts),
 * the time on completed orders, their count, price and mileage, beside what the park expected and
 * collected from him over the same days; and his Yango balance now, read live (null when Yango
 * doesn't answer: the screen never fails because Yango is down).
 */

/** A report's period: instants for the copied activity, park days for the recipes, wire dates for the answer. */
export interface ActivityPeriod {
  from: Date;
  to: Date;
  startDate: string;
  endDate: string;
  startDay: string;
  endDay: string;
}

/** The period asked, in the park's time zone; default the current month up to now. */
export function activityPeriod(q: { start_date?: string; end_date?: string }, timeZone: string, now: Date = new Date()): ActivityPeriod {
  const nowWire = toWireDate(now, timeZone);
  const startDate = q.start_date ?? `${(q.end_date ?? nowWire).slice(0, 8)}01T00:00:00`;
  const endDate = q.end_date ?? nowWire;
  const from = fromWireDate(startDate, timeZone, 'start_date');
  const to = fromWireDate(endDate, timeZone, 'end_date');
  if (to.getTime() < from.getTime()) throw fieldError('end_date', 'La date de fin doit être postérieure ou égale à la date de début');
  return { from, to, startDate, endDate, startDay: startDate.slice(0, 10), endDay: endDate.slice(0, 10) };
}

/** The currency most of the rows are in (Yango pays a park in one), else XOF as the spec says. */
export function mainCurrency(rows: { currency: string; n: number | string }[]): string {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.currency, (counts.get(r.currency) ?? 0) + Number(r.n));
  let best: string | null = null;
  for (const [c, n] of counts) if (best === null || n > counts.get(best)!) best = c;
  return best ?? YANGO_ACTIVITY_CURRENCY;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The park's link by Yango id or by driver id; another park's is never found. */
async function linkOf(deps: YangoDeps, parkId: string, by: { yangoId: string } | { driverId: string }) {
  if ('driverId' in by && !UUID.test(by.driverId)) throw new AppError('YANGO_DRIVER_NOT_LINKED');
  const [link] = await deps.db
    .select({ driverId: yangoDriverLinks.driverId, yangoId: yangoDriverLinks.yangoId, syncedAt: yangoDriverLinks.syncedAt, syncError: yangoDriverLinks.syncError })
    .from(yangoDriverLinks)
    .where(and(eq(yangoDriverLinks.parkId, parkId), 'driverId' in by ? eq(yangoDriverLinks.driverId, by.driverId) : eq(yangoDriverLinks.yangoId, by.yangoId)));
  if (!link) throw new AppError('YANGO_DRIVER_NOT_LINKED');
  return link;
}

/**
 * His Yango balance is asked of Yango live, but kept a minute (a person flipping periods asks once)
 * and waited for at most BALANCE_DEADLINE_MS: in live mode the request queues behind the sync's
 * paced requests for the same park, and the screen must not wait for a pass to end. A late answer
 * still fills the cache for the next read.
 */
export const BALANCE_TTL_MS = 60_000;
export const BALANCE_DEADLINE_MS = 3_000;
type LiveBalance = TYangoActivity['yango_balance'];
const balances = new LruCache<Promise<LiveBalance>>(2000, BALANCE_TTL_MS);

/** Drops the kept balances (a park's credentials changed; tests). */
export function forgetLiveBalances(): void {
  balances.clear();
}

async function askBalance(deps: YangoDeps, parkId: string, yangoId: string): Promise<LiveBalance> {
  try {
    const creds = await credentialsOf(deps, parkId);
    const page = await (await deps.api.client()).listDriverProfiles(creds, { ids: [yangoId], limit: 1, offset: 0 });
    const account = page.profiles.find((p) => p.id === yangoId)?.account;
    if (!account) return null;
    return { balance: fromMinor(account.balance, account.currency), balance_limit: fromMinor(account.balanceLimit, account.currency), currency: account.currency };
  } catch (err) {
    deps.log?.warn({ err, parkId, yangoId }, 'yango live balance unavailable');
    return null;
  }
}

/** His Yango balance now, or null when Yango (or the connection) fails or is slow. */
async function liveBalance(deps: YangoDeps, parkId: string, yangoId: string): Promise<LiveBalance> {
  const key = `${parkId}:${yangoId}`;
  let asked = balances.get(key);
  if (!asked) {
    asked = askBalance(deps, parkId, yangoId);
    balances.set(key, asked);
    // A failure is not kept: the next read asks again.
    void asked.then((b) => {
      if (b === null) balances.delete(key);
    });
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), BALANCE_DEADLINE_MS);
  });
  try {
    return await Promise.race([asked, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What the park expected and collected from a driver (recipes, not deleted) for the work of some
 * park days, in minor units: by the period a recipe pays for, not the day it was collected (a
 * Yango recipe collected at 09:00 pays for the day before). `day >= start` keeps it an index range.
 */
async function recipeTotals(deps: YangoDeps, parkId: string, driverId: string, p: ActivityPeriod): Promise<{ expected: number; collected: number }> {
  const { rows } = await deps.db.execute<{ expected: string; collected: string }>(sql`
    select coalesce(sum(objective), 0)::bigint as expected, coalesce(sum(collected), 0)::bigint as collected
      from recipes
     where driver_id = ${driverId} and park_id = ${parkId} and day >= ${p.startDay}::date and period_start between ${p.startDay}::date and ${p.endDay}::date
       and deleted_at is null and kind in ('expected', 'unscheduled')`);
  return { expected: Number(rows[0]?.expected ?? 0), collected: Number(rows[0]?.collected ?? 0) };
}

/** GET /yango/yango-transaction/:yango_id and /yango/activity/:driver_id. */
export async function yangoActivity(
  deps: YangoDeps,
  actor: ActingProfile,
  by: { yangoId: string } | { driverId: string },
  q: { start_date?: string; end_date?: string },
  now: Date = new Date(),
): Promise<TYangoActivity> {
  const { timeZone, currency: parkCurrency } = actor.park;
  const parkId = actor.parkId;
  const p = activityPeriod(q, timeZone, now);
  const link = await linkOf(deps, parkId, by);

  const [tx, orders, recipes, balance] = await Promise.all([
    deps.db.execute<{ category_id: string; currency: string; amount: string; n: string }>(sql`
      select category_id, currency, sum(amount)::bigint as amount, count(*)::int as n
        from yango_transactions
       where driver_id = ${link.driverId} and park_id = ${parkId} and event_at >= ${p.from.toISOString()}::timestamptz and event_at <= ${p.to.toISOString()}::timestamptz
       group by category_id, currency`),
    deps.db.execute<{ currency: string; n: string; price: string; mileage_m: string; seconds: string }>(sql`
      select currency, count(*)::int as n, coalesce(sum(price), 0)::bigint as price, coalesce(sum(mileage_m), 0)::bigint as mileage_m,
             coalesce(sum(greatest(0, extract(epoch from (ended_at - booked_at)))) filter (where booked_at is not null), 0)::bigint as seconds
        from yango_orders
       where driver_id = ${link.driverId} and park_id = ${parkId} and status = 'complete'
         and ended_at >= ${p.from.toISOString()}::timestamptz and ended_at <= ${p.to.toISOString()}::timestamptz
       group by currency`),
    recipeTotals(deps, parkId, link.driverId, p),
    liveBalance(deps, parkId, link.yangoId),
  ]);

  const currency = mainCurrency(tx.rows.length ? tx.rows : orders.rows);
  const parts = Object.fromEntries(YANGO_BALANCE_PARTS.map((k) => [k, 0])) as Record<TYangoBalancePart, number>;
  for (const r of tx.rows) {
    const part = balancePartOf(r.category_id);
    if (part && r.currency === currency) parts[part] += Number(r.amount);
  }
  const total = YANGO_BALANCE_PARTS.reduce((s, k) => s + parts[k], 0);
  const o = { n: 0, price: 0, mileageM: 0, seconds: 0 };
  for (const r of orders.rows) {
    o.n += Number(r.n);
    o.mileageM += Number(r.mileage_m);
    o.seconds += Number(r.seconds);
    if (r.currency === currency) o.price += Number(r.price);
  }
  const money = (minor: number) => fromMinor(minor, currency);
  return {
    yango_id: link.yangoId,
    driver_id: link.driverId,
    currency,
    start_date: p.startDate,
    end_date: p.endDate,
    balance: { total: money(total), ...(Object.fromEntries(YANGO_BALANCE_PARTS.map((k) => [k, money(parts[k])])) as Record<TYangoBalancePart, number>) },
    work_time: { seconds: o.seconds, mph: o.seconds > 0 ? money(Math.round((total * 3600) / o.seconds)) : 0 },
    orders: { count_completed: o.n, price: money(o.price), mileage: Math.round(o.mileageM / 100) / 10 },
    recipes: { currency: parkCurrency, expected: fromMinor(recipes.expected, parkCurrency), collected: fromMinor(recipes.collected, parkCurrency) },
    yango_balance: balance,
    synced_at: link.syncedAt ? toWireDate(link.syncedAt, timeZone) : null,
    sync_error: link.syncError,
  };
}
