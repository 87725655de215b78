import { defaultCashCaisse } from '../../../src/modules/treasury/caisse-accounts.ts';
import type { RouteCase } from '../route-table.ts';
import { as, type World } from '../world.ts';

const ZERO_ID = '00000000-0000-7000-8000-000000000000';
// Who uses which caisse is caisse-access.ts; caisse-access.test.ts tries every route taking a caisse.
const READERS = 'MANAGE_CAISSE or READ_FINANCE, or administering the caisse; the default cash account needs ACCESS_CAISSE_CASH';

/** Park A's default cash account (a bare member may not read it). */
async function cashOfA(w: World): Promise<string> {
  return (await defaultCashCaisse(w.ctx.database.db, w.parkA)).id;
}

/** Park B's default cash account. */
function cashOfB(w: World): Promise<string> {
  return w.recordOfB('cash-caisse', async () => (await defaultCashCaisse(w.ctx.database.db, w.parkB)).id);
}

/** A caisse park B's owner added (editable, empty). */
function caisseOfB(w: World): Promise<string> {
  return w.recordOfB('caisse', async () => {
    const res = await as(w, w.ownerB, 'POST', '/api/caisse', { name: 'Caisse de B' });
    return (res.data as { id: string }).id;
  });
}

/** Route cases of caisses, transfers and the bank operation (see route-table.ts for the fields). */
export const caissesCases: RouteCase[] = [
  {
    method: 'GET',
    url: '/api/caisse',
    handlerPermission: `${READERS} (others get only the caisses they administer, often none; filter_by_profile=true: those one may use)`,
    otherPark: (w) => ({ url: `/api/caisse?park_id=${w.parkB}` }),
  },
  {
    method: 'GET',
    url: '/api/caisse/:id',
    handlerPermission: READERS,
    denied: async (w) => ({ url: `/api/caisse/${await cashOfA(w)}` }),
    otherPark: async (w) => ({ url: `/api/caisse/${await cashOfB(w)}` }),
  },
  {
    method: 'POST',
    url: '/api/caisse',
    denied: () => ({ url: '/api/caisse', body: { name: 'Intrus' } }),
    otherPark: (w) => ({ url: '/api/caisse', body: { name: 'Intrus', park_id: w.parkB } }),
  },
  {
    method: 'PUT',
    url: '/api/caisse/update/:id',
    denied: () => ({ url: `/api/caisse/update/${ZERO_ID}`, body: { name: 'Intrus' } }),
    otherPark: async (w) => ({ url: `/api/caisse/update/${await caisseOfB(w)}`, body: { name: 'Intrus' } }),
  },
  {
    method: 'DELETE',
    url: '/api/caisse/delete/:id',
    denied: () => ({ url: `/api/caisse/delete/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/caisse/delete/${await caisseOfB(w)}` }),
  },
  {
    method: 'POST',
    url: '/api/caisse/transfer',
    denied: () => ({ url: '/api/caisse/transfer', body: { from_caisse_id: ZERO_ID, to_caisse_id: ZERO_ID, amount: 1 } }),
    otherPark: async (w) => ({ url: '/api/caisse/transfer', body: { from_caisse_id: await cashOfB(w), to_caisse_id: await caisseOfB(w), amount: 1 } }),
  },
  {
    method: 'POST',
    url: '/api/transaction/bank-operation',
    denied: () => ({ url: '/api/transaction/bank-operation', body: { amount: 1, caisse_id: ZERO_ID } }),
    otherPark: async (w) => ({ url: '/api/transaction/bank-operation', body: { amount: 1000, caisse_id: await caisseOfB(w) } }),
  },
];
