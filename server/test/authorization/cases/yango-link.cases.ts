import { drivers } from '../../../src/modules/drivers/drivers.tables.ts';
import { yangoDriverLinks, yangoLinkChallenges } from '../../../src/modules/yango/yango.tables.ts';
import type { RouteCase } from '../route-table.ts';
import type { World } from '../world.ts';

// Not imported from route-table.ts, which imports this file.
const ZERO_ID = '00000000-0000-7000-8000-000000000000';

/** A driver of park B linked to a Yango profile, written straight into the tables. */
function linkedDriverOfB(w: World): Promise<string> {
  return w.recordOfB('yango-linked-driver', async () => {
    const db = w.ctx.database.db;
    const [row] = await db.insert(drivers).values({ parkId: w.parkB, firstName: 'Bakary', lastName: 'Parc B', phone: '+237650000091' }).returning({ id: drivers.id });
    await db.insert(yangoDriverLinks).values({ driverId: row.id, parkId: w.parkB, yangoId: 'yango-of-b', recipesSince: '2026-01-01' });
    return row.id;
  });
}

/** Park B's open one-time code for a Yango profile. */
function challengeOfB(w: World): Promise<string> {
  return w.recordOfB('yango-challenge', async () => {
    const [row] = await w.ctx.database.db
      .insert(yangoLinkChallenges)
      .values({ parkId: w.parkB, yangoId: 'yango-challenge-of-b', phone: '+237650000092', secretHash: '00', expiresAt: new Date(Date.now() + 600_000) })
      .returning({ id: yangoLinkChallenges.id });
    return row.id;
  });
}

const connection = { client_id: 'taxi/park/intrus', yango_park_id: 'intrus', api_key: 'intrus-api-key' };
const options = { collect_time: '09:00', use_yango_recipe: false };

/**
 * The Yango link (issue 21 sections 1 and 2): the connection reads with VIEW_DRIVERS and is
 * written with UPDATE_PARK_INFO; search, code, import, connect, edit and unlink need
 * MANAGE_DRIVER_VEHICLE. Another park's driver or code is not found, and nothing of it changes.
 */
export const yangoLinkCases: RouteCase[] = [
  { method: 'GET', url: '/api/yango/connection', denied: () => ({ url: '/api/yango/connection' }) },
  { method: 'PUT', url: '/api/yango/connection', denied: () => ({ url: '/api/yango/connection', body: connection }) },
  { method: 'DELETE', url: '/api/yango/connection', denied: () => ({ url: '/api/yango/connection' }) },
  { method: 'POST', url: '/api/yango/verify-yango-account', denied: () => ({ url: '/api/yango/verify-yango-account', body: { phone: '0700000012' } }) },
  { method: 'POST', url: '/api/yango/link-yango-account', denied: () => ({ url: '/api/yango/link-yango-account', body: { phone: '0700000012', yango_id: 'y' } }) },
  {
    method: 'POST',
    url: '/api/yango/verify-otp-yango-account',
    denied: () => ({ url: '/api/yango/verify-otp-yango-account', body: { yango_id: 'y', code: ZERO_ID, otp: '123456' } }),
    otherPark: async (w) => ({ url: '/api/yango/verify-otp-yango-account', body: { yango_id: 'yango-challenge-of-b', code: await challengeOfB(w), otp: '123456' } }),
  },
  {
    method: 'POST',
    url: '/api/yango/connect-yango-profile',
    denied: () => ({ url: '/api/yango/connect-yango-profile', body: { yango_id: 'y', driver_id: ZERO_ID } }),
    otherPark: async (w) => ({ url: '/api/yango/connect-yango-profile', body: { yango_id: 'y', driver_id: await linkedDriverOfB(w) } }),
  },
  {
    method: 'PUT',
    url: '/api/yango/driver/:driver_id',
    denied: () => ({ url: `/api/yango/driver/${ZERO_ID}`, body: options }),
    otherPark: async (w) => ({ url: `/api/yango/driver/${await linkedDriverOfB(w)}`, body: { ...options, use_yango_recipe: true } }),
  },
  {
    method: 'DELETE',
    url: '/api/yango/driver/:driver_id',
    denied: () => ({ url: `/api/yango/driver/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/yango/driver/${await linkedDriverOfB(w)}` }),
  },
];
