import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOperation } from '@flotte/contract';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { insertVehicle } from '../drivers/driver-test-helpers.ts';
import { insertDriver } from '../vehicles/vehicle-test-helpers.ts';
import { as, insertCaisse, memberWith, subAccount } from './operations-test-helpers.ts';

/**
 * The operations list: one park with a known set of operations over three days, read back through
 * every filter, the search, the pages and the permissions.
 */
let ctx: TestContext;
let fx: ParkFixture;
let owner: SignedIn;
let caisse: string;
let other: string;
let driver: string;
let vehicle: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  fx = await ctx.createPark({ name: 'Parc Liste' });
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  caisse = await insertCaisse(ctx, fx.park.id, 'Caisse principale agence');
  other = await insertCaisse(ctx, fx.park.id, 'Caisse garage');
  driver = await insertDriver(ctx, fx.park.id, { firstName: 'Samuel', lastName: 'Ngoumou' });
  vehicle = await insertVehicle(ctx.database.db, fx.park.id, { registration: 'LT-777-ZZ', label: 'Corolla bleue' });
  const apport = await subAccount(ctx, fx.park.id, { name: 'Apport du propriétaire' });
  const recette = await subAccount(ctx, fx.park.id, { code: 'recette' });
  const divers = await subAccount(ctx, fx.park.id, { name: 'Dépenses diverses' });
  const add = async (key: string, body: Record<string, unknown>) => {
    const r = await ctx.api('POST', '/api/pnl-account/fund-movement', { ...as(owner), body });
    if (r.code !== 5000) throw new Error(`${key}: ${r.message}`);
    ids[key] = r.data.id;
  };
  await add('apport', { sub_account_id: apport.id, caisse_id: caisse, date: '2026-02-01T08:00:00', amount: 100_000, comment: 'Capital de départ' });
  await add('recette', { sub_account_id: recette.id, caisse_id: caisse, date: '2026-02-02T19:30:00', amount: 25_000, driver_id: driver, vehicle_id: vehicle });
  await add('achat', { sub_account_id: divers.id, caisse_id: caisse, date: '2026-02-02T10:00:00', amount: 4_000, comment: 'Achat de balais' });
  await add('garage', { sub_account_id: apport.id, caisse_id: other, date: '2026-02-03T09:00:00', amount: 50_000 });
  for (let i = 0; i < 8; i++) await add(`petit${i}`, { sub_account_id: divers.id, caisse_id: other, date: `2026-02-03T1${i}:00:00`, amount: 100 + i });
  const cancel = await ctx.api('DELETE', `/api/accounting/pnl/operation/${ids.achat}`, { ...as(owner), body: { comment: 'Erreur de saisie' } });
  if (cancel.code !== 5000) throw new Error(cancel.message);
});
afterAll(() => ctx?.close());

const list = async (query = '', s: SignedIn = owner) => {
  const r = await ctx.api('GET', `/api/accounting/pnl/operation${query ? `?${query}` : ''}`, as(s));
  expect(r.code, r.message).toBe(5000);
  return r.data as { items: TOperation[]; meta: { page: number; itemPerPage: number; total: number; total_is_lower_bound: boolean } };
};

describe('the operations list', () => {
  it('pages the visible operations newest first, 10 by default, with the reversing row hidden', async () => {
    const first = await list();
    expect(first.meta).toEqual({ page: 1, itemPerPage: 10, total: 12, total_is_lower_bound: false });
    expect(first.items).toHaveLength(10);
    expect(first.items[0].id).toBe(ids.petit7);
    const second = await list('page=2');
    expect(second.items.map((o) => o.id)).toEqual([ids.achat, ids.apport]);
    const all = [...first.items, ...second.items];
    const dates = all.map((o) => o.operation_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(all.every((o) => o.amount > 0)).toBe(true);
    const canceled = all.find((o) => o.id === ids.achat)!;
    expect(canceled).toMatchObject({ status: 'canceled', status_label: 'Annulé', cancel_comment: 'Erreur de saisie', canceled_at: expect.any(String) });
  });

  it('shows the 13 columns’ data of a row', async () => {
    const row = (await list(`driver_id=${driver}`)).items[0];
    expect(row).toMatchObject({
      operation_date: '2026-02-02T19:30:00',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
      category: { name: "Revenus d'exploitation" },
      sub_category: { name: 'Recettes chauffeurs', code: 'recette' },
      amount: 25_000,
      status: 'confirmed',
      collect_method: 'cash',
      driver: { first_name: 'Samuel', last_name: 'Ngoumou' },
      vehicle: { registration_number: 'LT-777-ZZ', label: 'Corolla bleue', brand: 'Toyota', model: 'Corolla' },
      profile_initiator: { first_name: 'Awa', last_name: 'Ndiaye' },
      caisse: { id: caisse, name: 'Caisse principale agence' },
      file_link: null,
    });
  });

  it('filters by driver, vehicle, type, sub-account (or category), caisse and days', async () => {
    expect((await list(`vehicle_id=${vehicle}`)).items.map((o) => o.id)).toEqual([ids.recette]);
    const expenses = await list('type=perte&itemPerPage=50');
    expect(expenses.meta.total).toBe(9);
    expect(expenses.items.every((o) => o.type === 'perte')).toBe(true);
    expect((await list('type=profit')).meta.total).toBe(3);
    expect((await list('type=all')).meta.total).toBe(12);
    const apport = await subAccount(ctx, fx.park.id, { name: 'Apport du propriétaire' });
    expect((await list(`sub_account_id=/${apport.id}`)).items.map((o) => o.id)).toEqual([ids.garage, ids.apport]);
    const category = await subAccount(ctx, fx.park.id, { name: "Revenus d'exploitation" });
    expect((await list(`sub_account_id=${category.id}`)).items.map((o) => o.id)).toEqual([ids.recette]);
    expect((await list(`caisse_id=${caisse}`)).meta.total).toBe(3);
    const day = await list('start_date=2026-02-02&end_date=2026-02-02');
    expect(day.items.map((o) => o.id)).toEqual([ids.recette, ids.achat]);
    expect(day.meta).toMatchObject({ total: 2, total_is_lower_bound: false });
    // The same day as wire dates from 00:00:00 to 23:59:59 (what the accounting screens send).
    expect((await list('type=all&start_date=2026-02-02T00:00:00&end_date=2026-02-02T23:59:59')).meta.total).toBe(2);
    expect((await list('start_date=2026-02-02T12:00:00&end_date=2026-02-03T10:30:00')).items.map((o) => o.id)).toEqual([ids.petit0, ids.garage, ids.recette]);
    expect((await list('status=canceled')).items.map((o) => o.id)).toEqual([ids.achat]);
  });

  it('searches names (drivers, vehicles, sub-accounts) from 3 characters on', async () => {
    expect((await list('search=ngou')).items.map((o) => o.id)).toEqual([ids.recette]);
    expect((await list('search=777')).items.map((o) => o.id)).toEqual([ids.recette]);
    expect((await list('search=CORolla')).items.map((o) => o.id)).toEqual([ids.recette]);
    expect((await list('search=divers')).meta.total).toBe(9);
    expect((await list('search=balais')).meta.total).toBe(0); // a comment is not a name
    expect((await list('search=apport')).items.map((o) => o.id)).toEqual([ids.garage, ids.apport]);
    expect((await list('search=ng')).meta.total).toBe(12); // 2 characters: no search
  });

  it('answers GET /accounting the same, and lets READ_FINANCE read but not an agent without either', async () => {
    const a = await ctx.api('GET', '/api/accounting?type=profit', as(owner));
    expect(a.data.meta.total).toBe(3);
    const reader = await memberWith(ctx, owner, fx.park.id, ['READ_FINANCE']);
    expect((await list('', reader)).meta.total).toBe(12);
    const nobody = await memberWith(ctx, owner, fx.park.id, ['VIEW_DRIVERS']);
    expect((await ctx.api('GET', '/api/accounting/pnl/operation', as(nobody))).status).toBe(403);
  });
});
