import { recordIncomingPayment } from '../../../src/modules/treasury/park-balance.ts';
import type { RouteCase } from '../route-table.ts';
import { as, type World } from '../world.ts';

const ZERO_ID = '00000000-0000-7000-8000-000000000000';
const REFERENCE = 'reference data (withdrawal modes and operators of a country), the same for every park';

/** A withdrawal means park B's owner saved (Orange Money, Cameroon). */
function meansOfB(w: World): Promise<string> {
  return w.recordOfB('withdraw-means', async () => {
    const res = await as(w, w.ownerB, 'POST', '/api/mean-withdraw-on-park', { title: 'Orange de B', phone_number: '+237690000001', vct_withdraw_id: 7 });
    return (res.data as { id: string }).id;
  });
}

/** A payment received into park B's balance. */
function transactionOfB(w: World): Promise<string> {
  return w.recordOfB('park-transaction', () =>
    w.ctx.database.db.transaction(async (tx) => (await recordIncomingPayment(tx, { parkId: w.parkB, amount: 5000, provider: 'mtn', providerRef: `auth-${w.parkB}` })).transactionId),
  );
}

const means = { title: 'Intrus', phone_number: '+237690000002', vct_withdraw_id: 7 };

/** Route cases of the park balance and withdrawals (see route-table.ts for what each field proves). */
export const withdrawalsCases: RouteCase[] = [
  { method: 'GET', url: '/api/vtc-withdraw', open: REFERENCE },
  { method: 'GET', url: '/api/operator', open: REFERENCE },
  {
    method: 'GET',
    url: '/api/mean-withdraw-on-park',
    denied: () => ({ url: '/api/mean-withdraw-on-park' }),
    otherPark: (w) => ({ url: `/api/mean-withdraw-on-park?park_id=${w.parkB}` }),
  },
  {
    method: 'POST',
    url: '/api/mean-withdraw-on-park',
    denied: () => ({ url: '/api/mean-withdraw-on-park', body: means }),
    otherPark: (w) => ({ url: '/api/mean-withdraw-on-park', body: { ...means, park_id: w.parkB } }),
  },
  {
    method: 'PUT',
    url: '/api/mean-withdraw-on-park/:id',
    denied: () => ({ url: `/api/mean-withdraw-on-park/${ZERO_ID}`, body: means }),
    otherPark: async (w) => ({ url: `/api/mean-withdraw-on-park/${await meansOfB(w)}`, body: means }),
  },
  {
    method: 'DELETE',
    url: '/api/mean-withdraw-on-park/:id',
    denied: () => ({ url: `/api/mean-withdraw-on-park/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/mean-withdraw-on-park/${await meansOfB(w)}` }),
  },
  {
    method: 'POST',
    url: '/api/transaction/withdraw',
    denied: () => ({ url: '/api/transaction/withdraw', body: { withdraw_on_park_id: ZERO_ID, amount: 1000 } }),
    otherPark: async (w) => ({ url: '/api/transaction/withdraw', body: { withdraw_on_park_id: await meansOfB(w), amount: 1000, park_id: w.parkB } }),
  },
  {
    method: 'GET',
    url: '/api/transaction/check-status/:id',
    denied: () => ({ url: `/api/transaction/check-status/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/transaction/check-status/${await transactionOfB(w)}` }),
  },
  {
    method: 'GET',
    url: '/api/park/amount/:park_id',
    denied: (w) => ({ url: `/api/park/amount/${w.parkA}` }),
    otherPark: (w) => ({ url: `/api/park/amount/${w.parkB}` }),
  },
  {
    method: 'GET',
    url: '/api/park/sold/:park_id',
    denied: (w) => ({ url: `/api/park/sold/${w.parkA}` }),
    otherPark: (w) => ({ url: `/api/park/sold/${w.parkB}` }),
  },
  {
    method: 'GET',
    url: '/api/park/transactions',
    denied: () => ({ url: '/api/park/transactions' }),
    otherPark: (w) => ({ url: `/api/park/transactions?park_id=${w.parkB}` }),
  },
  {
    method: 'GET',
    url: '/api/transaction/:id',
    denied: () => ({ url: `/api/transaction/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/transaction/${await transactionOfB(w)}` }),
  },
  {
    method: 'POST',
    url: '/api/transaction/credit-account',
    denied: () => ({ url: '/api/transaction/credit-account', body: { caisse_id: ZERO_ID, amount: 1000 } }),
    otherPark: (w) => ({ url: '/api/transaction/credit-account', body: { caisse_id: ZERO_ID, amount: 1000, park_id: w.parkB } }),
  },
];
