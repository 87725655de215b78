import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type ParkFixture, type TestContext } from '../../../test/test-context.ts';
import { parkSubscriptions, subscriptionInvoices, subscriptionPayments, subscriptionPlans } from './subscriptions.tables.ts';

/** The platform operator's area (issue 23): its own token, never a park's; plans and refunds. */
const TOKEN = 'x'.repeat(40);
const OPERATOR_ONLY = "Espace réservé à l'opérateur de la plateforme";

let ctx: TestContext;
let park: ParkFixture;
let owner: { token: string; profile_id: string };

const asOperator = (method: string, url: string, body?: unknown) => ctx.api(method, url, { token: TOKEN, body });

beforeAll(async () => {
  ctx = await createTestContext({ PLATFORM_OPERATOR_TOKEN: TOKEN });
  park = await ctx.createPark({ name: 'Parc Opérateur' });
  owner = await ctx.signIn({ email: park.owner.email, password: park.owner.password, type: 'proprietaire' });
}, 60_000);
afterAll(() => ctx?.close());

/** A seeded plan's id by its four keys. */
async function planId(country: string, account: 'particulier' | 'professionnel', type: 'starter' | 'premium', period: 'monthly' | 'annual'): Promise<string> {
  const res = await asOperator('GET', `/api/platform/plans?country_code=${country}&account_type=${account}`);
  return res.data.find((p: { type: string; period: string; is_active: boolean }) => p.type === type && p.period === period && p.is_active).id;
}

const input = (over: Record<string, unknown> = {}) => ({
  country_code: 'SN',
  account_type: 'professionnel',
  type: 'premium',
  period: 'annual',
  price_per_vehicle: 60_000,
  offer: '2 mois offerts',
  max_vehicles: null,
  is_active: true,
  ...over,
});

describe('who gets in', () => {
  it('refuses without a token, with a wrong one, and with a park owner’s valid access token', async () => {
    const tries = [
      await ctx.api('GET', '/api/platform/plans'),
      await ctx.api('GET', '/api/platform/plans', { token: 'y'.repeat(40) }),
      await ctx.api('GET', '/api/platform/plans', { headers: { authorization: TOKEN } }),
      await ctx.api('GET', '/api/platform/plans', { token: owner.token, profileId: owner.profile_id }),
      await ctx.api('POST', '/api/platform/plans', { token: owner.token, profileId: owner.profile_id, body: input() }),
      await ctx.api('PUT', '/api/platform/subscription-payments/00000000-0000-7000-8000-000000000000/refunded', { token: owner.token, profileId: owner.profile_id }),
    ];
    for (const res of tries) {
      expect(res.status).toBe(403);
      expect(res.code).toBe(4875);
      expect(res.message).toBe(OPERATOR_ONLY);
    }
  });

  it('is documented as called: the bearer token alone, no profile', () => {
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, { security?: unknown }>> };
    expect(doc.paths['/api/platform/plans'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/platform/subscription-payments/{id}/refunded'].put.security).toEqual([{ bearer: [] }]);
  });

  it('is closed to everyone when no token is configured', async () => {
    const closed = await createTestContext();
    try {
      for (const token of [undefined, TOKEN, '']) {
        const res = await closed.api('GET', '/api/platform/plans', { token });
        expect(res.status).toBe(403);
        expect(res.message).toBe(OPERATOR_ONLY);
      }
    } finally {
      await closed.close();
    }
  });
});

describe('plans', () => {
  it('lists the 40 seeded plans, filtered by country and account type', async () => {
    const all = await asOperator('GET', '/api/platform/plans');
    expect(all.status).toBe(200);
    expect(all.data).toHaveLength(40);
    const cm = await asOperator('GET', '/api/platform/plans?country_code=CM&account_type=particulier');
    expect(cm.data).toHaveLength(4);
    expect(cm.data.map((p: { label: string; price_per_vehicle: number; currency: string }) => [p.label, p.price_per_vehicle, p.currency])).toEqual([
      ['Premium mensuel', 4000, 'XAF'],
      ['Premium annuel', 40000, 'XAF'],
      ['Starter mensuel', 2500, 'XAF'],
      ['Starter annuel', 25000, 'XAF'],
    ]);
    const annual = cm.data.find((p: { label: string }) => p.label === 'Starter annuel');
    expect(annual).toMatchObject({ discount_percent: 17, monthly_price_per_vehicle: 2083, offer: '2 mois offerts', max_vehicles: 10, is_active: true });
    const bad = await asOperator('GET', '/api/platform/plans?country_code=FR');
    expect(bad.status).toBe(400);
    expect(bad.message).toBe('Pays non proposé (Cameroun, Côte d’Ivoire, RD Congo, Sénégal, Togo)');
  });

  it('refuses bad input in French', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ price_per_vehicle: 0 }, 'Le prix doit être supérieur à 0'],
      [{ price_per_vehicle: 'abc' }, 'Saisissez un prix'],
      [{ price_per_vehicle: 2500.5 }, 'Prix en XOF sans décimales'],
      [{ country_code: 'FR' }, 'Pays non proposé (Cameroun, Côte d’Ivoire, RD Congo, Sénégal, Togo)'],
      [{ offer: 'x'.repeat(121) }, '120 caractères au plus'],
      [{ max_vehicles: 0 }, 'Saisissez un nombre de véhicules (au moins 1)'],
    ];
    for (const [over, message] of cases) {
      const res = await asOperator('POST', '/api/platform/plans', input(over));
      expect(res.status, message).toBe(400);
      expect(res.message).toBe(message);
    }
    const unknown = await asOperator('PUT', '/api/platform/plans/not-an-id', input());
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe('Forfait introuvable');
  });

  it('keeps one active plan per country, account type, type and period (409), and creates one once the old is retired', async () => {
    const dup = await asOperator('POST', '/api/platform/plans', input());
    expect(dup.status).toBe(409);
    expect(dup.code).toBe(4876);
    expect(dup.message).toBe('Un forfait actif existe déjà pour ce pays, ce type de compte, ce type et cette période');

    // A retired plan may sit beside the active one.
    const retired = await asOperator('POST', '/api/platform/plans', input({ is_active: false, price_per_vehicle: '70000' }));
    expect(retired.status).toBe(200);
    expect(retired.data).toMatchObject({ is_active: false, price_per_vehicle: 70000, currency: 'XOF', label: 'Premium annuel' });

    const old = await planId('SN', 'professionnel', 'premium', 'annual');
    const off = await asOperator('PUT', `/api/platform/plans/${old}`, input({ is_active: false, price_per_vehicle: 55_000 }));
    expect(off.status).toBe(200);
    const created = await asOperator('POST', '/api/platform/plans', input({ price_per_vehicle: 50_000, max_vehicles: 200 }));
    expect(created.status).toBe(200);
    expect(created.message).toBe('Forfait ajouté');
    expect(created.data).toMatchObject({ country_code: 'SN', price_per_vehicle: 50000, max_vehicles: 200, offer: '2 mois offerts', discount_percent: 24 });

    // Turning the old one back on would make two.
    const back = await asOperator('PUT', `/api/platform/plans/${old}`, input({ is_active: true }));
    expect(back.status).toBe(409);
    expect((await asOperator('GET', '/api/platform/plans')).data).toHaveLength(42);
  });

  it("changes a plan's price without touching the subscriptions bought from it", async () => {
    const id = await planId('CM', 'particulier', 'starter', 'monthly');
    const [sub] = await ctx.database.db
      .insert(parkSubscriptions)
      .values({ parkId: park.park.id, planId: id, status: 'scheduled', type: 'starter', applicationType: 'particulier', period: 'monthly', vehicleNumber: 3, pricePerVehicle: 2500, currency: 'XAF', amount: 7500, startsOn: '2099-01-01', endsOn: '2099-01-31' })
      .returning();
    const res = await asOperator('PUT', `/api/platform/plans/${id}`, input({ country_code: 'CM', account_type: 'particulier', type: 'starter', period: 'monthly', price_per_vehicle: 3000, offer: '', max_vehicles: 12 }));
    expect(res.status).toBe(200);
    expect(res.message).toBe('Forfait mis à jour');
    expect(res.data).toMatchObject({ id, price_per_vehicle: 3000, offer: null, max_vehicles: 12, is_active: true });
    const [plan] = await ctx.database.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id));
    expect(plan.pricePerVehicle).toBe(3000);
    const [kept] = await ctx.database.db.select().from(parkSubscriptions).where(eq(parkSubscriptions.id, sub.id));
    expect(kept).toMatchObject({ pricePerVehicle: 2500, amount: 7500, vehicleNumber: 3 });
  });
});

describe('refunds', () => {
  async function payment(applied: boolean, payinId: string, number: string): Promise<string> {
    const db = ctx.database.db;
    const [invoice] = await db
      .insert(subscriptionInvoices)
      .values({ parkId: park.park.id, number, kind: 'subscribe', type: 'starter', applicationType: 'particulier', period: 'monthly', vehicleNumber: 2, pricePerVehicle: 2500, periodStart: '2026-11-01', periodEnd: '2026-11-30', amount: 5000, currency: 'XAF', lines: [{ label: 'Starter mensuel', quantity: 2, unitPrice: 2500, amount: 5000 }], status: 'paid', validUntil: '2026-11-01', paidAt: new Date() })
      .returning();
    const [row] = await db
      .insert(subscriptionPayments)
      .values({ parkId: park.park.id, invoiceId: invoice.id, payinId, amount: 5000, currency: 'XAF', applied, detail: applied ? null : 'Facture déjà payée : paiement à rembourser' })
      .returning();
    return row.id;
  }

  it('lists the refunds due, newest first, with the park and the invoice, and marks one refunded', async () => {
    const applied = await payment(true, '00000000-0000-7000-8000-00000000a001', 'FLT-2026-900001');
    const first = await payment(false, '00000000-0000-7000-8000-00000000a002', 'FLT-2026-900002');
    const second = await payment(false, '00000000-0000-7000-8000-00000000a003', 'FLT-2026-900003');

    const due = await asOperator('GET', '/api/platform/subscription-payments?applied=false');
    expect(due.status).toBe(200);
    expect(due.data.map((p: { id: string }) => p.id)).toEqual([second, first]);
    expect(due.data[0]).toMatchObject({
      park_id: park.park.id,
      park_name: 'Parc Opérateur',
      invoice_number: 'FLT-2026-900003',
      transaction_id: '00000000-0000-7000-8000-00000000a003',
      amount: 5000,
      currency: 'XAF',
      applied: false,
      detail: 'Facture déjà payée : paiement à rembourser',
    });
    const all = await asOperator('GET', '/api/platform/subscription-payments');
    expect(all.data.map((p: { id: string }) => p.id)).toEqual([second, first, applied]);

    const done = await asOperator('PUT', `/api/platform/subscription-payments/${first}/refunded`);
    expect(done.status).toBe(200);
    expect(done.message).toBe('Paiement marqué remboursé');
    expect(done.data.id).toBe(first);
    const [row] = await ctx.database.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.id, first));
    expect(row.refundedAt).toBeInstanceOf(Date);
    // Again: the same answer, the first day kept.
    const again = await asOperator('PUT', `/api/platform/subscription-payments/${first}/refunded`);
    expect(again.status).toBe(200);
    const [same] = await ctx.database.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.id, first));
    expect(same.refundedAt).toEqual(row.refundedAt);

    expect((await asOperator('GET', '/api/platform/subscription-payments?applied=false')).data.map((p: { id: string }) => p.id)).toEqual([second]);

    for (const id of [applied, '00000000-0000-7000-8000-000000000000', 'abc']) {
      const res = await asOperator('PUT', `/api/platform/subscription-payments/${id}/refunded`);
      expect(res.status).toBe(404);
      expect(res.message).toBe('Aucun paiement à rembourser sous cet identifiant');
    }
    const bad = await asOperator('GET', '/api/platform/subscription-payments?applied=peut-etre');
    expect(bad.status).toBe(400);
  });
});
