import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, SUBSCRIPTION_MESSAGES } from '@flotte/contract';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import type { CollectionSimulators } from '../../platform/payments/payments.ts';
import { parks } from '../access/access.tables.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { memberWith } from '../operations/operations-test-helpers.ts';
import { startPayin, reconcilePayins } from '../payins/payins.service.ts';
import { payins } from '../payins/payins.tables.ts';
import { recipes } from '../recipes/recipes.tables.ts';
import { APPLY_DETAILS } from './invoice-apply.ts';
import { addDays, parkToday, periodEnd } from './subscription-days.ts';
import type { InvoiceRow, SubscriptionRow } from './subscription-view.ts';
import { parkSubscriptions, subscriptionInvoices, subscriptionPayments, subscriptionPlans } from './subscriptions.tables.ts';

/**
 * Paying a subscription invoice by mobile money (issue 23, 'Paying' and 'Applying'), through the
 * real routes and the providers' loopback simulators (MTN MoMo and Orange through CinetPay in a
 * Cameroon park, Wave in a Côte d'Ivoire one): the invoice turns paid only when the provider
 * confirms, exactly once whatever reports it and however often; each kind of invoice applies as
 * designed; the park's own money never moves.
 *
 * Invoices and the park's subscriptions are written directly (the routes that create them are
 * tested with them), the park's fixture subscription removed first.
 */

let ctx: TestContext;
let sims: CollectionSimulators;
let parkNo = 0;
let invoiceNo = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  sims = await ctx.app.payments.collectionSimulators();
  // The tests decide when each payer pays.
  for (const sim of Object.values(sims)) sim.settleAfterMs = null;
}, 60_000);
afterAll(() => ctx?.close());

const OPERATOR = { waveCI: 1, orangeCM: 7, mtnCM: 8 };
const TZ = 'Africa/Douala';
const today = () => parkToday(TZ, new Date());

interface Park {
  parkId: string;
  owner: SignedIn;
  currency: string;
}

async function park(country: 'CM' | 'CI' = 'CM'): Promise<Park> {
  const fx = await ctx.createPark({ name: `Parc Abonnement ${++parkNo}` });
  const currency = country === 'CI' ? 'XOF' : 'XAF';
  await ctx.database.db.update(parks).set({ countryCode: country, currency, timeZone: TZ }).where(eq(parks.id, fx.park.id));
  await ctx.database.db.delete(parkSubscriptions).where(eq(parkSubscriptions.parkId, fx.park.id));
  const owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  return { parkId: fx.park.id, owner, currency };
}

const as = (who: SignedIn) => ({ token: who.token, profileId: who.profile_id });
const call = (who: SignedIn, method: string, url: string, body?: unknown) => ctx.api(method, url, { ...as(who), body });

async function subscription(p: Park, v: Partial<SubscriptionRow> = {}): Promise<SubscriptionRow> {
  const [row] = await ctx.database.db
    .insert(parkSubscriptions)
    .values({
      parkId: p.parkId,
      status: 'active',
      type: 'starter',
      period: 'monthly',
      vehicleNumber: 5,
      pricePerVehicle: 2_500,
      currency: p.currency,
      amount: 12_500,
      startsOn: addDays(today(), -10),
      endsOn: addDays(today(), 19),
      ...v,
    })
    .returning();
  return row;
}

const trial = (p: Park) => subscription(p, { isTrial: true, pricePerVehicle: 0, amount: 0, offer: 'Essai gratuit', startsOn: addDays(today(), -3), endsOn: addDays(today(), 26) });

async function invoice(p: Park, v: Partial<InvoiceRow> = {}): Promise<InvoiceRow> {
  const amount = v.amount ?? 40_000;
  const [row] = await ctx.database.db
    .insert(subscriptionInvoices)
    .values({
      parkId: p.parkId,
      number: `FLT-TEST-${process.pid}-${++invoiceNo}`,
      kind: 'subscribe',
      type: 'premium',
      applicationType: 'particulier',
      period: 'monthly',
      vehicleNumber: 10,
      pricePerVehicle: 4_000,
      periodStart: today(),
      periodEnd: periodEnd(today(), 1),
      amount,
      currency: p.currency,
      lines: [{ label: 'Premium mensuel', quantity: 10, unitPrice: 4_000, amount }],
      validUntil: today(),
      ...v,
    })
    .returning();
  return row;
}

const invoiceRow = async (id: string) => (await ctx.database.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.id, id)))[0];
const payinRow = async (id: string) => (await ctx.database.db.select().from(payins).where(eq(payins.id, id)))[0];
const paymentsOf = (invoiceId: string) => ctx.database.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.invoiceId, invoiceId)).orderBy(subscriptionPayments.createdAt);
const subscriptionsOf = (p: Park) => ctx.database.db.select().from(parkSubscriptions).where(eq(parkSubscriptions.parkId, p.parkId)).orderBy(parkSubscriptions.startsOn, parkSubscriptions.createdAt);

/** Everything the park's own money is: ledger accounts and postings, park transactions. */
async function parkMoney(p: Park) {
  // Read first: the park balance's account is made on its first read.
  const park = await call(p.owner, 'GET', `/api/park/sold/${p.parkId}`);
  const { rows } = await ctx.database.db.execute<{ accounts: string; balances: string; postings: string; transactions: string }>(sql`
    select (select count(*) from ledger_accounts where park_id = ${p.parkId}) as accounts,
           (select coalesce(string_agg(kind || ':' || balance, ',' order by kind, owner_id), '') from ledger_accounts where park_id = ${p.parkId} and balance <> 0) as balances,
           (select count(*) from ledger_postings where park_id = ${p.parkId}) as postings,
           (select count(*) from park_transactions where park_id = ${p.parkId}) as transactions`);
  return { ...rows[0], sold: park.data?.sold };
}

function pay(p: Park, invoiceId: string, operator = OPERATOR.mtnCM, phone = '670000001', who = p.owner) {
  return call(who, 'POST', '/api/subscription/paid-invoice-subscription', { invoice_id: invoiceId, operator_id: operator, phone });
}

async function payAndConfirm(p: Park, inv: InvoiceRow, phone = '670000050'): Promise<string> {
  const r = await pay(p, inv.id, OPERATOR.mtnCM, phone);
  expect(r.code, r.message).toBe(5000);
  await sims.mtn.complete(r.data.validation.transaction_id);
  return r.data.validation.transaction_id as string;
}

describe('an invoice turns paid when the provider confirms, once', () => {
  it('MTN: the answer is the validation card; unpaid while pending; paid once under a duplicate callback; the trial is replaced by an active subscription from today; the park money untouched', async () => {
    const p = await park('CM');
    const t = await trial(p);
    const inv = await invoice(p);
    const before = await parkMoney(p);

    const r = await pay(p, inv.id);
    expect([r.status, r.code], r.message).toEqual([200, 5000]);
    expect(r.message).toBe(SUBSCRIPTION_MESSAGES.initiated);
    expect(r.data.validation).toMatchObject({ operator: 'MTN MoMo', ussd_code: '*126#', amount: 40_000, currency: 'XAF', status: 'pending' });
    expect(r.data.invoice).toMatchObject({ id: inv.id, status: 'pending', transaction_id: r.data.validation.transaction_id, amount: 40_000 });
    const id = r.data.validation.transaction_id as string;
    const request = sims.mtn.requests.find((x) => x.externalId === id)!;
    expect(request).toMatchObject({ amount: '40000', currency: 'XAF', payer: { partyIdType: 'MSISDN', partyId: '237670000001' } });
    expect(await payinRow(id)).toMatchObject({ status: 'pending', purpose: { kind: 'subscription', invoiceId: inv.id }, driverId: null });

    // Asking where it stands changes nothing while the payer has not validated.
    const pending = await call(p.owner, 'GET', `/api/transaction/check-status/${id}`);
    expect(pending.data.status).toBe('pending');
    expect(await invoiceRow(inv.id)).toMatchObject({ status: 'unpaid', payinId: id, paidAt: null });

    await sims.mtn.complete(id, { deliveries: 2 });
    expect(sims.mtn.delivered.slice(-2).map((d) => d.status)).toEqual([200, 200]);
    const paid = await invoiceRow(inv.id);
    expect(paid).toMatchObject({ status: 'paid', paidPayinId: id });
    expect(paid.paidAt).not.toBeNull();
    expect(await paymentsOf(inv.id)).toMatchObject([{ payinId: id, amount: 40_000, currency: 'XAF', applied: true, detail: null }]);
    expect(await payinRow(id)).toMatchObject({ status: 'success', detail: null });

    const subs = await subscriptionsOf(p);
    expect(subs.find((s) => s.id === t.id)).toMatchObject({ status: 'replaced', endsOn: addDays(today(), -1) });
    const created = subs.find((s) => s.id !== t.id)!;
    expect(created).toMatchObject({ status: 'active', isTrial: false, type: 'premium', period: 'monthly', vehicleNumber: 10, pricePerVehicle: 4_000, amount: 40_000, startsOn: today(), endsOn: periodEnd(today(), 1), invoiceId: inv.id, renew: false });
    expect(paid.subscriptionId).toBe(created.id);

    expect(await parkMoney(p), 'ledger, caisses, park balance and park transactions').toEqual(before);
    const done = await call(p.owner, 'GET', `/api/transaction/check-status/${id}`);
    expect(done.data.status).toBe('success');
  });

  it("pays once when callbacks, check-status, 'J'ai validé' and the job race each other", async () => {
    const p = await park('CM');
    await trial(p);
    const inv = await invoice(p, { amount: 25_000 });
    const before = await parkMoney(p);
    const r = await pay(p, inv.id, OPERATOR.mtnCM, '670000020');
    const id = r.data.validation.transaction_id as string;
    await ctx.database.db.update(payins).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(payins.id, id));
    await sims.mtn.complete(id, { deliveries: 0 });
    const url = new URL(sims.mtn.requests.find((x) => x.externalId === id)!.callbackUrl!);
    const callback = () => ctx.app.inject({ method: 'POST', url: `${url.pathname}${url.search}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ externalId: id, status: 'SUCCESSFUL' }) });
    await Promise.all([
      callback(),
      call(p.owner, 'GET', `/api/transaction/check-status/${id}`),
      callback(),
      call(p.owner, 'POST', `/api/subscription/payin/${id}/validated`),
      reconcilePayins(ctx.app.payins, { olderThanSeconds: 30 }),
      callback(),
    ]);
    expect(await invoiceRow(inv.id)).toMatchObject({ status: 'paid', paidPayinId: id });
    expect(await paymentsOf(inv.id)).toHaveLength(1);
    expect((await subscriptionsOf(p)).filter((s) => s.invoiceId === inv.id)).toHaveLength(1);
    expect(await parkMoney(p)).toEqual(before);
  });

  it('a success arriving after the card expired is applied once; a second pay-in then succeeding is recorded to refund and changes nothing else', async () => {
    const p = await park('CI');
    await trial(p);
    const inv = await invoice(p, { amount: 30_000 });
    const before = await parkMoney(p);
    const first = await pay(p, inv.id, OPERATOR.waveCI, '0701020304');
    expect(first.code, first.message).toBe(5000);
    const a = first.data.validation.transaction_id as string;
    expect(first.data.validation.wave_launch_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    await ctx.database.db.update(payins).set({ expiresAt: new Date(Date.now() - 1000), createdAt: new Date(Date.now() - 301_000) }).where(eq(payins.id, a));
    await reconcilePayins(ctx.app.payins, { olderThanSeconds: 30 });
    expect((await payinRow(a)).status).toBe('expired');
    expect((await invoiceRow(inv.id)).status).toBe('unpaid');

    // The card expired: the owner asks again; meanwhile the first payer validates late.
    const second = await pay(p, inv.id, OPERATOR.waveCI, '0701020305');
    expect(second.code, second.message).toBe(5000);
    const b = second.data.validation.transaction_id as string;
    await sims.wave.complete(a, { deliveries: 2 });
    expect(await invoiceRow(inv.id)).toMatchObject({ status: 'paid', paidPayinId: a, payinId: b });
    const subsAfterFirst = await subscriptionsOf(p);

    await sims.wave.complete(b, { deliveries: 2 });
    expect((await payinRow(b)).status).toBe('success');
    expect((await payinRow(b)).detail).toBe(APPLY_DETAILS.alreadyPaid);
    expect((await paymentsOf(inv.id)).map((x) => [x.payinId, x.applied, x.detail])).toEqual([
      [a, true, null],
      [b, false, APPLY_DETAILS.alreadyPaid],
    ]);
    expect(await invoiceRow(inv.id)).toMatchObject({ status: 'paid', paidPayinId: a });
    expect(await subscriptionsOf(p)).toEqual(subsAfterFirst);
    expect(await parkMoney(p)).toEqual(before);
    // And the invoice now refuses another payment.
    const third = await pay(p, inv.id, OPERATOR.waveCI, '0701020306');
    expect([third.status, third.code, third.message]).toEqual([409, 4870, ErrorCodes.SUBSCRIPTION_INVOICE_PAID.message]);
  });

  it("a payment cancelled on the card that the payer approves anyway is applied; a refused one pays nothing (CinetPay)", async () => {
    const p = await park('CM');
    await trial(p);
    const inv = await invoice(p, { amount: 20_000 });
    const r = await pay(p, inv.id, OPERATOR.orangeCM, '690000001');
    const id = r.data.validation.transaction_id as string;
    expect(r.data.validation.payment_link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/p\//);
    const cancelled = await call(p.owner, 'POST', `/api/subscription/payin/${id}/cancel`);
    expect([cancelled.code, cancelled.data.status], cancelled.message).toEqual([5000, 'cancelled']);
    expect((await invoiceRow(inv.id)).status).toBe('unpaid');

    const refused = await pay(p, inv.id, OPERATOR.orangeCM, '690000002');
    await sims.cinetpay.fail(refused.data.validation.transaction_id);
    expect((await payinRow(refused.data.validation.transaction_id)).status).toBe('failed');
    expect((await invoiceRow(inv.id)).status).toBe('unpaid');

    await sims.cinetpay.complete(id, { deliveries: 2 });
    expect(await invoiceRow(inv.id)).toMatchObject({ status: 'paid', paidPayinId: id });
    expect(await paymentsOf(inv.id)).toHaveLength(1);
  });
});

describe('each kind applies as designed', () => {
  it('subscribe while a paid subscription runs: scheduled after the last paid day', async () => {
    const p = await park('CM');
    const current = await subscription(p);
    const inv = await invoice(p);
    await payAndConfirm(p, inv);
    const subs = await subscriptionsOf(p);
    expect(subs.find((s) => s.id === current.id)).toMatchObject({ status: 'active', endsOn: current.endsOn });
    const next = subs.find((s) => s.invoiceId === inv.id)!;
    expect(next).toMatchObject({ status: 'scheduled', startsOn: addDays(current.endsOn, 1), endsOn: periodEnd(addDays(current.endsOn, 1), 1), vehicleNumber: 10 });
    expect(await invoiceRow(inv.id)).toMatchObject({ subscriptionId: next.id, periodStart: next.startsOn, periodEnd: next.endsOn });
  });

  it('upgrade: the vehicles added to the current subscription', async () => {
    const p = await park('CM');
    const current = await subscription(p, { vehicleNumber: 5 });
    const inv = await invoice(p, { kind: 'upgrade', subscriptionId: current.id, type: 'starter', vehicleNumber: 8, addedVehicles: 3, pricePerVehicle: 2_500, amount: 4_835 - (4_835 % 5), periodStart: today(), periodEnd: current.endsOn });
    await payAndConfirm(p, inv);
    const [row] = await subscriptionsOf(p);
    expect(row).toMatchObject({ id: current.id, status: 'active', vehicleNumber: 8, amount: 12_500 + inv.amount, endsOn: current.endsOn });
    expect((await invoiceRow(inv.id)).status).toBe('paid');
  });

  it('upgrade of a subscription no longer running: recorded to refund, the invoice stays unpaid, nothing else changes', async () => {
    const p = await park('CM');
    const old = await subscription(p, { status: 'replaced', startsOn: addDays(today(), -40), endsOn: addDays(today(), -11) });
    await subscription(p, { startsOn: addDays(today(), -10), endsOn: addDays(today(), 19) });
    const before = await subscriptionsOf(p);
    const inv = await invoice(p, { kind: 'upgrade', subscriptionId: old.id, vehicleNumber: 8, addedVehicles: 3, amount: 5_000 });
    const id = await payAndConfirm(p, inv);
    expect(await paymentsOf(inv.id)).toMatchObject([{ payinId: id, applied: false, detail: APPLY_DETAILS.notCurrent }]);
    expect(await invoiceRow(inv.id)).toMatchObject({ status: 'unpaid', paidAt: null });
    expect(await subscriptionsOf(p)).toEqual(before);
  });

  it('extend: a scheduled renewal starting the day after the last paid day, for its periods', async () => {
    const p = await park('CM');
    const current = await subscription(p);
    const inv = await invoice(p, { kind: 'extend', subscriptionId: current.id, type: 'starter', vehicleNumber: 5, pricePerVehicle: 2_500, periods: 2, amount: 25_000 });
    await payAndConfirm(p, inv);
    const next = (await subscriptionsOf(p)).find((s) => s.invoiceId === inv.id)!;
    const start = addDays(current.endsOn, 1);
    expect(next).toMatchObject({ status: 'scheduled', renew: true, startsOn: start, endsOn: periodEnd(start, 2), vehicleNumber: 5, amount: 25_000 });
    expect(await invoiceRow(inv.id)).toMatchObject({ status: 'paid', subscriptionId: current.id, periodStart: start, periodEnd: periodEnd(start, 2) });
  });

  it('migrate: the current subscription turns professionnel at the pro plan and price', async () => {
    const p = await park('CM');
    const current = await subscription(p);
    const [pro] = await ctx.database.db
      .select()
      .from(subscriptionPlans)
      .where(and(eq(subscriptionPlans.countryCode, 'CM'), eq(subscriptionPlans.accountType, 'professionnel'), eq(subscriptionPlans.type, 'starter'), eq(subscriptionPlans.period, 'monthly'), eq(subscriptionPlans.isActive, true)));
    const inv = await invoice(p, { kind: 'migrate', subscriptionId: current.id, planId: pro.id, type: 'starter', applicationType: 'professionnel', vehicleNumber: 5, pricePerVehicle: pro.pricePerVehicle, amount: 3_330 });
    await payAndConfirm(p, inv);
    const [row] = await subscriptionsOf(p);
    expect(row).toMatchObject({ id: current.id, status: 'active', applicationType: 'professionnel', planId: pro.id, pricePerVehicle: pro.pricePerVehicle, vehicleNumber: 5, endsOn: current.endsOn });
  });

  it('change: the current one replaced (its days end yesterday), the new plan active from today; a waiting renewal moves after it', async () => {
    const p = await park('CM');
    const current = await subscription(p);
    const renewal = await subscription(p, { status: 'scheduled', renew: true, startsOn: addDays(current.endsOn, 1), endsOn: periodEnd(addDays(current.endsOn, 1), 1) });
    const inv = await invoice(p, { kind: 'change', subscriptionId: current.id, type: 'premium', period: 'annual', vehicleNumber: 6, pricePerVehicle: 40_000, amount: 230_000 });
    await payAndConfirm(p, inv);
    const subs = await subscriptionsOf(p);
    expect(subs.find((s) => s.id === current.id)).toMatchObject({ status: 'replaced', endsOn: addDays(today(), -1) });
    const created = subs.find((s) => s.invoiceId === inv.id)!;
    expect(created).toMatchObject({ status: 'active', type: 'premium', period: 'annual', vehicleNumber: 6, startsOn: today(), endsOn: periodEnd(today(), 12) });
    const moved = subs.find((s) => s.id === renewal.id)!;
    expect(moved).toMatchObject({ status: 'scheduled', startsOn: addDays(created.endsOn, 1) });
    expect(subs.filter((s) => s.status === 'active')).toHaveLength(1);
  });
});

describe('refusals', () => {
  it('paid, past its day, or a payment still awaiting validation: 409 with French messages', async () => {
    const p = await park('CM');
    await trial(p);
    const paid = await invoice(p, { status: 'paid', paidAt: new Date() });
    const expired = await invoice(p, { validUntil: addDays(today(), -1) });
    const open = await invoice(p);
    const refusal = (r: Awaited<ReturnType<typeof pay>>) => [r.status, r.code, r.message];
    expect(refusal(await pay(p, paid.id))).toEqual([409, 4870, ErrorCodes.SUBSCRIPTION_INVOICE_PAID.message]);
    expect(refusal(await pay(p, expired.id))).toEqual([409, 4871, ErrorCodes.SUBSCRIPTION_INVOICE_EXPIRED.message]);
    expect(ErrorCodes.SUBSCRIPTION_INVOICE_EXPIRED.message).toMatch(/^Ce devis n'est plus valable/);
    const first = await pay(p, open.id, OPERATOR.mtnCM, '670000031');
    expect(first.code, first.message).toBe(5000);
    expect(refusal(await pay(p, open.id, OPERATOR.mtnCM, '670000032'))).toEqual([409, 4872, ErrorCodes.SUBSCRIPTION_PAYMENT_PENDING.message]);
    // Once its countdown is over, asking again is allowed.
    await ctx.database.db.update(payins).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(payins.id, first.data.validation.transaction_id));
    expect((await pay(p, open.id, OPERATOR.mtnCM, '670000033')).code).toBe(5000);
    expect(await ctx.database.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.parkId, p.parkId))).toHaveLength(0);
    // Two requests at once for one invoice: one prompt is kept, the other refused (its pay-in withdrawn).
    const racing = await invoice(p);
    const answers = await Promise.all([pay(p, racing.id, OPERATOR.mtnCM, '670000035'), pay(p, racing.id, OPERATOR.mtnCM, '670000036')]);
    expect(answers.map((a) => a.code).sort()).toEqual([4872, 5000]);
    const winner = answers.find((a) => a.code === 5000)!.data.validation.transaction_id;
    expect((await invoiceRow(racing.id)).payinId).toBe(winner);
    const asked = (await ctx.database.db.select().from(payins).where(eq(payins.parkId, p.parkId))).filter((x) => x.purpose.invoiceId === racing.id);
    expect(asked.filter((x) => x.status === 'pending').map((x) => x.id)).toEqual([winner]);
    // A body without operator or invoice is a 400.
    const bad = await call(p.owner, 'POST', '/api/subscription/paid-invoice-subscription', { invoice_id: 'x', phone: '670000034' });
    expect(bad.status).toBe(400);
  });
});

describe('who may pay and see a subscription payment', () => {
  it("another park's invoice or pay-in reads as not found; the recipes' buttons don't act on a subscription pay-in, nor these on a recipe's", async () => {
    const a = await park('CM');
    const b = await park('CM');
    await trial(a);
    await trial(b);
    const invB = await invoice(b);
    const other = await pay(a, invB.id);
    expect([other.status, other.code]).toEqual([404, 4862]);
    const payB = await pay(b, invB.id, OPERATOR.mtnCM, '670000041');
    const idB = payB.data.validation.transaction_id as string;
    for (const url of [`/api/subscription/payin/${idB}/validated`, `/api/subscription/payin/${idB}/cancel`]) {
      const r = await call(a.owner, 'POST', url);
      expect([r.status, r.code], url).toEqual([404, ErrorCodes.PAYIN_NOT_FOUND.code]);
    }
    expect((await call(a.owner, 'GET', `/api/transaction/check-status/${idB}`)).status).toBe(404);

    // In its own park: the recipes' buttons refuse the subscription pay-in.
    for (const url of [`/api/payin/${idB}/validated`, `/api/payin/${idB}/cancel`]) {
      const r = await call(b.owner, 'POST', url);
      expect([r.status, r.code], url).toEqual([404, ErrorCodes.PAYIN_NOT_FOUND.code]);
    }
    expect((await payinRow(idB)).status).toBe('pending');

    // And the subscription buttons refuse a recipe's pay-in.
    const [driver] = await ctx.database.db.insert(drivers).values({ parkId: b.parkId, firstName: 'Moussa', lastName: 'Diallo', phone: '+237670000042' }).returning({ id: drivers.id });
    const [recipe] = await ctx.database.db
      .insert(recipes)
      .values({ parkId: b.parkId, kind: 'expected', driverId: driver.id, day: today(), periodStart: today(), periodEnd: today(), frequency: 'daily', collectionType: 'recipe_objective', objective: 5_000 })
      .returning({ id: recipes.id });
    const acting = { id: b.owner.profile_id, parkId: b.parkId, type: 'proprietaire', role: 'OWNER', isOwner: true, permissions: new Set<never>(), park: { timeZone: TZ, currency: 'XAF' } };
    const v = await startPayin(ctx.app.payins, acting, { amount: 5_000, phone: '670000042', operatorId: String(OPERATOR.mtnCM), driverId: driver.id, vehicleId: null, purpose: { kind: 'recipes', allocations: [{ recipeId: recipe.id, amount: 5_000 }] } });
    const r = await call(b.owner, 'POST', `/api/subscription/payin/${v.transaction_id}/cancel`);
    expect([r.status, r.code]).toEqual([404, ErrorCodes.PAYIN_NOT_FOUND.code]);
  });

  it('paying and its buttons need UPDATE_SUBSCRIPTION; check-status answers a subscription pay-in to READ_SUBSCRIPTION, not to a cashier', async () => {
    const p = await park('CM');
    await trial(p);
    const inv = await invoice(p);
    const cashier = await memberWith(ctx, p.owner, p.parkId, ['ENCAISSER']);
    const reader = await memberWith(ctx, p.owner, p.parkId, ['READ_SUBSCRIPTION']);
    const payer = await memberWith(ctx, p.owner, p.parkId, ['UPDATE_SUBSCRIPTION']);
    for (const who of [cashier, reader]) {
      const r = await pay(p, inv.id, OPERATOR.mtnCM, '670000051', who);
      expect([r.status, r.code, r.message]).toEqual([403, 4030, ErrorCodes.FORBIDDEN.message]);
    }
    const r = await pay(p, inv.id, OPERATOR.mtnCM, '670000052', payer);
    expect(r.code, r.message).toBe(5000);
    const id = r.data.validation.transaction_id as string;
    for (const who of [cashier, reader]) {
      expect((await call(who, 'POST', `/api/subscription/payin/${id}/validated`)).status).toBe(403);
      expect((await call(who, 'POST', `/api/subscription/payin/${id}/cancel`)).status).toBe(403);
    }
    const seen = await call(reader, 'GET', `/api/transaction/check-status/${id}`);
    expect([seen.status, seen.data?.status], seen.message).toEqual([200, 'pending']);
    expect((await call(cashier, 'GET', `/api/transaction/check-status/${id}`)).status).toBe(403);
    await sims.mtn.complete(id, { deliveries: 0 });
    const validated = await call(payer, 'POST', `/api/subscription/payin/${id}/validated`);
    expect([validated.code, validated.data.status, validated.message]).toEqual([5000, 'success', 'Paiement reçu']);
    expect((await invoiceRow(inv.id)).status).toBe('paid');
  });
});
