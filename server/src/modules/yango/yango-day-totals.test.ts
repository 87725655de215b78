import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TYangoReconciliation } from '@flotte/contract/yango';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { fromWireDate, toWireDate } from '../../platform/dates.ts';
import { parks } from '../access/access.tables.ts';
import { insertVehicle } from '../drivers/driver-test-helpers.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { as } from '../operations/operations-test-helpers.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import { balancePartOf, REVENUE_CATEGORY_IDS, REVENUE_CATEGORY_PREFIXES } from './yango-categories.ts';
import { revenuePieces } from './yango-reconciliation.ts';
import { yangoDayTotals, yangoTransactions } from './yango.tables.ts';

/**
 * The Yango day totals (migration 0021): the SQL yango_balance_part says what balancePartOf says;
 * the triggers keep yango_day_totals equal to the sums of the rows through sync-like inserts (`on
 * conflict do nothing` re-reads counted once), a vehicle's deletion and deletes; and the
 * reconciliation read from them equals a raw sum of the rows over random periods.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const PARTS = ['cash_collected', 'platform_card', 'platform_corporate', 'platform_tip', 'platform_promotion', 'platform_bonus', 'platform_fees'] as const;

describe('yango_balance_part', () => {
  it('maps every category as balancePartOf does', async () => {
    const ids = [
      ...REVENUE_CATEGORY_IDS,
      ...REVENUE_CATEGORY_IDS.map((id) => ` ${id.toUpperCase()} `),
      ...REVENUE_CATEGORY_PREFIXES,
      ...REVENUE_CATEGORY_PREFIXES.flatMap((p) => [`${p}_weekly`, `${p}x`, `${p.toUpperCase()}_Rush`]),
      'partner_service_manual',
      'payout',
      'transfer',
      'cash',
      'cards',
      'platform',
      'platform_ride',
      'platformXbonus',
      'promo',
      'partner_ride',
      'yango_debit',
      '',
    ];
    const { rows } = await ctx.database.db.execute<{ id: string; part: string | null }>(
      sql`select id, yango_balance_part(id) as part from unnest(${sql.param(ids)}::text[]) as id`,
    );
    expect(rows.map((r) => [r.id, r.part])).toEqual(ids.map((id) => [id, balancePartOf(id)]));
    expect(rows.filter((r) => r.part === null).length).toBeGreaterThan(5);
  });
});

interface Tx {
  id: string;
  driverId: string;
  vehicleId: string | null;
  eventAt: Date;
  categoryId: string;
  amount: number;
  currency: string;
}

const CATEGORIES = ['cash_collected', 'platform_ride_card', 'platform_ride_fee', 'platform_ride_tips', 'promotion_rush', 'platform_bonus', 'platform_ride_corp', 'partner_service_manual', 'payout'];

async function park(timeZone: string) {
  const fx = await ctx.createPark({ name: 'Parc Totaux Yango' });
  await ctx.database.db.update(parks).set({ timeZone }).where(eq(parks.id, fx.park.id));
  const owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  const driverIds: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const phone = `+2376${(randomBytes(4).readUInt32BE(0) % 100_000_000).toString().padStart(8, '0')}`;
    const [d] = await ctx.database.db.insert(drivers).values({ parkId: fx.park.id, firstName: 'Awa', lastName: 'Diallo', phone }).returning({ id: drivers.id });
    driverIds.push(d.id);
  }
  const vehicleIds: string[] = [];
  for (let i = 0; i < 3; i += 1) vehicleIds.push(await insertVehicle(ctx.database.db, fx.park.id, { registration: `YT-${randomBytes(3).toString('hex')}-${i}` }));
  return { parkId: fx.park.id, owner, driverIds, vehicleIds, timeZone };
}

/** A deterministic pseudo-random sequence (the failures replay). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

function randomTxs(n: number, p: { driverIds: string[]; vehicleIds: string[] }, start: Date, days: number, rand: () => number, prefix: string): Tx[] {
  const out: Tx[] = [];
  for (let i = 0; i < n; i += 1) {
    // On a 15-minute grid, so that period bounds often fall on a transaction (and on midnight).
    const eventAt = new Date(start.getTime() + Math.floor(rand() * days * 96) * 900_000);
    const categoryId = CATEGORIES[Math.floor(rand() * CATEGORIES.length)];
    const amount = (categoryId === 'platform_ride_fee' ? -1 : 1) * (100 + Math.floor(rand() * 50) * 100);
    out.push({
      id: `${prefix}-${i}`,
      driverId: p.driverIds[Math.floor(rand() * p.driverIds.length)],
      vehicleId: rand() < 0.2 ? null : p.vehicleIds[Math.floor(rand() * p.vehicleIds.length)],
      eventAt,
      categoryId,
      amount,
      currency: rand() < 0.05 ? 'EUR' : 'XOF',
    });
  }
  return out;
}

/** As the sync writes a page: one statement, `on conflict do nothing`. */
async function insertPage(parkId: string, txs: Tx[]) {
  if (!txs.length) return;
  await ctx.database.db
    .insert(yangoTransactions)
    .values(txs.map((t) => ({ parkId, yangoTxId: t.id, driverId: t.driverId, vehicleId: t.vehicleId, eventAt: t.eventAt, categoryId: t.categoryId, amount: t.amount, currency: t.currency })))
    .onConflictDoNothing();
}

/** The totals as the rows say, and as the table says, in one comparable shape. */
async function totalsBothWays(parkId: string) {
  const cols = sql.raw(
    `count(*)::int as tx_count, (count(*) filter (where part is not null))::int as revenue_count, coalesce(sum(amount) filter (where part is not null), 0)::bigint as revenue, ${PARTS.map((k) => `coalesce(sum(amount) filter (where part = '${k}'), 0)::bigint as ${k}`).join(', ')}`,
  );
  const fromRows = await ctx.database.db.execute(sql`
    select x.day::text, x.vehicle_id, x.driver_id, x.currency, ${cols}
      from (select t.*, (t.event_at at time zone p.time_zone)::date as day, yango_balance_part(t.category_id) as part
              from yango_transactions t join parks p on p.id = t.park_id where t.park_id = ${parkId}) x
     group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
  const fromTable = await ctx.database.db.execute(sql`
    select day::text, vehicle_id, driver_id, currency, tx_count, revenue_count, revenue::bigint, ${sql.raw(PARTS.map((k) => `${k}::bigint`).join(', '))}
      from yango_day_totals where park_id = ${parkId} order by 1, 2, 3, 4`);
  const norm = (rows: Record<string, unknown>[]) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' || (typeof v === 'string' && /^-?\d+$/.test(v)) ? Number(v) : v])));
  return { fromRows: norm(fromRows.rows), fromTable: norm(fromTable.rows) };
}

describe('yango_day_totals', () => {
  it('equal the sums of the rows through inserts, re-read pages, a vehicle deleted and deletes', async () => {
    const p = await park('Africa/Douala');
    const rand = rng(21);
    const txs = randomTxs(300, p, fromWireDate('2025-05-01T00:00:00', p.timeZone), 10, rand, `tot-${randomBytes(3).toString('hex')}`);
    await insertPage(p.parkId, txs.slice(0, 120));
    await insertPage(p.parkId, txs.slice(100, 300)); // the overlap of 20 rows copies nothing twice
    await insertPage(p.parkId, txs.slice(0, 300)); // a whole pass again: nothing
    let both = await totalsBothWays(p.parkId);
    expect(both.fromTable.length).toBeGreaterThan(20);
    expect(both.fromTable).toEqual(both.fromRows);
    expect(both.fromTable.reduce((s, r) => s + Number(r.tx_count), 0)).toBe(300);

    // A deleted vehicle: its transactions go to no vehicle (set null), their sums too.
    await ctx.database.db.delete(vehicles).where(eq(vehicles.id, p.vehicleIds[0]));
    both = await totalsBothWays(p.parkId);
    expect(both.fromTable).toEqual(both.fromRows);
    expect(both.fromTable.some((r) => r.vehicle_id === p.vehicleIds[0])).toBe(false);

    // Deletes subtract, and a key left without transactions goes.
    await ctx.database.db.execute(sql`delete from yango_transactions where park_id = ${p.parkId} and yango_tx_id = any(${sql.param(txs.slice(0, 150).map((t) => t.id))}::text[])`);
    both = await totalsBothWays(p.parkId);
    expect(both.fromTable).toEqual(both.fromRows);
    expect(both.fromTable.every((r) => Number(r.tx_count) > 0)).toBe(true);

    // A driver's deletion takes his totals with his transactions.
    await ctx.database.db.delete(drivers).where(eq(drivers.id, p.driverIds[0]));
    both = await totalsBothWays(p.parkId);
    expect(both.fromTable).toEqual(both.fromRows);
    expect(both.fromTable.some((r) => r.driver_id === p.driverIds[0])).toBe(false);

    // The park's deletion takes everything (its vehicles' set null included).
    await ctx.database.db.delete(parks).where(eq(parks.id, p.parkId));
    const left = await ctx.database.db.select().from(yangoDayTotals).where(eq(yangoDayTotals.parkId, p.parkId));
    expect(left).toEqual([]);
  });
});

describe('revenuePieces', () => {
  const TZ = 'Africa/Douala';
  const period = (a: string, b: string) => ({ from: fromWireDate(a, TZ), to: fromWireDate(b, TZ), startDay: a.slice(0, 10), endDay: b.slice(0, 10) });
  it('reads whole days from the totals and as few rows as possible', () => {
    const month = revenuePieces(period('2025-03-01T00:00:00', '2025-03-31T23:59:59'), TZ);
    expect(month.days).toEqual({ firstDay: '2025-03-01', lastDay: '2025-03-31' });
    expect(month.rows.map((r) => [r.sign, r.to.getTime() - r.from.getTime()])).toEqual([[-1, 1000]]);
    const evening = revenuePieces(period('2025-03-01T20:00:00', '2025-03-03T05:00:00'), TZ);
    expect(evening.days).toEqual({ firstDay: '2025-03-02', lastDay: '2025-03-02' });
    expect(evening.rows.map((r) => r.sign)).toEqual([1, 1]);
    const hour = revenuePieces(period('2025-03-01T10:00:00', '2025-03-01T11:00:00'), TZ);
    expect([hour.days, hour.rows.length]).toEqual([null, 1]);
  });
});

describe('GET /yango/reconciliation from the day totals', () => {
  it('equals the raw sum of the rows over random periods', async () => {
    for (const timeZone of ['Africa/Abidjan', 'Africa/Douala', 'America/New_York']) {
      const p = await park(timeZone);
      const rand = rng(timeZone.length * 7919);
      // Around New York's change of time (2025-03-09).
      const start = fromWireDate('2025-03-01T00:00:00', timeZone);
      const txs = randomTxs(400, p, start, 20, rand, `rec-${randomBytes(3).toString('hex')}`);
      await insertPage(p.parkId, txs);
      const grid = (i: number) => new Date(start.getTime() + i * 900_000);
      for (let k = 0; k < 12; k += 1) {
        // Bounds on the 15-minute grid (so on transactions and midnights), sometimes a second off.
        let a = grid(Math.floor(rand() * 20 * 96));
        let b = grid(Math.floor(rand() * 20 * 96));
        if (b < a) [a, b] = [b, a];
        if (k % 3 === 1) b = new Date(b.getTime() - 1000);
        if (k % 4 === 2) a = new Date(a.getTime() + 1000);
        if (b < a) b = a;
        const q = `start_date=${toWireDate(a, timeZone)}&end_date=${toWireDate(b, timeZone)}`;
        const r = await ctx.api('GET', `/api/yango/reconciliation?${q}`, as(p.owner));
        expect(r.status).toBe(200);
        const rec = r.data as TYangoReconciliation;

        const inside = txs.filter((t) => t.eventAt >= a && t.eventAt <= b && balancePartOf(t.categoryId) !== null);
        const counts = new Map<string, number>();
        for (const t of inside) counts.set(t.currency, (counts.get(t.currency) ?? 0) + 1);
        const currency = [...counts.entries()].sort((x, y) => y[1] - x[1])[0]?.[0] ?? 'XOF';
        const byVehicle = new Map<string, number>();
        let total = 0;
        for (const t of inside.filter((t) => t.currency === currency)) {
          total += t.amount;
          if (t.vehicleId) byVehicle.set(t.vehicleId, (byVehicle.get(t.vehicleId) ?? 0) + t.amount);
        }
        expect([q, rec.yango_currency, rec.totals.yango_revenue]).toEqual([q, currency, total]);
        const vehiclesWithRows = new Set(inside.filter((t) => t.vehicleId).map((t) => t.vehicleId));
        expect(Object.fromEntries(rec.vehicles.map((v) => [v.vehicle_id, v.yango_revenue]))).toEqual(
          Object.fromEntries([...vehiclesWithRows].map((id) => [id, byVehicle.get(id!) ?? 0])),
        );
      }
    }
  });
});
