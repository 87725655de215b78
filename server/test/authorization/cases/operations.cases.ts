import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { toWireDate } from '../../../src/platform/dates.ts';
import { drivers } from '../../../src/modules/drivers/drivers.tables.ts';
import { pnlAccounts } from '../../../src/modules/pnl/pnl.tables.ts';
import { defaultCashCaisse } from '../../../src/modules/treasury/caisse-accounts.ts';
import type { RouteCase } from '../route-table.ts';
import type { World } from '../world.ts';

const ZERO_ID = '00000000-0000-7000-8000-000000000000';
const READ = 'VIEW_OPERATIONS or READ_FINANCE';

/** A sub-account without special rules ('Apport du propriétaire', a revenue) of a park. */
function ownerContribution(w: World, parkId: string): Promise<string> {
  return w.recordOfB(`apport-${parkId}`, async () => {
    const [row] = await w.ctx.database.db
      .select({ id: pnlAccounts.id })
      .from(pnlAccounts)
      .where(and(eq(pnlAccounts.parkId, parkId), eq(pnlAccounts.name, 'Apport du propriétaire')));
    return row.id;
  });
}

const movement = async (w: World, parkId: string, over: Record<string, unknown> = {}) => ({
  sub_account_id: await ownerContribution(w, parkId),
  date: toWireDate(new Date()),
  amount: 1000,
  ...over,
});

/** An operation of park B, recorded by its owner. */
function operationOfB(w: World): Promise<string> {
  return w.recordOfB('operation', async () => {
    const res = await w.ctx.api('POST', '/api/pnl-account/fund-movement', { token: w.ownerB.token, profileId: w.ownerB.profileId, body: await movement(w, w.parkB) });
    if (res.code !== 5000) throw new Error(`operation of B not created: ${res.message}`);
    return (res.data as { id: string }).id;
  });
}

function driverOfB(w: World): Promise<string> {
  return w.recordOfB('operations-driver', async () => {
    const phone = `+2376${(randomBytes(4).readUInt32BE(0) % 100_000_000).toString().padStart(8, '0')}`;
    const [row] = await w.ctx.database.db.insert(drivers).values({ parkId: w.parkB, firstName: 'Paul', lastName: 'Biya', phone }).returning({ id: drivers.id });
    return row.id;
  });
}

/** Route cases of operations (fund movements) and of the fuel and component lists. */
export const operationsCases: RouteCase[] = [
  ...['/api/pnl-account/fund-movement', '/api/accounting/create-entry-or-depense'].map(
    (url): RouteCase => ({
      method: 'POST',
      url,
      denied: async (w) => ({ url, body: await movement(w, w.parkA) }),
      // Park A's owner names park B's cash account: unknown here (404), nothing recorded in B.
      otherPark: async (w) => ({ url, body: await movement(w, w.parkA, { caisse_id: (await defaultCashCaisse(w.ctx.database.db, w.parkB)).id }) }),
    }),
  ),
  {
    method: 'POST',
    url: '/api/pnl-account/validate-expense',
    handlerPermission: 'the owner only (VALIDATE_EXPENSE in the config)',
    denied: () => ({ url: '/api/pnl-account/validate-expense', body: { fund_movement_id: ZERO_ID } }),
    otherPark: async (w) => ({ url: '/api/pnl-account/validate-expense', body: { fund_movement_id: await operationOfB(w) } }),
  },
  {
    method: 'DELETE',
    url: '/api/accounting/pnl/operation/:id',
    denied: () => ({ url: `/api/accounting/pnl/operation/${ZERO_ID}`, body: { comment: 'Intrus' } }),
    otherPark: async (w) => ({ url: `/api/accounting/pnl/operation/${await operationOfB(w)}`, body: { comment: 'Intrus' } }),
  },
  ...['/api/accounting/pnl/operation', '/api/accounting'].map(
    (url): RouteCase => ({
      method: 'GET',
      url,
      handlerPermission: READ,
      denied: () => ({ url }),
      otherPark: (w) => ({ url: `${url}?park_id=${w.parkB}` }),
    }),
  ),
  {
    method: 'GET',
    url: '/api/accounting/pnl/operation/:id',
    handlerPermission: READ,
    denied: () => ({ url: `/api/accounting/pnl/operation/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/accounting/pnl/operation/${await operationOfB(w)}` }),
  },
  {
    method: 'GET',
    url: '/api/accounting/driver-vehicle',
    open: 'open to every profile of the park, like the fleet pickers; filtered on the acting park',
    otherPark: async (w) => ({ url: `/api/accounting/driver-vehicle?driver_id=${await driverOfB(w)}` }),
  },
  { method: 'GET', url: '/api/carburant', open: 'shared reference list (fuel types)' },
  { method: 'GET', url: '/api/car-component', open: "shared components plus the acting park's own", otherPark: (w) => ({ url: `/api/car-component?park_id=${w.parkB}` }) },
  {
    method: 'POST',
    url: '/api/car-component',
    handlerPermission: 'CREATE_OPERATION or MANAGE_MAINTENANCE',
    denied: () => ({ url: '/api/car-component', body: { name: 'Rétroviseur' } }),
  },
];
