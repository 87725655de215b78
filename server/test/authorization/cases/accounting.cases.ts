import { vehicleGroups } from '../../../src/modules/vehicles/vehicles.tables.ts';
import type { RouteCase } from '../route-table.ts';
import type { World } from '../world.ts';

/** A vehicle group of park B, inserted directly (the groups API is not what these rows prove). */
function groupOfB(w: World): Promise<string> {
  return w.recordOfB('accounting-vehicle-group', async () => {
    const [row] = await w.ctx.database.db.insert(vehicleGroups).values({ parkId: w.parkB, title: 'Groupe compta B' }).returning({ id: vehicleGroups.id });
    return row.id;
  });
}

/** Route cases of the accounting reports: READ_FINANCE, and another park's id or group refused. */
export const accountingCases: RouteCase[] = [
  {
    method: 'GET',
    url: '/api/accounting/state',
    denied: () => ({ url: '/api/accounting/state' }),
    otherPark: async (w) => ({ url: `/api/accounting/state?groupe_id=${await groupOfB(w)}` }),
  },
  {
    method: 'GET',
    url: '/api/accounting/pnl',
    denied: () => ({ url: '/api/accounting/pnl?year=2025' }),
    otherPark: (w) => ({ url: `/api/accounting/pnl?park_id=${w.parkB}&year=2025` }),
  },
  {
    method: 'GET',
    url: '/api/accounting/diagramme-pnl',
    denied: () => ({ url: '/api/accounting/diagramme-pnl' }),
    otherPark: async (w) => ({ url: `/api/accounting/diagramme-pnl?groupe_id=${await groupOfB(w)}` }),
  },
  {
    method: 'GET',
    url: '/api/accounting/total-data',
    denied: () => ({ url: '/api/accounting/total-data' }),
    otherPark: (w) => ({ url: `/api/accounting/total-data?park_id=${w.parkB}` }),
  },
];
