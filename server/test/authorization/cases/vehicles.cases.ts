import type { RouteCase } from '../route-table.ts';
import type { World } from '../world.ts';

/** Route cases of the vehicles routes (see route-table.ts for what each field proves). */

const ZERO_ID = '00000000-0000-7000-8000-000000000000';

/** Seeded reference ids: vehicle type 1, brand 1 (Toyota) with model 1 (Corolla), colour 1. */
const newVehicle = (registration_number: string) => ({ vehicle_type_id: 1, brand_id: 1, model_id: 1, color_id: 1, registration_number });

/** A vehicle of park B, created by its owner through the API. */
function vehicleOfB(w: World): Promise<string> {
  return w.recordOfB('vehicle', async () => {
    const res = await w.ctx.api('POST', '/api/vehicle', { token: w.ownerB.token, profileId: w.ownerB.profileId, body: newVehicle('PB-001-BB') });
    if (res.code !== 5000) throw new Error(`park B vehicle not created: ${res.message}`);
    return (res.data as { id: string }).id;
  });
}

const readRoute = (url: string, path: string): RouteCase => ({
  method: 'GET',
  url,
  otherPark: async (w) => ({ url: `${path}${await vehicleOfB(w)}` }),
});

export const vehiclesCases: RouteCase[] = [
  { method: 'GET', url: '/api/vehicle', otherPark: (w) => ({ url: `/api/vehicle?park_id=${w.parkB}` }) },
  {
    method: 'POST',
    url: '/api/vehicle',
    denied: () => ({ url: '/api/vehicle', body: newVehicle('IN-001-AA') }),
    otherPark: (w) => ({ url: '/api/vehicle', body: { ...newVehicle('IN-002-AA'), park_id: w.parkB } }),
  },
  {
    method: 'POST',
    url: '/api/vehicle/update/:id',
    denied: () => ({ url: `/api/vehicle/update/${ZERO_ID}`, body: { update_type: 'general', ...newVehicle('IN-003-AA') } }),
    otherPark: async (w) => ({ url: `/api/vehicle/update/${await vehicleOfB(w)}`, body: { update_type: 'general', ...newVehicle('IN-004-AA') } }),
  },
  readRoute('/api/vehicle/:id', '/api/vehicle/'),
  readRoute('/api/vehicle/all-data/:id', '/api/vehicle/all-data/'),
  readRoute('/api/vehicle/vehicle-config/:id', '/api/vehicle/vehicle-config/'),
  readRoute('/api/vehicle/check-driver/:id', '/api/vehicle/check-driver/'),
  {
    method: 'GET',
    url: '/api/vehicle/activate/:id',
    denied: () => ({ url: `/api/vehicle/activate/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/vehicle/activate/${await vehicleOfB(w)}` }),
  },
  {
    method: 'GET',
    url: '/api/vehicle/deactivate/:id',
    denied: () => ({ url: `/api/vehicle/deactivate/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/vehicle/deactivate/${await vehicleOfB(w)}` }),
  },
];
