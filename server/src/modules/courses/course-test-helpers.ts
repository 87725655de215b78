import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SignedIn, TestContext } from '../../../test/test-context.ts';
import { fromWireDate } from '../../platform/dates.ts';
import { vehicleTypes } from '../catalog/catalog.tables.ts';
import { clientContacts, clients } from '../clients/clients.tables.ts';
import { insertVehicle } from '../drivers/driver-test-helpers.ts';
import { maintenances } from '../maintenance/maintenance.tables.ts';
import { planningEntries } from '../planning/planning.tables.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';

/**
 * Test helpers of the courses module. Clients, vehicles, planning entries and maintenances are
 * written straight into their tables: their modules are not what these tests are about. Dates
 * are in 2030 (2030-03-04 is a Monday), so today's clock never meets them.
 */

export const as = (s: SignedIn) => ({ token: s.token, profileId: s.profile_id });

export async function insertClient(ctx: TestContext, parkId: string, name = 'Hôtel Akwa Palace'): Promise<string> {
  const phone = `+2376${(randomBytes(4).readUInt32BE(0) % 100_000_000).toString().padStart(8, '0')}`;
  const [row] = await ctx.database.db.insert(clients).values({ parkId, name, sex: 'Monsieur', phone }).returning({ id: clients.id });
  return row.id;
}

export async function insertContact(ctx: TestContext, parkId: string, clientId: string, name = 'Marie Ekambi'): Promise<string> {
  const [row] = await ctx.database.db.insert(clientContacts).values({ parkId, clientId, position: 0, name, sex: 'Madame', phone: '+237690000001' }).returning({ id: clientContacts.id });
  return row.id;
}

/** A vehicle of the park whose type has this many passenger seats. */
export async function insertVehicleWithSeats(ctx: TestContext, parkId: string, registration: string, seats: number | null): Promise<string> {
  const db = ctx.database.db;
  const id = await insertVehicle(db, parkId, { registration, label: 'Corolla' });
  const [t] = await db.insert(vehicleTypes).values({ name: `Berline ${seats ?? 'libre'}`, passengers: seats }).returning({ id: vehicleTypes.id });
  await db.update(vehicles).set({ vehicleTypeId: t.id }).where(eq(vehicles.id, id));
  return id;
}

/** A confirmed planning entry: the driver on the vehicle from `from` to `to` (wire dates, park zone). */
export async function insertPlanningEntry(ctx: TestContext, parkId: string, vehicleId: string, driverId: string, from: string, to: string): Promise<void> {
  await ctx.database.db.insert(planningEntries).values({ parkId, vehicleId, driverId, day: from.slice(0, 10), slot: 'full', startsAt: fromWireDate(from), endsAt: fromWireDate(to) });
}

export async function insertMaintenance(ctx: TestContext, parkId: string, vehicleId: string, from: string, to: string): Promise<string> {
  const [row] = await ctx.database.db
    .insert(maintenances)
    .values({ parkId, vehicleId, durationChoice: 3, startAt: fromWireDate(from), endAt: fromWireDate(to), estimatedAmount: 0 })
    .returning({ id: maintenances.id });
  return row.id;
}

export const AIRPORT = { name: 'Aéroport de Douala', description: 'Terminal national', latitude: 4.0061, longitude: 9.7197 };
export const AKWA = { name: 'Akwa', latitude: 4.0469, longitude: 9.6957 };

/** A body of POST /course: 2030-03-04 from 08:00 to 10:00, airport to Akwa, 15,000. */
export function courseBody(clientId: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return { client_id: clientId, start_address: AIRPORT, end_address: AKWA, start_date: '2030-03-04T08:00:00', end_date: '2030-03-04T10:00:00', amount: 15000, ...over };
}

export function courseCalls(ctx: () => TestContext, who: () => SignedIn) {
  const create = (body: unknown, s: SignedIn = who()) => ctx().api('POST', '/api/course', { ...as(s), body });
  const update = (id: string, body: unknown, s: SignedIn = who()) => ctx().api('PUT', `/api/course/${id}`, { ...as(s), body });
  const get = (url: string, s: SignedIn = who()) => ctx().api('GET', url, as(s));
  async function created(body: Record<string, unknown>, s: SignedIn = who()) {
    const r = await create(body, s);
    if (r.code !== 5000) throw new Error(`course not created: ${r.status} ${r.message}`);
    return r.data as import('@flotte/contract/courses').TCourseDetail;
  }
  return { create, update, get, created };
}
