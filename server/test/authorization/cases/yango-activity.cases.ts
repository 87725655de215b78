import { randomBytes } from 'node:crypto';
import { drivers } from '../../../src/modules/drivers/drivers.tables.ts';
import { yangoDriverLinks } from '../../../src/modules/yango/yango.tables.ts';
import type { RouteCase } from '../route-table.ts';
import type { World } from '../world.ts';

const ZERO_ID = '00000000-0000-7000-8000-000000000000';
const PERIOD = 'start_date=2025-03-01T00:00:00&end_date=2025-03-31T23:59:59';

/** A driver of park B linked to a Yango profile, inserted directly. */
function linkedDriverOfB(w: World): Promise<{ driverId: string; yangoId: string }> {
  return w.recordOfB('yango-activity-linked-driver', async () => {
    const phone = `+2376${(randomBytes(4).readUInt32BE(0) % 100_000_000).toString().padStart(8, '0')}`;
    const [row] = await w.ctx.database.db.insert(drivers).values({ parkId: w.parkB, firstName: 'Ibrahim', lastName: 'Diallo', phone }).returning({ id: drivers.id });
    const yangoId = `yango-b-${randomBytes(4).toString('hex')}`;
    await w.ctx.database.db.insert(yangoDriverLinks).values({ driverId: row.id, parkId: w.parkB, yangoId, recipesSince: '2020-01-01' });
    return { driverId: row.id, yangoId };
  });
}

/**
 * Route cases of the Yango activity (VIEW_DRIVERS) and the dashboard's reconciliation
 * (READ_FINANCE): another park's linked driver reads as not linked (404), another park's id is refused.
 */
export const yangoActivityCases: RouteCase[] = [
  {
    method: 'GET',
    url: '/api/yango/yango-transaction/:yango_id',
    denied: () => ({ url: `/api/yango/yango-transaction/some-yango-id?${PERIOD}` }),
    otherPark: async (w) => ({ url: `/api/yango/yango-transaction/${(await linkedDriverOfB(w)).yangoId}?${PERIOD}` }),
  },
  {
    method: 'GET',
    url: '/api/yango/activity/:driver_id',
    denied: () => ({ url: `/api/yango/activity/${ZERO_ID}?${PERIOD}` }),
    otherPark: async (w) => ({ url: `/api/yango/activity/${(await linkedDriverOfB(w)).driverId}?${PERIOD}` }),
  },
  {
    method: 'GET',
    url: '/api/yango/reconciliation',
    denied: () => ({ url: `/api/yango/reconciliation?${PERIOD}` }),
    otherPark: (w) => ({ url: `/api/yango/reconciliation?park_id=${w.parkB}` }),
  },
];
