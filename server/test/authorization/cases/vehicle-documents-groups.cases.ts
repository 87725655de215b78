import { vehicles } from '../../../src/modules/vehicles/vehicles.tables.ts';
import type { RouteCase } from '../route-table.ts';
import type { World } from '../world.ts';

// Not imported from route-table.ts, which imports this file.
const ZERO_ID = '00000000-0000-7000-8000-000000000000';

/** A vehicle of park B, inserted directly (the vehicles API is not what these rows prove). */
function vehicleOfB(w: World): Promise<string> {
  return w.recordOfB('vehicle', async () => {
    const [v] = await w.ctx.database.db
      .insert(vehicles)
      .values({ parkId: w.parkB, vehicleTypeId: 1, brandId: 1, modelId: 1, colorId: 1, registrationNumber: 'LT-001-BB', label: 'Corolla B' })
      .returning({ id: vehicles.id });
    return v.id;
  });
}

/** A group of park B holding its vehicle, made through the API by park B's owner. */
function groupOfB(w: World): Promise<string> {
  return w.recordOfB('vehicle-group', async () => {
    const vehicleId = await vehicleOfB(w);
    const res = await w.ctx.api('POST', '/api/vehicle-group/add', {
      token: w.ownerB.token,
      profileId: w.ownerB.profileId,
      body: { title: 'Groupe B', vehicles_ids: [vehicleId] },
    });
    return (res.data as { id: string }).id;
  });
}

const documentBody = (vehicleId: string) => ({ vehicle_id: vehicleId, document_type_id: 1, start_date: '2026-01-01', end_date: '2026-12-31' });

/** Route cases of the vehicle-documents-groups routes (see route-table.ts for what each field proves). */
export const vehicleDocumentsGroupsCases: RouteCase[] = [
  // Documents: reading is open to every profile of the park; adding needs MANAGE_DRIVER_VEHICLE.
  {
    method: 'GET',
    url: '/api/vehicle-document/:vehicleId',
    otherPark: async (w) => ({ url: `/api/vehicle-document/${await vehicleOfB(w)}` }),
  },
  {
    method: 'GET',
    url: '/api/vehicle-document/future-expired',
    otherPark: (w) => ({ url: `/api/vehicle-document/future-expired?park_id=${w.parkB}` }),
  },
  {
    method: 'POST',
    url: '/api/vehicle-document',
    denied: () => ({ url: '/api/vehicle-document', body: documentBody(ZERO_ID) }),
    otherPark: async (w) => ({ url: '/api/vehicle-document', body: documentBody(await vehicleOfB(w)) }),
  },

  // Groups: reading is open to every profile of the park; changes need MANAGE_VEHICLE_GROUPS.
  {
    method: 'GET',
    url: '/api/vehicle-group',
    otherPark: (w) => ({ url: `/api/vehicle-group?park_id=${w.parkB}` }),
  },
  {
    method: 'POST',
    url: '/api/vehicle-group/add',
    denied: () => ({ url: '/api/vehicle-group/add', body: { title: 'Intrus' } }),
    otherPark: async (w) => ({ url: '/api/vehicle-group/add', body: { title: 'Intrus', vehicles_ids: [await vehicleOfB(w)] } }),
  },
  {
    method: 'PUT',
    url: '/api/vehicle-group/update/:id',
    denied: () => ({ url: `/api/vehicle-group/update/${ZERO_ID}`, body: { title: 'Intrus' } }),
    otherPark: async (w) => ({ url: `/api/vehicle-group/update/${await groupOfB(w)}`, body: { title: 'Intrus' } }),
  },
  {
    method: 'DELETE',
    url: '/api/vehicle-group/delete/:groupId',
    denied: () => ({ url: `/api/vehicle-group/delete/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/vehicle-group/delete/${await groupOfB(w)}` }),
  },
  {
    method: 'PUT',
    url: '/api/vehicle-group/remove-vehicles',
    denied: () => ({ url: '/api/vehicle-group/remove-vehicles', body: { vehicles_ids: [ZERO_ID] } }),
    otherPark: async (w) => {
      await groupOfB(w);
      return { url: '/api/vehicle-group/remove-vehicles', body: { vehicles_ids: [await vehicleOfB(w)] } };
    },
  },
  {
    method: 'PUT',
    url: '/api/vehicle-group/add-vehicles/:id',
    denied: () => ({ url: `/api/vehicle-group/add-vehicles/${ZERO_ID}`, body: { vehicles_ids: [ZERO_ID] } }),
    otherPark: async (w) => ({ url: `/api/vehicle-group/add-vehicles/${await groupOfB(w)}`, body: { vehicles_ids: [ZERO_ID] } }),
  },
];
