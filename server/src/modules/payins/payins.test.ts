import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { CollectionSimulators } from '../../platform/payments/payments.ts';
import { parks } from '../access/access.tables.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { balanceOf, ledgerAccount } from '../ledger/ledger.service.ts';
import { memberWith } from '../operations/operations-test-helpers.ts';
import { applyRecipePayments } from '../recipes/recipe-collection.ts';
import { recipePayments, recipes } from '../recipes/recipes.tables.ts';
import { parkBalanceAccount } from '../treasury/park-balance.ts';
import { parkTransactions, paymentProviderEvents } from '../treasury/treasury.tables.ts';
import { startPayin, reconcilePayins } from './payins.service.ts';
import { payins, type PayinPurpose } from './payins.tables.ts';

/**
 * Mobile-money pay-ins end to end: started as the recipes routes start them (startPayin), asked
 * of the real provider clients against their loopback simulators (Wave Checkout in a Côte
 * d'Ivoire park, MTN MoMo request-to-pay and Orange through CinetPay in a Cameroon park), settled
 * by the simulators' callbacks through the real webhook routes, by 'J'ai validé', check-status
 * and the minute job.
 */

let ctx: TestContext;
let sims: CollectionSimulators;
let parkNo = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  sims = await ctx.app.payments.collectionSimulators();
  // The tests decide when each payer pays.
  for (const sim of Object.values(sims)) sim.settleAfterMs = null;
}, 60_000);
afterAll(() => ctx?.close());

const OPERATOR = { waveCI: '1', orangeCM: '7', mtnCM: '8' };

interface Park {
  parkId: string;
  token: string;
  profileId: string;
  acting: ActingProfile;
  currency: string;
  driverId: string;
}

async function park(country: 'CM' | 'CI' = 'CM'): Promise<Park> {
  const fx = await ctx.createPark({ name: `Parc Encaissements ${++parkNo}` });
  const currency = country === 'CI' ? 'XOF' : 'XAF';
  if (country === 'CI') await ctx.database.db.update(parks).set({ countryCode: 'CI', currency }).where(eq(parks.id, fx.park.id));
  const s = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  const [driver] = await ctx.database.db
    .insert(drivers)
    .values({ parkId: fx.park.id, firstName: 'Moussa', lastName: 'Diallo', phone: country === 'CI' ? '+2250701020304' : '+237670000001' })
    .returning({ id: drivers.id });
  return {
    parkId: fx.park.id,
    token: s.token,
    profileId: s.profile_id,
    currency,
    driverId: driver.id,
    acting: { id: s.profile_id, parkId: fx.park.id, type: 'proprietaire', role: 'OWNER', isOwner: true, permissions: new Set(), park: { timeZone: 'Africa/Douala', currency } },
  };
}

const call = (p: Park, method: string, url: string, body?: unknown) => ctx.api(method, url, { token: p.token, profileId: p.profileId, body });

async function recipe(p: Park, objective: number, collected = 0): Promise<string> {
  const [row] = await ctx.database.db
    .insert(recipes)
    .values({ parkId: p.parkId, kind: 'expected', driverId: p.driverId, day: '2026-03-02', periodStart: '2026-03-02', periodEnd: '2026-03-02', frequency: 'daily', collectionType: 'recipe_objective', objective, collected })
    .returning({ id: recipes.id });
  return row.id;
}

const recipeRow = async (id: string) => (await ctx.database.db.select().from(recipes).where(eq(recipes.id, id)))[0];
const payinRow = async (id: string) => (await ctx.database.db.select().from(payins).where(eq(payins.id, id)))[0];
const parkBalance = async (p: Park) => balanceOf(ctx.database.db, await parkBalanceAccount(ctx.database.db, p.parkId));
const driverSold = async (p: Park) => 0 - (await balanceOf(ctx.database.db, await ledgerAccount(ctx.database.db, p.parkId, 'driver_balance', p.driverId)));
const paymentsOf = async (recipeId: string) => ctx.database.db.select().from(recipePayments).where(eq(recipePayments.recipeId, recipeId));
const receivedOf = async (p: Park) => ctx.database.db.select().from(parkTransactions).where(and(eq(parkTransactions.parkId, p.parkId), eq(parkTransactions.type, 'payment')));

function pay(p: Park, operatorId: string, amount: number, purpose: PayinPurpose, phone = '670000001') {
  return startPayin(ctx.app.payins, p.acting, { amount, phone, operatorId, driverId: p.driverId, vehicleId: null, purpose });
}
const forRecipe = (recipeId: string, amount: number): PayinPurpose => ({ kind: 'recipes', allocations: [{ recipeId, amount }] });

describe('Wave Checkout', () => {
  it('answers the validation data with wave_launch_url and a 300-second countdown, then the signed webhook collects the recipe', async () => {
    const p = await park('CI');
    const r = await recipe(p, 10_000);
    const v = await pay(p, OPERATOR.waveCI, 10_000, forRecipe(r, 10_000), '0701020304');
    expect(v).toMatchObject({ operator: 'Wave', amount: 10_000, currency: 'XOF', status: 'pending', ussd_code: null, payment_link: null });
    expect(v.wave_launch_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/c\/cos-/);
    expect(v.seconds_left).toBeGreaterThan(290);
    expect(v.seconds_left).toBeLessThanOrEqual(300);
    expect(v.expires_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    const session = sims.wave.sessions.find((s) => s.client_reference === v.transaction_id)!;
    expect(session).toMatchObject({ amount: '10000', currency: 'XOF', restrict_payer_mobile: '+2250701020304' });
    expect(v.reference).toBe(session.id);

    await sims.wave.complete(v.transaction_id);
    expect(sims.wave.delivered.at(-1)!.status).toBe(200);
    expect(await recipeRow(r)).toMatchObject({ collected: 10_000 });
    expect((await recipeRow(r)).paidAt).not.toBeNull();
    const [payment] = await paymentsOf(r);
    expect(payment).toMatchObject({ amount: 10_000, method: 'mobile_money', payinId: v.transaction_id });
    expect(await parkBalance(p)).toBe(10_000);
    const [received] = await receivedOf(p);
    expect(received).toMatchObject({ status: 'success', amount: 10_000, provider: 'wave', providerRef: session.id, postingId: null });

    const status = await call(p, 'GET', `/api/transaction/check-status/${v.transaction_id}`);
    expect(status.code, status.message).toBe(5000);
    expect(status.data).toMatchObject({ transaction_id: v.transaction_id, status: 'success' });
  });

  it('pays once when the same webhook is delivered twice', async () => {
    const p = await park('CI');
    const r = await recipe(p, 7_000);
    const v = await pay(p, OPERATOR.waveCI, 7_000, forRecipe(r, 7_000), '0701020305');
    await sims.wave.complete(v.transaction_id, { deliveries: 2 });
    expect(sims.wave.delivered.slice(-2).map((d) => d.status)).toEqual([200, 200]);
    expect(await paymentsOf(r)).toHaveLength(1);
    expect(await receivedOf(p)).toHaveLength(1);
    expect(await parkBalance(p)).toBe(7_000);
    const eventId = (JSON.parse(sims.wave.delivered.at(-1)!.delivery.body) as { id: string }).id;
    const events = await ctx.database.db.select().from(paymentProviderEvents).where(and(sql`${paymentProviderEvents.provider} = 'wave'`, eq(paymentProviderEvents.eventId, eventId)));
    expect(events).toHaveLength(1);
    expect(events[0].transactionId).toBe((await receivedOf(p))[0].id);
    // And a third copy sent later, straight to the webhook, changes nothing either.
    const again = sims.wave.delivered.at(-1)!.delivery;
    const res = await ctx.app.inject({ method: 'POST', url: '/api/webhooks/payins/wave', headers: again.headers, payload: again.body });
    expect(res.json().data.outcome).toBe('duplicate');
    expect(await paymentsOf(r)).toHaveLength(1);
  });

  it('refuses a forged or replayed webhook with 401, changing nothing', async () => {
    const p = await park('CI');
    const r = await recipe(p, 5_000);
    const v = await pay(p, OPERATOR.waveCI, 5_000, forRecipe(r, 5_000), '0701020306');
    const session = sims.wave.sessions.find((s) => s.client_reference === v.transaction_id)!;
    const body = JSON.stringify({ id: 'EV_forged', type: 'checkout.session.completed', data: { ...session, checkout_status: 'complete', payment_status: 'succeeded' } });
    const t = Math.floor(Date.now() / 1000);
    const forged = await ctx.app.inject({ method: 'POST', url: '/api/webhooks/payins/wave', headers: { 'content-type': 'application/json', 'wave-signature': `t=${t},v1=${'ab'.repeat(32)}` }, payload: body });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe(4475);
    const unsigned = await ctx.app.inject({ method: 'POST', url: '/api/webhooks/payins/wave', headers: { 'content-type': 'application/json' }, payload: body });
    expect(unsigned.statusCode).toBe(401);
    // A genuine signature from an hour ago is a replay.
    const { waveSignature } = await import('../../integrations/wave/wave.checkout.ts');
    const old = t - 3600;
    const replay = await ctx.app.inject({ method: 'POST', url: '/api/webhooks/payins/wave', headers: { 'content-type': 'application/json', 'wave-signature': `t=${old},v1=${waveSignature(sims.wave.webhookSecret, old, body)}` }, payload: body });
    expect(replay.statusCode).toBe(401);
    expect((await payinRow(v.transaction_id)).status).toBe('pending');
    expect((await recipeRow(r)).collected).toBe(0);
    expect(await parkBalance(p)).toBe(0);
  });

  it("'Annuler' closes the checkout session; a payment failure changes the status only", async () => {
    const p = await park('CI');
    const r = await recipe(p, 5_000);
    const v = await pay(p, OPERATOR.waveCI, 5_000, forRecipe(r, 5_000), '0701020307');
    const cancelled = await call(p, 'POST', `/api/payin/${v.transaction_id}/cancel`);
    expect(cancelled.code, cancelled.message).toBe(5000);
    expect(cancelled.message).toBe('Transaction annulée');
    expect(cancelled.data.status).toBe('cancelled');
    expect(sims.wave.sessions.find((s) => s.client_reference === v.transaction_id)!.checkout_status).toBe('expired');

    const v2 = await pay(p, OPERATOR.waveCI, 5_000, forRecipe(r, 5_000), '0701020307');
    await sims.wave.fail(v2.transaction_id);
    expect((await payinRow(v2.transaction_id)).status).toBe('failed');
    expect((await recipeRow(r)).collected).toBe(0);
    expect(await receivedOf(p)).toHaveLength(0);
    const again = await call(p, 'POST', `/api/payin/${v2.transaction_id}/cancel`);
    expect(again.code).toBe(4473);
  });
});

describe('MTN MoMo request-to-pay', () => {
  it('shows the USSD code, and the callback (authenticated by our URL token) makes us read the status and collect', async () => {
    const p = await park('CM');
    const r = await recipe(p, 8_000);
    const v = await pay(p, OPERATOR.mtnCM, 8_000, forRecipe(r, 8_000), '+237670000002');
    expect(v).toMatchObject({ operator: 'MTN MoMo', ussd_code: '*126#', currency: 'XAF', status: 'pending', wave_launch_url: null, payment_link: null, reference: v.transaction_id });
    const request = sims.mtn.requests.find((x) => x.externalId === v.transaction_id)!;
    expect(request).toMatchObject({ amount: '8000', currency: 'XAF', payer: { partyIdType: 'MSISDN', partyId: '237670000002' } });
    expect(request.callbackUrl).toContain(`/api/webhooks/payins/mtn-momo?payin=${v.transaction_id}&t=`);

    await sims.mtn.complete(v.transaction_id);
    expect(sims.mtn.delivered.at(-1)!.status).toBe(200);
    expect(await recipeRow(r)).toMatchObject({ collected: 8_000 });
    expect(await parkBalance(p)).toBe(8_000);
    expect((await payinRow(v.transaction_id)).status).toBe('success');
  });

  it("settles by status check when no callback comes ('J'ai validé')", async () => {
    const p = await park('CM');
    const r = await recipe(p, 3_000);
    const v = await pay(p, OPERATOR.mtnCM, 3_000, forRecipe(r, 3_000), '670000003');
    const still = await call(p, 'POST', `/api/payin/${v.transaction_id}/validated`);
    expect(still.code, still.message).toBe(5000);
    expect(still.data.status).toBe('pending');
    expect(still.message).toBe('En attente de validation');
    await sims.mtn.complete(v.transaction_id, { deliveries: 0 });
    const done = await call(p, 'POST', `/api/payin/${v.transaction_id}/validated`);
    expect(done.data.status).toBe('success');
    expect(done.message).toBe('Paiement reçu');
    expect((await recipeRow(r)).collected).toBe(3_000);
  });

  it('a refused request fails the pay-in and collects nothing', async () => {
    const p = await park('CM');
    const r = await recipe(p, 3_000);
    const v = await pay(p, OPERATOR.mtnCM, 3_000, forRecipe(r, 3_000), '670000004');
    await sims.mtn.fail(v.transaction_id);
    expect(await payinRow(v.transaction_id)).toMatchObject({ status: 'failed' });
    expect((await recipeRow(r)).collected).toBe(0);
    expect(await parkBalance(p)).toBe(0);
    const status = await call(p, 'GET', `/api/transaction/check-status/${v.transaction_id}`);
    expect(status.data.status).toBe('failed');
  });

  it('expires on the card, and a success arriving later is reconciled by the job, never lost', async () => {
    const p = await park('CM');
    const r = await recipe(p, 4_000);
    const v = await pay(p, OPERATOR.mtnCM, 4_000, forRecipe(r, 4_000), '670000005');
    await ctx.database.db.update(payins).set({ expiresAt: new Date(Date.now() - 1000), createdAt: new Date(Date.now() - 301_000) }).where(eq(payins.id, v.transaction_id));
    const shown = await call(p, 'GET', `/api/transaction/check-status/${v.transaction_id}`);
    expect(shown.data).toMatchObject({ status: 'expired', seconds_left: 0 });
    await reconcilePayins(ctx.app.payins, { olderThanSeconds: 30 });
    expect((await payinRow(v.transaction_id)).status).toBe('expired');

    await sims.mtn.complete(v.transaction_id, { deliveries: 0 });
    const run = await reconcilePayins(ctx.app.payins, { olderThanSeconds: 30 });
    expect(run.settled).toBeGreaterThanOrEqual(1);
    expect((await payinRow(v.transaction_id)).status).toBe('success');
    expect((await recipeRow(r)).collected).toBe(4_000);
    expect(await parkBalance(p)).toBe(4_000);
  });

  it('a cancelled pay-in the driver still approves is applied anyway', async () => {
    const p = await park('CM');
    const r = await recipe(p, 2_500);
    const v = await pay(p, OPERATOR.mtnCM, 2_500, forRecipe(r, 2_500), '670000006');
    expect((await call(p, 'POST', `/api/payin/${v.transaction_id}/cancel`)).data.status).toBe('cancelled');
    await sims.mtn.complete(v.transaction_id);
    expect((await payinRow(v.transaction_id)).status).toBe('success');
    expect((await recipeRow(r)).collected).toBe(2_500);
  });

  it("pays once when callbacks, 'J'ai validé' and the job race each other", async () => {
    const p = await park('CM');
    const r = await recipe(p, 9_000);
    const v = await pay(p, OPERATOR.mtnCM, 9_000, forRecipe(r, 9_000), '670000020');
    await ctx.database.db.update(payins).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(payins.id, v.transaction_id));
    await sims.mtn.complete(v.transaction_id, { deliveries: 0 });
    const d = { url: new URL(sims.mtn.requests.find((x) => x.externalId === v.transaction_id)!.callbackUrl!), body: JSON.stringify({ externalId: v.transaction_id, status: 'SUCCESSFUL' }) };
    const callback = () => ctx.app.inject({ method: 'POST', url: `${d.url.pathname}${d.url.search}`, headers: { 'content-type': 'application/json' }, payload: d.body });
    const answers = await Promise.all([callback(), callback(), call(p, 'POST', `/api/payin/${v.transaction_id}/validated`), reconcilePayins(ctx.app.payins, { olderThanSeconds: 30 }), callback()]);
    expect(answers.slice(0, 2).map((a) => (a as { statusCode: number }).statusCode)).toEqual([200, 200]);
    expect(await paymentsOf(r)).toHaveLength(1);
    expect(await receivedOf(p)).toHaveLength(1);
    expect(await parkBalance(p)).toBe(9_000);
    expect(await driverSold(p)).toBe(0);
  });

  it('refuses a callback without our token, or with the token of another pay-in', async () => {
    const p = await park('CM');
    const r = await recipe(p, 2_000);
    const a = await pay(p, OPERATOR.mtnCM, 1_000, forRecipe(r, 1_000), '670000007');
    const b = await pay(p, OPERATOR.mtnCM, 1_000, forRecipe(r, 1_000), '670000008');
    await sims.mtn.complete(a.transaction_id, { deliveries: 0 });
    const body = JSON.stringify({ externalId: a.transaction_id, status: 'SUCCESSFUL', amount: '1000', currency: 'XAF' });
    const none = await ctx.app.inject({ method: 'POST', url: `/api/webhooks/payins/mtn-momo?payin=${a.transaction_id}`, headers: { 'content-type': 'application/json' }, payload: body });
    expect(none.statusCode).toBe(401);
    const tokenOfB = new URL(sims.mtn.requests.find((x) => x.externalId === b.transaction_id)!.callbackUrl!).searchParams.get('t');
    const swapped = await ctx.app.inject({ method: 'POST', url: `/api/webhooks/payins/mtn-momo?payin=${a.transaction_id}&t=${tokenOfB}`, headers: { 'content-type': 'application/json' }, payload: body });
    expect(swapped.statusCode).toBe(401);
    expect((await payinRow(a.transaction_id)).status).toBe('pending');
  });
});

describe('CinetPay (Orange Money)', () => {
  it('gives the payment link, checks the notification x-token, reads the status and collects', async () => {
    const p = await park('CM');
    const r = await recipe(p, 6_000);
    const v = await pay(p, OPERATOR.orangeCM, 6_000, forRecipe(r, 6_000), '690000001');
    expect(v).toMatchObject({ operator: 'Orange Money', ussd_code: '#150*50#', wave_launch_url: null, status: 'pending' });
    expect(v.payment_link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/p\//);
    const payment = sims.cinetpay.payments.find((x) => x.transaction_id === v.transaction_id)!;
    expect(payment).toMatchObject({ amount: 6_000, currency: 'XAF', customer_phone_number: '690000001' });

    await sims.cinetpay.complete(v.transaction_id, { deliveries: 2 });
    expect(sims.cinetpay.delivered.slice(-2).map((d) => d.status)).toEqual([200, 200]);
    expect((await payinRow(v.transaction_id)).status).toBe('success');
    expect(await paymentsOf(r)).toHaveLength(1);
    expect(await parkBalance(p)).toBe(6_000);
    const [received] = await receivedOf(p);
    expect(received.provider).toBe('orange');
  });

  it('refuses a notification whose x-token is wrong', async () => {
    const p = await park('CM');
    const r = await recipe(p, 1_000);
    const v = await pay(p, OPERATOR.orangeCM, 1_000, forRecipe(r, 1_000), '690000002');
    await sims.cinetpay.complete(v.transaction_id, { deliveries: 0 });
    const genuine = sims.cinetpay.payments.find((x) => x.transaction_id === v.transaction_id)!;
    const { callbackUrl } = await import('./payins.service.ts');
    const target = new URL(callbackUrl(ctx.app.payins, 'cinetpay', v.transaction_id));
    const form = new URLSearchParams({ cpm_site_id: sims.cinetpay.siteId, cpm_trans_id: genuine.transaction_id, cpm_amount: '1000', cpm_currency: 'XAF' }).toString();
    const res = await ctx.app.inject({ method: 'POST', url: `${target.pathname}${target.search}`, headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-token': 'cd'.repeat(32) }, payload: form });
    expect(res.statusCode).toBe(401);
    expect((await payinRow(v.transaction_id)).status).toBe('pending');
  });

  it('keeps amounts to multiples of 5, and a refusal fails the pay-in', async () => {
    const p = await park('CM');
    const r = await recipe(p, 1_003);
    await expect(pay(p, OPERATOR.orangeCM, 1_003, forRecipe(r, 1_003), '690000003')).rejects.toMatchObject({ errorName: 'PAYIN_AMOUNT_MULTIPLE_OF_5' });
    const v = await pay(p, OPERATOR.orangeCM, 1_000, forRecipe(r, 1_000), '690000003');
    await sims.cinetpay.fail(v.transaction_id);
    expect((await payinRow(v.transaction_id)).status).toBe('failed');
    expect((await recipeRow(r)).collected).toBe(0);
  });
});

describe.each([
  { provider: 'Wave', country: 'CI' as const, operator: OPERATOR.waveCI, phone: '0701020399', sim: () => sims.wave },
  { provider: 'MTN MoMo', country: 'CM' as const, operator: OPERATOR.mtnCM, phone: '670000099', sim: () => sims.mtn },
  { provider: 'CinetPay', country: 'CM' as const, operator: OPERATOR.orangeCM, phone: '690000099', sim: () => sims.cinetpay },
])('$provider, whatever the way its answer comes', ({ country, operator, phone, sim }) => {
  it('settles by status check when the callback never arrives', async () => {
    const p = await park(country);
    const r = await recipe(p, 5_000);
    const v = await pay(p, operator, 5_000, forRecipe(r, 5_000), phone);
    await sim().complete(v.transaction_id, { deliveries: 0 });
    const done = await call(p, 'POST', `/api/payin/${v.transaction_id}/validated`);
    expect(done.data.status).toBe('success');
    expect((await recipeRow(r)).collected).toBe(5_000);
  });

  it('reconciles a success arriving after the countdown, once, however it is reported', async () => {
    const p = await park(country);
    const r = await recipe(p, 5_000);
    const v = await pay(p, operator, 5_000, forRecipe(r, 5_000), phone);
    await ctx.database.db.update(payins).set({ expiresAt: new Date(Date.now() - 1000), createdAt: new Date(Date.now() - 301_000) }).where(eq(payins.id, v.transaction_id));
    await reconcilePayins(ctx.app.payins, { olderThanSeconds: 30 });
    expect((await payinRow(v.transaction_id)).status).toBe('expired');
    await sim().complete(v.transaction_id, { deliveries: 2 });
    await reconcilePayins(ctx.app.payins, { olderThanSeconds: 30 });
    expect((await payinRow(v.transaction_id)).status).toBe('success');
    expect(await paymentsOf(r)).toHaveLength(1);
    expect(await parkBalance(p)).toBe(5_000);
  });
});

describe('applying a payment', () => {
  it("puts what the recipe can no longer take on the driver's sold, and says so", async () => {
    const p = await park('CM');
    const r = await recipe(p, 10_000);
    const v = await pay(p, OPERATOR.mtnCM, 10_000, forRecipe(r, 10_000), '670000010');
    // Meanwhile 6,000 are collected in cash.
    await ctx.database.db.transaction((tx) => applyRecipePayments(tx, { parkId: p.parkId, actorId: p.profileId, method: 'cash', allocations: [{ recipeId: r, amount: 6_000 }] }));
    await sims.mtn.complete(v.transaction_id);
    const row = await payinRow(v.transaction_id);
    expect(row.status).toBe('success');
    expect(row.detail).toContain('solde du chauffeur');
    expect(await recipeRow(r)).toMatchObject({ collected: 10_000 });
    expect((await paymentsOf(r)).map((x) => [x.method, x.amount]).sort()).toEqual([['cash', 6_000], ['mobile_money', 4_000]]);
    expect(await driverSold(p)).toBe(6_000);
    expect(await parkBalance(p)).toBe(10_000);
    const [received] = await receivedOf(p);
    expect(received.amount).toBe(10_000);
    expect(received.postingId).not.toBeNull();
  });

  it('an exceptional payment becomes an unscheduled recipe, collected once it succeeds', async () => {
    const p = await park('CM');
    const v = await pay(p, OPERATOR.mtnCM, 2_000, { kind: 'exceptional', day: '2026-03-05', comment: 'Frais de lavage' }, '670000011');
    expect(await ctx.database.db.select().from(recipes).where(eq(recipes.driverId, p.driverId))).toHaveLength(0);
    await sims.mtn.complete(v.transaction_id, { deliveries: 2 });
    const made = await ctx.database.db.select().from(recipes).where(eq(recipes.driverId, p.driverId));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ kind: 'unscheduled', day: '2026-03-05', objective: 2_000, collected: 2_000 });
    expect(await parkBalance(p)).toBe(2_000);
  });

  it('refuses an operator of another country and a number that is not one', async () => {
    const p = await park('CM');
    const r = await recipe(p, 1_000);
    await expect(pay(p, OPERATOR.waveCI, 1_000, forRecipe(r, 1_000))).rejects.toMatchObject({ errorName: 'PAYIN_OPERATOR_UNKNOWN' });
    await expect(pay(p, OPERATOR.mtnCM, 1_000, forRecipe(r, 1_000), '12')).rejects.toMatchObject({ errorName: 'PAYIN_PHONE_INVALID' });
    expect(await ctx.database.db.select().from(payins).where(eq(payins.parkId, p.parkId))).toHaveLength(0);
  });
});

describe('who sees a pay-in', () => {
  it('check-status answers a pay-in to ENCAISSER, not to someone who only sees the balance; the buttons need ENCAISSER', async () => {
    const p = await park('CM');
    const r = await recipe(p, 1_000);
    const v = await pay(p, OPERATOR.mtnCM, 1_000, forRecipe(r, 1_000), '670000012');
    const owner = { token: p.token, profile_id: p.profileId, park_id: p.parkId, has_pin_code: false };
    const cashier = await memberWith(ctx, owner, p.parkId, ['ENCAISSER']);
    const viewer = await memberWith(ctx, owner, p.parkId, ['VIEW_BALANCE']);
    const asCashier = await ctx.api('GET', `/api/transaction/check-status/${v.transaction_id}`, { token: cashier.token, profileId: cashier.profile_id });
    expect(asCashier.code, asCashier.message).toBe(5000);
    expect(asCashier.data.status).toBe('pending');
    const asViewer = await ctx.api('GET', `/api/transaction/check-status/${v.transaction_id}`, { token: viewer.token, profileId: viewer.profile_id });
    expect(asViewer.status).toBe(403);
    const cancel = await ctx.api('POST', `/api/payin/${v.transaction_id}/cancel`, { token: viewer.token, profileId: viewer.profile_id });
    expect(cancel.status).toBe(403);
  });
});
