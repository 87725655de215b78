import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OPERATION_MESSAGES as M, type TOperation } from '@flotte/contract';
import { formData } from '../../../test/multipart.ts';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { parks } from '../access/access.tables.ts';
import { insertPlanning, insertVehicle } from '../drivers/driver-test-helpers.ts';
import { ledgerEntries, ledgerPostings } from '../ledger/ledger.tables.ts';
import { insertDriver } from '../vehicles/vehicle-test-helpers.ts';
import { administer, as, caisseBalance, cashCaisse, insertCaisse, memberWith, now, pnlBalance, subAccount } from './operations-test-helpers.ts';
import { fundMovements } from './operations.tables.ts';
import { parkTransactions } from '../treasury/treasury.tables.ts';

let ctx: TestContext;
let fx: ParkFixture;
let owner: SignedIn;
let parkNo = 0;
let caisse: string;
let apport: { id: string; code: string | null };
let divers: { id: string; code: string | null };

beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(async () => {
  fx = await ctx.createPark({ name: `Parc Opérations ${++parkNo}` });
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  caisse = await insertCaisse(ctx, fx.park.id, 'Caisse agence');
  apport = await subAccount(ctx, fx.park.id, { name: 'Apport du propriétaire' });
  divers = await subAccount(ctx, fx.park.id, { name: 'Dépenses diverses' });
});
afterAll(() => ctx?.close());

const create = (body: Record<string, unknown>, s: SignedIn = owner, path = '/api/pnl-account/fund-movement') => ctx.api('POST', path, { ...as(s), body });
const get = (url: string, s: SignedIn = owner) => ctx.api('GET', url, as(s));
const confirm = (id: string, s: SignedIn = owner) => ctx.api('POST', '/api/pnl-account/validate-expense', { ...as(s), body: { fund_movement_id: id } });
const cancel = (id: string, comment: string | undefined, s: SignedIn = owner) => ctx.api('DELETE', `/api/accounting/pnl/operation/${id}`, { ...as(s), body: { comment } });
const balance = (c = caisse) => caisseBalance(ctx, fx.park.id, c);

async function revenue(amount: number, over: Record<string, unknown> = {}, s: SignedIn = owner): Promise<TOperation> {
  const r = await create({ sub_account_id: apport.id, caisse_id: caisse, date: now(), amount, ...over }, s);
  expect(r.code, r.message).toBe(5000);
  return r.data;
}

describe('the 8 checks of spec 001 section 5, in order', () => {
  it('answers each message in turn as a body is completed, a body failing two checks getting the first', async () => {
    const member = await memberWith(ctx, owner, fx.park.id, ['CREATE_OPERATION']); // no ACCESS_CAISSE_CASH
    await administer(ctx, fx.park.id, caisse, member.profile_id);
    const fuel = await subAccount(ctx, fx.park.id, { code: 'carburant' });
    const recette = await subAccount(ctx, fx.park.id, { code: 'recette' });
    const assurance = await subAccount(ctx, fx.park.id, { code: 'assurance' });
    const vidange = await subAccount(ctx, fx.park.id, { code: 'vidange' });
    const driver = await insertDriver(ctx, fx.park.id, { lastName: 'Eto' });
    const vehicle = await insertVehicle(ctx.database.db, fx.park.id, { registration: 'LT-100-AA' });

    const steps: [Record<string, unknown>, string][] = [
      [{}, M.caisse],
      [{ caisse_id: caisse }, M.date],
      [{ caisse_id: caisse, date: now() }, M.amount],
      [{ caisse_id: caisse, date: now(), amount: 5000 }, M.subAccount],
      [{ caisse_id: caisse, date: now(), amount: 5000, sub_account_id: `recette/${recette.id}` }, M.driverAndVehicle],
      [{ caisse_id: caisse, date: now(), amount: 5000, sub_account_id: recette.id, driver_id: driver }, M.driverAndVehicle],
      [{ caisse_id: caisse, date: now(), amount: 5000, sub_account_id: assurance.id }, M.vehicle],
      [{ caisse_id: caisse, date: now(), amount: 5000, sub_account_id: fuel.id }, M.fuelType],
      [{ caisse_id: caisse, date: now(), amount: 5000, sub_account_id: fuel.id, type_carburant_id: 1 }, M.litres],
      [{ caisse_id: caisse, date: now(), sub_account_id: vidange.id }, M.components],
    ];
    for (const [body, message] of steps) {
      const r = await create(body, member);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.message).toBe(message);
    }
    // Fails checks 2, 3 and 4 at once: the date is named.
    expect((await create({ caisse_id: caisse }, member)).message).toBe(M.date);
    // A category (level 1) is not a sub-account.
    const category = await subAccount(ctx, fx.park.id, { name: 'Autres revenus' });
    expect((await create({ caisse_id: caisse, date: now(), amount: 10, sub_account_id: category.id }, member)).message).toBe(M.subAccount);
    // The other path answers the same.
    expect((await create({ caisse_id: caisse }, member, '/api/accounting/create-entry-or-depense')).message).toBe(M.date);
    // Nothing was recorded by any of these.
    expect(await ctx.database.db.select().from(fundMovements).where(eq(fundMovements.parkId, fx.park.id))).toEqual([]);

    // Complete bodies pass: a fuel expense (after funding the caisse) and a recette.
    await revenue(100_000);
    const ok = await create({ caisse_id: caisse, date: now(), amount: 15_000, sub_account_id: `carburant/${fuel.id}`, type_carburant_id: 2, litre_carburant: 18.5, vehicle_id: vehicle }, member);
    expect(ok.code, ok.message).toBe(5000);
    expect(ok.message).toBe('Mouvement de fonds créé');
    expect(ok.data).toMatchObject({ type: 'perte', amount: 15_000, type_carburant: { id: 2, name: 'Gasoil' }, litre_carburant: 18.5, status: 'confirmed', status_label: 'Accepté' });
    const rec = await create({ caisse_id: caisse, date: now(), amount: 20_000, sub_account_id: recette.id, driver_id: driver, vehicle_id: vehicle, collect: 'mobile_money' }, member);
    expect(rec.data).toMatchObject({ type: 'profit', driver: { id: driver, last_name: 'Eto' }, vehicle: { id: vehicle, registration_number: 'LT-100-AA' }, collect_method: 'mobile_money' });
  });

  it('uses the default cash account only for holders of ACCESS_CAISSE_CASH', async () => {
    const cash = await cashCaisse(ctx, fx.park.id);
    const r = await create({ date: now(), amount: 7000, sub_account_id: apport.id });
    expect(r.data.caisse).toEqual({ id: cash, name: 'Compte cash par défaut' });
    expect(await balance(cash)).toBe(7000);

    const member = await memberWith(ctx, owner, fx.park.id, ['CREATE_OPERATION']);
    expect((await create({ date: now(), amount: 10, sub_account_id: apport.id }, member)).message).toBe(M.caisse);
    const named = await create({ caisse_id: cash, date: now(), amount: 10, sub_account_id: apport.id }, member);
    expect(named.status).toBe(403);
    const withCash = await memberWith(ctx, owner, fx.park.id, ['CREATE_OPERATION', 'ACCESS_CAISSE_CASH']);
    expect((await create({ date: now(), amount: 10, sub_account_id: apport.id }, withCash)).code).toBe(5000);
  });

  it('takes the sum of the components as the amount of a maintenance, and refuses what is not of the park', async () => {
    await revenue(50_000);
    const vidange = await subAccount(ctx, fx.park.id, { code: 'vidange' });
    const r = await create({ caisse_id: caisse, date: now(), amount: 1, sub_account_id: vidange.id, car_component: [{ id: 1, amount: 2000 }, { id: 2, amount: 3500 }] });
    expect(r.code, r.message).toBe(5000);
    expect(r.data.amount).toBe(5500);
    expect(r.data.components.map((c: { amount: number }) => c.amount).sort()).toEqual([2000, 3500]);
    expect(await balance()).toBe(50_000 - 5500);

    const base = { caisse_id: caisse, date: now(), amount: 1000, sub_account_id: apport.id };
    expect((await create({ ...base, amount: -5 })).message).toBe(M.amountPositive);
    expect((await create({ ...base, amount: 10.5 })).message).toBe(M.amountDecimals); // XAF has no decimals
    expect((await create({ ...base, sub_account_id: '00000000-0000-7000-8000-000000000000' })).status).toBe(404);
    expect((await create({ ...base, caisse_id: '00000000-0000-7000-8000-000000000000' })).code).toBe(4320);
    expect((await create({ ...base, driver_id: '00000000-0000-7000-8000-000000000000' })).code).toBe(4120);
    expect((await create({ ...base, file_link: '/api/file/00000000-0000-7000-8000-000000000000' })).code).toBe(4153);
    expect((await create({ ...base, caisse_id: caisse, date: '2026-13-45T10:00:00' })).status).toBe(400);
  });
});

describe('money moves with the operation', () => {
  it('posts revenues and expenses at once when the park needs no confirmation, and refuses an expense the caisse cannot cover', async () => {
    const r = await revenue(30_000);
    expect(r).toMatchObject({ status: 'confirmed', confirmed: true, category: { name: 'Autres revenus' }, sub_category: { name: 'Apport du propriétaire' } });
    expect(await balance()).toBe(30_000);
    expect(await pnlBalance(ctx, fx.park.id, apport.id)).toBe(-30_000);

    const e = await create({ caisse_id: caisse, date: now(), amount: 12_000, sub_account_id: `/${divers.id}` });
    expect(e.data.type).toBe('perte');
    expect(await balance()).toBe(18_000);
    expect(await pnlBalance(ctx, fx.park.id, divers.id)).toBe(12_000);

    const tooMuch = await create({ caisse_id: caisse, date: now(), amount: 18_001, sub_account_id: divers.id });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.message).toBe('Solde insuffisant pour cette opération');
    expect(await balance()).toBe(18_000);
    expect((await ctx.database.db.select().from(fundMovements).where(eq(fundMovements.parkId, fx.park.id))).length).toBe(2);
  });

  it('keeps a member’s operation pending until the owner confirms it, when the park asks so', async () => {
    await ctx.database.db.update(parks).set({ operationsNeedConfirmation: true }).where(eq(parks.id, fx.park.id));
    await revenue(10_000); // the owner's own: confirmed at once
    const member = await memberWith(ctx, owner, fx.park.id, ['CREATE_OPERATION', 'VALIDATE_EXPENSE']);
    await administer(ctx, fx.park.id, caisse, member.profile_id);
    const pending = (await create({ caisse_id: caisse, date: now(), amount: 4000, sub_account_id: divers.id }, member)).data as TOperation;
    expect(pending).toMatchObject({ status: 'pending', status_label: 'En attente', confirmed: false });
    expect(await balance()).toBe(10_000);
    expect((await create({ caisse_id: caisse, date: now(), amount: 10_001, sub_account_id: divers.id }, member)).status).toBe(409);

    const byMember = await confirm(pending.id, member);
    expect(byMember.status).toBe(403);
    expect(byMember.message).toBe('Seul le propriétaire du parc peut confirmer une opération');
    const confirmed = await confirm(pending.id);
    expect(confirmed.message).toBe('Opération confirmée');
    expect(confirmed.data).toMatchObject({ status: 'confirmed', status_label: 'Accepté' });
    expect(await balance()).toBe(6000);
    expect((await confirm(pending.id)).status).toBe(409);
  });
});

describe('cancelling', () => {
  it('reverses a confirmed operation once, hides the reversal and shows the comment on the original', async () => {
    const r = await revenue(25_000);
    const member = await memberWith(ctx, owner, fx.park.id, ['CANCEL_OPERATION']);
    expect((await cancel(r.id, '   ', member)).message).toBe(M.cancelComment);
    const done = await cancel(r.id, 'Saisie en double', member);
    expect(done.message).toBe('Opération annulée');
    expect(done.data).toMatchObject({ status: 'canceled', status_label: 'Annulé', cancel_comment: 'Saisie en double' });
    expect(done.data.canceled_movment_id).toEqual(expect.any(String));
    expect(await balance()).toBe(0);
    expect(await pnlBalance(ctx, fx.park.id, apport.id)).toBe(0);

    const reversal = await get(`/api/accounting/pnl/operation/${done.data.canceled_movment_id}`);
    expect(reversal.data).toMatchObject({ amount: -25_000, reverses_id: r.id, comment: 'Saisie en double' });
    const list = await get('/api/accounting/pnl/operation');
    expect(list.data.items.map((o: TOperation) => o.id)).toEqual([r.id]);

    expect((await cancel(r.id, 'Encore')).code).toBe(4301);
    expect((await cancel(done.data.canceled_movment_id, 'Annuler l’annulation')).code).toBe(4302);
    expect((await confirm(r.id)).status).toBe(409);
    expect(await balance()).toBe(0);
  });

  it('refuses a pending operation without touching the ledger', async () => {
    await ctx.database.db.update(parks).set({ operationsNeedConfirmation: true }).where(eq(parks.id, fx.park.id));
    const member = await memberWith(ctx, owner, fx.park.id, ['CREATE_OPERATION']);
    await administer(ctx, fx.park.id, caisse, member.profile_id);
    const pending = (await create({ caisse_id: caisse, date: now(), amount: 4000, sub_account_id: apport.id }, member)).data as TOperation;
    const refused = await cancel(pending.id, 'Pas justifié');
    expect(refused.data).toMatchObject({ status: 'refused', status_label: 'Refusé', canceled_movment_id: null });
    expect(await ctx.database.db.select().from(ledgerPostings).where(eq(ledgerPostings.parkId, fx.park.id))).toEqual([]);
    expect((await confirm(pending.id)).code).toBe(4343);
  });

  it('can’t take back a revenue whose money has left the caisse', async () => {
    const r = await revenue(10_000);
    await create({ caisse_id: caisse, date: now(), amount: 8000, sub_account_id: divers.id });
    const refused = await cancel(r.id, 'Erreur');
    expect(refused.code).toBe(4300);
    expect((await get(`/api/accounting/pnl/operation/${r.id}`)).data.status).toBe('confirmed');
    expect(await balance()).toBe(2000);
  });

  it('writes one reversal for 50 simultaneous cancellations', async () => {
    const r = await revenue(9000);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => cancel(r.id, `Annulation ${i}`)));
    expect(answers.filter((a) => a.code === 5000)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 5000).every((a) => a.code === 4301)).toBe(true);
    const reversals = await ctx.database.db.select().from(fundMovements).where(eq(fundMovements.reversesId, r.id));
    expect(reversals).toHaveLength(1);
    expect(await balance()).toBe(0);
    const entries = await ctx.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.parkId, fx.park.id));
    expect(entries).toHaveLength(4);
  });
});

describe('the chart keeps the accounts operations are filed under', () => {
  it('refuses to delete a sub-account holding only a pending operation', async () => {
    await ctx.database.db.update(parks).set({ operationsNeedConfirmation: true }).where(eq(parks.id, fx.park.id));
    const member = await memberWith(ctx, owner, fx.park.id, ['CREATE_OPERATION']);
    await administer(ctx, fx.park.id, caisse, member.profile_id);
    const sub = await ctx.api('POST', '/api/pnl-sub-account', { ...as(owner), body: { name: 'Sponsoring', account_id: (await subAccount(ctx, fx.park.id, { name: 'Autres revenus' })).id } });
    expect((await create({ caisse_id: caisse, date: now(), amount: 100, sub_account_id: sub.data.id }, member)).data.status).toBe('pending');
    const del = await ctx.api('DELETE', `/api/pnl-sub-account/delete/${sub.data.id}`, as(owner));
    expect(del.status).toBe(409);
    expect(del.message).toBe('Cette catégorie a des opérations : elle ne peut pas être supprimée');
  });
});

describe('fuel types, components and the day’s driver and vehicle', () => {
  it('lists fuel types and components, and adds a component to the park', async () => {
    expect((await get('/api/carburant')).data.map((f: { name: string }) => f.name)).toContain('Gasoil');
    const short = await ctx.api('POST', '/api/car-component', { ...as(owner), body: { name: 'Pot' } });
    expect(short.message).toBe(M.componentName);
    const added = await ctx.api('POST', '/api/car-component', { ...as(owner), body: { name: 'Rétroviseur gauche' } });
    expect(added.message).toBe('Composant ajouté');
    expect((await get('/api/car-component')).data.some((c: { id: number }) => c.id === added.data.id)).toBe(true);
    expect((await ctx.api('POST', '/api/car-component', { ...as(owner), body: { name: 'rétroviseur  gauche' } })).code).toBe(4347);
  });

  it('finds the vehicle a driver drives that day, and the reverse', async () => {
    const driver = await insertDriver(ctx, fx.park.id, { lastName: 'Milla' });
    const idle = await insertDriver(ctx, fx.park.id, { lastName: 'Song' });
    const vehicle = await insertVehicle(ctx.database.db, fx.park.id, { registration: 'LT-200-BB' });
    await insertPlanning(ctx.database.db, fx.park.id, vehicle, [{ driverId: driver, workDays: [1, 2, 3, 4, 5, 6, 7] }]);
    const byDriver = await get(`/api/accounting/driver-vehicle?driver_id=${driver}&date=${now()}`);
    expect(byDriver.data.vehicle).toMatchObject({ id: vehicle, registration_number: 'LT-200-BB' });
    const byVehicle = await get(`/api/accounting/driver-vehicle?vehicle_id=${vehicle}&date=${now().slice(0, 10)}`);
    expect(byVehicle.data.driver).toMatchObject({ id: driver, last_name: 'Milla' });
    const none = await get(`/api/accounting/driver-vehicle?driver_id=${idle}`);
    expect(none.data.vehicle).toBeNull();
    expect(none.message).toBe('Aucun véhicule trouvé');
  });
});

describe('proof files and retries', () => {
  it('links an uploaded proof, answers it as a signed link, and keeps it through a files-only reset', async () => {
    const { body, headers } = formData([], [{ field: 'file', filename: 'facture.pdf', content: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n') }]);
    const up = await ctx.app.inject({ method: 'POST', url: '/api/file/upload/file', headers: { authorization: `Bearer ${owner.token}`, profile_id: owner.profile_id, ...headers }, payload: body });
    const stored = up.json().data as { path: string; id: string };
    expect(stored.path).toMatch(/^\/api\/file\//);
    const r = await revenue(1500, { file_link: stored.path });
    expect(r.file_link).toMatch(new RegExp(`^/api/file/signed/${stored.id}\\?exp=`));
    await ctx.api('POST', '/api/update-pin-code', { ...as(owner), body: { code: '24680' } });
    await ctx.api('POST', '/api/verify-pin-code', { ...as(owner), body: { code: '24680' } });
    expect((await ctx.api('PUT', `/api/park/reset/${fx.park.id}`, { ...as(owner), body: { options: ['files'] } })).code).toBe(5000);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/file/${stored.id}`, headers: { authorization: `Bearer ${owner.token}`, profile_id: owner.profile_id } })).statusCode).toBe(200);
  });

  it('records one operation for one Idempotency-Key sent twice', async () => {
    const body = { sub_account_id: apport.id, caisse_id: caisse, date: now(), amount: 2500 };
    const headers = { 'idempotency-key': `op-${Date.now()}-abcdef` };
    const [a, b] = [await ctx.api('POST', '/api/pnl-account/fund-movement', { ...as(owner), body, headers }), await ctx.api('POST', '/api/pnl-account/fund-movement', { ...as(owner), body, headers })];
    expect(a.code).toBe(5000);
    expect(b.data.id).toBe(a.data.id);
    expect(await balance()).toBe(2500);
  });
});

describe('resetting the account', () => {
  it('erases the operations and starts the ledger over, keeping the caisses and the chart', async () => {
    const r = await revenue(5000);
    await cancel(r.id, 'Test');
    await revenue(3000);
    await ctx.api('POST', '/api/update-pin-code', { ...as(owner), body: { code: '24680' } });
    await ctx.api('POST', '/api/verify-pin-code', { ...as(owner), body: { code: '24680' } });
    const reset = await ctx.api('PUT', `/api/park/reset/${fx.park.id}`, { ...as(owner), body: { options: ['operations'] } });
    expect(reset.code, reset.message).toBe(5000);
    expect(await ctx.database.db.select().from(fundMovements).where(eq(fundMovements.parkId, fx.park.id))).toEqual([]);
    expect(await balance()).toBe(0);
    expect(await pnlBalance(ctx, fx.park.id, apport.id)).toBe(0);
    // The park works on: a new operation posts from zero.
    await revenue(1000);
    expect(await balance()).toBe(1000);
  });

  it('takes the transfers and withdrawals along, and waits while a withdrawal is still pending', async () => {
    await revenue(4000);
    const other = await insertCaisse(ctx, fx.park.id, `Caisse reset ${Date.now()}`);
    const moved = await ctx.api('POST', '/api/caisse/transfer', { ...as(owner), body: { from_caisse_id: caisse, to_caisse_id: other, amount: 1500 } });
    expect(moved.code, moved.message).toBe(5000);
    const db = ctx.database.db;
    // A payout still waiting for its provider: forgetting it could pay the money out unrecorded.
    const [pending] = await db.insert(parkTransactions).values({ parkId: fx.park.id, type: 'withdraw', status: 'pending', amount: 100 }).returning();
    await ctx.api('POST', '/api/update-pin-code', { ...as(owner), body: { code: '24680' } });
    await ctx.api('POST', '/api/verify-pin-code', { ...as(owner), body: { code: '24680' } });
    const refused = await ctx.api('PUT', `/api/park/reset/${fx.park.id}`, { ...as(owner), body: { options: ['operations'] } });
    expect(refused.status).toBe(409);
    expect(refused.message).toContain("Un retrait attend encore la réponse de l'opérateur");
    expect(await balance()).toBe(2500);

    await db.update(parkTransactions).set({ status: 'success' }).where(eq(parkTransactions.id, pending.id));
    const reset = await ctx.api('PUT', `/api/park/reset/${fx.park.id}`, { ...as(owner), body: { options: ['operations'] } });
    expect(reset.code, reset.message).toBe(5000);
    expect(await db.select().from(parkTransactions).where(eq(parkTransactions.parkId, fx.park.id))).toEqual([]);
    expect(await balance()).toBe(0);
    expect(await caisseBalance(ctx, fx.park.id, other)).toBe(0);
  });
});
