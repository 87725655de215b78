import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import type { PaymentSimulators } from '../../platform/payments/payments.ts';
import { parks } from '../access/access.tables.ts';
import { balanceOf, ledgerAccount } from '../ledger/ledger.service.ts';
import { ledgerPostings } from '../ledger/ledger.tables.ts';
import { defaultCashCaisse } from '../treasury/caisse-accounts.ts';
import { recordIncomingPayment } from '../treasury/park-balance.ts';
import { caisses, parkTransactions } from '../treasury/treasury.tables.ts';
import { pnlAccountIdByCode } from './withdraw-fees-account.ts';
import { reconcilePending } from './withdrawals.service.ts';

/**
 * Withdrawals end to end through the API, paid out by the real provider clients against their
 * loopback simulators: Wave (Côte d'Ivoire park, 1 %), MTN MoMo and Orange through CinetPay
 * (Cameroon park, 1.5 %).
 */

let ctx: TestContext;
let sims: PaymentSimulators;
let parkNo = 0;

beforeAll(async () => {
  // Payouts unknown to their provider may be re-sent at once (the job's age threshold is 0 here).
  ctx = await createTestContext({ PAYMENTS_RECONCILE_AFTER_S: '0', PAYMENTS_SIMULATOR_SETTLE_MS: '0' });
  sims = await ctx.app.payments.simulators();
}, 60_000);
afterAll(() => ctx?.close());

interface Owner {
  parkId: string;
  token: string;
  profileId: string;
}

/** A park with its owner signed in and a PIN verified (withdrawals need the step-up). */
async function parkWithOwner(country: 'CM' | 'CI' = 'CM', withPin = true): Promise<Owner> {
  const fx = await ctx.createPark({ name: `Parc Retraits ${++parkNo}` });
  if (country === 'CI') await ctx.database.db.update(parks).set({ countryCode: 'CI', currency: 'XOF' }).where(eq(parks.id, fx.park.id));
  const s = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  const owner = { parkId: fx.park.id, token: s.token, profileId: s.profile_id };
  if (withPin) {
    expect((await ctx.api('POST', '/api/update-pin-code', { token: s.token, body: { code: '24680' } })).code).toBe(5000);
    expect((await ctx.api('POST', '/api/verify-pin-code', { token: s.token, body: { code: '24680' } })).code).toBe(5000);
  }
  return owner;
}

const call = (o: Owner, method: string, url: string, body?: unknown) => ctx.api(method, url, { token: o.token, profileId: o.profileId, body });

let refNo = 0;
async function fund(o: Owner, amount: number): Promise<void> {
  await ctx.database.db.transaction((tx) => recordIncomingPayment(tx, { parkId: o.parkId, amount, provider: 'mtn', providerRef: `fund-${o.parkId}-${++refNo}` }));
}

async function parkBalance(o: Owner): Promise<number> {
  return (await call(o, 'GET', `/api/park/amount/${o.parkId}`)).data.amount;
}

async function addMeans(o: Owner, modeId: number, phone: string, title = 'Mon portefeuille'): Promise<string> {
  const r = await call(o, 'POST', '/api/mean-withdraw-on-park', { title, phone_number: phone, vct_withdraw_id: modeId });
  expect(r.code, r.message).toBe(5000);
  return r.data.id;
}

async function postings(o: Owner, transactionId: string) {
  return ctx.database.db.select().from(ledgerPostings).where(and(eq(ledgerPostings.parkId, o.parkId), eq(ledgerPostings.sourceId, transactionId)));
}

async function feesBalance(o: Owner): Promise<number> {
  const id = await ctx.database.db.transaction((tx) => pnlAccountIdByCode(tx, o.parkId, 'withdraw_fees'));
  return balanceOf(ctx.database.db, await ledgerAccount(ctx.database.db, o.parkId, 'pnl', id!));
}

describe('withdrawal modes and operators', () => {
  it("lists the park country's modes with their fee percent, or another country's", async () => {
    const o = await parkWithOwner('CM', false);
    const cm = await call(o, 'GET', '/api/vtc-withdraw');
    expect(cm.data.map((m: { title: string; fees: number; type: string }) => [m.title, m.fees, m.type])).toEqual([
      ['Orange Money', 1.5, 'mobile_money'],
      ['MTN MoMo', 1.5, 'mobile_money'],
    ]);
    expect(cm.data[0]).toMatchObject({ country_iso_code: 'CM', country_id: 120, image: '/images/operators/orange.svg' });
    const ci = await call(o, 'GET', '/api/vtc-withdraw?country_iso_code=ci');
    expect(ci.data.map((m: { title: string }) => m.title)).toEqual(['Wave', 'Orange Money', 'MTN MoMo', 'Moov Money']);
    expect(ci.data[0]).toMatchObject({ fees: 1, type: 'wave' });
    const ops = await call(o, 'GET', '/api/operator');
    expect(ops.data.map((x: { name: string }) => x.name)).toEqual(['Orange Money', 'MTN MoMo']);
  });
});

describe('withdrawal means', () => {
  it('are added, listed, edited and deleted with the spec messages', async () => {
    const o = await parkWithOwner('CM', false);
    const added = await call(o, 'POST', '/api/mean-withdraw-on-park', { title: 'MTN du gérant', phone_number: '+237 6 90 12 34 56', vct_withdraw_id: 8, id: 'ignored' });
    expect(added.message).toBe('Moyen de retrait ajouté');
    expect(added.data).toMatchObject({ park_id: o.parkId, title: 'MTN du gérant', fees: 1.5, last4Digit: '3456', phone_number: '+237690123456', card_processor: 'mtn' });
    expect(added.data.vct_withdraw).toMatchObject({ id: 8, title: 'MTN MoMo' });

    const list = await call(o, 'GET', `/api/mean-withdraw-on-park?park_id=${o.parkId}`);
    expect(list.data.map((m: { id: string }) => m.id)).toEqual([added.data.id]);

    const updated = await call(o, 'PUT', `/api/mean-withdraw-on-park/${added.data.id}`, { title: 'Orange du gérant', phone_number: '+237690123457', vct_withdraw_id: 7 });
    expect(updated.message).toBe('Mise à jour effectuée');
    expect(updated.data).toMatchObject({ title: 'Orange du gérant', card_processor: 'orange', last4Digit: '3457' });

    const deleted = await call(o, 'DELETE', `/api/mean-withdraw-on-park/${added.data.id}?park_id=${o.parkId}`);
    expect(deleted.message).toBe('Suppression du moyen de retrait réussie !');
    expect((await call(o, 'GET', '/api/mean-withdraw-on-park')).data).toEqual([]);
    expect((await call(o, 'DELETE', `/api/mean-withdraw-on-park/${added.data.id}`)).code).toBe(4360);
  });

  it('refuse a missing title or phone, a mode of another country and a foreign number', async () => {
    const o = await parkWithOwner('CM', false);
    const noTitle = await call(o, 'POST', '/api/mean-withdraw-on-park', { phone_number: '+237690123456', vct_withdraw_id: 8 });
    expect([noTitle.status, noTitle.message]).toEqual([400, 'Le titre est requis']);
    const noPhone = await call(o, 'POST', '/api/mean-withdraw-on-park', { title: 'X', vct_withdraw_id: 8 });
    expect(noPhone.message).toBe('Le numéro de téléphone est requis');
    const badPhone = await call(o, 'POST', '/api/mean-withdraw-on-park', { title: 'X', phone_number: '12ab', vct_withdraw_id: 8 });
    expect(badPhone.message).toBe('Format de numéro de téléphone invalide');
    const wave = await call(o, 'POST', '/api/mean-withdraw-on-park', { title: 'X', phone_number: '+237690123456', vct_withdraw_id: 1 });
    expect([wave.status, wave.code]).toEqual([422, 4361]);
    const foreign = await call(o, 'POST', '/api/mean-withdraw-on-park', { title: 'X', phone_number: '+2250700000001', vct_withdraw_id: 8 });
    expect(foreign.status).toBe(400);
    expect(foreign.message).toContain('+237');
  });
});

describe('withdrawing', () => {
  it('pays out through Wave: amount and fee leave the balance at once, "Retrait effectué"', async () => {
    const o = await parkWithOwner('CI');
    await fund(o, 100_000);
    const means = await addMeans(o, 1, '+2250701020304');
    const r = await call(o, 'POST', '/api/transaction/withdraw', { withdraw_on_park_id: means, amount: 10_000, reason: 'Loyer', confirme_operation_id: 'x' });
    expect(r.message).toBe('Retrait effectué');
    expect(r.data).toMatchObject({ type: 'withdraw', status: 'success', amount: 10_000, fees: 100, total: 10_100, currency: 'XOF', phone: '+2250701020304', provider: 'wave', refunded: false });
    expect(r.data.provider_ref).toMatch(/^pt-/);
    expect(await parkBalance(o)).toBe(89_900);
    expect(await feesBalance(o)).toBe(100);
    const payout = sims.wave.payouts.find((p) => p.client_reference === r.data.id)!;
    expect(payout).toMatchObject({ receive_amount: '10000', currency: 'XOF', mobile: '+2250701020304', status: 'succeeded' });
  });

  it('gives the money back with a visible reversing entry when the operator refuses', async () => {
    const o = await parkWithOwner('CI');
    await fund(o, 50_000);
    const means = await addMeans(o, 1, '+2250700000000'); // the simulators refuse numbers ending in 0000
    const r = await call(o, 'POST', '/api/transaction/withdraw', { withdraw_on_park_id: means, amount: 20_000 });
    expect([r.status, r.code]).toEqual([422, 4363]);
    expect(r.data).toMatchObject({ status: 'failed', refunded: true, amount: 20_000, fees: 200 });
    expect(await parkBalance(o)).toBe(50_000);
    expect(await feesBalance(o)).toBe(0);
    const [original, reversal] = (await postings(o, r.data.id)).sort((a, b) => (a.reversesId ? 1 : 0) - (b.reversesId ? 1 : 0));
    expect(reversal.reversesId).toBe(original.id);
    expect(reversal.sourceKind).toBe('withdrawal_refund');
  });

  it('needs the PIN step-up and RETRAIT_DE_FONDS', async () => {
    const o = await parkWithOwner('CI', false);
    await fund(o, 10_000);
    const means = await addMeans(o, 1, '+2250701020304');
    const r = await call(o, 'POST', '/api/transaction/withdraw', { withdraw_on_park_id: means, amount: 1000 });
    expect([r.status, r.code]).toEqual([403, 4031]);
    const member = await ctx.addMember(o.parkId, { type: 'agent', roleNames: [] });
    const m = await ctx.signIn({ email: member.email, password: member.password, type: 'agent' });
    const denied = await ctx.api('POST', '/api/transaction/withdraw', { token: m.token, profileId: m.profile_id, body: { withdraw_on_park_id: means, amount: 1000 } });
    expect([denied.status, denied.message]).toEqual([403, "Vous n'avez pas les permissions nécessaires pour effectuer cette action"]);
    expect(await parkBalance(o)).toBe(10_000);
  });

  it('refuses more than the balance holds (fee included), moving nothing', async () => {
    const o = await parkWithOwner('CI');
    await fund(o, 10_000);
    const means = await addMeans(o, 1, '+2250701020304');
    const r = await call(o, 'POST', '/api/transaction/withdraw', { withdraw_on_park_id: means, amount: 10_000 }); // + 100 of fee
    expect([r.status, r.code]).toEqual([409, 4300]);
    expect(await parkBalance(o)).toBe(10_000);
    expect(await ctx.database.db.select().from(parkTransactions).where(and(eq(parkTransactions.parkId, o.parkId), eq(parkTransactions.type, 'withdraw')))).toEqual([]);
  });

  it('computes the fee in integers, half up, and keeps CinetPay amounts to multiples of 5', async () => {
    const o = await parkWithOwner('CM');
    await fund(o, 100_000);
    const orange = await addMeans(o, 7, '+237690123456');
    const r = await call(o, 'POST', '/api/transaction/withdraw', { withdraw_on_park_id: orange, amount: 1_030 }); // 1.5 % = 15.45 -> 15
    expect(r.data).toMatchObject({ amount: 1_030, fees: 15 });
    const half = await call(o, 'POST', '/api/transaction/withdraw', { withdraw_on_park_id: orange, amount: 100 }); // 1.5 -> 2
    expect(half.data.fees).toBe(2);
    const odd = await call(o, 'POST', '/api/transaction/withdraw', { withdraw_on_park_id: orange, amount: 1_003 });
    expect([odd.status, odd.message]).toEqual([400, 'Le montant doit être un multiple de 5 pour cet opérateur']);
    const decimals = await call(o, 'POST', '/api/transaction/withdraw', { withdraw_on_park_id: orange, amount: 10.5 });
    expect([decimals.status, decimals.message]).toEqual([400, 'Montant invalide']);
  });

  it('funds the payout from a caisse when one is named', async () => {
    const o = await parkWithOwner('CI');
    await fund(o, 30_000);
    const [caisse] = await ctx.database.db.insert(caisses).values({ parkId: o.parkId, name: 'Caisse bureau' }).returning();
    expect((await call(o, 'POST', '/api/transaction/credit-account', { caisse_id: caisse.id, amount: 20_000, comment: 'Fonds' })).code).toBe(5000);
    const means = await addMeans(o, 1, '+2250701020304');
    const r = await call(o, 'POST', '/api/transaction/withdraw', { withdraw_on_park_id: means, amount: 5_000, caisse_id: caisse.id });
    expect(r.data).toMatchObject({ status: 'success', caisse: { id: caisse.id, name: 'Caisse bureau' } });
    expect(await balanceOf(ctx.database.db, await ledgerAccount(ctx.database.db, o.parkId, 'caisse', caisse.id))).toBe(14_950);
    expect(await parkBalance(o)).toBe(10_000);
  });
});

describe('payouts the operator has not confirmed', () => {
  it('stay pending, then check-status settles them (MTN: 202, PENDING, SUCCESSFUL)', async () => {
    sims.mtn.settleAfterMs = null;
    const o = await parkWithOwner('CM');
    await fund(o, 50_000);
    const means = await addMeans(o, 8, '+237670000001');
    const r = await call(o, 'POST', '/api/transaction/withdraw', { withdraw_on_park_id: means, amount: 10_000 });
    expect(r.message).toBe('Transaction initiée');
    expect(r.data.status).toBe('pending');
    expect(await parkBalance(o)).toBe(39_850);
    expect((await call(o, 'GET', `/api/park/sold/${o.parkId}`)).data).toEqual({ sold: 39_850, pending_withdrawals: 10_150, currency: { name: 'XAF' } });

    expect((await call(o, 'GET', `/api/transaction/check-status/${r.data.id}`)).data.status).toBe('pending');
    sims.mtn.settle(r.data.id, 'success');
    const checked = await call(o, 'GET', `/api/transaction/check-status/${r.data.id}`);
    expect(checked.data).toMatchObject({ status: 'success', refunded: false });
    expect(checked.data.completed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(await parkBalance(o)).toBe(39_850);
    expect(sims.mtn.transfers.filter((t) => t.externalId === r.data.id)).toHaveLength(1);
  });

  it('are settled by the minute job, a refused one refunded once however many checks race', async () => {
    sims.mtn.settleAfterMs = null;
    const o = await parkWithOwner('CM');
    await fund(o, 50_000);
    const means = await addMeans(o, 8, '+237670000000');
    const r = await call(o, 'POST', '/api/transaction/withdraw', { withdraw_on_park_id: means, amount: 10_000 });
    expect(r.data.status).toBe('pending');
    sims.mtn.settle(r.data.id, 'failed');
    const deps = { db: ctx.database.db, payments: ctx.app.payments, resendAfterSeconds: 0 };
    const [job, ...checks] = await Promise.all([
      reconcilePending(deps, { olderThanSeconds: 0 }),
      ...Array.from({ length: 10 }, () => call(o, 'GET', `/api/transaction/check-status/${r.data.id}`)),
    ]);
    expect(job.checked).toBeGreaterThanOrEqual(1);
    for (const c of checks) expect(c.code, c.message).toBe(5000);
    const tx = (await call(o, 'GET', `/api/transaction/${r.data.id}`)).data;
    expect(tx).toMatchObject({ status: 'failed', refunded: true });
    expect((await postings(o, r.data.id)).filter((p) => p.reversesId)).toHaveLength(1);
    expect(await parkBalance(o)).toBe(50_000);
  });

  it('a crash after the provider took the payout is reconciled without paying twice', async () => {
    const o = await parkWithOwner('CI');
    await fund(o, 50_000);
    const means = await addMeans(o, 1, '+2250701020305');
    sims.wave.dropNext(); // Wave records and pays the payout, the answer never arrives
    const r = await call(o, 'POST', '/api/transaction/withdraw', { withdraw_on_park_id: means, amount: 10_000 });
    expect([r.message, r.data.status]).toEqual(['Transaction initiée', 'pending']);
    expect(sims.wave.payouts.filter((p) => p.client_reference === r.data.id)).toHaveLength(1);
    const checked = await call(o, 'GET', `/api/transaction/check-status/${r.data.id}`);
    expect(checked.data.status).toBe('success');
    await call(o, 'GET', `/api/transaction/check-status/${r.data.id}`);
    await reconcilePending({ db: ctx.database.db, payments: ctx.app.payments, resendAfterSeconds: 0 }, { olderThanSeconds: 0 });
    expect(sims.wave.payouts.filter((p) => p.client_reference === r.data.id)).toHaveLength(1);
    expect(await parkBalance(o)).toBe(39_900);
  });

  it('a payout the provider never received is sent again under the same reference, once', async () => {
    const o = await parkWithOwner('CI');
    await fund(o, 50_000);
    const means = await addMeans(o, 1, '+2250701020306');
    sims.wave.failNext(503); // Wave down: nothing recorded
    const r = await call(o, 'POST', '/api/transaction/withdraw', { withdraw_on_park_id: means, amount: 10_000 });
    expect(r.data.status).toBe('pending');
    expect(sims.wave.payouts.filter((p) => p.client_reference === r.data.id)).toHaveLength(0);
    const deps = { db: ctx.database.db, payments: ctx.app.payments, resendAfterSeconds: 0 };
    await Promise.all([reconcilePending(deps, { olderThanSeconds: 0 }), call(o, 'GET', `/api/transaction/check-status/${r.data.id}`)]);
    expect(sims.wave.payouts.filter((p) => p.client_reference === r.data.id)).toHaveLength(1);
    expect((await call(o, 'GET', `/api/transaction/${r.data.id}`)).data.status).toBe('success');
  });
});

describe('the park balance', () => {
  it('tops up a caisse, lists its transactions newest first, and stays in its park', async () => {
    const o = await parkWithOwner('CM', false);
    await fund(o, 50_000);
    const cash = await defaultCashCaisse(ctx.database.db, o.parkId);
    const credited = await call(o, 'POST', '/api/transaction/credit-account', { caisse_id: cash.id, amount: 20_000, description: 'Caisse du jour' });
    expect(credited.message).toBe('Transaction initiée avec succès');
    expect(credited.data).toMatchObject({ type: 'credit_account', status: 'success', amount: 20_000, reason: 'Caisse du jour', caisse: { id: cash.id } });
    expect(await parkBalance(o)).toBe(30_000);
    expect(await balanceOf(ctx.database.db, await ledgerAccount(ctx.database.db, o.parkId, 'caisse', cash.id))).toBe(20_000);
    const tooMuch = await call(o, 'POST', '/api/transaction/credit-account', { caisse_id: cash.id, amount: 30_001 });
    expect([tooMuch.status, tooMuch.code]).toEqual([409, 4300]);

    const page = await call(o, 'GET', `/api/park/transactions?page=1&itemPerPage=1&park_id=${o.parkId}&exclude_type=credit_sold`);
    expect(page.data.meta).toEqual({ page: 1, itemPerPage: 1, total: 2 });
    expect(page.data.items[0]).toMatchObject({ type: 'credit_account', initiator: 'Awa Ndiaye' });
    const payments = await call(o, 'GET', '/api/park/transactions?exclude_type=credit_sold,credit_account');
    expect(payments.data.items.map((t: { type: string }) => t.type)).toEqual(['payment']);
    expect((await call(o, 'GET', `/api/transaction/${credited.data.id}`)).data.id).toBe(credited.data.id);

    const other = await parkWithOwner('CM', false);
    expect((await call(o, 'GET', `/api/park/amount/${other.parkId}`)).status).toBe(403);
    expect((await call(o, 'GET', `/api/transaction/${(await call(other, 'GET', '/api/park/transactions')).data.items[0]?.id ?? credited.data.id}`)).status).toBe(200);
    expect((await call(other, 'GET', `/api/transaction/${credited.data.id}`)).code).toBe(4362);
  });

  it('answers its amount with the currency', async () => {
    const o = await parkWithOwner('CM', false);
    await fund(o, 12_345);
    expect((await call(o, 'GET', `/api/park/amount/${o.parkId}`)).data).toEqual({ amount: 12_345, currency: { name: 'XAF' } });
  });
});

describe('concurrent withdrawals of the whole balance', () => {
  it('let exactly one through', async () => {
    const o = await parkWithOwner('CI');
    await fund(o, 10_100);
    const means = await addMeans(o, 1, '+2250701029999');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => call(o, 'POST', '/api/transaction/withdraw', { withdraw_on_park_id: means, amount: 10_000 })),
    );
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 5000)).toHaveLength(1);
    expect(codes.filter((c) => c === 4300)).toHaveLength(99);
    expect(await parkBalance(o)).toBe(0);
    const withdrawals = await ctx.database.db.select().from(parkTransactions).where(and(eq(parkTransactions.parkId, o.parkId), eq(parkTransactions.type, 'withdraw'), isNotNull(parkTransactions.postingId)));
    expect(withdrawals).toHaveLength(1);
    expect(sims.wave.payouts.filter((p) => p.mobile === '+2250701029999')).toHaveLength(1);
  }, 60_000);
});
