import { payins } from '../../../src/modules/payins/payins.tables.ts';
import { parkSubscriptions, subscriptionInvoices } from '../../../src/modules/subscriptions/subscriptions.tables.ts';
import type { RouteCase } from '../route-table.ts';
import type { World } from '../world.ts';

const ZERO_ID = '00000000-0000-7000-8000-000000000000';
const PLATFORM =
  "the platform operator's area (issue 23): 'public' to the park guard, but its own check of `Authorization: Bearer <PLATFORM_OPERATOR_TOKEN>` refuses every other caller, a park's owner included, with 403 (closed when no token is set); proven in platform-operator.test.ts";

let numbered = 0;

/** A subscription of park B, starting later (written directly: the one-active index stays free). */
function subscriptionOfB(w: World): Promise<string> {
  return w.recordOfB('subscription', async () => {
    const [row] = await w.ctx.database.db
      .insert(parkSubscriptions)
      .values({ parkId: w.parkB, status: 'scheduled', type: 'starter', applicationType: 'particulier', period: 'monthly', vehicleNumber: 2, pricePerVehicle: 2500, currency: 'XAF', amount: 5000, startsOn: '2099-01-01', endsOn: '2099-01-31' })
      .returning({ id: parkSubscriptions.id });
    return row.id;
  });
}

/** An unpaid invoice of park B, valid far ahead (paying it would otherwise be refused for its date). */
function invoiceOfB(w: World): Promise<string> {
  return w.recordOfB('subscription-invoice', async () => {
    numbered += 1;
    const [row] = await w.ctx.database.db
      .insert(subscriptionInvoices)
      .values({
        parkId: w.parkB,
        number: `FLT-2099-${String(numbered).padStart(6, '0')}-${w.parkB.slice(0, 8)}`,
        kind: 'subscribe',
        type: 'starter',
        applicationType: 'particulier',
        period: 'monthly',
        vehicleNumber: 2,
        pricePerVehicle: 2500,
        periodStart: '2099-01-01',
        periodEnd: '2099-01-31',
        amount: 5000,
        currency: 'XAF',
        lines: [{ label: 'Starter mensuel', quantity: 2, unitPrice: 2500, amount: 5000 }],
        validUntil: '2099-01-01',
      })
      .returning({ id: subscriptionInvoices.id });
    return row.id;
  });
}

/** A pay-in park B's owner is waiting for, paying B's invoice. */
function subscriptionPayinOfB(w: World): Promise<string> {
  return w.recordOfB('subscription-payin', async () => {
    const invoiceId = await invoiceOfB(w);
    const [row] = await w.ctx.database.db
      .insert(payins)
      .values({ parkId: w.parkB, provider: 'mtn', operatorId: '8', phone: '237670000001', amount: 5000, currency: 'XAF', purpose: { kind: 'subscription', invoiceId }, expiresAt: new Date(Date.now() + 300_000) })
      .returning({ id: payins.id });
    return row.id;
  });
}

const read = (url: string): RouteCase => ({ method: 'GET', url, denied: () => ({ url }) });

/** Route cases of subscriptions (issue 23; see route-table.ts for what each field proves). */
export const subscriptionsCases: RouteCase[] = [
  // READ_SUBSCRIPTION: the acting park's own subscription, plans (the platform's, no park's) and invoices.
  read('/api/subscription/by-country'),
  read('/api/subscription/active-subscription'),
  read('/api/subscription/active-subscription-info'),
  read('/api/subscription/invoices/history'),
  {
    method: 'GET',
    url: '/api/subscription/select-subscription',
    // Names a plan: the platform's, the same for every park.
    denied: () => ({ url: `/api/subscription/select-subscription?subscription_id=${ZERO_ID}&vehicle_number=1` }),
  },
  {
    method: 'GET',
    url: '/api/subscription/calculate-amount-migration',
    denied: () => ({ url: `/api/subscription/calculate-amount-migration?subscription_id=${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/subscription/calculate-amount-migration?subscription_id=${await subscriptionOfB(w)}` }),
  },
  {
    method: 'GET',
    url: '/api/subscription/check-invoice',
    denied: () => ({ url: `/api/subscription/check-invoice?invoice_id=${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/subscription/check-invoice?invoice_id=${await invoiceOfB(w)}` }),
  },
  {
    method: 'GET',
    url: '/api/subscription/invoice-subscription',
    denied: () => ({ url: `/api/subscription/invoice-subscription?invoice_id=${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/subscription/invoice-subscription?invoice_id=${await invoiceOfB(w)}` }),
  },

  // UPDATE_SUBSCRIPTION: what the acting park buys, and paying its invoices.
  {
    method: 'POST',
    url: '/api/subscription/subscribe',
    denied: () => ({ url: '/api/subscription/subscribe', body: { subscription_id: ZERO_ID, vehicle_number: 1 } }),
  },
  { method: 'POST', url: '/api/subscription/upgrade-vehicle', denied: () => ({ url: '/api/subscription/upgrade-vehicle', body: { vehicle_number: 1 } }) },
  { method: 'POST', url: '/api/subscription/extend', denied: () => ({ url: '/api/subscription/extend', body: { periods: 1 } }) },
  {
    method: 'POST',
    url: '/api/subscription/change-subscription',
    denied: () => ({ url: '/api/subscription/change-subscription', body: { subscription_id: ZERO_ID, vehicle_number: 1 } }),
  },
  {
    method: 'GET',
    url: '/api/subscription/migrate-to-pro',
    denied: () => ({ url: `/api/subscription/migrate-to-pro?subscription_id=${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/subscription/migrate-to-pro?subscription_id=${await subscriptionOfB(w)}` }),
  },
  {
    method: 'POST',
    url: '/api/subscription/paid-invoice-subscription',
    denied: () => ({ url: '/api/subscription/paid-invoice-subscription', body: { invoice_id: ZERO_ID, operator_id: 8, phone: '237670000001' } }),
    otherPark: async (w) => ({ url: '/api/subscription/paid-invoice-subscription', body: { invoice_id: await invoiceOfB(w), operator_id: 8, phone: '237670000001' } }),
  },
  {
    method: 'POST',
    url: '/api/subscription/payin/:id/validated',
    denied: () => ({ url: `/api/subscription/payin/${ZERO_ID}/validated` }),
    otherPark: async (w) => ({ url: `/api/subscription/payin/${await subscriptionPayinOfB(w)}/validated` }),
  },
  {
    method: 'POST',
    url: '/api/subscription/payin/:id/cancel',
    denied: () => ({ url: `/api/subscription/payin/${ZERO_ID}/cancel` }),
    otherPark: async (w) => ({ url: `/api/subscription/payin/${await subscriptionPayinOfB(w)}/cancel` }),
  },

  // The platform operator's area: never a park's.
  { method: 'GET', url: '/api/platform/plans', open: PLATFORM },
  { method: 'POST', url: '/api/platform/plans', open: PLATFORM },
  { method: 'PUT', url: '/api/platform/plans/:id', open: PLATFORM },
  { method: 'GET', url: '/api/platform/subscription-payments', open: PLATFORM },
  { method: 'PUT', url: '/api/platform/subscription-payments/:id/refunded', open: PLATFORM },

  {
    method: 'POST',
    url: '/api/dev/subscriptions/run-job',
    // Development mode only; runs the acting park's pass, names no record of another park.
    denied: () => ({ url: '/api/dev/subscriptions/run-job', body: {} }),
  },
];
