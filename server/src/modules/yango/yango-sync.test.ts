import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import type { YangoClient, YangoCredentials, YangoCursorPage, YangoOrder, YangoSimDriver, YangoSimPark, YangoSimulator } from '../../integrations/yango/yango.types.ts';
import { insertVehicle } from '../drivers/driver-test-helpers.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { fromWireDate, toWireDate } from '../../platform/dates.ts';
import { planningEntries } from '../planning/planning.tables.ts';
import { vehicleConfigDrivers } from '../vehicles/vehicles.tables.ts';
import { apiKeyContext } from './yango-credentials.ts';
import { FIRST_SYNC_DAYS, OVERLAP_MS, runYangoSync, SYNC_ERRORS, syncYangoDriver } from './yango-sync.ts';
import type { YangoDeps } from './yango.deps.ts';
import { yangoConnections, yangoDriverLinks } from './yango.tables.ts';

/**
 * The Yango sync against the loopback simulator: a linked driver's copy equals what the Fleet API
 * answers over the same window (its own paging through the client), twice adds nothing, a 429
 * mid-pass is survived, a pass stopped by a failing Yango resumes from its saved cursor, and a
 * refusal marks the park's connection failing. `now` is fixed for each pass.
 */
let ctx: TestContext;
let deps: YangoDeps;
let sim: YangoSimulator;
let client: YangoClient;
beforeAll(async () => {
  ctx = await createTestContext();
  deps = ctx.app.yango;
  sim = (await deps.api.simulator())!;
  sim.setRandom429Rate(0);
  client = await deps.api.client();
});
afterAll(() => ctx.close());

const DAY = 86_400_000;
/** Yesterday noon (UTC): inside the simulator's generated months, the same for the whole file. */
const NOW = new Date(Math.floor(Date.now() / DAY) * DAY - DAY / 2);

interface Fixture {
  parkId: string;
  simPark: YangoSimPark;
  creds: YangoCredentials;
  working: YangoSimDriver[];
}

async function connectedPark(drivers = 12): Promise<Fixture> {
  const fx = await ctx.createPark({ name: 'Parc Yango Sync' });
  const simPark = sim.addPark({ id: `sync-${randomBytes(4).toString('hex')}` }, { drivers });
  await ctx.database.db.insert(yangoConnections).values({
    parkId: fx.park.id,
    clientId: simPark.clientId,
    yangoParkId: simPark.id,
    apiKeySealed: deps.box.seal(simPark.apiKey, apiKeyContext(fx.park.id)),
    apiKeyLast4: simPark.apiKey.slice(-4),
  });
  return {
    parkId: fx.park.id,
    simPark,
    creds: { clientId: simPark.clientId, apiKey: simPark.apiKey, parkId: simPark.id },
    working: sim.drivers(simPark.id).filter((d) => d.workStatus === 'working'),
  };
}

async function linkDriver(f: Fixture, yangoId: string): Promise<string> {
  const phone = `+2376${(randomBytes(4).readUInt32BE(0) % 100_000_000).toString().padStart(8, '0')}`;
  const [d] = await ctx.database.db.insert(drivers).values({ parkId: f.parkId, firstName: 'Awa', lastName: 'Koné', phone }).returning({ id: drivers.id });
  await ctx.database.db.insert(yangoDriverLinks).values({ driverId: d.id, parkId: f.parkId, yangoId, recipesSince: '2020-01-01' });
  return d.id;
}

async function allPages<T>(page: (cursor: string | null) => Promise<YangoCursorPage<T>>): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null = null;
  do {
    const p = await page(cursor);
    out.push(...p.items);
    cursor = p.items.length ? p.cursor : null;
  } while (cursor);
  return out;
}

/** What the Fleet API holds for a driver over [from, to], read through the client's own paging. */
async function yangoHolds(f: Fixture, yangoId: string, from: Date, to: Date) {
  const tx = await allPages((cursor) => client.listDriverTransactions(f.creds, { driverProfileId: yangoId, from, to, limit: 1000, cursor }));
  const orders = await allPages((cursor) => client.listOrders(f.creds, { driverProfileId: yangoId, from, to, limit: 500, cursor }));
  return {
    tx: new Set(tx.map((t) => t.id)).size,
    txSum: tx.reduce((s, t) => s + t.amount, 0),
    orders: new Set(orders.map((o) => o.id)).size,
    price: orders.reduce((s, o) => s + o.price, 0),
    mileage: orders.reduce((s, o) => s + (o.mileageM ?? 0), 0),
  };
}

async function ourCopy(driverId: string) {
  const { rows: [t] } = await ctx.database.db.execute<{ n: number; s: string }>(sql`select count(*)::int as n, coalesce(sum(amount), 0)::bigint as s from yango_transactions where driver_id = ${driverId}`);
  const { rows: [o] } = await ctx.database.db.execute<{ n: number; p: string; m: string }>(
    sql`select count(*)::int as n, coalesce(sum(price), 0)::bigint as p, coalesce(sum(mileage_m), 0)::bigint as m from yango_orders where driver_id = ${driverId}`,
  );
  return { tx: t.n, txSum: Number(t.s), orders: o.n, price: Number(o.p), mileage: Number(o.m) };
}

async function linkOf(driverId: string) {
  const [l] = await ctx.database.db.select().from(yangoDriverLinks).where(eq(yangoDriverLinks.driverId, driverId));
  return l;
}

const requestsTo = (part: string, since: number) => sim.requests().slice(since).filter((r) => r.path.includes(part)).length;

describe('syncYangoDriver', () => {
  it('copies a driver’s Yango activity exactly, and a second pass copies nothing twice', async () => {
    const f = await connectedPark();
    const yangoId = f.working[0].id;
    const driverId = await linkDriver(f, yangoId);
    const from = new Date(NOW.getTime() - FIRST_SYNC_DAYS * DAY);
    const holds = await yangoHolds(f, yangoId, from, NOW);
    expect(holds.tx).toBeGreaterThan(0);
    expect(holds.orders).toBeGreaterThan(0);

    const first = await syncYangoDriver(deps, f.parkId, driverId, NOW);
    expect(first).toEqual({ transactions: holds.tx, orders: holds.orders, complete: true });
    expect(await ourCopy(driverId)).toEqual(holds);
    const link = await linkOf(driverId);
    expect([link.txSyncedTo?.toISOString(), link.ordersSyncedTo?.toISOString(), link.txCursor, link.ordersCursor, link.syncError]).toEqual([NOW.toISOString(), NOW.toISOString(), null, null, null]);
    expect(link.syncedAt?.toISOString()).toBe(NOW.toISOString());

    // Same instant again: the overlap re-reads the last 15 minutes, nothing is copied twice.
    expect(await syncYangoDriver(deps, f.parkId, driverId, NOW)).toEqual({ transactions: 0, orders: 0, complete: true });
    expect(await ourCopy(driverId)).toEqual(holds);

    // Two hours later: what happened in between, and nothing else.
    const later = new Date(NOW.getTime() + 2 * 3_600_000);
    await syncYangoDriver(deps, f.parkId, driverId, later);
    expect(await ourCopy(driverId)).toEqual(await yangoHolds(f, yangoId, from, later));
  });

  it('asks from the watermark less the overlap, and survives a 429 in the middle', async () => {
    const f = await connectedPark();
    const yangoId = f.working[1].id;
    const driverId = await linkDriver(f, yangoId);
    const watermark = new Date(NOW.getTime() - 10 * DAY);
    await ctx.database.db.update(yangoDriverLinks).set({ txSyncedTo: watermark, ordersSyncedTo: watermark }).where(eq(yangoDriverLinks.driverId, driverId));
    const mark = sim.requests().length;
    sim.failNext(1, 429);
    const r = await syncYangoDriver(deps, f.parkId, driverId, NOW);
    expect(r.complete).toBe(true);
    expect(requestsTo('transactions/list', mark)).toBeGreaterThanOrEqual(2); // the refused one and its retry
    expect(await ourCopy(driverId)).toEqual(await yangoHolds(f, yangoId, new Date(watermark.getTime() - OVERLAP_MS), NOW));
  });

  it('resumes a stopped pass from its saved cursor', async () => {
    const f = await connectedPark();
    // A driver with more than one page of transactions over 90 days.
    const from = new Date(NOW.getTime() - FIRST_SYNC_DAYS * DAY);
    let yangoId = '';
    let holds: Awaited<ReturnType<typeof yangoHolds>> | null = null;
    for (const d of f.working) {
      holds = await yangoHolds(f, d.id, from, NOW);
      yangoId = d.id;
      if (holds.tx > 1000) break;
    }
    expect(holds!.tx).toBeGreaterThan(1000);
    const driverId = await linkDriver(f, yangoId);

    // The budget stops the pass after its first page: the cursor is kept with the pass's window.
    const stopped = await syncYangoDriver(deps, f.parkId, driverId, NOW, { left: 1 });
    expect(stopped).toEqual({ transactions: 1000, orders: 0, complete: false });
    const saved = JSON.parse((await linkOf(driverId)).txCursor!);
    expect([saved.from, saved.to]).toEqual([from.toISOString(), NOW.toISOString()]);
    expect((await linkOf(driverId)).txSyncedTo).toBeNull();

    // Yango fails on the next page: the cursor stays, the reason is recorded.
    sim.failNext(2, 500); // a read is tried twice
    const failed = await syncYangoDriver(deps, f.parkId, driverId, new Date(NOW.getTime() + 60_000));
    expect(failed.complete).toBe(false);
    const afterFailure = await linkOf(driverId);
    expect(afterFailure.syncError).toBe(SYNC_ERRORS.unavailable);
    expect(JSON.parse(afterFailure.txCursor!).to).toBe(NOW.toISOString());

    // The next pass asks only the pages left, over the same window, and then moves on.
    const mark = sim.requests().length;
    const passNow = new Date(NOW.getTime() + 120_000);
    const resumed = await syncYangoDriver(deps, f.parkId, driverId, passNow);
    expect(resumed.complete).toBe(true);
    expect(requestsTo('transactions/list', mark)).toBe(Math.ceil(holds!.tx / 1000) - 1);
    // Transactions over the saved window (to NOW); the orders, never stopped, over this pass's own
    // first window (90 days to its now): an order may end in the two minutes between.
    const ordersHeld = await yangoHolds(f, yangoId, new Date(passNow.getTime() - FIRST_SYNC_DAYS * DAY), passNow);
    expect(await ourCopy(driverId)).toEqual({ ...holds, orders: ordersHeld.orders, price: ordersHeld.price, mileage: ordersHeld.mileage });
    const done = await linkOf(driverId);
    expect([done.txCursor, done.txSyncedTo?.toISOString(), done.syncError]).toEqual([null, NOW.toISOString(), null]);
  });

  it('marks the connection failing when Yango refuses the credentials', async () => {
    const f = await connectedPark();
    const driverId = await linkDriver(f, f.working[0].id);
    sim.failNext(1, 401);
    expect((await syncYangoDriver(deps, f.parkId, driverId, NOW)).complete).toBe(false);
    const [c] = await ctx.database.db.select().from(yangoConnections).where(eq(yangoConnections.parkId, f.parkId));
    expect(c.status).toBe('failing');
    expect(c.lastError).toMatch(/refusé/);
    expect((await linkOf(driverId)).syncError).toBe(SYNC_ERRORS.refused);

    // The job leaves a failing park alone for a while, then tries again; a success clears it.
    await runYangoSync(deps, new Date(NOW.getTime() + 60_000));
    expect((await linkOf(driverId)).syncedAt?.toISOString()).toBe(NOW.toISOString());
    await runYangoSync(deps, new Date(NOW.getTime() + 2 * 3_600_000));
    expect((await linkOf(driverId)).syncError).toBeNull();
    const [back] = await ctx.database.db.select().from(yangoConnections).where(eq(yangoConnections.parkId, f.parkId));
    expect([back.status, back.lastError]).toEqual(['ok', null]);
  });

  it('puts each copied row on the vehicle of its plate, of the day’s planning, or else of the driver', async () => {
    const f = await connectedPark();
    // A driver with a car who drove in the last days.
    let yangoId = '';
    let plated: YangoOrder | undefined;
    for (const d of f.working) {
      const orders = await allPages((cursor) => client.listOrders(f.creds, { driverProfileId: d.id, from: new Date(NOW.getTime() - 5 * DAY), to: NOW, limit: 500, cursor }));
      plated = orders.find((o) => o.carNumber && o.status === 'complete');
      yangoId = d.id;
      if (plated) break;
    }
    expect(plated).toBeTruthy();
    const plate = plated!.carNumber!;
    const driverId = await linkDriver(f, yangoId);
    // The same plate written otherwise (dashes, lower case) is the same vehicle.
    const byPlate = await insertVehicle(ctx.database.db, f.parkId, { registration: plate.replace(/\s+/g, '-').toLowerCase() });
    // Planned for the park day of that order (Africa/Douala), the principal vehicle of his planning otherwise.
    const planned = await insertVehicle(ctx.database.db, f.parkId, { registration: `PL-${randomBytes(3).toString('hex')}` });
    const principal = await insertVehicle(ctx.database.db, f.parkId, { registration: `PR-${randomBytes(3).toString('hex')}` });
    const parkDay = toWireDate(plated!.endedAt!, 'Africa/Douala').slice(0, 10);
    const [dayStart, dayEnd] = [fromWireDate(`${parkDay}T00:00:00`, 'Africa/Douala'), fromWireDate(`${parkDay}T23:59:59`, 'Africa/Douala')];
    await ctx.database.db.insert(planningEntries).values({ parkId: f.parkId, vehicleId: planned, driverId, day: parkDay, slot: 'full', startsAt: dayStart, endsAt: new Date(dayEnd.getTime() + 1000) });
    await ctx.database.db.insert(vehicleConfigDrivers).values({ vehicleId: principal, driverId, parkId: f.parkId, position: 1 });

    await syncYangoDriver(deps, f.parkId, driverId, NOW);
    const { rows: [o] } = await ctx.database.db.execute<{ matched: number; plated: number }>(
      sql`select count(*) filter (where vehicle_id = ${byPlate})::int as matched, count(*) filter (where car_number = ${plate})::int as plated from yango_orders where driver_id = ${driverId}`,
    );
    expect(o.matched).toBe(o.plated);
    expect(o.matched).toBeGreaterThan(0);
    const { rows: [t] } = await ctx.database.db.execute<{ in_day: number; in_day_planned: number; other: number; other_principal: number }>(sql`
      select count(*) filter (where event_at between ${dayStart.toISOString()}::timestamptz and ${dayEnd.toISOString()}::timestamptz)::int as in_day,
             count(*) filter (where event_at between ${dayStart.toISOString()}::timestamptz and ${dayEnd.toISOString()}::timestamptz and vehicle_id = ${planned})::int as in_day_planned,
             count(*) filter (where event_at not between ${dayStart.toISOString()}::timestamptz and ${dayEnd.toISOString()}::timestamptz)::int as other,
             count(*) filter (where event_at not between ${dayStart.toISOString()}::timestamptz and ${dayEnd.toISOString()}::timestamptz and vehicle_id = ${principal})::int as other_principal
        from yango_transactions where driver_id = ${driverId}`);
    expect(t.in_day).toBeGreaterThan(0);
    expect([t.in_day_planned, t.other_principal]).toEqual([t.in_day, t.other]);
  });
});

describe('runYangoSync', () => {
  it('syncs every linked driver of a connected park, least recently synced first, and skips parks without a connection', async () => {
    const f = await connectedPark();
    const a = await linkDriver(f, f.working[3].id);
    const b = await linkDriver(f, f.working[4].id);
    // A park without a connection but with a link: skipped.
    const bare = await ctx.createPark({ name: 'Parc sans Yango' });
    const lone = await linkDriver({ ...f, parkId: bare.park.id }, 'nobody');
    const r = await runYangoSync(deps, NOW);
    expect(r.drivers).toBeGreaterThanOrEqual(2);
    for (const id of [a, b]) {
      expect((await linkOf(id)).syncedAt?.toISOString()).toBe(NOW.toISOString());
      expect((await ourCopy(id)).tx).toBeGreaterThan(0);
    }
    expect((await linkOf(lone)).syncedAt).toBeNull();
  });
});
