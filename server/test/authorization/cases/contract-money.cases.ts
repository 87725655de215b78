import { dayFrom, insertContract } from '../../../src/modules/contracts/contract-money.test-support.ts';
import { insertVehicle } from '../../../src/modules/drivers/driver-test-helpers.ts';
import { insertDriver } from '../../../src/modules/vehicles/vehicle-test-helpers.ts';
import type { RouteCase } from '../route-table.ts';
import type { World } from '../world.ts';

// Not imported from route-table.ts, which imports this file.
const ZERO_ID = '00000000-0000-7000-8000-000000000000';

/** Park B's active contracts of each kind with an instalment due yesterday, written directly. */
function contractOfB(w: World, type: 'DRIVER' | 'PARTNER'): Promise<string> {
  return w.recordOfB(`money-contract-${type}`, async () => {
    const db = w.ctx.database.db;
    const vehicleId = await insertVehicle(db, w.parkB, { registration: `CM-${type[0]}${Math.floor(Math.random() * 1e6)}-B`, label: 'Corolla' });
    const driverId = type === 'DRIVER' ? await insertDriver(w.ctx, w.parkB, { firstName: 'Éric', lastName: 'Ndongo' }) : null;
    const c = await insertContract(w.ctx, { parkId: w.parkB, vehicleId, driverId, type, schedule: [{ due: dayFrom(-1), amount: 10_000 }, { due: dayFrom(30), amount: 10_000 }] });
    return c.id;
  });
}

/**
 * The contracts' money: collecting a driver's payment (ENCAISSER), paying a partner's instalment
 * and confirming a hand-over (MANAGE_CONTRACTS, then the park's owner only, checked in the
 * service); another park's contract is not found, and nothing of it moves.
 */
export const contractMoneyCases: RouteCase[] = [
  {
    method: 'POST',
    url: '/api/contract/:id/collect',
    denied: () => ({ url: `/api/contract/${ZERO_ID}/collect`, body: { amount: 1_000, payment_type: 'cash' } }),
    otherPark: async (w) => ({ url: `/api/contract/${await contractOfB(w, 'DRIVER')}/collect`, body: { amount: 1_000, payment_type: 'cash' } }),
  },
  {
    method: 'POST',
    url: '/api/contract/:id/instalments/:seq/pay',
    denied: () => ({ url: `/api/contract/${ZERO_ID}/instalments/1/pay`, body: {} }),
    otherPark: async (w) => ({ url: `/api/contract/${await contractOfB(w, 'PARTNER')}/instalments/1/pay`, body: {} }),
  },
  {
    method: 'POST',
    url: '/api/contract/:id/handover',
    denied: () => ({ url: `/api/contract/${ZERO_ID}/handover` }),
    otherPark: async (w) => ({ url: `/api/contract/${await contractOfB(w, 'DRIVER')}/handover` }),
  },
];
