import { insertPhoneDriver, signInDriver } from '../../../src/modules/driver-space/driver-space-test-helpers.ts';
import type { RouteCase } from '../route-table.ts';
import type { World } from '../world.ts';

/** A driver of park B who signed in: his 'driver' profile id (the spec's profile_id). */
function driverProfileOfB(w: World): Promise<string> {
  return w.recordOfB('phone-gps-driver', async () => {
    const d = await insertPhoneDriver(w.ctx, w.parkB, { firstName: 'Blaise', lastName: 'Parc B' });
    return (await signInDriver(w.ctx, d.phone)).profileId;
  });
}

/**
 * Phone GPS (issue 22 section 2). The driver's routes name no record (each is about the driver
 * the account is in the acting park) and take only a 'driver' profile: park A's member is refused
 * (the matrix's driver-space block refuses them to the owners too, and the park routes to a
 * driver). The park's routes need READ_GEOLOCALISATION; another park's driver history is not found.
 */
export const phoneGpsCases: RouteCase[] = [
  { method: 'GET', url: '/api/driver/me/gps', denied: () => ({ url: '/api/driver/me/gps' }) },
  { method: 'POST', url: '/api/driver/me/gps/consent', denied: () => ({ url: '/api/driver/me/gps/consent', body: { consent: true } }) },
  {
    method: 'POST',
    url: '/api/driver/me/position',
    denied: () => ({ url: '/api/driver/me/position', body: { latitude: 4.05, longitude: 9.7, accuracy: 10, recorded_at: Date.now() } }),
  },
  { method: 'GET', url: '/api/gps/phones', denied: () => ({ url: '/api/gps/phones' }) },
  {
    method: 'GET',
    url: '/api/driver/position-history/:profile_id',
    denied: async (w) => ({ url: `/api/driver/position-history/${await driverProfileOfB(w)}` }),
    otherPark: async (w) => ({ url: `/api/driver/position-history/${await driverProfileOfB(w)}?itemPerPage=5` }),
  },
];
