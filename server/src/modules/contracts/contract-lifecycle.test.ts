import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTRACT_MESSAGES as M } from '@flotte/contract/contracts';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { resetOptions } from '../park/reset-registry.ts';
import '../registrations.ts';
import { contractTotalsDrift } from './contract-money.test-support.ts';
import { contractCalls, dayFromToday, driverBody, newDriver, partnerBody, vehicleWithOwner } from './contract-test-helpers.ts';
import { contractInstalments, contracts } from './contracts.tables.ts';

let ctx: TestContext;
let fx: ParkFixture;
let owner: SignedIn;
let parkNo = 0;
const { call, created } = contractCalls(() => ctx, () => owner);
/** Each change also makes a document version ('document' events, the documents module's tests). */
const notDocument = (e: { kind: string }) => e.kind !== 'document';

beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(async () => {
  fx = await ctx.createPark({ name: `Parc Cycle ${++parkNo}` });
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
});
// Whatever a test did to the park's contracts (sign, cancel, update, pay, reset), the totals the
// statistics and the list read (kept by triggers) equal the contracts recounted.
afterEach(async () => {
  const { kept, recounted } = await contractTotalsDrift(ctx, fx.park.id);
  expect(kept).toEqual(recounted);
});
afterAll(() => ctx?.close());

async function driverContract(over: Record<string, unknown> = {}) {
  const { vehicleId } = await vehicleWithOwner(ctx, fx.park.id);
  return created('driver', driverBody(vehicleId, await newDriver(ctx, fx.park.id), over));
}

/** Pays an instalment in the tables, as the collection would (the money itself is another module's test). */
async function markPaid(contractId: string, seq: number, amount: number) {
  const db = ctx.database.db;
  const [i] = await db.select().from(contractInstalments).where(and(eq(contractInstalments.contractId, contractId), eq(contractInstalments.seq, seq)));
  const paid = i.paidAmount + amount;
  await db.update(contractInstalments).set({ paidAmount: paid, status: paid >= i.amount ? 'paid' : 'due', paidAt: new Date() }).where(eq(contractInstalments.id, i.id));
  const [c] = await db.select().from(contracts).where(eq(contracts.id, contractId));
  await db.update(contracts).set({ totalPaid: c.totalPaid + amount, remainingAmount: c.remainingAmount - amount }).where(eq(contracts.id, contractId));
}

describe('signing', () => {
  it('records who signed and which version, makes the contract ACTIVE, and refuses a second signature', async () => {
    const c = await driverContract();
    const r = await call('POST', `/api/contract/${c.id}/sign`);
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe('Contrat signé');
    expect(r.data).toMatchObject({ contract_status: 'ACTIVE', signed_by: 'Awa Ndiaye', can: { sign: false, update: true, cancel: true } });
    expect(r.data.signatures).toMatchObject([{ signer_name: 'Awa Ndiaye', profile_id: owner.profile_id, document_version: c.document_version }]);
    const again = await call('POST', `/api/contract/${c.id}/sign`, {});
    expect([again.status, again.message]).toEqual([409, 'Ce contrat est déjà signé']);
    const unknownVersion = await call('POST', `/api/contract/${(await driverContract()).id}/sign`, { document_version: 99 });
    expect([unknownVersion.status, unknownVersion.message]).toEqual([400, "Cette version du document n'existe pas"]);
  });

  it('owes nothing before it is signed: a contract starting in the past shows no instalment late until signed', async () => {
    const c = await driverContract({ start_date: dayFromToday(-40), frequency_amount: 250_000 });
    const pending = (await call('GET', `/api/contract/${c.id}`)).data;
    expect(pending.overdue_amount).toBe(0);
    expect(new Set(pending.instalments.map((i: { state: string }) => i.state))).toEqual(new Set(['upcoming']));
    const signed = (await call('POST', `/api/contract/${c.id}/sign`)).data;
    expect(signed.overdue_amount).toBe(500_000);
    expect(signed.instalments.slice(0, 2).map((i: { state: string }) => i.state)).toEqual(['overdue', 'overdue']);
  });
});

describe('cancelling', () => {
  it('drops what is not yet due and keeps what is due as debt (keep_debt); the figures still add up', async () => {
    const c = await driverContract({ start_date: dayFromToday(-40), frequency_amount: 250_000 });
    await call('POST', `/api/contract/${c.id}/sign`, {});
    await markPaid(c.id, 1, 250_000);
    const r = await call('PUT', `/api/contract/${c.id}/cancel`, { reason: 'Le chauffeur quitte le parc', debt_mode: 'keep_debt' });
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe('Contrat annulé');
    expect(r.data).toMatchObject({ contract_status: 'CANCELLED', cancel_reason: 'Le chauffeur quitte le parc', cancel_debt_mode: 'keep_debt', total_amount: 1_000_000, total_paid: 250_000, remaining_amount: 750_000 });
    expect(r.data.instalments.map((i: { status: string }) => i.status)).toEqual(['paid', 'due', 'cancelled', 'cancelled']);
    expect(r.data.next_due_date).toBe(r.data.instalments[1].due_date);
    expect(r.data.can).toMatchObject({ sign: false, update: false, cancel: false, regenerate: true });
    // Irreversible: a second cancel, an update and a signature are refused; a regenerate only makes
    // the document again, the schedule as it was.
    const twice = await call('POST', `/api/contract/${c.id}/cancel`, { reason: 'Encore' });
    expect([twice.status, twice.message]).toEqual([409, 'Ce contrat est déjà annulé']);
    expect((await call('PUT', `/api/contract/${c.id}`, { description: 'x' })).status).toBe(409);
    const again = await call('POST', `/api/contract/${c.id}/regenerate`);
    expect(again.code, again.message).toBe(5000);
    expect(again.data).toMatchObject({ contract_status: 'CANCELLED', total_paid: 250_000, remaining_amount: 750_000 });
    expect(again.data.instalments.map((i: { status: string }) => i.status)).toEqual(['paid', 'due', 'cancelled', 'cancelled']);
    expect((await call('POST', `/api/contract/${c.id}/sign`, {})).status).toBe(409);
  });

  it('writes off what is due (write_off), asks for a reason, and lets only one of two cancels through', async () => {
    const c = await driverContract({ start_date: dayFromToday(-40), frequency_amount: 250_000 });
    const noReason = await call('POST', `/api/contract/${c.id}/cancel`, { reason: 'x' });
    expect([noReason.status, noReason.message]).toEqual([400, M.cancelReason]);
    const both = await Promise.all([
      call('POST', `/api/contract/${c.id}/cancel`, { reason: 'Véhicule accidenté', debt_mode: 'write_off' }),
      call('POST', `/api/contract/${c.id}/cancel`, { reason: 'Véhicule accidenté', debt_mode: 'write_off' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const detail = (await call('GET', `/api/contract/${c.id}`)).data;
    expect(detail.instalments.map((i: { status: string }) => i.status)).toEqual(['written_off', 'written_off', 'cancelled', 'cancelled']);
    expect(detail).toMatchObject({ next_due_date: null, overdue_amount: 0, remaining_amount: 1_000_000, total_paid: 0 });
    const history = (await call('GET', `/api/contract/${c.id}/history`)).data.filter(notDocument);
    expect(history.map((e: { kind: string }) => e.kind)).toEqual(['cancelled', 'created']);
    expect(history[0]).toMatchObject({ label: 'Contrat annulé', actor: 'Awa Ndiaye', detail: { reason: 'Véhicule accidenté', debt_mode: 'write_off', instalments_cancelled: 2, written_off: 500_000 } });
  });
});

describe('updating and regenerating', () => {
  it('changes anything of a PENDING contract and keeps the history of each field', async () => {
    const c = await driverContract({ start_date: '2030-01-31' });
    const otherDriver = await newDriver(ctx, fx.park.id, 'Kamga');
    const r = await call('PUT', `/api/contract/${c.id}`, { driver_id: otherDriver, frequency_amount: 500_000, description: 'Nouveau chauffeur' });
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe('Contrat mis à jour');
    expect(r.data).toMatchObject({ driver: { id: otherDriver, name: 'Eric Kamga' }, frequency_amount: 500_000, end_date: '2030-02-28', instalments_count: 2, description: 'Nouveau chauffeur' });
    const [updated] = (await call('GET', `/api/contract/${c.id}/history`)).data.filter(notDocument);
    expect(updated).toMatchObject({ kind: 'updated', label: 'Contrat modifié', actor: 'Awa Ndiaye' });
    expect(updated.detail.changes).toMatchObject({ frequency_amount: { before: 300_000, after: 500_000 }, description: { before: null, after: 'Nouveau chauffeur' } });
    const bad = await call('PUT', `/api/contract/${c.id}`, { total_amount: 12.5 });
    expect([bad.status, bad.message]).toEqual([400, M.totalAmount]);
  });

  it('rebuilds only the unpaid instalments of an ACTIVE contract and refuses to change its parties', async () => {
    const c = await driverContract({ start_date: '2030-01-31' });
    await call('POST', `/api/contract/${c.id}/sign`, {});
    await markPaid(c.id, 1, 300_000);
    await markPaid(c.id, 2, 100_000);
    // The form sends the whole body back: unchanged parties are no change.
    const whole = await call('PUT', `/api/contract/${c.id}`, { vehicle_id: c.vehicle.id.toUpperCase(), driver_id: c.driver!.id, start_date: c.start_date, clauses: 'Assurance à la charge du parc' });
    expect(whole.code, whole.message).toBe(5000);
    const locked = await call('PUT', `/api/contract/${c.id}`, { driver_id: await newDriver(ctx, fx.park.id, 'Biya') });
    expect([locked.status, locked.message]).toEqual([409, 'Ce contrat est signé\u00a0: seuls les montants, la fréquence, la date de fin, les clauses et la description peuvent changer']);
    const below = await call('PUT', `/api/contract/${c.id}`, { total_amount: 300_000 });
    expect(below.status).toBe(400);
    // The partly paid instalment keeps its amount: 1,200,000 - 600,000 frozen leaves three of 200,000.
    const r = await call('PUT', `/api/contract/${c.id}`, { frequency_amount: 200_000, total_amount: 1_200_000 });
    expect(r.code, r.message).toBe(5000);
    expect(r.data.instalments.map((i: { seq: number; due_date: string; amount: number; paid_amount: number }) => [i.seq, i.due_date, i.amount, i.paid_amount])).toEqual([
      [1, '2030-01-31', 300_000, 300_000],
      [2, '2030-02-28', 300_000, 100_000],
      [3, '2030-03-31', 200_000, 0],
      [4, '2030-04-30', 200_000, 0],
      [5, '2030-05-31', 200_000, 0],
    ]);
    expect(r.data).toMatchObject({ total_amount: 1_200_000, total_paid: 400_000, remaining_amount: 800_000, next_due_date: '2030-02-28', end_date: '2030-05-31' });
  });

  it('regenerates only when the terms produce another schedule, and says so', async () => {
    const c = await driverContract({ start_date: '2030-01-31' });
    const same = await call('POST', `/api/contract/${c.id}/regenerate`);
    expect(same.code, same.message).toBe(5000);
    expect(same.message).toBe('Échéancier régénéré');
    const ids = same.data.instalments.map((i: { id: string }) => i.id);
    expect(ids).toEqual(c.instalments.map((i) => i.id));
    // Someone (an older version) left the schedule out of step with the terms.
    await ctx.database.db.delete(contractInstalments).where(and(eq(contractInstalments.contractId, c.id), eq(contractInstalments.seq, 4)));
    const fixed = (await call('POST', `/api/contract/${c.id}/regenerate`)).data;
    expect(fixed.instalments.map((i: { amount: number }) => i.amount)).toEqual([300_000, 300_000, 300_000, 100_000]);
    const history = (await call('GET', `/api/contract/${c.id}/history`)).data.filter(notDocument);
    expect(history.slice(0, 2).map((e: { kind: string; detail: { schedule_changed: boolean } }) => [e.kind, e.detail.schedule_changed])).toEqual([
      ['regenerated', true],
      ['regenerated', false],
    ]);
  });
});

describe('a partner contract with a cap', () => {
  it('keeps its cap through a regenerate and an update of the end', async () => {
    const { vehicleId } = await vehicleWithOwner(ctx, fx.park.id);
    const c = await created('partner', partnerBody(vehicleId, { start_date: '2030-01-15', end_date: '2030-12-31', frequency_amount: 100_000, total_amount: 250_000 }));
    expect(c.instalments.map((i) => i.amount)).toEqual([100_000, 100_000, 50_000]);
    const same = (await call('POST', `/api/contract/${c.id}/regenerate`)).data;
    expect(same.instalments.map((i: { id: string }) => i.id)).toEqual(c.instalments.map((i) => i.id));
    const longer = (await call('PUT', `/api/contract/${c.id}`, { end_date: '2031-06-30' })).data;
    expect([longer.total_amount, longer.instalments_count, longer.end_date]).toEqual([250_000, 3, '2031-06-30']);
  });
});

describe('statistics', () => {
  it('counts the park’s contracts and sums what active ones owe, this month’s instalments included', async () => {
    const empty = await call('GET', '/api/contract/stats');
    expect(empty.code, empty.message).toBe(5000);
    expect(empty.data).toMatchObject({ total: 0, active: 0, echeances_ce_mois: { count: 0, amount: 0 } });
    const active = await driverContract({ start_date: dayFromToday(0), frequency_amount: 250_000 });
    await call('POST', `/api/contract/${active.id}/sign`, {});
    await markPaid(active.id, 1, 100_000);
    await driverContract();
    const { vehicleId } = await vehicleWithOwner(ctx, fx.park.id);
    const partner = await created('partner', partnerBody(vehicleId, { start_date: dayFromToday(0), end_date: dayFromToday(95) }));
    await call('POST', `/api/contract/${partner.id}/sign`, {});
    const cancelled = await driverContract();
    await call('POST', `/api/contract/${cancelled.id}/cancel`, { reason: 'Erreur de saisie' });
    const s = (await call('GET', '/api/contract/stats')).data;
    expect(s).toMatchObject({
      total: 4,
      active: 2,
      pending: 1,
      expired: 0,
      cancelled: 1,
      total_amount: 1_000_000 + partner.total_amount,
      contracts_by_type: { PARTNER: 1, DRIVER: 3 },
      active_vehicles: 2,
      active_drivers: 1,
      montant_encaisse: 100_000,
      montant_restant: 900_000 + partner.total_amount,
    });
    // This month: the driver's first instalment (150,000 left) and the partner's first, both due today.
    expect(s.echeances_ce_mois).toEqual({ count: 2, amount: 150_000 + 150_000 });
  });
});

describe('resetting the account', () => {
  it('erases the park’s contracts alone, and frees the recipes of their uncollected instalments', async () => {
    const c = await driverContract({ start_date: dayFromToday(-40), frequency_amount: 250_000 });
    await call('POST', `/api/contract/${c.id}/sign`, {});
    const signed = (await call('GET', `/api/contract/${c.id}`)).data;
    const recipeIds = signed.instalments.map((i: { recipe_id: string | null }) => i.recipe_id).filter(Boolean);
    expect(recipeIds).toHaveLength(2);
    const other = await ctx.createPark({ name: 'Parc Intact' });
    const otherOwner = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'proprietaire' });
    const kept = await created('partner', partnerBody((await vehicleWithOwner(ctx, other.park.id)).vehicleId), otherOwner);
    const option = resetOptions().find((o) => o.code === 'contracts')!;
    expect(option.label).toBe('Contrats');
    const db = ctx.database.db;
    await db.transaction((tx) => option.reset(tx, fx.park.id, { storage: null as never, keepFileIds: new Set(), afterCommit: () => undefined }));
    expect((await call('GET', '/api/contract')).data.meta.total).toBe(0);
    expect((await call('GET', `/api/contract/${kept.id}`, undefined, otherOwner)).status).toBe(200);
    const { rows } = await ctx.database.pool.query<{ deleted: boolean }>('select deleted_at is not null as deleted from recipes where id = any($1::uuid[])', [recipeIds]);
    expect(rows.map((r) => r.deleted)).toEqual([true, true]);
  });
});
