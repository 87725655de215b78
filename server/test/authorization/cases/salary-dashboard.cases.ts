import { randomBytes } from 'node:crypto';
import { drivers } from '../../../src/modules/drivers/drivers.tables.ts';
import type { RouteCase } from '../route-table.ts';
import type { World } from '../world.ts';

const ZERO_ID = '00000000-0000-7000-8000-000000000000';
const PERIOD = 'start_date=2025-03-01&end_date=2025-03-31';

/** A driver of park B, inserted directly (the drivers API is not what these rows prove). */
function driverOfB(w: World): Promise<string> {
  return w.recordOfB('salary-dashboard-driver', async () => {
    const phone = `+2376${(randomBytes(4).readUInt32BE(0) % 100_000_000).toString().padStart(8, '0')}`;
    const [row] = await w.ctx.database.db.insert(drivers).values({ parkId: w.parkB, firstName: 'Samuel', lastName: 'Eto', phone }).returning({ id: drivers.id });
    return row.id;
  });
}

const salaryBody = (driverId: string) => ({ driver_id: driverId, start_date: '2025-03-01', end_date: '2025-03-31', payment_type: 'cash', reason: 'Intrus' });

/**
 * Route cases of salaries (MANAGE_DRIVER_VEHICLE; paying: the owner only, on top) and of the fleet
 * dashboard (VIEW_DASHBOARD): another park's driver reads as unknown, another park's id is refused.
 */
export const salaryDashboardCases: RouteCase[] = [
  {
    method: 'GET',
    url: '/api/park/calculate-salary',
    denied: () => ({ url: `/api/park/calculate-salary?driver_id=${ZERO_ID}&${PERIOD}` }),
    otherPark: async (w) => ({ url: `/api/park/calculate-salary?driver_id=${await driverOfB(w)}&${PERIOD}` }),
  },
  {
    method: 'POST',
    url: '/api/park/paid-salary',
    handlerPermission: 'the fleet owner only (MANAGE_DRIVER_VEHICLE in the config)',
    denied: () => ({ url: '/api/park/paid-salary', body: salaryBody(ZERO_ID) }),
    otherPark: async (w) => ({ url: '/api/park/paid-salary', body: salaryBody(await driverOfB(w)) }),
  },
  ...['/api/dashboard/fleet/details', '/api/dashboard/park/revenue/evolution', '/api/dashboard/park/ca-global', '/api/dashboard/park/graph-ca-global'].map(
    (url): RouteCase => ({
      method: 'GET',
      url,
      denied: () => ({ url }),
      otherPark: (w) => ({ url: `${url}?park_id=${w.parkB}` }),
    }),
  ),
  ...['/api/dashboard/park/ca-individual', '/api/dashboard/park/graph-ca-individual'].map(
    (url): RouteCase => ({
      method: 'GET',
      url,
      denied: () => ({ url: `${url}?driver_id=${ZERO_ID}` }),
      otherPark: async (w) => ({ url: `${url}?driver_id=${await driverOfB(w)}` }),
    }),
  ),
];
