import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-context.ts';
import { ROUTE_CASES, type RouteCase } from './route-table.ts';
import { as, buildWorld, type World } from './world.ts';
import { insertPhoneDriver, signInDriver, type DriverSession } from '../../src/modules/driver-space/driver-space-test-helpers.ts';

/**
 * The authorization matrix: every API route, from the app's own route catalogue, against the one
 * table of route cases. A route that declares a permission must refuse a member lacking it; a
 * route that names a record must refuse another park's; a route with neither must say why.
 */
let ctx: TestContext;
let w: World;

beforeAll(async () => {
  ctx = await createTestContext();
  w = await buildWorld(ctx);
}, 60_000);
afterAll(() => ctx?.close());

const key = (method: string, url: string) => `${method} ${url}`;

describe('the route table', () => {
  it('has exactly one row for every API route the app serves', () => {
    const served = ctx.app.routeCatalog.map((r) => key(r.method, r.url)).sort();
    const rows = ROUTE_CASES.map((c) => key(c.method, c.url));
    expect(new Set(rows).size, 'duplicate rows').toBe(rows.length);
    expect(served.filter((r) => !rows.includes(r)), 'routes without a row in route-table.ts').toEqual([]);
    expect(rows.filter((r) => !served.includes(r)), 'rows for routes that no longer exist').toEqual([]);
  });

  it('proves every permission-gated route with a refused request', () => {
    const gated = ctx.app.routeCatalog.filter((r) => r.permission.length > 0).map((r) => key(r.method, r.url));
    const withoutDenied = ROUTE_CASES.filter((c) => gated.includes(key(c.method, c.url)) && !c.denied).map((c) => key(c.method, c.url));
    expect(withoutDenied).toEqual([]);
  });

  it('says, for every other route, how another park is kept out or why it need not be', () => {
    const missing = ROUTE_CASES.filter((c) => !c.denied && !c.otherPark && !c.open).map((c) => key(c.method, c.url));
    expect(missing).toEqual([]);
  });
});

function label(c: RouteCase) {
  return key(c.method, c.url);
}

describe('a member without the permission is refused', () => {
  const cases = ROUTE_CASES.filter((c) => c.denied);
  it.each(cases.map((c) => [label(c), c] as const))('%s', async (_name, c) => {
    const req = await c.denied!(w);
    const res = await as(w, w.bareMemberA, c.method, req.url, req.body);
    expect(res.status, res.message).toBe(403);
    expect(res.code).toBe(4030);
  });
});

describe("another park's records stay out of reach", () => {
  const cases = ROUTE_CASES.filter((c) => c.otherPark);
  it.each(cases.map((c) => [label(c), c] as const))('%s', async (_name, c) => {
    const req = await c.otherPark!(w);
    const res = await as(w, w.ownerA, c.method, req.url, req.body);
    expect([403, 404], `${res.status} ${res.message}`).toContain(res.status);
  });
});

describe("the owner's own second park stays out of reach from the park he acts in", () => {
  const cases = ROUTE_CASES.filter((c) => c.otherPark && !c.notForOwnSecondPark);
  it.each(cases.map((c) => [label(c), c] as const))('%s', async (_name, c) => {
    const own = w.ownSecondPark;
    const req = await c.otherPark!(own);
    const res = await as(own, own.ownerA, c.method, req.url, req.body);
    expect([403, 404], `${res.status} ${res.message}`).toContain(res.status);
  });
});

describe('after every attempt from park A', () => {
  it("park B's company, roles and people are as they were", async () => {
    const park = await as(w, w.ownerB, 'GET', `/api/park/${w.parkB}`);
    expect(park.data.name).toBe('Parc B');
    const roles = await as(w, w.ownerB, 'GET', '/api/role-name');
    expect(roles.data.map((r: { name: string }) => r.name).sort()).toEqual(['Agent de terrain', 'Caissier', 'Gestionnaire']);
    const admins = await as(w, w.ownerB, 'GET', `/api/admin?park_id=${w.parkB}&itemPerPage=50`);
    expect(admins.data.items.map((a: { first_name: string }) => a.first_name)).toEqual(['Awa']);
  });
});

// issue 22 driver space: a driver reaches his own space and nothing of the park; the park does not
// reach the driver space.
describe('issue 22 driver space', () => {
  const ZERO = '00000000-0000-7000-8000-000000000000';
  const driverRoutes = () => ctx.app.routeCatalog.filter((r) => r.driver);
  let driver: DriverSession;

  beforeAll(async () => {
    const d = await insertPhoneDriver(ctx, w.parkA, { firstName: 'Didier', lastName: 'Chauffeur' });
    driver = await signInDriver(ctx, d.phone);
  });

  it('opens every driver route to the driver', async () => {
    expect(driverRoutes().length).toBeGreaterThanOrEqual(12);
    for (const r of driverRoutes()) {
      const url = r.url.replace(/:[A-Za-z_]+/g, ZERO);
      const res = await ctx.api(r.method, url, { token: driver.token, profileId: driver.profileId, body: r.method === 'GET' ? undefined : {} });
      // Reads answer; a payment naming nothing of his is refused for what it names, never as forbidden.
      if (r.method === 'GET' || r.url.endsWith('/notifications/read')) expect(res.status, `${r.method} ${r.url} ${res.message}`).toBe(200);
      else expect([400, 404], `${r.method} ${r.url} ${res.status} ${res.message}`).toContain(res.status);
    }
  });

  it('refuses every driver route to the park: its owner and its member', async () => {
    for (const r of driverRoutes()) {
      for (const who of [w.ownerA, w.bareMemberA, w.ownerB]) {
        const res = await as(w, who, r.method, r.url.replace(/:[A-Za-z_]+/g, ZERO), r.method === 'GET' ? undefined : {});
        expect(res.status, `${r.method} ${r.url}`).toBe(403);
        expect(res.code).toBe(4030);
      }
    }
  });

  it("refuses the driver every park route (GET /api/driver among them), whatever it names", async () => {
    const parkRoutes = ctx.app.routeCatalog.filter((r) => r.auth === 'profile' && !r.driver);
    expect(parkRoutes.map((r) => `${r.method} ${r.url}`)).toContain('GET /api/driver');
    for (const r of parkRoutes) {
      const url = r.url.replace(/:[A-Za-z_]+/g, ZERO).replace(/\*$/, 'x');
      const res = await ctx.api(r.method, url, { token: driver.token, profileId: driver.profileId, body: r.method === 'GET' || r.method === 'DELETE' ? undefined : {} });
      expect(res.status, `${r.method} ${r.url} ${res.message}`).toBe(403);
      expect(res.code, `${r.method} ${r.url}`).toBe(4030);
    }
  });

  it('leaves him what every signed-in person has: his user, his profiles', async () => {
    const user = await ctx.api('GET', '/api/user', { token: driver.token, profileId: driver.profileId });
    expect(user.data).toMatchObject({ user_type: 'driver', profile_id: driver.profileId, permissions: [] });
    const profiles = await ctx.api('GET', '/api/user/profiles', { token: driver.token });
    expect(profiles.data.map((p: { type: string }) => p.type)).toEqual(['driver']);
  });
});
