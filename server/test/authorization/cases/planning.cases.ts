import { randomBytes } from 'node:crypto';
import { drivers } from '../../../src/modules/drivers/drivers.tables.ts';
import type { RouteCase } from '../route-table.ts';
import type { World } from '../world.ts';

/** Route cases of the planning and rotation-group routes (see route-table.ts for what each field proves). */

const ZERO_ID = '00000000-0000-7000-8000-000000000000';
const READ = 'VIEW_PLANNING or MANAGE_DRIVER_VEHICLE';
const PERIOD = 'start_date=2030-03-04&end_date=2030-03-10';

/** A vehicle of park B, created by its owner through the API. */
function vehicleOfB(w: World): Promise<string> {
  return w.recordOfB('planning-vehicle', async () => {
    const body = { vehicle_type_id: 1, brand_id: 1, model_id: 1, color_id: 1, registration_number: 'PL-001-BB' };
    const res = await w.ctx.api('POST', '/api/vehicle', { token: w.ownerB.token, profileId: w.ownerB.profileId, body });
    if (res.code !== 5000) throw new Error(`park B vehicle not created: ${res.message}`);
    return (res.data as { id: string }).id;
  });
}

function driverOfB(w: World): Promise<string> {
  return w.recordOfB('planning-driver', async () => {
    const phone = `+2376${(randomBytes(4).readUInt32BE(0) % 100_000_000).toString().padStart(8, '0')}`;
    const [row] = await w.ctx.database.db.insert(drivers).values({ parkId: w.parkB, firstName: 'Paul', lastName: 'Planifié', phone }).returning({ id: drivers.id });
    return row.id;
  });
}

/** A rotation group of park B holding its vehicle, created by its owner. */
function rotationGroupOfB(w: World): Promise<string> {
  return w.recordOfB('rotation-group', async () => {
    const body = { name: 'Groupe de B', vehicles: [{ vehicle_id: await vehicleOfB(w) }] };
    const res = await w.ctx.api('POST', '/api/rotation', { token: w.ownerB.token, profileId: w.ownerB.profileId, body });
    if (res.code !== 5000) throw new Error(`park B rotation group not created: ${res.message}`);
    return (res.data as { id: string }).id;
  });
}

const period = { start_date: '2030-03-04', end_date: '2030-03-10' };

export const planningCases: RouteCase[] = [
  {
    method: 'POST',
    url: '/api/planning/generate',
    denied: () => ({ url: '/api/planning/generate', body: period }),
    otherPark: async (w) => ({ url: '/api/planning/generate', body: { ...period, vehicle_ids: [await vehicleOfB(w)] } }),
  },
  {
    method: 'POST',
    url: '/api/planning/confirm',
    denied: () => ({ url: '/api/planning/confirm', body: { ...period, vehicle_ids: [ZERO_ID], entries: [] } }),
    // Park A's owner names park B's vehicle (to wipe its week): unknown here (404), nothing replaced.
    otherPark: async (w) => ({ url: '/api/planning/confirm', body: { ...period, vehicle_ids: [await vehicleOfB(w)], entries: [] } }),
  },
  ...['/api/planning/available-vehicle', '/api/planning/available-driver'].map(
    (url): RouteCase => ({
      method: 'GET',
      url,
      handlerPermission: READ,
      denied: () => ({ url: `${url}?${PERIOD}` }),
      otherPark: async (w) => ({ url: `${url}?${PERIOD}&rotation_group_id=${await rotationGroupOfB(w)}` }),
    }),
  ),
  {
    method: 'GET',
    url: '/api/planning/:parkId',
    handlerPermission: READ,
    denied: (w) => ({ url: `/api/planning/${w.parkA}?${PERIOD}` }),
    otherPark: (w) => ({ url: `/api/planning/${w.parkB}?${PERIOD}` }),
  },
  {
    method: 'GET',
    url: '/api/vehicle/work-program/:id',
    handlerPermission: READ,
    denied: () => ({ url: `/api/vehicle/work-program/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/vehicle/work-program/${await vehicleOfB(w)}?${PERIOD}` }),
  },
  {
    method: 'GET',
    url: '/api/driver/work-program/:id',
    handlerPermission: READ,
    denied: () => ({ url: `/api/driver/work-program/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/driver/work-program/${await driverOfB(w)}?${PERIOD}` }),
  },
  ...['/api/park/indisponibilities', '/api/indisponibles-drivers'].map(
    (url): RouteCase => ({
      method: 'GET',
      url,
      handlerPermission: READ,
      denied: () => ({ url: `${url}?${PERIOD}` }),
      otherPark: (w) => ({ url: `${url}?${PERIOD}&park_id=${w.parkB}` }),
    }),
  ),
  {
    method: 'GET',
    url: '/api/rotation/by/:parkId',
    handlerPermission: READ,
    denied: (w) => ({ url: `/api/rotation/by/${w.parkA}` }),
    otherPark: (w) => ({ url: `/api/rotation/by/${w.parkB}` }),
  },
  {
    method: 'POST',
    url: '/api/rotation',
    denied: () => ({ url: '/api/rotation', body: { name: 'Intrus', vehicles: [{ vehicle_id: ZERO_ID }] } }),
    otherPark: async (w) => ({ url: '/api/rotation', body: { id: await rotationGroupOfB(w), name: 'Intrus', vehicles: [{ vehicle_id: await vehicleOfB(w) }] } }),
  },
  {
    method: 'DELETE',
    url: '/api/rotation/:id',
    denied: () => ({ url: `/api/rotation/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/rotation/${await rotationGroupOfB(w)}` }),
  },
];
