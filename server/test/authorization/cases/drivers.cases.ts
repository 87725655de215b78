import { drivers } from '../../../src/modules/drivers/drivers.tables.ts';
import type { RouteCase } from '../route-table.ts';
import type { World } from '../world.ts';

/** Route cases of the drivers routes (see route-table.ts for what each field proves). */

const ZERO_ID = '00000000-0000-7000-8000-000000000000';

/** A driver of park B, written straight into the table (no reference data needed). */
function driverOfB(w: World): Promise<string> {
  return w.recordOfB('driver', async () => {
    const [row] = await w.ctx.database.db
      .insert(drivers)
      .values({ parkId: w.parkB, firstName: 'Bertin', lastName: 'Parc B', phone: '+237650000001' })
      .returning({ id: drivers.id });
    return row.id;
  });
}

const newDriver = { first_name: 'Intrus', last_name: 'Intrus', phone: '+237650000002', driver_type_id: 1 };

export const driversCases: RouteCase[] = [
  { method: 'GET', url: '/api/driver', otherPark: (w) => ({ url: `/api/driver?park_id=${w.parkB}` }) },
  { method: 'GET', url: '/api/driver/:id', otherPark: async (w) => ({ url: `/api/driver/${await driverOfB(w)}` }) },
  { method: 'GET', url: '/api/driver/all-data/:id', otherPark: async (w) => ({ url: `/api/driver/all-data/${await driverOfB(w)}` }) },
  {
    method: 'POST',
    url: '/api/driver',
    denied: () => ({ url: '/api/driver', body: newDriver }),
    otherPark: (w) => ({ url: '/api/driver', body: { ...newDriver, park_id: w.parkB } }),
  },
  {
    method: 'PUT',
    url: '/api/driver/update/:id',
    denied: () => ({ url: `/api/driver/update/${ZERO_ID}`, body: { first_name: 'Intrus' } }),
    otherPark: async (w) => ({ url: `/api/driver/update/${await driverOfB(w)}`, body: { first_name: 'Intrus' } }),
  },
  {
    method: 'POST',
    url: '/api/driver/suspended',
    denied: () => ({ url: '/api/driver/suspended', body: { driver_id: ZERO_ID } }),
    otherPark: async (w) => ({ url: '/api/driver/suspended', body: { driver_id: await driverOfB(w), reason: 'Intrus' } }),
  },
  {
    method: 'GET',
    url: '/api/driver/remove-suspension/:id',
    denied: () => ({ url: `/api/driver/remove-suspension/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/driver/remove-suspension/${await driverOfB(w)}` }),
  },
  {
    method: 'GET',
    url: '/api/driver/deactivate/:id',
    denied: () => ({ url: `/api/driver/deactivate/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/driver/deactivate/${await driverOfB(w)}` }),
  },
  {
    method: 'GET',
    url: '/api/driver/activate/:id',
    denied: () => ({ url: `/api/driver/activate/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/driver/activate/${await driverOfB(w)}` }),
  },
  {
    method: 'PUT',
    url: '/api/driver/enable-withdraw',
    denied: () => ({ url: '/api/driver/enable-withdraw', body: { driver_id: ZERO_ID, status: true } }),
    otherPark: async (w) => ({ url: '/api/driver/enable-withdraw', body: { driver_id: await driverOfB(w), status: true } }),
  },
  { method: 'GET', url: '/api/agent', otherPark: (w) => ({ url: `/api/agent?park_id=${w.parkB}` }) },
];
