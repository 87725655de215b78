import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAccountingDiagram, TAccountingPnl, TAccountingState, TAccountingTotals, TPnlAccount, TStateNode } from '@flotte/contract';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { fromWireDate, toWireDate } from '../../platform/dates.ts';
import { parks } from '../access/access.tables.ts';
import { ledgerAccount, post } from '../ledger/ledger.service.ts';
import { fundMovements } from '../operations/operations.tables.ts';
import { defaultCashCaisse } from '../treasury/caisse-accounts.ts';
import { vehicleGroups, vehicles } from '../vehicles/vehicles.tables.ts';
import { defaultReportingPeriod } from './accounting.periods.ts';

/**
 * The accounting reports through the API. Operations are written straight into fund_movements
 * (the operations module is not what these tests are about), in every state a row can be in:
 * confirmed, pending, refused, cancelled with its reversing row.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Status = 'confirmed' | 'pending' | 'refused' | 'cancelled';

interface Park {
  id: string;
  owner: SignedIn;
  caisseId: string;
  /** Sub-account ids by code (recette, carburant ...) and by name. */
  account: (codeOrName: string) => TPnlAccount;
  timeZone: string;
}

const flat = (nodes: TPnlAccount[]): TPnlAccount[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const as = (s: SignedIn) => ({ token: s.token, profileId: s.profile_id });

async function freshPark(timeZone = 'Africa/Douala'): Promise<Park> {
  const fx = await ctx.createPark({ name: 'Parc Compta' });
  if (timeZone !== 'Africa/Douala') await ctx.database.db.update(parks).set({ timeZone }).where(eq(parks.id, fx.park.id));
  const owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  const caisse = await defaultCashCaisse(ctx.database.db, fx.park.id);
  const chart = flat((await ctx.api('GET', '/api/pnl-account', as(owner))).data);
  const account = (key: string) => chart.find((n) => n.code === key || n.name === key) ?? fail(`no account ${key}`);
  return { id: fx.park.id, owner, caisseId: caisse.id, account, timeZone };
}

function fail(message: string): never {
  throw new Error(message);
}

/** One operation as the operations module would leave it; a cancelled one gets its reversing row. */
async function op(p: Park, v: { account: string; amount: number; date: string; status?: Status; vehicleId?: string; reversedOn?: string }): Promise<string> {
  const db = ctx.database.db;
  const acc = p.account(v.account);
  const status = v.status ?? 'confirmed';
  const at = fromWireDate(v.date, p.timeZone);
  const [row] = await db
    .insert(fundMovements)
    .values({
      parkId: p.id,
      type: acc.type,
      subAccountId: acc.id,
      caisseId: p.caisseId,
      amount: v.amount,
      operationDate: at,
      vehicleId: v.vehicleId ?? null,
      confirmedAt: status === 'confirmed' || status === 'cancelled' ? at : null,
      canceledAt: status === 'cancelled' || status === 'refused' ? new Date() : null,
      cancelComment: status === 'cancelled' ? 'Erreur de saisie' : null,
    })
    .returning({ id: fundMovements.id });
  if (status === 'cancelled') {
    const reversed = v.reversedOn ? fromWireDate(v.reversedOn, p.timeZone) : at;
    await db.insert(fundMovements).values({
      parkId: p.id,
      type: acc.type,
      subAccountId: acc.id,
      caisseId: p.caisseId,
      amount: -v.amount,
      operationDate: reversed,
      confirmedAt: reversed,
      reversesId: row.id,
    });
  }
  return row.id;
}

const state = async (p: Park, query: string, who: SignedIn = p.owner) => ctx.api('GET', `/api/accounting/state?${query}`, as(who));
const node = (nodes: TStateNode[], name: string): TStateNode => flatState(nodes).find((n) => n.name === name) ?? fail(`no node ${name}`);
const flatState = (nodes: TStateNode[]): TStateNode[] => nodes.flatMap((n) => [n, ...flatState(n.children)]);

describe('GET /api/accounting/state', () => {
  it('counts confirmed operations only: pending, refused, cancelled and reversing rows count nowhere', async () => {
    const p = await freshPark();
    await op(p, { account: 'recette', amount: 50_000, date: '2025-03-10T09:00:00' });
    await op(p, { account: 'recette', amount: 20_000, date: '2025-03-11T09:00:00' });
    await op(p, { account: 'recette', amount: 99_000, date: '2025-03-12T09:00:00', status: 'pending' });
    await op(p, { account: 'recette', amount: 88_000, date: '2025-03-12T10:00:00', status: 'refused' });
    // Cancelled in April: neither March nor April counts it or its reversal.
    await op(p, { account: 'recette', amount: 77_000, date: '2025-03-13T10:00:00', status: 'cancelled', reversedOn: '2025-04-02T08:00:00' });
    await op(p, { account: 'carburant', amount: 15_000, date: '2025-03-14T07:00:00' });
    await op(p, { account: 'carburant', amount: 5_000, date: '2025-03-20T07:00:00', status: 'cancelled' });

    const r = await state(p, 'start_date=2025-03-01T00:00:00&end_date=2025-03-31T23:59:59');
    expect(r.status, r.message).toBe(200);
    const s = r.data as TAccountingState;
    expect(s.currency).toBe('XAF');
    expect(s.revenue).toEqual({ amount: 70_000, previous: 0, percentage: null, trend: 'up' });
    expect(s.expenses).toEqual({ amount: 15_000, previous: 0, percentage: null, trend: 'up' });
    expect(s.result.amount).toBe(55_000);

    // Per category and sub-category: the chart's names, revenue categories first.
    const recette = p.account('recette');
    expect(node(s.categories, recette.accounting_category.name)).toMatchObject({ amount: 70_000, type: 'profit', depth: 1 });
    expect(node(s.categories, recette.name)).toMatchObject({ amount: 70_000, depth: 2 });
    expect(node(s.categories, p.account('carburant').name)).toMatchObject({ amount: 15_000, type: 'perte' });
    expect(s.categories[0].type).toBe('profit');
    expect(s.categories.at(-1)!.type).toBe('perte');

    // April holds nothing: the reversal of March's cancelled operation is not an April movement.
    const april = (await state(p, 'start_date=2025-04-01&end_date=2025-04-30')).data as TAccountingState;
    expect(april.revenue).toMatchObject({ amount: 0, previous: 70_000, percentage: -100, trend: 'down' });
    expect(april.period).toEqual({ start_date: '2025-04-01T00:00:00', end_date: '2025-04-30T23:59:59' });
    expect(april.previous_period).toEqual({ start_date: '2025-03-01T00:00:00', end_date: '2025-03-31T23:59:59' });
  });

  it('compares with the same period last month, with percentages and trends (unchanged when equal)', async () => {
    const p = await freshPark();
    await op(p, { account: 'recette', amount: 40_000, date: '2025-02-05T12:00:00' });
    await op(p, { account: 'recette', amount: 50_000, date: '2025-03-05T12:00:00' });
    await op(p, { account: 'carburant', amount: 10_000, date: '2025-02-06T12:00:00' });
    await op(p, { account: 'carburant', amount: 10_000, date: '2025-03-06T12:00:00' });
    await op(p, { account: 'assurance', amount: 8_000, date: '2025-02-07T12:00:00' });

    const s = (await state(p, 'start_date=2025-03-01&end_date=2025-03-31')).data as TAccountingState;
    // Whole March against whole February.
    expect(s.previous_period).toEqual({ start_date: '2025-02-01T00:00:00', end_date: '2025-02-28T23:59:59' });
    expect(s.revenue).toEqual({ amount: 50_000, previous: 40_000, percentage: 25, trend: 'up' });
    expect(s.expenses).toEqual({ amount: 10_000, previous: 18_000, percentage: -44.44, trend: 'down' });
    expect(s.result).toEqual({ amount: 40_000, previous: 22_000, percentage: 81.82, trend: 'up' });
    expect(node(s.categories, p.account('carburant').name)).toMatchObject({ amount: 10_000, previous: 10_000, percentage: 0, trend: 'unchanged' });
    expect(node(s.categories, p.account('assurance').name)).toMatchObject({ amount: 0, previous: 8_000, trend: 'down' });

    // Part of a month: the same days a month earlier, clamped to February's length.
    const part = (await state(p, 'start_date=2025-03-06T00:00:00&end_date=2025-03-31T23:59:59')).data as TAccountingState;
    expect(part.previous_period).toEqual({ start_date: '2025-02-06T00:00:00', end_date: '2025-02-28T23:59:59' });
    expect(part.revenue).toMatchObject({ amount: 0, previous: 0, percentage: 0, trend: 'unchanged' });
    expect(part.expenses).toMatchObject({ amount: 10_000, previous: 18_000 });

    // An explicit comparison period wins.
    const explicit = (await state(p, 'start_date=2025-03-01&end_date=2025-03-31&start_date_last_month=2025-01-01&end_date_last_month=2025-01-31')).data as TAccountingState;
    expect(explicit.previous_period.start_date).toBe('2025-01-01T00:00:00');
    expect(explicit.revenue).toMatchObject({ previous: 0, percentage: null, trend: 'up' });
  });

  it("groups by the park's own days: a month ends at midnight in its time zone", async () => {
    const douala = await freshPark();
    // 23:30 on 31 March in Douala is 22:30 UTC; 00:30 on 1 April in Douala is still 31 March in UTC.
    await op(douala, { account: 'recette', amount: 1_000, date: '2025-03-31T23:30:00' });
    await op(douala, { account: 'recette', amount: 2_000, date: '2025-04-01T00:30:00' });
    const march = (await state(douala, 'start_date=2025-03-01&end_date=2025-03-31')).data as TAccountingState;
    const april = (await state(douala, 'start_date=2025-04-01&end_date=2025-04-30')).data as TAccountingState;
    expect([march.revenue.amount, april.revenue.amount]).toEqual([1_000, 2_000]);
    // The last second of the period is in it; a day ends at 23:59:59 inclusive.
    await op(douala, { account: 'recette', amount: 4_000, date: '2025-03-31T23:59:59' });
    expect(((await state(douala, 'start_date=2025-03-31&end_date=2025-03-31')).data as TAccountingState).revenue.amount).toBe(5_000);

    // Far from UTC, the park's months still hold the park's days.
    const tokyo = await freshPark('Asia/Tokyo');
    await op(tokyo, { account: 'recette', amount: 3_000, date: '2025-04-01T05:00:00' }); // 31 March 20:00 UTC
    const tApril = (await state(tokyo, 'start_date=2025-04-01&end_date=2025-04-30')).data as TAccountingState;
    expect(tApril.revenue.amount).toBe(3_000);
    const year = (await ctx.api('GET', '/api/accounting/pnl?year=2025', as(tokyo.owner))).data as TAccountingPnl;
    expect(year.revenue.months[3]).toBe(3_000);
    expect(year.revenue.months[2]).toBe(0);
  });

  it('defaults to the current month up to today, or the previous month before the 7th', async () => {
    const p = await freshPark();
    const s = (await state(p, '')).data as TAccountingState;
    const expected = defaultReportingPeriod('Africa/Douala');
    expect(s.period).toEqual({ start_date: expected.start, end_date: expected.end });
    const today = toWireDate(new Date()).slice(0, 10);
    if (Number(today.slice(8, 10)) >= 7) expect(s.period).toEqual({ start_date: `${today.slice(0, 8)}01T00:00:00`, end_date: `${today}T23:59:59` });
    else expect(s.period.end_date.slice(0, 7) < today.slice(0, 7)).toBe(true);
  });

  it('keeps to the vehicles of a group when asked, and refuses a group of another park', async () => {
    const p = await freshPark();
    const db = ctx.database.db;
    const [group] = await db.insert(vehicleGroups).values({ parkId: p.id, title: 'Douala Nord' }).returning({ id: vehicleGroups.id });
    const [inGroup, outside] = await db
      .insert(vehicles)
      .values([
        { parkId: p.id, vehicleTypeId: 1, brandId: 1, modelId: 1, colorId: 1, registrationNumber: 'LT-901-AC', label: 'Corolla 1', groupId: group.id },
        { parkId: p.id, vehicleTypeId: 1, brandId: 1, modelId: 1, colorId: 1, registrationNumber: 'LT-902-AC', label: 'Corolla 2' },
      ])
      .returning({ id: vehicles.id });
    await op(p, { account: 'recette', amount: 30_000, date: '2025-05-03T10:00:00', vehicleId: inGroup.id });
    await op(p, { account: 'recette', amount: 20_000, date: '2025-05-03T11:00:00', vehicleId: outside.id });
    await op(p, { account: 'carburant', amount: 7_000, date: '2025-05-04T11:00:00', vehicleId: inGroup.id });
    await op(p, { account: 'assurance', amount: 9_000, date: '2025-05-04T11:00:00' }); // no vehicle

    const all = (await state(p, 'start_date=2025-05-01&end_date=2025-05-31')).data as TAccountingState;
    expect([all.revenue.amount, all.expenses.amount]).toEqual([50_000, 16_000]);
    const grouped = (await state(p, `start_date=2025-05-01&end_date=2025-05-31&groupe_id=${group.id}`)).data as TAccountingState;
    expect([grouped.revenue.amount, grouped.expenses.amount, grouped.result.amount]).toEqual([30_000, 7_000, 23_000]);
    const diagram = (await ctx.api('GET', `/api/accounting/diagramme-pnl?start_date=2025-05-01&end_date=2025-05-31&groupe_id=${group.id}`, as(p.owner))).data as TAccountingDiagram;
    expect([diagram.revenue, diagram.expenses]).toEqual([30_000, 7_000]);

    const other = await freshPark();
    const [theirs] = await db.insert(vehicleGroups).values({ parkId: other.id, title: 'Ailleurs' }).returning({ id: vehicleGroups.id });
    const refused = await state(p, `groupe_id=${theirs.id}`);
    expect(refused.status).toBe(404);
    expect(refused.message).toBe('Groupe introuvable');
  });

  it('refuses a period that ends before it starts, and dates in another format', async () => {
    const p = await freshPark();
    const backwards = await state(p, 'start_date=2025-03-10&end_date=2025-03-01');
    expect([backwards.status, backwards.code, backwards.message]).toEqual([400, 4380, 'La date de fin doit suivre la date de début']);
    const bad = await state(p, 'start_date=10/03/2025');
    expect(bad.status).toBe(400);
    expect(bad.message).toBe('Date invalide (format attendu yyyy-MM-ddTHH:mm:ss)');
  });

  it('needs READ_FINANCE', async () => {
    const p = await freshPark();
    const cashier = await ctx.addMember(p.id, { type: 'agent', roleNames: ['Caissier'] });
    const cashierSession = await ctx.signIn({ email: cashier.email, password: cashier.password, type: 'agent' });
    for (const url of ['/api/accounting/state', '/api/accounting/pnl', '/api/accounting/diagramme-pnl', '/api/accounting/total-data']) {
      const r = await ctx.api('GET', url, as(cashierSession));
      expect(r.status, url).toBe(403);
    }
    const manager = await ctx.addMember(p.id, { type: 'agent', roleNames: ['Gestionnaire'] });
    const managerSession = await ctx.signIn({ email: manager.email, password: manager.password, type: 'agent' });
    expect((await state(p, '', managerSession)).status).toBe(200);
  });
});

describe('GET /api/accounting/pnl', () => {
  it('gives every account of the chart its 12 months and the year, with monthly revenue, expenses and result', async () => {
    const p = await freshPark();
    // A depth-3 sub-account rolls up into its parent and its category.
    const fuel = p.account('carburant');
    const diesel = (await ctx.api('POST', '/api/pnl-sub-account', { ...as(p.owner), body: { name: 'Gasoil', account_id: fuel.id } })).data as TPnlAccount;
    const chart = flat((await ctx.api('GET', '/api/pnl-account', as(p.owner))).data);
    const dieselAccount = chart.find((n) => n.id === diesel.id)!;
    const parkWithDiesel: Park = { ...p, account: (k) => (k === 'Gasoil' ? dieselAccount : p.account(k)) };

    await op(p, { account: 'recette', amount: 100_000, date: '2025-01-15T10:00:00' });
    await op(p, { account: 'recette', amount: 120_000, date: '2025-12-31T23:00:00' });
    await op(p, { account: 'recette', amount: 500_000, date: '2026-01-01T00:10:00' }); // next year
    await op(p, { account: 'recette', amount: 70_000, date: '2025-06-15T10:00:00', status: 'pending' });
    await op(p, { account: 'carburant', amount: 30_000, date: '2025-01-20T10:00:00' });
    await op(parkWithDiesel, { account: 'Gasoil', amount: 12_500, date: '2025-06-02T10:00:00' });
    await op(p, { account: 'carburant', amount: 40_000, date: '2025-06-03T10:00:00', status: 'cancelled' });

    const r = await ctx.api('GET', '/api/accounting/pnl?year=2025', as(p.owner));
    expect(r.status, r.message).toBe(200);
    const y = r.data as TAccountingPnl;
    expect(y.year).toBe(2025);
    const months = (jan: number, jun: number, dec: number) => [jan, 0, 0, 0, 0, jun, 0, 0, 0, 0, 0, dec];
    expect(y.revenue).toEqual({ months: months(100_000, 0, 120_000), total: 220_000 });
    expect(y.expenses).toEqual({ months: months(30_000, 12_500, 0), total: 42_500 });
    expect(y.result).toEqual({ months: months(70_000, -12_500, 120_000), total: 177_500 });

    const all = (function walk(nodes: TAccountingPnl['categories']): TAccountingPnl['categories'] {
      return nodes.flatMap((n) => [n, ...walk(n.children)]);
    })(y.categories);
    expect(all.find((n) => n.id === diesel.id)).toMatchObject({ depth: 3, total: 12_500 });
    expect(all.find((n) => n.id === fuel.id)).toMatchObject({ depth: 2, total: 42_500, months: months(30_000, 12_500, 0) });
    expect(all.find((n) => n.id === fuel.accounting_category.id)).toMatchObject({ depth: 1, total: 42_500 });
    // Both types, every account even without operations.
    expect(new Set(y.categories.map((c) => c.type))).toEqual(new Set(['profit', 'perte']));
    expect(all.length).toBe(chart.length);
    expect(all.find((n) => n.id === p.account('assurance').id)).toMatchObject({ total: 0, months: Array(12).fill(0) });

    const bad = await ctx.api('GET', '/api/accounting/pnl?year=abc', as(p.owner));
    expect([bad.status, bad.message]).toEqual([400, 'Année invalide']);
  });
});

describe('GET /api/accounting/diagramme-pnl', () => {
  it('draws every month of the period, and the categories largest first', async () => {
    const p = await freshPark();
    await op(p, { account: 'recette', amount: 60_000, date: '2025-01-10T10:00:00' });
    await op(p, { account: 'location', amount: 90_000, date: '2025-03-10T10:00:00' });
    await op(p, { account: 'carburant', amount: 25_000, date: '2025-03-11T10:00:00' });
    await op(p, { account: 'assurance', amount: 45_000, date: '2025-03-12T10:00:00' });
    await op(p, { account: 'assurance', amount: 45_000, date: '2025-03-13T10:00:00', status: 'refused' });

    const r = await ctx.api('GET', '/api/accounting/diagramme-pnl?start_date=2025-01-01&end_date=2025-03-31', as(p.owner));
    expect(r.status, r.message).toBe(200);
    const d = r.data as TAccountingDiagram;
    expect(d.series).toEqual([
      { month: '2025-01', revenue: 60_000, expenses: 0, result: 60_000 },
      { month: '2025-02', revenue: 0, expenses: 0, result: 0 },
      { month: '2025-03', revenue: 90_000, expenses: 70_000, result: 20_000 },
    ]);
    expect([d.revenue, d.expenses, d.result]).toEqual([150_000, 70_000, 80_000]);
    expect(d.categories.map((c) => [c.type, c.amount])).toEqual(
      [...d.categories.filter((c) => c.type === 'profit'), ...d.categories.filter((c) => c.type === 'perte')].map((c) => [c.type, c.amount]),
    );
    const expenses = d.categories.filter((c) => c.type === 'perte').map((c) => c.amount);
    expect(expenses).toEqual([...expenses].sort((a, b) => b - a));
    expect(expenses.reduce((a, b) => a + b, 0)).toBe(70_000);

    const tooLong = await ctx.api('GET', '/api/accounting/diagramme-pnl?start_date=2020-01-01&end_date=2025-03-31', as(p.owner));
    expect([tooLong.status, tooLong.code]).toEqual([400, 4381]);
    const byDefault = (await ctx.api('GET', '/api/accounting/diagramme-pnl', as(p.owner))).data as TAccountingDiagram;
    expect(byDefault.series).toHaveLength(12);
  });
});

describe('GET /api/accounting/total-data', () => {
  it("gives this month's figures and what the park holds, from the ledger", async () => {
    const p = await freshPark();
    const now = toWireDate(new Date());
    await op(p, { account: 'recette', amount: 35_000, date: now });
    await op(p, { account: 'carburant', amount: 5_000, date: now });
    await op(p, { account: 'carburant', amount: 9_999, date: now, status: 'pending' });

    const db = ctx.database.db;
    const caisse = await ledgerAccount(db, p.id, 'caisse', p.caisseId);
    const parkBalance = await ledgerAccount(db, p.id, 'park_balance', null);
    const revenue = await ledgerAccount(db, p.id, 'pnl', p.account('recette').id);
    await post(db, { parkId: p.id, sourceKind: 'test', lines: [{ accountId: caisse, amount: 30_000 }, { accountId: parkBalance, amount: 12_000 }, { accountId: revenue, amount: -42_000 }] });

    const r = await ctx.api('GET', '/api/accounting/total-data', as(p.owner));
    expect(r.status, r.message).toBe(200);
    const t = r.data as TAccountingTotals;
    expect(t.this_month).toMatchObject({ revenue: 35_000, expenses: 5_000, result: 30_000 });
    expect(t.this_month.period.start_date).toBe(`${now.slice(0, 8)}01T00:00:00`);
    expect(t.last_month).toMatchObject({ revenue: 0, expenses: 0, result: 0 });
    expect(t.evolution.revenue).toMatchObject({ amount: 35_000, previous: 0, trend: 'up' });
    expect(t.caisses).toEqual([{ id: p.caisseId, name: 'Compte cash par défaut', sold: 30_000, default: true }]);
    expect([t.caisses_total, t.park_balance, t.total_balance]).toEqual([30_000, 12_000, 42_000]);
  });
});
