import { eq } from 'drizzle-orm';
import { insertVehicle } from '../../../src/modules/drivers/driver-test-helpers.ts';
import { vehicleOwners } from '../../../src/modules/owners/owners.tables.ts';
import { insertDriver } from '../../../src/modules/vehicles/vehicle-test-helpers.ts';
import { vehicles } from '../../../src/modules/vehicles/vehicles.tables.ts';
import type { RouteCase } from '../route-table.ts';
import type { World } from '../world.ts';

/** Route cases of the contracts (issue 19): creation, list, detail, stats, update, sign, cancel, history, regenerate. */

// Not imported from route-table.ts, which imports this file.
const ZERO_ID = '00000000-0000-7000-8000-000000000000';

/** A vehicle of a park with its owner, written straight into the tables. */
function vehicleWithOwnerOf(w: World, parkId: string, key: string): Promise<{ vehicleId: string; ownerId: string }> {
  return w.recordOfB(`contracts-vehicle-${key}-${parkId}`, async () => {
    const db = w.ctx.database.db;
    const vehicleId = await insertVehicle(db, parkId, { registration: `CC-${Math.floor(Math.random() * 1e6)}-${key}`, label: 'Corolla' });
    const [o] = await db.insert(vehicleOwners).values({ parkId, type: 'individuel', firstName: 'Paul', lastName: 'Mbarga', phone: '+237690001199' }).returning({ id: vehicleOwners.id });
    await db.update(vehicles).set({ vehicleOwnerId: o.id }).where(eq(vehicles.id, vehicleId));
    return { vehicleId, ownerId: o.id };
  });
}

function driverOfB(w: World): Promise<string> {
  return w.recordOfB('contracts-driver', () => insertDriver(w.ctx, w.parkB, { firstName: 'Éric', lastName: 'Ndongo' }));
}

const driverBody = (vehicleId: string, driverId: string) => ({
  vehicle_id: vehicleId,
  driver_id: driverId,
  total_amount: 100_000,
  frequency_amount: 50_000,
  payment_frequency: 'monthly',
  start_date: '2030-03-04',
});
const partnerBody = (vehicleId: string, over: Record<string, unknown> = {}) => ({
  vehicle_id: vehicleId,
  frequency_amount: 50_000,
  payment_frequency: 'monthly',
  start_date: '2030-03-04',
  end_date: '2030-06-04',
  ...over,
});

/** A PENDING partner contract of park B, created by its owner through the API. */
function contractOfB(w: World): Promise<string> {
  return w.recordOfB('contracts-contract', async () => {
    const { vehicleId } = await vehicleWithOwnerOf(w, w.parkB, 'P');
    const res = await w.ctx.api('POST', '/api/contract/partner', { token: w.ownerB.token, profileId: w.ownerB.profileId, body: partnerBody(vehicleId) });
    if (res.code !== 5000) throw new Error(`park B contract not created: ${res.message}`);
    return (res.data as { id: string }).id;
  });
}

const CANCEL = { reason: 'Erreur de saisie', debt_mode: 'write_off' };

export const contractsCases: RouteCase[] = [
  {
    method: 'POST',
    url: '/api/contract/driver',
    denied: () => ({ url: '/api/contract/driver', body: driverBody(ZERO_ID, ZERO_ID) }),
    // Park B's vehicle and driver: not found, nothing created in B.
    otherPark: async (w) => ({ url: '/api/contract/driver', body: driverBody((await vehicleWithOwnerOf(w, w.parkB, 'D')).vehicleId, await driverOfB(w)) }),
  },
  {
    method: 'POST',
    url: '/api/contract/partner',
    denied: () => ({ url: '/api/contract/partner', body: partnerBody(ZERO_ID) }),
    // Park A's vehicle paid to park B's owner: the owner is not found.
    otherPark: async (w) => ({ url: '/api/contract/partner', body: partnerBody((await vehicleWithOwnerOf(w, w.parkA, 'A')).vehicleId, { vehicle_owner_id: (await vehicleWithOwnerOf(w, w.parkB, 'O')).ownerId }) }),
  },
  {
    method: 'GET',
    url: '/api/contract',
    denied: () => ({ url: '/api/contract' }),
    otherPark: (w) => ({ url: `/api/contract?park_id=${w.parkB}` }),
  },
  {
    method: 'GET',
    url: '/api/contract/stats',
    denied: () => ({ url: '/api/contract/stats' }),
    otherPark: (w) => ({ url: `/api/contract/stats?park_id=${w.parkB}` }),
  },
  {
    method: 'GET',
    url: '/api/contract/:id',
    denied: () => ({ url: `/api/contract/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/contract/${await contractOfB(w)}` }),
  },
  {
    method: 'PUT',
    url: '/api/contract/:id',
    denied: () => ({ url: `/api/contract/${ZERO_ID}`, body: { description: 'Modifié' } }),
    otherPark: async (w) => ({ url: `/api/contract/${await contractOfB(w)}`, body: { description: 'Modifié' } }),
  },
  {
    method: 'GET',
    url: '/api/contract/:id/history',
    denied: () => ({ url: `/api/contract/${ZERO_ID}/history` }),
    otherPark: async (w) => ({ url: `/api/contract/${await contractOfB(w)}/history` }),
  },
  {
    method: 'POST',
    url: '/api/contract/:id/sign',
    denied: () => ({ url: `/api/contract/${ZERO_ID}/sign`, body: {} }),
    otherPark: async (w) => ({ url: `/api/contract/${await contractOfB(w)}/sign`, body: {} }),
  },
  {
    method: 'POST',
    url: '/api/contract/:id/cancel',
    denied: () => ({ url: `/api/contract/${ZERO_ID}/cancel`, body: CANCEL }),
    otherPark: async (w) => ({ url: `/api/contract/${await contractOfB(w)}/cancel`, body: CANCEL }),
  },
  {
    method: 'PUT',
    url: '/api/contract/:id/cancel',
    denied: () => ({ url: `/api/contract/${ZERO_ID}/cancel`, body: CANCEL }),
    otherPark: async (w) => ({ url: `/api/contract/${await contractOfB(w)}/cancel`, body: CANCEL }),
  },
  {
    method: 'POST',
    url: '/api/contract/:id/regenerate',
    denied: () => ({ url: `/api/contract/${ZERO_ID}/regenerate` }),
    otherPark: async (w) => ({ url: `/api/contract/${await contractOfB(w)}/regenerate` }),
  },
];
