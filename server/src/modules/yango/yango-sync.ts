import { and, eq, sql } from 'drizzle-orm';
import { YangoApiError, type YangoClient, type YangoCredentials, type YangoCursorPage, type YangoOrder, type YangoTransaction } from '../../integrations/yango/yango.types.ts';
import type { ScheduledJob } from '../../platform/jobs.ts';
import { AppError } from '../../platform/errors.ts';
import { credentialsOf } from './yango-credentials.ts';
import type { YangoDeps } from './yango.deps.ts';
import { yangoConnections, yangoDriverLinks } from './yango.tables.ts';

/**
 * The Yango sync (issue 21 section 3): copies linked drivers' Yango transactions and orders into
 * yango_transactions and yango_orders, so the screens, the dashboard and the recipe job read our
 * copy instead of calling Yango on every request.
 *
 * Incremental per driver and per stream (transactions by event_at, orders by ended_at): a pass
 * asks from the stream's watermark minus OVERLAP_MS (late events), or FIRST_SYNC_DAYS back the
 * first time, up to the pass's `now`, page by page. Each page is inserted `on conflict do nothing`
 * on (park_id, yango id), so a page read twice copies nothing twice. After each page the next
 * cursor is saved with the pass's window (`{c, from, to}` as JSON in tx_cursor / orders_cursor):
 * a pass that stops (the park's request budget spent, Yango refused or down) resumes from that
 * page at the next run, over the same window. A finished pass sets the watermark to its `to` and
 * clears the cursor.
 *
 * Each run gives a park REQUESTS_PER_PARK requests, drivers least recently synced first, so a run
 * ends and every driver gets his turn. A 401/403 marks the connection 'failing' (the settings card
 * says so) and ends that park's pass; a failing connection is tried again after RETRY_FAILING_MS.
 * The client paces per credentials itself. Two passes of one driver at once (the job and a
 * collection's sync) are harmless: the inserts are idempotent and the watermark only moves forward.
 */

export const OVERLAP_MS = 15 * 60_000;
export const FIRST_SYNC_DAYS = 90;
export const TX_PAGE = 1000;
export const ORDERS_PAGE = 500;
export const REQUESTS_PER_PARK = 120;
const RETRY_FAILING_MS = 60 * 60_000;
const PARKS_AT_ONCE = 4;

/** What the driver's detail shows when his last sync failed (short, French). */
export const SYNC_ERRORS = {
  refused: 'Yango a refusé les identifiants du parc',
  unavailable: 'Yango ne répond pas, nouvel essai au prochain passage',
  failed: 'La synchronisation Yango a échoué, nouvel essai au prochain passage',
} as const;

/** Requests left to a park's pass; shared by its drivers. */
export interface SyncBudget {
  left: number;
}

export interface DriverSyncResult {
  transactions: number;
  orders: number;
  /** Both streams copied up to `now` (false: budget spent or Yango failed; the next run resumes). */
  complete: boolean;
}

export interface YangoSyncRunResult {
  parks: number;
  drivers: number;
  transactions: number;
  orders: number;
  requests: number;
  incomplete: number;
  failing_parks: number;
}

interface SavedCursor {
  c: string;
  from: string;
  to: string;
}

interface LinkRow {
  driverId: string;
  parkId: string;
  yangoId: string;
  txSyncedTo: Date | null;
  txCursor: string | null;
  ordersSyncedTo: Date | null;
  ordersCursor: string | null;
}

/** Why a pass stopped early (the park's budget spent, Yango refused, down, or failed otherwise). */
class PassStopped extends Error {
  constructor(
    readonly reason: 'budget' | 'refused' | 'unavailable' | 'failed',
    override readonly cause?: unknown,
  ) {
    super(reason);
  }
}

function readCursor(raw: string | null): SavedCursor | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as SavedCursor;
    return typeof v.c === 'string' && typeof v.from === 'string' && typeof v.to === 'string' ? v : null;
  } catch {
    return null;
  }
}

interface Stream<T> {
  syncedTo: Date | null;
  cursor: string | null;
  page(cursor: string | null, from: Date, to: Date): Promise<YangoCursorPage<T>>;
  store(items: T[]): Promise<number>;
  saveCursor(value: string | null, syncedTo?: Date): Promise<void>;
}

/** One stream's pass: from its saved cursor or its watermark, page by page, within the budget. */
async function passOf<T>(s: Stream<T>, now: Date, budget: SyncBudget): Promise<{ copied: number; complete: boolean }> {
  const saved = readCursor(s.cursor);
  const from = saved ? new Date(saved.from) : s.syncedTo ? new Date(s.syncedTo.getTime() - OVERLAP_MS) : new Date(now.getTime() - FIRST_SYNC_DAYS * 86_400_000);
  const to = saved ? new Date(saved.to) : now;
  let cursor = saved?.c ?? null;
  let copied = 0;
  // A run whose clock is behind the last pass's (another server's): nothing new to ask.
  if (!saved && from.getTime() >= to.getTime()) return { copied, complete: true };
  for (;;) {
    if (budget.left <= 0) return { copied, complete: false };
    budget.left -= 1;
    let page: YangoCursorPage<T>;
    try {
      page = await s.page(cursor, from, to);
    } catch (err) {
      // A cursor Yango no longer takes (expired, malformed): the next pass starts the window again
      // from the watermark; the idempotent inserts make the re-read harmless.
      if (cursor && err instanceof YangoApiError && !err.transient && err.status !== 401 && err.status !== 403) await s.saveCursor(null);
      throw err;
    }
    copied += await s.store(page.items);
    const next = page.cursor && page.items.length > 0 ? page.cursor : null;
    if (!next) {
      await s.saveCursor(null, to);
      return { copied, complete: true };
    }
    cursor = next;
    await s.saveCursor(JSON.stringify({ c: next, from: from.toISOString(), to: to.toISOString() } satisfies SavedCursor));
  }
}

/** Inserts a page of transactions, each with the vehicle the driver drove then. Answers the rows new to our copy. */
async function storeTransactions(deps: YangoDeps, link: LinkRow, timeZone: string, items: YangoTransaction[]): Promise<number> {
  if (items.length === 0) return 0;
  const { rows } = await deps.db.execute<{ n: number }>(sql`
    with t as (
      select * from unnest(${sql.param(items.map((i) => i.id))}::text[], ${sql.param(items.map((i) => i.eventAt.toISOString()))}::timestamptz[],
                           ${sql.param(items.map((i) => i.categoryId))}::text[], ${sql.param(items.map((i) => i.categoryName))}::text[],
                           ${sql.param(items.map((i) => i.amount))}::bigint[], ${sql.param(items.map((i) => i.currency))}::text[],
                           ${sql.param(items.map((i) => i.description))}::text[])
        as t(id, event_at, category_id, category_name, amount, currency, description)
    ),
    principal as (
      select vc.vehicle_id from vehicle_config_drivers vc join vehicles v on v.id = vc.vehicle_id
       where vc.driver_id = ${link.driverId} and vc.park_id = ${link.parkId}
       order by (v.status = 'deactivated'), vc.position, v.created_at limit 1
    ),
    ins as (
      insert into yango_transactions (park_id, yango_tx_id, driver_id, event_at, category_id, category_name, amount, currency, description, vehicle_id)
      select ${link.parkId}, t.id, ${link.driverId}, t.event_at, t.category_id, t.category_name, t.amount, t.currency, t.description,
             coalesce(
               (select e.vehicle_id from planning_entries e
                 where e.driver_id = ${link.driverId} and e.park_id = ${link.parkId}
                   and e.day between (t.event_at at time zone ${timeZone})::date - 1 and (t.event_at at time zone ${timeZone})::date
                   and ((e.starts_at <= t.event_at and e.ends_at > t.event_at) or e.day = (t.event_at at time zone ${timeZone})::date)
                 order by (e.starts_at <= t.event_at and e.ends_at > t.event_at) desc, (e.day = (t.event_at at time zone ${timeZone})::date) desc, e.starts_at
                 limit 1),
               (select vehicle_id from principal))
        from t
      on conflict do nothing
      returning 1
    )
    select count(*)::int as n from ins`);
  return Number(rows[0]?.n ?? 0);
}

/** Inserts a page of orders, each with the park's vehicle of its plate (spaces, dashes, dots and case aside). */
async function storeOrders(deps: YangoDeps, link: LinkRow, items: YangoOrder[]): Promise<number> {
  if (items.length === 0) return 0;
  const { rows } = await deps.db.execute<{ n: number }>(sql`
    with o as (
      select * from unnest(${sql.param(items.map((i) => i.id))}::text[], ${sql.param(items.map((i) => i.shortId))}::text[], ${sql.param(items.map((i) => i.status))}::text[],
                           ${sql.param(items.map((i) => i.bookedAt?.toISOString() ?? null))}::timestamptz[], ${sql.param(items.map((i) => i.endedAt?.toISOString() ?? null))}::timestamptz[],
                           ${sql.param(items.map((i) => i.price))}::bigint[], ${sql.param(items.map((i) => i.currency))}::text[], ${sql.param(items.map((i) => i.mileageM))}::int[],
                           ${sql.param(items.map((i) => i.paymentMethod))}::text[], ${sql.param(items.map((i) => i.category))}::text[], ${sql.param(items.map((i) => i.carNumber))}::text[])
        as o(id, short_id, status, booked_at, ended_at, price, currency, mileage_m, payment_method, category, car_number)
    ),
    v as (
      select distinct on (plate) id, plate from (
        select id, created_at, upper(regexp_replace(registration_number, '[\\s.-]', '', 'g')) as plate from vehicles where park_id = ${link.parkId}
      ) x order by plate, created_at
    ),
    ins as (
      insert into yango_orders (park_id, yango_order_id, driver_id, short_id, status, booked_at, ended_at, price, currency, mileage_m, payment_method, category, car_number, vehicle_id)
      select ${link.parkId}, o.id, ${link.driverId}, o.short_id, o.status, o.booked_at, o.ended_at, o.price, o.currency, o.mileage_m, o.payment_method, o.category, o.car_number, v.id
        from o left join v on v.plate = upper(regexp_replace(o.car_number, '[\\s.-]', '', 'g'))
      on conflict do nothing
      returning 1
    )
    select count(*)::int as n from ins`);
  return Number(rows[0]?.n ?? 0);
}

async function saveLink(deps: YangoDeps, driverId: string, set: Partial<typeof yangoDriverLinks.$inferInsert>): Promise<void> {
  await deps.db.update(yangoDriverLinks).set(set).where(eq(yangoDriverLinks.driverId, driverId));
}

/** One driver's pass over both streams; throws PassStopped when it could not finish. */
async function syncLink(deps: YangoDeps, client: YangoClient, creds: YangoCredentials, timeZone: string, link: LinkRow, now: Date, budget: SyncBudget): Promise<DriverSyncResult> {
  const call = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof YangoApiError) throw new PassStopped(err.status === 401 || err.status === 403 ? 'refused' : err.transient ? 'unavailable' : 'failed', err);
      throw new PassStopped('failed', err);
    }
  };
  const tx = await passOf<YangoTransaction>(
    {
      syncedTo: link.txSyncedTo,
      cursor: link.txCursor,
      page: (cursor, from, to) => call(() => client.listDriverTransactions(creds, { driverProfileId: link.yangoId, from, to, limit: TX_PAGE, cursor })),
      store: (items) => storeTransactions(deps, link, timeZone, items),
      saveCursor: (value, syncedTo) => saveLink(deps, link.driverId, syncedTo ? { txCursor: value, txSyncedTo: syncedTo } : { txCursor: value }),
    },
    now,
    budget,
  );
  const orders = await passOf<YangoOrder>(
    {
      syncedTo: link.ordersSyncedTo,
      cursor: link.ordersCursor,
      page: (cursor, from, to) => call(() => client.listOrders(creds, { driverProfileId: link.yangoId, from, to, limit: ORDERS_PAGE, cursor })),
      store: (items) => storeOrders(deps, link, items),
      saveCursor: (value, syncedTo) => saveLink(deps, link.driverId, syncedTo ? { ordersCursor: value, ordersSyncedTo: syncedTo } : { ordersCursor: value }),
    },
    now,
    budget,
  );
  return { transactions: tx.copied, orders: orders.copied, complete: tx.complete && orders.complete };
}

/** Records the end of a driver's pass: when, and why it stopped if it failed. */
async function recordOutcome(deps: YangoDeps, parkId: string, driverId: string, now: Date, stopped: PassStopped | null): Promise<void> {
  const error = stopped && stopped.reason !== 'budget' ? SYNC_ERRORS[stopped.reason] : null;
  await saveLink(deps, driverId, { syncedAt: now, syncError: error });
  if (stopped?.reason === 'refused') {
    await deps.db
      .update(yangoConnections)
      .set({ status: 'failing', lastError: 'Yango a refusé ces identifiants\u00a0: vérifiez le Client ID, la clé API et l’identifiant du parc', checkedAt: now })
      .where(eq(yangoConnections.parkId, parkId));
  } else if (!stopped) {
    // A call went through: a connection marked failing works again.
    await deps.db.update(yangoConnections).set({ status: 'ok', lastError: null, checkedAt: now }).where(and(eq(yangoConnections.parkId, parkId), eq(yangoConnections.status, 'failing')));
  }
  if (stopped && stopped.reason !== 'budget') deps.log?.warn({ err: stopped.cause, parkId, driverId, reason: stopped.reason }, 'yango sync stopped');
}

async function parkTimeZone(deps: YangoDeps, parkId: string): Promise<string> {
  const { rows } = await deps.db.execute<{ time_zone: string }>(sql`select time_zone from parks where id = ${parkId}`);
  return rows[0]?.time_zone ?? 'Africa/Douala';
}

const linkColumns = {
  driverId: yangoDriverLinks.driverId,
  parkId: yangoDriverLinks.parkId,
  yangoId: yangoDriverLinks.yangoId,
  txSyncedTo: yangoDriverLinks.txSyncedTo,
  txCursor: yangoDriverLinks.txCursor,
  ordersSyncedTo: yangoDriverLinks.ordersSyncedTo,
  ordersCursor: yangoDriverLinks.ordersCursor,
};

/**
 * Copies one linked driver's Yango activity up to `now` (the recipe job calls it before reading a
 * yango_recipe objective). YANGO_DRIVER_NOT_LINKED / YANGO_NOT_CONNECTED when there is nothing to
 * sync; a Yango failure is recorded on the link (and a refusal on the connection) and answered as
 * `complete: false`, never thrown. `budget` caps the requests (default REQUESTS_PER_PARK).
 */
export async function syncYangoDriver(
  deps: YangoDeps,
  parkId: string,
  driverId: string,
  now: Date = new Date(),
  budget: SyncBudget = { left: REQUESTS_PER_PARK },
): Promise<DriverSyncResult> {
  const [link] = await deps.db
    .select(linkColumns)
    .from(yangoDriverLinks)
    .where(and(eq(yangoDriverLinks.parkId, parkId), eq(yangoDriverLinks.driverId, driverId)));
  if (!link) throw new AppError('YANGO_DRIVER_NOT_LINKED');
  const creds = await credentialsOf(deps, parkId);
  const [client, timeZone] = await Promise.all([deps.api.client(), parkTimeZone(deps, parkId)]);
  return runLink(deps, client, creds, timeZone, link, now, budget).then((r) => r.result);
}

async function runLink(
  deps: YangoDeps,
  client: YangoClient,
  creds: YangoCredentials,
  timeZone: string,
  link: LinkRow,
  now: Date,
  budget: SyncBudget,
): Promise<{ result: DriverSyncResult; stopped: PassStopped | null }> {
  let result: DriverSyncResult = { transactions: 0, orders: 0, complete: false };
  let stopped: PassStopped | null = null;
  try {
    result = await syncLink(deps, client, creds, timeZone, link, now, budget);
    if (!result.complete) stopped = new PassStopped('budget');
  } catch (err) {
    if (!(err instanceof PassStopped)) throw err;
    stopped = err;
  }
  await recordOutcome(deps, link.parkId, link.driverId, now, stopped);
  return { result, stopped };
}

/** One park's pass: its drivers least recently synced first, within the park's request budget. */
async function syncPark(deps: YangoDeps, client: YangoClient, parkId: string, now: Date, total: YangoSyncRunResult): Promise<void> {
  let creds: YangoCredentials;
  try {
    creds = await credentialsOf(deps, parkId);
  } catch {
    return; // no connection, or a key that no longer opens: the owner enters it again
  }
  const timeZone = await parkTimeZone(deps, parkId);
  const budget: SyncBudget = { left: REQUESTS_PER_PARK };
  const links = await deps.db
    .select(linkColumns)
    .from(yangoDriverLinks)
    .where(eq(yangoDriverLinks.parkId, parkId))
    .orderBy(sql`${yangoDriverLinks.syncedAt} asc nulls first`)
    .limit(REQUESTS_PER_PARK);
  total.parks += 1;
  const before = budget.left;
  for (const link of links) {
    if (budget.left <= 0) break;
    const { result, stopped } = await runLink(deps, client, creds, timeZone, link, now, budget);
    total.drivers += 1;
    total.transactions += result.transactions;
    total.orders += result.orders;
    if (!result.complete) total.incomplete += 1;
    if (stopped && stopped.reason !== 'budget') {
      if (stopped.reason === 'refused') total.failing_parks += 1;
      // Refused or down: the park's other drivers would fail alike; next run.
      if (stopped.reason !== 'failed') break;
    }
  }
  total.requests += before - budget.left;
}

/** Every connected park's pass (see the header); parks side by side, a few at a time. */
export async function runYangoSync(deps: YangoDeps, now: Date = new Date()): Promise<YangoSyncRunResult> {
  const total: YangoSyncRunResult = { parks: 0, drivers: 0, transactions: 0, orders: 0, requests: 0, incomplete: 0, failing_parks: 0 };
  const { rows } = await deps.db.execute<{ park_id: string }>(sql`
    select c.park_id from yango_connections c
     where (c.status = 'ok' or c.checked_at is null or c.checked_at < ${new Date(now.getTime() - RETRY_FAILING_MS).toISOString()}::timestamptz)
       and exists (select 1 from yango_driver_links l where l.park_id = c.park_id)`);
  if (rows.length === 0) return total;
  const client = await deps.api.client();
  const queue = rows.map((r) => r.park_id);
  const worker = async () => {
    for (let parkId = queue.shift(); parkId; parkId = queue.shift()) await syncPark(deps, client, parkId, now, total);
  };
  await Promise.all(Array.from({ length: Math.min(PARKS_AT_ONCE, queue.length) }, worker));
  return total;
}

/** pg-boss runs it every 5 minutes on one instance at a time (two at once would only re-read pages). */
export function yangoSyncJob(deps: YangoDeps): ScheduledJob {
  return { name: 'yango-sync', cron: '*/5 * * * *', pollSeconds: 30, run: () => runYangoSync(deps) };
}
