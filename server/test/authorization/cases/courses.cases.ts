import { clients } from '../../../src/modules/clients/clients.tables.ts';
import type { RouteCase } from '../route-table.ts';
import type { World } from '../world.ts';

// Not imported from route-table.ts, which imports this file.
const ZERO_ID = '00000000-0000-7000-8000-000000000000';

/** A client of a park, inserted directly (the clients API is not what these rows prove). */
function clientOf(w: World, parkId: string): Promise<string> {
  return w.recordOfB(`courses-client-${parkId}`, async () => {
    const [c] = await w.ctx.database.db.insert(clients).values({ parkId, name: 'Client des courses', sex: 'Madame', phone: '+237690000998' }).returning({ id: clients.id });
    return c.id;
  });
}

const SPAN = { start_date: '2030-03-04T08:00:00', end_date: '2030-03-04T10:00:00' };
const courseBody = (clientId: string) => ({
  client_id: clientId,
  start_address: { name: 'Aéroport', latitude: 4.0061, longitude: 9.7197 },
  end_address: { name: 'Akwa', latitude: 4.0469, longitude: 9.6957 },
  ...SPAN,
  amount: 15000,
});

/** An awaiting course of park B, booked by its owner through the API. */
function courseOfB(w: World): Promise<string> {
  return w.recordOfB('courses-course', async () => {
    const res = await w.ctx.api('POST', '/api/course', { token: w.ownerB.token, profileId: w.ownerB.profileId, body: courseBody(await clientOf(w, w.parkB)) });
    if (res.code !== 5000) throw new Error(`park B course not created: ${res.message}`);
    return (res.data as { id: string }).id;
  });
}

const QUOTE = 'from_lat=4.0061&from_lng=9.7197&to_lat=4.0469&to_lng=9.6957';
const AVAILABILITY = `start_date=${SPAN.start_date}&end_date=${SPAN.end_date}`;

/**
 * Route cases of the courses (issue 20 section 2): reading needs VIEW_COURSES, booking, editing
 * and the tariff MANAGE_COURSES; park B's course or client reads as not found, and a park A
 * course naming park B's client is refused (404) with nothing written in B.
 */
export const coursesCases: RouteCase[] = [
  {
    method: 'POST',
    url: '/api/course',
    denied: () => ({ url: '/api/course', body: courseBody(ZERO_ID) }),
    otherPark: async (w) => ({ url: '/api/course', body: courseBody(await clientOf(w, w.parkB)) }),
  },
  {
    method: 'PUT',
    url: '/api/course/:id',
    denied: () => ({ url: `/api/course/${ZERO_ID}`, body: { status: 'canceled' } }),
    otherPark: async (w) => ({ url: `/api/course/${await courseOfB(w)}`, body: { status: 'canceled' } }),
  },
  {
    method: 'GET',
    url: '/api/course',
    denied: () => ({ url: '/api/course' }),
    otherPark: (w) => ({ url: `/api/course?park_id=${w.parkB}` }),
  },
  {
    method: 'GET',
    url: '/api/course/:id',
    denied: () => ({ url: `/api/course/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/course/${await courseOfB(w)}` }),
  },
  {
    method: 'GET',
    url: '/api/client/:id/course',
    denied: () => ({ url: `/api/client/${ZERO_ID}/course` }),
    otherPark: async (w) => ({ url: `/api/client/${await clientOf(w, w.parkB)}/course` }),
  },
  {
    method: 'GET',
    url: '/api/course/availability',
    denied: () => ({ url: `/api/course/availability?${AVAILABILITY}` }),
    otherPark: (w) => ({ url: `/api/course/availability?${AVAILABILITY}&park_id=${w.parkB}` }),
  },
  {
    method: 'GET',
    url: '/api/course/quote',
    denied: () => ({ url: `/api/course/quote?${QUOTE}` }),
    otherPark: (w) => ({ url: `/api/course/quote?${QUOTE}&park_id=${w.parkB}` }),
  },
  {
    method: 'GET',
    url: '/api/course/tariff',
    denied: () => ({ url: '/api/course/tariff' }),
    otherPark: (w) => ({ url: `/api/course/tariff?park_id=${w.parkB}` }),
  },
  {
    method: 'PUT',
    url: '/api/course/tariff',
    denied: () => ({ url: '/api/course/tariff', body: { base_fee: 1000, price_per_km: 300 } }),
    otherPark: (w) => ({ url: '/api/course/tariff', body: { base_fee: 1000, price_per_km: 300, park_id: w.parkB } }),
  },
];
