import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { greatCircleMetres, type TGeoRoute } from '@flotte/contract/geo';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import { quoteCourse } from './course-tariff.ts';
import { AIRPORT, AKWA, as, insertVehicleWithSeats } from './course-test-helpers.ts';
import type { CoursesDeps } from './courses.deps.ts';

let ctx: TestContext;
let owner: SignedIn;
let parkId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const fx = await ctx.createPark({ name: 'Parc Tarifs' });
  parkId = fx.park.id;
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
});
afterAll(() => ctx?.close());

const trip = `from_lat=${AIRPORT.latitude}&from_lng=${AIRPORT.longitude}&to_lat=${AKWA.latitude}&to_lng=${AKWA.longitude}`;
const silent = { warn: () => undefined, error: () => undefined };
const acting = (): ActingProfile => ({ id: owner.profile_id, parkId, type: 'proprietaire', role: 'OWNER', isOwner: true, permissions: new Set(), park: { timeZone: 'Africa/Douala', currency: 'XAF' } });
/** A router answering 12.34 km by road in 20 minutes. */
const road: CoursesDeps['maps'] = { route: async (from, to) => ({ distance_m: 12_340, duration_s: 1200, source: 'road', geometry: [[from.latitude, from.longitude], [4.02, 9.71], [to.latitude, to.longitude]] }) };
/** What the map services answer when OSRM fails: the great circle. */
const fallback: CoursesDeps['maps'] = {
  route: async (from, to): Promise<TGeoRoute> => ({ distance_m: greatCircleMetres(from, to), duration_s: null, source: 'great_circle', geometry: [[from.latitude, from.longitude], [to.latitude, to.longitude]] }),
};

describe('the park tariff and the quote', () => {
  it('keeps the park tariff (0 until set) and suggests from it by road, and nothing without one', async () => {
    const deps = { db: ctx.database.db, maps: road, log: silent };
    expect(await quoteCourse(deps, acting(), { from_lat: AIRPORT.latitude, from_lng: AIRPORT.longitude, to_lat: AKWA.latitude, to_lng: AKWA.longitude })).toMatchObject({ distance_m: 12_340, duration_s: 1200, source: 'road', suggested_amount: null, pricing: null });
    expect((await ctx.api('GET', '/api/course/tariff', as(owner))).data).toEqual({ base_fee: 0, price_per_km: 0, currency: 'XAF' });
    const saved = await ctx.api('PUT', '/api/course/tariff', { ...as(owner), body: { base_fee: 2000, price_per_km: '500' } });
    expect([saved.code, saved.message, saved.data]).toEqual([5000, 'Tarif des courses mis à jour', { base_fee: 2000, price_per_km: 500, currency: 'XAF' }]);
    expect((await ctx.api('PUT', '/api/course/tariff', { ...as(owner), body: { base_fee: 10.5, price_per_km: 1 } })).status).toBe(400);
    const q = await quoteCourse(deps, acting(), { from_lat: AIRPORT.latitude, from_lng: AIRPORT.longitude, to_lat: AKWA.latitude, to_lng: AKWA.longitude });
    // 2,000 + 500 x 12.34 km = 8,170 (francs: no decimals).
    expect(q).toMatchObject({ suggested_amount: 8170, source: 'road' });
    expect(q.pricing).toContain('tarif du parc');
  });

  it("prices by the vehicle's own tariff first, and by the great circle when routing failed", async () => {
    const vehicle = await insertVehicleWithSeats(ctx, parkId, 'LT-777-TF', 4);
    await ctx.database.db.update(vehicles).set({ tarif: [{ tarif: 25000, cadence: 'Course' }] }).where(eq(vehicles.id, vehicle));
    const q = await quoteCourse({ db: ctx.database.db, maps: road, log: silent }, acting(), { from_lat: AIRPORT.latitude, from_lng: AIRPORT.longitude, to_lat: AKWA.latitude, to_lng: AKWA.longitude, vehicle_id: vehicle });
    expect([q.suggested_amount, q.pricing]).toEqual([25000, 'Forfait par course du véhicule']);
    const f = await quoteCourse({ db: ctx.database.db, maps: fallback, log: silent }, acting(), { from_lat: AIRPORT.latitude, from_lng: AIRPORT.longitude, to_lat: AKWA.latitude, to_lng: AKWA.longitude });
    const metres = greatCircleMetres(AIRPORT, AKWA);
    expect(f).toMatchObject({ source: 'great_circle', duration_s: null, distance_m: metres, suggested_amount: Math.ceil(2000 + (500 * metres) / 1000) });
  });

  it('answers through the API with the app’s map services (the simulator, or the fallback), and refuses another park’s vehicle', async () => {
    const r = await ctx.api('GET', `/api/course/quote?${trip}`, as(owner));
    expect(r.code, r.message).toBe(5000);
    expect(['road', 'great_circle']).toContain(r.data.source);
    expect(r.data.distance_m).toBeGreaterThan(4000);
    expect(r.data.suggested_amount).toBeGreaterThan(2000);
    const other = await ctx.createPark({ name: 'Parc Autre' });
    const theirs = await insertVehicleWithSeats(ctx, other.park.id, 'LT-778-TF', 4);
    expect((await ctx.api('GET', `/api/course/quote?${trip}&vehicle_id=${theirs}`, as(owner))).code).toBe(4818);
    expect((await ctx.api('GET', `/api/course/quote?from_lat=95&from_lng=9&to_lat=4&to_lng=9`, as(owner))).status).toBe(400);
  });
});
