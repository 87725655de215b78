import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SignedIn, TestContext } from '../../../test/test-context.ts';
import { toWireDate } from '../../platform/dates.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { weekdayOf } from './current-driver.ts';

/**
 * Test helpers of the vehicles module. Reference ids are the seeded ones (reference-data
 * migration): vehicle type 1 Berline, brand 1 Toyota with models 1 Corolla and 2 Yaris, brand 2
 * Hyundai with model 10 Accent, colour 1. Drivers are written straight into their table: the
 * drivers module is not what these tests are about.
 */
export const REF = { type: 1, toyota: 1, corolla: 1, yaris: 2, hyundai: 2, accent: 10, color: 1 } as const;

export const as = (s: SignedIn) => ({ token: s.token, profileId: s.profile_id });

let plates = 0;
/** A registration nobody used in this run. */
export function freshPlate(): string {
  plates += 1;
  return `LT-${String(plates).padStart(3, '0')}-${randomBytes(1).toString('hex').toUpperCase()}`;
}

export function vehicleBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return { vehicle_type_id: REF.type, brand_id: REF.toyota, model_id: REF.corolla, color_id: REF.color, registration_number: freshPlate(), ...over };
}

export async function insertDriver(
  ctx: TestContext,
  parkId: string,
  v: { firstName?: string; lastName: string; status?: 'active' | 'suspended' | 'deactivated' },
): Promise<string> {
  const phone = `+2376${(randomBytes(4).readUInt32BE(0) % 100_000_000).toString().padStart(8, '0')}`;
  const [row] = await ctx.database.db
    .insert(drivers)
    .values({
      parkId,
      firstName: v.firstName ?? 'Jean',
      lastName: v.lastName,
      phone,
      blockedAt: v.status === 'suspended' ? new Date() : null,
      desactivateAt: v.status === 'deactivated' ? new Date() : null,
    })
    .returning({ id: drivers.id });
  return row.id;
}

export async function setDriverStatus(ctx: TestContext, id: string, status: 'active' | 'suspended'): Promise<void> {
  await ctx.database.db.update(drivers).set({ blockedAt: status === 'suspended' ? new Date() : null }).where(eq(drivers.id, id));
}

/** Today's weekday in the parks' default time zone (Africa/Douala), 1 = Monday. */
export function todayWeekday(): number {
  return weekdayOf(toWireDate(new Date()).slice(0, 10));
}

export const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];

/**
 * The vehicle calls a test makes, in the context and as the signed-in profile the getters return
 * (read at each call: test files create their context in beforeAll and sign in before each case).
 */
export function vehicleCalls(ctx: () => TestContext, who: () => SignedIn) {
  const create = (body: unknown, s: SignedIn = who(), headers?: Record<string, string>) => ctx().api('POST', '/api/vehicle', { ...as(s), body, headers });
  const update = (id: string, body: unknown, s: SignedIn = who(), headers?: Record<string, string>) =>
    ctx().api('POST', `/api/vehicle/update/${id}`, { ...as(s), body, headers });
  const get = (url: string, s: SignedIn = who()) => ctx().api('GET', url, as(s));
  /** Registers a vehicle (Toyota Corolla unless `over` says otherwise) and expects success. */
  async function vehicle(over: Record<string, unknown> = {}) {
    const r = await create(vehicleBody(over));
    if (r.code !== 5000) throw new Error(`vehicle not created: ${r.status} ${r.message}`);
    return r.data as { id: string; registration_number: string };
  }
  /** One driver at the wheel every day. */
  async function planEveryDay(vehicleId: string, driverId: string) {
    const r = await update(vehicleId, { update_type: 'planning', config: { work_planning: 'daily', number_drivers: 1, profiles: [{ driver_id: driverId, work_day: ALL_DAYS }] } });
    if (r.code !== 5000) throw new Error(`planning not saved: ${r.status} ${r.message}`);
  }
  return { create, update, get, vehicle, planEveryDay };
}
