import { and, eq, isNull } from 'drizzle-orm';
import { pnlAccounts } from '../../../src/modules/pnl/pnl.tables.ts';
import type { RouteCase } from '../route-table.ts';
import type { World } from '../world.ts';

const ZERO_ID = '00000000-0000-7000-8000-000000000000';
const SCOPED = "the acting park's chart only (filtered on the acting park)";

/** A category of park B without a code (its default 'Autres revenus'), read from the database. */
function categoryOfB(w: World): Promise<string> {
  return w.recordOfB('pnl-category', async () => {
    const [row] = await w.ctx.database.db
      .select({ id: pnlAccounts.id })
      .from(pnlAccounts)
      .where(and(eq(pnlAccounts.parkId, w.parkB), isNull(pnlAccounts.parentId), eq(pnlAccounts.name, 'Autres revenus')));
    return row.id;
  });
}

/** Route cases of the P&L chart (see route-table.ts for what each field proves). */
export const pnlCases: RouteCase[] = [
  { method: 'GET', url: '/api/pnl-account', open: SCOPED, otherPark: (w) => ({ url: `/api/pnl-account?park_id=${w.parkB}` }) },
  {
    method: 'GET',
    url: '/api/pnl-sub-account',
    open: SCOPED,
    otherPark: async (w) => ({ url: `/api/pnl-sub-account?category_id=${await categoryOfB(w)}` }),
  },
  ...(['pnl-account', 'pnl-sub-account'] as const).flatMap((family): RouteCase[] => [
    {
      method: 'POST',
      url: `/api/${family}`,
      denied: () => ({ url: `/api/${family}`, body: { name: 'Intrus', type: 'profit', account_id: ZERO_ID } }),
      otherPark: async (w) => ({ url: `/api/${family}`, body: { name: 'Intrus', account_id: await categoryOfB(w) } }),
    },
    {
      method: 'PUT',
      url: `/api/${family}/update/:id`,
      denied: () => ({ url: `/api/${family}/update/${ZERO_ID}`, body: { name: 'Intrus' } }),
      otherPark: async (w) => ({ url: `/api/${family}/update/${await categoryOfB(w)}`, body: { name: 'Intrus' } }),
    },
    {
      method: 'DELETE',
      url: `/api/${family}/delete/:id`,
      denied: () => ({ url: `/api/${family}/delete/${ZERO_ID}` }),
      otherPark: async (w) => ({ url: `/api/${family}/delete/${await categoryOfB(w)}` }),
    },
  ]),
];
