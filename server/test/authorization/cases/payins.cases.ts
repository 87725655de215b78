import { payins } from '../../../src/modules/payins/payins.tables.ts';
import type { RouteCase } from '../route-table.ts';
import type { World } from '../world.ts';

const ZERO_ID = '00000000-0000-7000-8000-000000000000';
const WEBHOOK = "a payment provider's webhook: no session, authenticated by the provider's signature (and our per-pay-in URL token), refused with 401 otherwise";

/** A pay-in park B's owner is waiting for (written directly: asking a provider is not the point here). */
function payinOfB(w: World): Promise<string> {
  return w.recordOfB('payin', async () => {
    const [row] = await w.ctx.database.db
      .insert(payins)
      .values({
        parkId: w.parkB,
        provider: 'mtn',
        operatorId: '8',
        phone: '237670000001',
        amount: 5000,
        currency: 'XAF',
        purpose: { kind: 'recipes', allocations: [] },
        expiresAt: new Date(Date.now() + 300_000),
      })
      .returning({ id: payins.id });
    return row.id;
  });
}

/** Route cases of mobile-money pay-ins (see route-table.ts for what each field proves). */
export const payinsCases: RouteCase[] = [
  { method: 'POST', url: '/api/webhooks/payins/wave', open: WEBHOOK },
  { method: 'POST', url: '/api/webhooks/payins/mtn-momo', open: WEBHOOK },
  { method: 'PUT', url: '/api/webhooks/payins/mtn-momo', open: WEBHOOK },
  { method: 'POST', url: '/api/webhooks/payins/cinetpay', open: WEBHOOK },
  {
    method: 'POST',
    url: '/api/payin/:id/validated',
    denied: () => ({ url: `/api/payin/${ZERO_ID}/validated` }),
    otherPark: async (w) => ({ url: `/api/payin/${await payinOfB(w)}/validated` }),
  },
  {
    method: 'POST',
    url: '/api/payin/:id/cancel',
    denied: () => ({ url: `/api/payin/${ZERO_ID}/cancel` }),
    otherPark: async (w) => ({ url: `/api/payin/${await payinOfB(w)}/cancel` }),
  },
];
