import { carComponents } from '../../../src/modules/catalog/catalog.tables.ts';
import { suppliers } from '../../../src/modules/suppliers/suppliers.tables.ts';
import type { RouteCase } from '../route-table.ts';
import type { World } from '../world.ts';

/** Route cases of maintenance (entretien) and the repair types (see route-table.ts for what each field proves). */

const ZERO_ID = '00000000-0000-7000-8000-000000000000';
const SPAN = { duration_choice: 3, start_date: '2030-03-04T00:00:00', end_date: '2030-03-05T00:00:00' };

/** A vehicle of park B, created by its owner through the API. */
function vehicleOfB(w: World): Promise<string> {
  return w.recordOfB('maintenance-vehicle', async () => {
    const body = { vehicle_type_id: 1, brand_id: 1, model_id: 1, color_id: 1, registration_number: 'EN-001-BB' };
    const res = await w.ctx.api('POST', '/api/vehicle', { token: w.ownerB.token, profileId: w.ownerB.profileId, body });
    if (res.code !== 5000) throw new Error(`park B vehicle not created: ${res.message}`);
    return (res.data as { id: string }).id;
  });
}

/** A component of a park (its own, written straight into the table). */
function componentOf(w: World, parkId: string): Promise<number> {
  return w.recordOfB(`maintenance-component-${parkId}`, async () => {
    const [row] = await w.ctx.database.db.insert(carComponents).values({ parkId, name: `Pièce ${parkId.slice(-6)}` }).returning({ id: carComponents.id });
    return row.id;
  });
}

function supplierOfB(w: World): Promise<string> {
  return w.recordOfB('maintenance-supplier', async () => {
    const [row] = await w.ctx.database.db.insert(suppliers).values({ parkId: w.parkB, name: 'Garage de B', phone: '+237690000099' }).returning({ id: suppliers.id });
    return row.id;
  });
}

const body = (vehicleId: string, componentId: number, over: Record<string, unknown> = {}) => ({
  vehicle_id: vehicleId,
  ...SPAN,
  maintenances: [{ repair_type_id: 1, maintenanceCarComponent: [{ component_id: componentId, amount: 2000 }] }],
  ...over,
});

/** A maintenance of park B, scheduled by its owner. */
function maintenanceOfB(w: World): Promise<string> {
  return w.recordOfB('maintenance', async () => {
    const res = await w.ctx.api('POST', '/api/entretien', { token: w.ownerB.token, profileId: w.ownerB.profileId, body: body(await vehicleOfB(w), await componentOf(w, w.parkB)) });
    if (res.code !== 5000) throw new Error(`park B maintenance not scheduled: ${res.message}`);
    return (res.data as { id: string }).id;
  });
}

export const maintenanceCases: RouteCase[] = [
  {
    method: 'GET',
    url: '/api/entretien',
    denied: () => ({ url: '/api/entretien' }),
    otherPark: (w) => ({ url: `/api/entretien?park_id=${w.parkB}` }),
  },
  {
    method: 'GET',
    url: '/api/entretien/planning-impact',
    denied: () => ({ url: `/api/entretien/planning-impact?vehicle_id=${ZERO_ID}&start_date=2030-03-04T00:00:00` }),
    otherPark: async (w) => ({ url: `/api/entretien/planning-impact?vehicle_id=${await vehicleOfB(w)}&duration_choice=2&start_date=2030-03-04T00:00:00` }),
  },
  {
    method: 'GET',
    url: '/api/entretien/:id',
    denied: () => ({ url: `/api/entretien/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/entretien/${await maintenanceOfB(w)}` }),
  },
  {
    method: 'POST',
    url: '/api/entretien',
    denied: () => ({ url: '/api/entretien', body: body(ZERO_ID, 1) }),
    // Park B's vehicle (404), or park A's vehicle with park B's supplier (404): nothing scheduled in B.
    otherPark: async (w) => ({ url: '/api/entretien', body: body(await vehicleOfB(w), await componentOf(w, w.parkB), { supplier_id: await supplierOfB(w) }) }),
  },
  {
    method: 'PUT',
    url: '/api/entretien/:id',
    denied: () => ({ url: `/api/entretien/${ZERO_ID}`, body: { status: 'canceled' } }),
    otherPark: async (w) => ({ url: `/api/entretien/${await maintenanceOfB(w)}`, body: { status: 'canceled' } }),
  },
  { method: 'GET', url: '/api/repair-type', open: 'the five repair types every park shares (reference data, no park record)' },
];
