import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { formData } from '../../../test/multipart.ts';
import type { ParkFixture, SignedIn, TestContext } from '../../../test/test-context.ts';
import { toWireDate } from '../../platform/dates.ts';
import { insertVehicle } from '../drivers/driver-test-helpers.ts';
import { as, caisseBalance, insertCaisse, now, subAccount } from '../operations/operations-test-helpers.ts';
import { fundMovements } from '../operations/operations.tables.ts';
import { suppliers } from '../suppliers/suppliers.tables.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';

/**
 * What the finishing tests share: a park with its owner, a named caisse holding money, a vehicle
 * with a known odometer and a supplier; a maintenance scheduled today through POST /entretien; the
 * finishing call; and what they read back (the caisse, the maintenance's operations, the vehicle).
 */

/** The seeded repair types (migration 0014) and car components (migration 0006). */
export const RT = { maintain: 1, vidange: 2, reparation: 3, change: 4, repairMaintain: 5 } as const;
export const COMPONENT = { oil: 1, oilFilter: 2, airFilter: 3, brakePads: 5, battery: 8 } as const;

export interface FinishPark {
  fx: ParkFixture;
  parkId: string;
  owner: SignedIn;
  caisse: string;
  vehicle: string;
  supplier: string;
}

let parkNo = 0;

/** A new park whose named caisse holds `funds` (the owner's revenue) and whose vehicle reads 50,000 km. */
export async function finishPark(ctx: TestContext, funds = 100_000): Promise<FinishPark> {
  const fx = await ctx.createPark({ name: `Parc Entretien ${++parkNo}` });
  const parkId = fx.park.id;
  const owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  const caisse = await insertCaisse(ctx, parkId, 'Caisse garage');
  if (funds > 0) await revenueInto(ctx, parkId, owner, caisse, funds);
  const vehicle = await insertVehicle(ctx.database.db, parkId, { registration: `LT-${String(parkNo).padStart(3, '0')}-EN` });
  await ctx.database.db.update(vehicles).set({ mileage: 50_000, mileageForVidange: 55_000 }).where(eq(vehicles.id, vehicle));
  const [s] = await ctx.database.db.insert(suppliers).values({ parkId, name: 'Garage du Port', phone: '+237699000111' }).returning({ id: suppliers.id });
  return { fx, parkId, owner, caisse, vehicle, supplier: s.id };
}

/** Money into a caisse: the owner's revenue ('Apport du propriétaire'), confirmed at once. */
export async function revenueInto(ctx: TestContext, parkId: string, owner: SignedIn, caisse: string, amount: number): Promise<void> {
  const apport = await subAccount(ctx, parkId, { name: 'Apport du propriétaire' });
  const r = await ctx.api('POST', '/api/pnl-account/fund-movement', { ...as(owner), body: { sub_account_id: apport.id, caisse_id: caisse, date: now(), amount } });
  expect(r.code, r.message).toBe(5000);
}

export type Groups = { repair_type_id: number; maintenanceCarComponent: { component_id: number; amount?: number }[] }[];

/** Oil change (oil and its filter) and brake pads: the shape most tests finish. */
export const OIL_AND_BRAKES: Groups = [
  { repair_type_id: RT.vidange, maintenanceCarComponent: [{ component_id: COMPONENT.oil }, { component_id: COMPONENT.oilFilter }] },
  { repair_type_id: RT.reparation, maintenanceCarComponent: [{ component_id: COMPONENT.brakePads }] },
];

/** Schedules a one-day maintenance of the park's vehicle today, with its supplier. */
export async function schedule(ctx: TestContext, p: FinishPark, groups: Groups = OIL_AND_BRAKES): Promise<string> {
  const today = toWireDate(new Date()).slice(0, 10);
  const r = await ctx.api('POST', '/api/entretien', {
    ...as(p.owner),
    body: { vehicle_id: p.vehicle, duration_choice: 2, start_date: today, supplier_id: p.supplier, description: 'Révision', maintenances: groups },
  });
  expect(r.code, r.message).toBe(5000);
  return r.data.id as string;
}

/** The paid amounts as the dialog sends them: a JSON string of the groups. */
export function paid(groups: { repair_type_id: number; components: [number, number | string | null][] }[]): string {
  return JSON.stringify(groups.map((g) => ({ repair_type_id: g.repair_type_id, components: g.components.map(([component_id, amount]) => ({ component_id, amount })) })));
}

/** 9,500 for the oil change (6,000 + 3,500), 15,000 for the brakes: 24,500 in all. */
export const OIL_AND_BRAKES_PAID = paid([
  { repair_type_id: RT.vidange, components: [[COMPONENT.oil, 6_000], [COMPONENT.oilFilter, 3_500]] },
  { repair_type_id: RT.reparation, components: [[COMPONENT.brakePads, 15_000]] },
]);

export function finish(ctx: TestContext, who: SignedIn, id: string, body: Record<string, unknown>, headers?: Record<string, string>) {
  return ctx.api('PUT', `/api/entretien/${id}`, { ...as(who), body: { status: 'finished', ...body }, headers });
}

/** An invoice uploaded by the park (a PDF, through the document upload). */
export async function uploadInvoice(ctx: TestContext, who: SignedIn): Promise<{ id: string; path: string }> {
  const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
  const r = await ctx.api('POST', '/api/file/upload/file', { ...as(who), ...formData([], [{ field: 'file', filename: 'facture.pdf', content: pdf }]) });
  expect(r.code, r.message).toBe(5000);
  return r.data;
}

export const balanceOfCaisse = (ctx: TestContext, p: FinishPark, caisse = p.caisse) => caisseBalance(ctx, p.parkId, caisse);

/** The operations a maintenance wrote (reversals aside). */
export function operationsOf(ctx: TestContext, maintenanceId: string) {
  return ctx.database.db.select().from(fundMovements).where(and(eq(fundMovements.maintenanceId, maintenanceId)));
}

export async function vehicleRow(ctx: TestContext, id: string) {
  const [v] = await ctx.database.db.select({ mileage: vehicles.mileage, mileageForVidange: vehicles.mileageForVidange, status: vehicles.status }).from(vehicles).where(eq(vehicles.id, id));
  return v;
}
