import { eq } from 'drizzle-orm';
import type { SignedIn, TestContext } from '../../../test/test-context.ts';
import { toWireDate } from '../../platform/dates.ts';
import { insertVehicle } from '../drivers/driver-test-helpers.ts';
import { vehicleOwners } from '../owners/owners.tables.ts';
import { insertDriver } from '../vehicles/vehicle-test-helpers.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';

/** Test helpers of the contracts module: parties written straight into their tables, calls through the API. */

export const as = (s: SignedIn) => ({ token: s.token, profileId: s.profile_id });

/** A day `days` from today in the parks' default zone (Africa/Douala), yyyy-MM-dd. */
export const dayFromToday = (days: number) => toWireDate(new Date(Date.now() + days * 86_400_000)).slice(0, 10);

let seq = 0;

/** A vehicle of the park with an owner (its own record); answers both ids. */
export async function vehicleWithOwner(ctx: TestContext, parkId: string, v: { ownerLast?: string; withOwner?: boolean } = {}): Promise<{ vehicleId: string; ownerId: string | null }> {
  const vehicleId = await insertVehicle(ctx.database.db, parkId, { registration: `CT-${++seq}${Math.floor(Math.random() * 1e5)}-A`, label: 'Corolla' });
  if (v.withOwner === false) return { vehicleId, ownerId: null };
  const [o] = await ctx.database.db
    .insert(vehicleOwners)
    .values({ parkId, type: 'individuel', firstName: 'Paul', lastName: v.ownerLast ?? 'Mbarga', phone: '+237690001122' })
    .returning({ id: vehicleOwners.id });
  await ctx.database.db.update(vehicles).set({ vehicleOwnerId: o.id }).where(eq(vehicles.id, vehicleId));
  return { vehicleId, ownerId: o.id };
}

export const newDriver = (ctx: TestContext, parkId: string, lastName = 'Ndongo') => insertDriver(ctx, parkId, { firstName: 'Eric', lastName });

export function driverBody(vehicleId: string, driverId: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return { vehicle_id: vehicleId, driver_id: driverId, total_amount: 1_000_000, frequency_amount: 300_000, payment_frequency: 'monthly', start_date: dayFromToday(0), ...over };
}

export function partnerBody(vehicleId: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return { vehicle_id: vehicleId, frequency_amount: 150_000, payment_frequency: 'monthly', start_date: dayFromToday(0), end_date: dayFromToday(95), ...over };
}

export function contractCalls(ctx: () => TestContext, who: () => SignedIn) {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, s: SignedIn = who()) => ctx().api(method, url, { ...as(s), ...(body === undefined ? {} : { body }) });
  async function created(kind: 'driver' | 'partner', body: Record<string, unknown>, s: SignedIn = who()) {
    const r = await call('POST', `/api/contract/${kind}`, body, s);
    if (r.code !== 5000) throw new Error(`contract not created: ${r.status} ${r.message}`);
    return r.data as import('@flotte/contract/contracts').TContractDetail;
  }
  return { call, created };
}
