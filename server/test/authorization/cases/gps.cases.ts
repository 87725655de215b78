import type { RouteCase } from '../route-table.ts';
import type { World } from '../world.ts';

// Not imported from route-table.ts, which imports this file.
const ZERO_ID = '00000000-0000-7000-8000-000000000000';
const IMEI_OF_B = '356307042449901';

/** A vehicle of park B with a GPS number, created by its owner through the API. */
function gpsVehicleOfB(w: World): Promise<string> {
  return w.recordOfB('gps-vehicle', async () => {
    const body = { vehicle_type_id: 1, brand_id: 1, model_id: 1, color_id: 1, registration_number: 'PB-GPS-01', gps_number: IMEI_OF_B };
    const res = await w.ctx.api('POST', '/api/vehicle', { token: w.ownerB.token, profileId: w.ownerB.profileId, body });
    if (res.code !== 5000) throw new Error(`park B GPS vehicle not created: ${res.message}`);
    return (res.data as { id: string }).id;
  });
}

/**
 * Vehicle GPS (issue 22 section 1): the connection is the company's (UPDATE_PARK_INFO), the
 * positions need READ_GEOLOCALISATION. Another park's vehicle is not found, and its device is
 * unknown to the messages call.
 */
export const gpsCases: RouteCase[] = [
  { method: 'GET', url: '/api/gps/connection', denied: () => ({ url: '/api/gps/connection' }) },
  { method: 'PUT', url: '/api/gps/connection', denied: () => ({ url: '/api/gps/connection', body: { provider: 'flespi', secret: 'intrus-token' } }) },
  { method: 'DELETE', url: '/api/gps/connection', denied: () => ({ url: '/api/gps/connection' }) },
  {
    method: 'GET',
    url: '/api/flespi/device/messages',
    denied: () => ({ url: `/api/flespi/device/messages?device_imei=${IMEI_OF_B}` }),
    otherPark: async (w) => {
      await gpsVehicleOfB(w);
      return { url: `/api/flespi/device/messages?device_imei=${IMEI_OF_B}` };
    },
  },
  { method: 'GET', url: '/api/gps/fleet', denied: () => ({ url: '/api/gps/fleet' }) },
  {
    method: 'GET',
    url: '/api/gps/vehicles/:id/position',
    denied: () => ({ url: `/api/gps/vehicles/${ZERO_ID}/position` }),
    otherPark: async (w) => ({ url: `/api/gps/vehicles/${await gpsVehicleOfB(w)}/position` }),
  },
  {
    method: 'GET',
    url: '/api/gps/vehicles/:id/day',
    denied: () => ({ url: `/api/gps/vehicles/${ZERO_ID}/day?date=2026-11-26` }),
    otherPark: async (w) => ({ url: `/api/gps/vehicles/${await gpsVehicleOfB(w)}/day?date=2026-11-26` }),
  },
];
