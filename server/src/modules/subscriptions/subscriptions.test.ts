import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCodes, SUBSCRIPTION_MESSAGES as M, type TInvoice } from '@flotte/contract';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { REF, freshPlate } from '../vehicles/vehicle-test-helpers.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import { parkSubscriptions, subscriptionInvoices, subscriptionPlans } from './subscriptions.tables.ts';

/**
 * A park's subscription routes through the API (issue 23 section 2): plans, quotes and their
 * invoices (subscribe, upgrade, extend, migrate, change), the preview, the history and its scoping,
 * the French 400s and the permission. The clock is fixed on 2026-11-21 in Douala; each test writes
 * the subscription it needs itself (whatever the park was given at creation).
 */

let ctx: TestContext;
let owner: Actor;
let other: Actor;
let parkNo = 0;
const NOW = new Date('2026-11-21T10:00:00Z');
const TODAY = '2026-11-21';

interface Actor {
  parkId: string;
  signed: SignedIn;
}

async function parkWithOwner(): Promise<Actor> {
  const fx = await ctx.createPark({ name: `Parc Abonnement ${++parkNo}` });
  const signed = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  return { parkId: fx.park.id, signed };
}

const call = (who: Actor, method: string, url: string, body?: unknown) => ctx.api(method, url, { token: who.signed.token, profileId: who.signed.profile_id, body });

async function planId(country: string, accountType: string, type: string, period: string): Promise<string> {
  const [row] = await ctx.database.db
    .select({ id: subscriptionPlans.id })
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.countryCode, country), eq(subscriptionPlans.accountType, accountType as 'particulier'), eq(subscriptionPlans.type, type as 'starter'), eq(subscriptionPlans.period, period as 'monthly'), eq(subscriptionPlans.isActive, true)));
  return row.id;
}

type SubValues = Partial<typeof parkSubscriptions.$inferInsert>;

/** The park's subscriptions replaced by the one given (none: expired). */
async function setSubscription(parkId: string, kind: 'trial' | 'paid' | 'none', over: SubValues = {}): Promise<string | null> {
  await ctx.database.db.delete(subscriptionInvoices).where(eq(subscriptionInvoices.parkId, parkId));
  await ctx.database.db.delete(parkSubscriptions).where(eq(parkSubscriptions.parkId, parkId));
  if (kind === 'none') return null;
  const base: typeof parkSubscriptions.$inferInsert =
    kind === 'trial'
      ? { parkId, status: 'active', type: 'starter', period: 'monthly', vehicleNumber: 5, pricePerVehicle: 0, currency: 'XAF', amount: 0, offer: 'Essai gratuit', isTrial: true, startsOn: '2026-11-10', endsOn: '2026-12-09' }
      : {
          parkId,
          planId: await planId('CM', 'particulier', 'premium', 'monthly'),
          status: 'active',
          type: 'premium',
          period: 'monthly',
          vehicleNumber: 5,
          pricePerVehicle: 4000,
          currency: 'XAF',
          amount: 20_000,
          startsOn: '2026-11-01',
          endsOn: '2026-11-30',
        };
  const [row] = await ctx.database.db.insert(parkSubscriptions).values({ ...base, ...over }).returning({ id: parkSubscriptions.id });
  return row.id;
}

async function addVehicles(parkId: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    await ctx.database.db.insert(vehicles).values({ parkId, label: `V${i}`, vehicleTypeId: REF.type, brandId: REF.toyota, modelId: REF.corolla, colorId: REF.color, registrationNumber: freshPlate() });
  }
}

const sumOfLines = (inv: TInvoice) => inv.lines.reduce((s, l) => s + l.amount, 0);

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.app.subscriptions.now = () => NOW;
  owner = await parkWithOwner();
  other = await parkWithOwner();
}, 60_000);
afterAll(() => ctx?.close());
beforeEach(() => {
  ctx.app.subscriptions.now = () => NOW;
});

describe('plans by country', () => {
  it('lists the CM particulier monthly plans in XAF, starter then premium, and the annual ones with their 17 % discount', async () => {
    const monthly = await call(owner, 'GET', '/api/subscription/by-country?country_code=CM&account_type=particulier&period=monthly');
    expect(monthly.code, monthly.message).toBe(5000);
    expect(monthly.data.map((p: { label: string; price_per_vehicle: number; currency: string; discount_percent: number; max_vehicles: number | null }) => [p.label, p.price_per_vehicle, p.currency, p.discount_percent, p.max_vehicles])).toEqual([
      ['Starter mensuel', 2500, 'XAF', 0, 10],
      ['Premium mensuel', 4000, 'XAF', 0, null],
    ]);
    const annual = await call(owner, 'GET', '/api/subscription/by-country?country_code=CM&account_type=particulier&period=annual');
    expect(annual.data.map((p: { label: string; price_per_vehicle: number; monthly_price_per_vehicle: number; discount_percent: number; offer: string }) => [p.label, p.price_per_vehicle, p.monthly_price_per_vehicle, p.discount_percent, p.offer])).toEqual([
      ['Starter annuel', 25_000, 2083, 17, '2 mois offerts'],
      ['Premium annuel', 40_000, 3333, 17, '2 mois offerts'],
    ]);
    expect(monthly.data.length + annual.data.length).toBe(4);
  });

  it("defaults to the park's country, particulier, monthly; another country in its currency", async () => {
    const r = await call(owner, 'GET', '/api/subscription/by-country');
    expect(r.data.map((p: { country_code: string; account_type: string; period: string }) => `${p.country_code} ${p.account_type} ${p.period}`)).toEqual(['CM particulier monthly', 'CM particulier monthly']);
    const cd = await call(owner, 'GET', '/api/subscription/by-country?country_code=CD&account_type=professionnel');
    expect(cd.data.map((p: { currency: string; price_per_vehicle: number }) => [p.currency, p.price_per_vehicle])).toEqual([['CDF', 16_000], ['CDF', 25_000]]);
  });

  it('refuses an unknown country in French', async () => {
    const r = await call(owner, 'GET', '/api/subscription/by-country?country_code=FR');
    expect(r.status).toBe(400);
    expect(r.message).toBe(M.countryUnknown);
  });
});

describe('where the subscription stands', () => {
  it('answers the current subscription, or null when expired', async () => {
    const id = await setSubscription(owner.parkId, 'trial');
    const r = await call(owner, 'GET', '/api/subscription/active-subscription');
    expect(r.data).toMatchObject({ id, is_trial: true, is_active: true, label: 'Essai gratuit', vehicle_number: 5 });
    const info = await call(owner, 'GET', '/api/subscription/active-subscription-info');
    expect(info.data).toMatchObject({ state: 'trial', days_left: 19, vehicles_allowed: 5, currency: 'XAF' });
    await setSubscription(owner.parkId, 'none');
    expect((await call(owner, 'GET', '/api/subscription/active-subscription')).data).toBeNull();
    expect((await call(owner, 'GET', '/api/subscription/active-subscription-info')).data).toMatchObject({ state: 'expired', days_left: 0, near_end: true });
  });
});

describe('subscribe', () => {
  for (const kind of ['trial', 'none'] as const) {
    it(`on ${kind === 'trial' ? 'trial' : 'an expired park'} creates an unpaid invoice of the full price from today`, async () => {
      await setSubscription(owner.parkId, kind);
      const plan = await planId('CM', 'particulier', 'premium', 'monthly');
      const r = await call(owner, 'POST', '/api/subscription/subscribe', { subscription_id: plan, vehicle_number: 5, vtc_app_type: 'particulier' });
      expect(r.code, r.message).toBe(5000);
      expect(r.message).toBe(M.invoiceCreated);
      expect(r.data.applied).toBe(false);
      const inv: TInvoice = r.data.invoice;
      expect(inv).toMatchObject({ kind: 'subscribe', status: 'unpaid', amount: 20_000, currency: 'XAF', plan_id: plan, plan_label: 'Premium mensuel', vehicle_number: 5, period_start: TODAY, period_end: '2026-12-20', valid_until: TODAY, paid_at: null });
      expect(inv.number).toMatch(/^FLT-2026-\d{6}$/);
      expect(sumOfLines(inv)).toBe(20_000);
      const [row] = await ctx.database.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.id, inv.id));
      expect(row.createdBy).toBe(owner.signed.profile_id);
      // The invoice is a quote: nothing changed yet, and the screen offers to pay it.
      const info = await call(owner, 'GET', '/api/subscription/active-subscription-info');
      expect(info.data.open_invoice_id).toBe(inv.id);
      expect(info.data.state).toBe(kind === 'trial' ? 'trial' : 'expired');
    });
  }

  it('is refused while a paid subscription runs (409)', async () => {
    await setSubscription(owner.parkId, 'paid');
    const r = await call(owner, 'POST', '/api/subscription/subscribe', { subscription_id: await planId('CM', 'particulier', 'starter', 'monthly'), vehicle_number: 5 });
    expect(r.status).toBe(409);
    expect(r.code).toBe(ErrorCodes.SUBSCRIPTION_ALREADY_ACTIVE.code);
  });

  it("refuses another country's plan, another account type's, too many vehicles for starter, fewer than used, an unknown plan", async () => {
    await setSubscription(owner.parkId, 'trial');
    const ci = await call(owner, 'POST', '/api/subscription/subscribe', { subscription_id: await planId('CI', 'particulier', 'starter', 'monthly'), vehicle_number: 5 });
    expect([ci.status, ci.code]).toEqual([422, ErrorCodes.SUBSCRIPTION_PLAN_MISMATCH.code]);
    const pro = await call(owner, 'POST', '/api/subscription/subscribe', { subscription_id: await planId('CM', 'professionnel', 'starter', 'monthly'), vehicle_number: 5, vtc_app_type: 'particulier' });
    expect([pro.status, pro.code]).toEqual([422, ErrorCodes.SUBSCRIPTION_PLAN_MISMATCH.code]);
    const starter = await planId('CM', 'particulier', 'starter', 'monthly');
    const max = await call(owner, 'POST', '/api/subscription/subscribe', { subscription_id: starter, vehicle_number: 11 });
    expect([max.status, max.code]).toEqual([422, ErrorCodes.SUBSCRIPTION_PLAN_MAX_VEHICLES.code]);
    const unknown = await call(owner, 'POST', '/api/subscription/subscribe', { subscription_id: '00000000-0000-4000-8000-000000000000', vehicle_number: 5 });
    expect([unknown.status, unknown.code]).toEqual([404, ErrorCodes.SUBSCRIPTION_PLAN_NOT_FOUND.code]);
    const busy = await parkWithOwner();
    await setSubscription(busy.parkId, 'trial');
    await addVehicles(busy.parkId, 3);
    const below = await call(busy, 'POST', '/api/subscription/subscribe', { subscription_id: starter, vehicle_number: 2 });
    expect([below.status, below.code]).toEqual([422, ErrorCodes.SUBSCRIPTION_BELOW_USAGE.code]);
    expect((await call(busy, 'POST', '/api/subscription/subscribe', { subscription_id: starter, vehicle_number: 3 })).data.invoice.amount).toBe(7500);
  });
});

describe('upgrade-vehicle', () => {
  it('5 more vehicles with 10 days left of a 30-day period cost the prorated amount rounded down to 5 XAF', async () => {
    const sub = await setSubscription(owner.parkId, 'paid');
    const r = await call(owner, 'POST', '/api/subscription/upgrade-vehicle', { vehicle_number: 5 });
    expect(r.code, r.message).toBe(5000);
    // 5 x 4 000 x 10 / 30 = 6 666.66 -> 6 665.
    expect(r.data.invoice).toMatchObject({ kind: 'upgrade', amount: 6665, subscription_id: sub, vehicle_number: 10, added_vehicles: 5, period_start: TODAY, period_end: '2026-11-30', status: 'unpaid' });
    expect(sumOfLines(r.data.invoice)).toBe(6665);
  });

  it('needs a paid subscription: on trial 409, without one 409', async () => {
    await setSubscription(owner.parkId, 'trial');
    const trial = await call(owner, 'POST', '/api/subscription/upgrade-vehicle', { vehicle_number: 1 });
    expect([trial.status, trial.code]).toEqual([409, ErrorCodes.SUBSCRIPTION_TRIAL_ONLY.code]);
    await setSubscription(owner.parkId, 'none');
    const none = await call(owner, 'POST', '/api/subscription/upgrade-vehicle', { vehicle_number: 1 });
    expect([none.status, none.code]).toEqual([409, ErrorCodes.SUBSCRIPTION_NO_ACTIVE.code]);
  });

  it("checks the plan's maximum on the total", async () => {
    await setSubscription(owner.parkId, 'paid', { planId: await planId('CM', 'particulier', 'starter', 'monthly'), type: 'starter', pricePerVehicle: 2500, vehicleNumber: 8 });
    const r = await call(owner, 'POST', '/api/subscription/upgrade-vehicle', { vehicle_number: 3 });
    expect([r.status, r.code]).toEqual([422, ErrorCodes.SUBSCRIPTION_PLAN_MAX_VEHICLES.code]);
  });
});

describe('extend', () => {
  it('starts the day after the last paid day, scheduled subscriptions included', async () => {
    await setSubscription(owner.parkId, 'paid');
    let r = await call(owner, 'POST', '/api/subscription/extend', {});
    expect(r.data.invoice).toMatchObject({ kind: 'extend', amount: 20_000, vehicle_number: 5, period_start: '2026-12-01', period_end: '2026-12-31' });
    await ctx.database.db.insert(parkSubscriptions).values({ parkId: owner.parkId, status: 'scheduled', type: 'premium', period: 'monthly', vehicleNumber: 5, pricePerVehicle: 4000, currency: 'XAF', amount: 20_000, renew: true, startsOn: '2026-12-01', endsOn: '2026-12-31' });
    r = await call(owner, 'POST', '/api/subscription/extend', { periods: 2, vehicle_number: 7 });
    expect(r.data.invoice).toMatchObject({ amount: 56_000, vehicle_number: 7, period_start: '2027-01-01', period_end: '2027-02-28' });
    expect(sumOfLines(r.data.invoice)).toBe(56_000);
  });
});

describe('migration to professionnel', () => {
  it('quotes the price difference for the days left and answers one invoice for a repeated GET', async () => {
    const sub = await setSubscription(owner.parkId, 'paid', { planId: await planId('CM', 'particulier', 'starter', 'monthly'), type: 'starter', pricePerVehicle: 2500, vehicleNumber: 6 });
    const q = await call(owner, 'GET', `/api/subscription/calculate-amount-migration?subscription_id=${sub}`);
    expect(q.code, q.message).toBe(5000);
    expect(q.data).toMatchObject({ subscription_id: sub, amount: 2000, days_left: 10, period_days: 30, vehicle_number: 6 });
    expect(q.data.plan).toMatchObject({ account_type: 'professionnel', type: 'starter', period: 'monthly', price_per_vehicle: 3500 });
    const first = await call(owner, 'GET', `/api/subscription/migrate-to-pro?subscription_id=${sub}`);
    expect(first.message).toBe(M.invoiceCreated);
    expect(first.data).toMatchObject({ applied: false, invoice: { kind: 'migrate', amount: 2000, application_type: 'professionnel', status: 'unpaid' } });
    const again = await call(owner, 'GET', `/api/subscription/migrate-to-pro?subscription_id=${sub}`);
    expect(again.data.invoice.id).toBe(first.data.invoice.id);
    // Still particulier until paid.
    expect((await call(owner, 'GET', '/api/subscription/active-subscription')).data.application_type).toBe('particulier');
  });

  it('a trial migrates at once, for nothing', async () => {
    const sub = await setSubscription(owner.parkId, 'trial');
    expect((await call(owner, 'GET', `/api/subscription/calculate-amount-migration?subscription_id=${sub}`)).data.amount).toBe(0);
    const r = await call(owner, 'GET', `/api/subscription/migrate-to-pro?subscription_id=${sub}`);
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe(M.migrated);
    expect(r.data).toMatchObject({ applied: true, invoice: { kind: 'migrate', amount: 0, status: 'paid' } });
    expect(r.data.invoice.paid_at).not.toBeNull();
    const now = await call(owner, 'GET', '/api/subscription/active-subscription');
    expect(now.data).toMatchObject({ id: sub, application_type: 'professionnel', is_trial: true, price_per_vehicle: 0, plan_id: await planId('CM', 'professionnel', 'starter', 'monthly') });
    const twice = await call(owner, 'GET', `/api/subscription/migrate-to-pro?subscription_id=${sub}`);
    expect([twice.status, twice.code]).toEqual([409, ErrorCodes.SUBSCRIPTION_ALREADY_PRO.code]);
  });

  it('another subscription than the current one is not found', async () => {
    await setSubscription(owner.parkId, 'paid');
    const otherSub = await setSubscription(other.parkId, 'paid');
    const r = await call(owner, 'GET', `/api/subscription/calculate-amount-migration?subscription_id=${otherSub}`);
    expect([r.status, r.code]).toEqual([404, ErrorCodes.SUBSCRIPTION_NOT_FOUND.code]);
  });
});

describe('change of plan and its preview', () => {
  it('charges a new period less the credit of the days left, on a credit line', async () => {
    await setSubscription(owner.parkId, 'paid', { planId: await planId('CM', 'particulier', 'starter', 'monthly'), type: 'starter', pricePerVehicle: 2500, vehicleNumber: 5 });
    const premium = await planId('CM', 'particulier', 'premium', 'monthly');
    const preview = await call(owner, 'GET', `/api/subscription/select-subscription?subscription_id=${premium}&vehicle_number=5`);
    expect(preview.data).toMatchObject({ kind: 'change', amount: 15_830, credit: 4170, vehicle_number: 5, period_start: TODAY, period_end: '2026-12-20' });
    const r = await call(owner, 'POST', '/api/subscription/change-subscription', { subscription_id: premium, vehicle_number: 5 });
    expect(r.code, r.message).toBe(5000);
    expect(r.data.invoice).toMatchObject({ kind: 'change', amount: 15_830, plan_id: premium, type: 'premium' });
    expect(r.data.invoice.lines.map((l: { amount: number }) => l.amount)).toEqual([20_000, -4170]);
    expect(r.data.invoice.lines[1].label).toMatch(/^Avoir\u00a0: jours restants/);
  });

  it('a change the credit covers is made at once: no payment of nothing, the new plan active today, the old one replaced', async () => {
    // An annual Premium bought on 1 November, changed on 21 November for a monthly Starter: 20 days used of 365.
    const old = await setSubscription(owner.parkId, 'paid', { planId: await planId('CM', 'particulier', 'premium', 'annual'), period: 'annual', pricePerVehicle: 40_000, amount: 200_000, endsOn: '2027-10-31' });
    const starter = await planId('CM', 'particulier', 'starter', 'monthly');
    const r = await call(owner, 'POST', '/api/subscription/change-subscription', { subscription_id: starter, vehicle_number: 5 });
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe(M.updated);
    expect(r.data.applied).toBe(true);
    expect(r.data.invoice).toMatchObject({ kind: 'change', amount: 0, status: 'paid', plan_id: starter });
    expect(sumOfLines(r.data.invoice)).toBe(0);
    const info = await call(owner, 'GET', '/api/subscription/active-subscription-info');
    expect(info.data.subscription).toMatchObject({ plan_id: starter, type: 'starter', plan: 'monthly', start_date: TODAY, end_date: '2026-12-20', status: 'active' });
    const [before] = await ctx.database.db.select().from(parkSubscriptions).where(eq(parkSubscriptions.id, old!));
    expect(before).toMatchObject({ status: 'replaced', endsOn: '2026-11-20' });
  });

  it('on trial: the preview is a subscription, the change is refused (subscribe instead)', async () => {
    await setSubscription(owner.parkId, 'trial');
    const annual = await planId('CM', 'particulier', 'starter', 'annual');
    const preview = await call(owner, 'GET', `/api/subscription/select-subscription?subscription_id=${annual}`);
    expect(preview.data).toMatchObject({ kind: 'subscribe', amount: 125_000, credit: 0, vehicle_number: 5, period_end: '2027-11-20' });
    expect(preview.data.plan.discount_percent).toBe(17);
    const r = await call(owner, 'POST', '/api/subscription/change-subscription', { subscription_id: annual, vehicle_number: 5 });
    expect([r.status, r.code]).toEqual([409, ErrorCodes.SUBSCRIPTION_TRIAL_ONLY.code]);
  });

  it("refuses a plan of another account type than the subscription's", async () => {
    await setSubscription(owner.parkId, 'paid');
    const r = await call(owner, 'POST', '/api/subscription/change-subscription', { subscription_id: await planId('CM', 'professionnel', 'premium', 'monthly'), vehicle_number: 5 });
    expect([r.status, r.code]).toEqual([422, ErrorCodes.SUBSCRIPTION_PLAN_MISMATCH.code]);
  });
});

describe('invoices', () => {
  it('history pages newest first, filters by status, and keeps to the park', async () => {
    await setSubscription(owner.parkId, 'paid');
    await setSubscription(other.parkId, 'none');
    const made: string[] = [];
    for (const n of [1, 2, 3]) made.push((await call(owner, 'POST', '/api/subscription/upgrade-vehicle', { vehicle_number: n })).data.invoice.id);
    const page1 = await call(owner, 'GET', '/api/subscription/invoices/history?page=1&itemPerPage=2');
    expect(page1.code, page1.message).toBe(5000);
    expect(page1.data.meta).toEqual({ page: 1, itemPerPage: 2, total: 3 });
    expect(page1.data.items.map((i: TInvoice) => i.id)).toEqual([made[2], made[1]]);
    const page2 = await call(owner, 'GET', '/api/subscription/invoices/history?page=2&itemPerPage=2');
    expect(page2.data.items.map((i: TInvoice) => i.id)).toEqual([made[0]]);
    expect((await call(owner, 'GET', '/api/subscription/invoices/history?status=unpaid')).data.meta.total).toBe(3);
    expect((await call(owner, 'GET', '/api/subscription/invoices/history?status=paid')).data.meta.total).toBe(0);
    // The next day the quotes of yesterday are expired.
    ctx.app.subscriptions.now = () => new Date('2026-11-22T10:00:00Z');
    const expired = await call(owner, 'GET', '/api/subscription/invoices/history?status=expired');
    expect(expired.data.meta.total).toBe(3);
    expect(expired.data.items.every((i: TInvoice) => i.status === 'expired')).toBe(true);
    expect((await call(owner, 'GET', '/api/subscription/invoices/history?status=unpaid')).data.meta.total).toBe(0);
    expect((await call(other, 'GET', '/api/subscription/invoices/history')).data.meta.total).toBe(0);
  });

  it("check-invoice answers the invoice and the subscription's state; another park's invoice is 404", async () => {
    await setSubscription(owner.parkId, 'paid');
    const inv = (await call(owner, 'POST', '/api/subscription/upgrade-vehicle', { vehicle_number: 2 })).data.invoice;
    const r = await call(owner, 'GET', `/api/subscription/check-invoice?invoice_id=${inv.id}`);
    expect(r.data.invoice).toMatchObject({ id: inv.id, status: 'unpaid' });
    expect(r.data.info).toMatchObject({ state: 'active', vehicles_allowed: 5, open_invoice_id: inv.id });
    const theirs = await call(other, 'GET', `/api/subscription/check-invoice?invoice_id=${inv.id}`);
    expect([theirs.status, theirs.code]).toEqual([404, ErrorCodes.SUBSCRIPTION_INVOICE_NOT_FOUND.code]);
    const pdf = await call(other, 'GET', `/api/subscription/invoice-subscription?invoice_id=${inv.id}`);
    expect([pdf.status, pdf.code]).toEqual([404, ErrorCodes.SUBSCRIPTION_INVOICE_NOT_FOUND.code]);
  });
});

describe('bad input: a 400 with the French message', () => {
  const plan = '00000000-0000-4000-8000-000000000000';
  const cases: [string, string, string, unknown, string][] = [
    ['subscribe without a plan', 'POST', '/api/subscription/subscribe', { vehicle_number: 5 }, M.planRequired],
    ['subscribe with a plan that is no id', 'POST', '/api/subscription/subscribe', { subscription_id: 'premium', vehicle_number: 5 }, M.planRequired],
    ['subscribe without vehicles', 'POST', '/api/subscription/subscribe', { subscription_id: plan }, M.vehicleNumber],
    ['subscribe with 0 vehicles', 'POST', '/api/subscription/subscribe', { subscription_id: plan, vehicle_number: 0 }, M.vehicleNumber],
    ['subscribe with 2.5 vehicles', 'POST', '/api/subscription/subscribe', { subscription_id: plan, vehicle_number: 2.5 }, M.vehicleNumber],
    ['subscribe with too many vehicles', 'POST', '/api/subscription/subscribe', { subscription_id: plan, vehicle_number: 10_001 }, M.vehicleNumberMax],
    ['upgrade by 0', 'POST', '/api/subscription/upgrade-vehicle', { vehicle_number: 0 }, M.vehicleNumber],
    ['extend by 13 periods', 'POST', '/api/subscription/extend', { periods: 13 }, M.periods],
    ['extend by 0 periods', 'POST', '/api/subscription/extend', { periods: 0 }, M.periods],
    ['change without a plan', 'POST', '/api/subscription/change-subscription', { vehicle_number: 5 }, M.planRequired],
    ['a preview without a plan', 'GET', '/api/subscription/select-subscription', undefined, M.planRequired],
    ['a preview with vehicles in letters', 'GET', `/api/subscription/select-subscription?subscription_id=${plan}&vehicle_number=cinq`, undefined, M.vehicleNumber],
    ['a migration quote without a subscription', 'GET', '/api/subscription/calculate-amount-migration', undefined, M.subscriptionRequired],
    ['a migration with a bad id', 'GET', '/api/subscription/migrate-to-pro?subscription_id=abc', undefined, M.subscriptionRequired],
    ['check-invoice without an invoice', 'GET', '/api/subscription/check-invoice', undefined, M.invoiceRequired],
    ['the PDF of a bad id', 'GET', '/api/subscription/invoice-subscription?invoice_id=x', undefined, M.invoiceRequired],
  ];
  for (const [name, method, url, body, message] of cases) {
    it(name, async () => {
      const r = await call(owner, method, url, body);
      expect(r.status, JSON.stringify(r.data)).toBe(400);
      expect(r.message).toBe(message);
    });
  }
});

describe('permissions', () => {
  it('a profile without READ_SUBSCRIPTION is refused (403)', async () => {
    const fx = await ctx.createPark({ name: 'Parc Sans Droit' });
    const member = await ctx.addMember(fx.park.id, { type: 'agent', roleNames: [] });
    const signed = await ctx.signIn({ email: member.email, password: member.password, type: 'agent' });
    const who = { parkId: fx.park.id, signed };
    for (const url of ['/api/subscription/active-subscription-info', '/api/subscription/by-country', '/api/subscription/invoices/history']) {
      const r = await call(who, 'GET', url);
      expect(r.status, url).toBe(403);
    }
    const post = await call(who, 'POST', '/api/subscription/upgrade-vehicle', { vehicle_number: 1 });
    expect(post.status).toBe(403);
  });
});
