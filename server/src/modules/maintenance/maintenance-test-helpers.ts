import { randomBytes } from 'node:crypto';
import type { SignedIn, TestContext } from '../../../test/test-context.ts';
import { toWireDate } from '../../platform/dates.ts';
import { carComponents } from '../catalog/catalog.tables.ts';
import { suppliers } from '../suppliers/suppliers.tables.ts';

/**
 * Test helpers of the maintenance module. Repair types are the seeded ones (1 Entretien courant,
 * 2 Vidange, 3 Réparation, 4 Changement de pièces, 5 Entretien et réparation); components and
 * suppliers are written straight into their tables: their modules are not what these tests are about.
 */
export const REPAIR = { maintain: 1, vidange: 2, reparation: 3, change: 4, repairMaintain: 5 } as const;

export const as = (s: SignedIn) => ({ token: s.token, profileId: s.profile_id });

/** A wire date `days` from now at a given time, in the parks' default zone (Africa/Douala). */
export function dayFromNow(days: number, time = '00:00:00'): string {
  return `${toWireDate(new Date(Date.now() + days * 86_400_000)).slice(0, 10)}T${time}`;
}

/** A wire date `minutes` from now. */
export const minutesFromNow = (minutes: number) => toWireDate(new Date(Date.now() + minutes * 60_000));

/** A car component of the park (or shared when parkId is null). */
export async function insertComponent(ctx: TestContext, parkId: string | null, name = `Pièce ${randomBytes(3).toString('hex')}`): Promise<number> {
  const [row] = await ctx.database.db.insert(carComponents).values({ parkId, name }).returning({ id: carComponents.id });
  return row.id;
}

export async function insertSupplier(ctx: TestContext, parkId: string, v: { name?: string; suspended?: boolean } = {}): Promise<string> {
  const [row] = await ctx.database.db
    .insert(suppliers)
    .values({ parkId, name: v.name ?? 'Garage Akwa', phone: '+237690000000', desactivateAt: v.suspended ? new Date() : null })
    .returning({ id: suppliers.id });
  return row.id;
}

/** A body of POST /entretien: a few hours today or later, one repair type with the components given. */
export function scheduleBody(vehicleId: string, components: number[], over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    vehicle_id: vehicleId,
    duration_choice: 3,
    start_date: dayFromNow(10),
    end_date: dayFromNow(11),
    maintenances: [{ repair_type_id: REPAIR.maintain, maintenanceCarComponent: components.map((component_id) => ({ component_id, amount: 2000 })) }],
    ...over,
  };
}

export function maintenanceCalls(ctx: () => TestContext, who: () => SignedIn) {
  const schedule = (body: unknown, s: SignedIn = who()) => ctx().api('POST', '/api/entretien', { ...as(s), body });
  const update = (id: string, body: unknown, s: SignedIn = who()) => ctx().api('PUT', `/api/entretien/${id}`, { ...as(s), body });
  const get = (url: string, s: SignedIn = who()) => ctx().api('GET', url, as(s));
  /** Schedules and expects success. */
  async function scheduled(body: Record<string, unknown>, s: SignedIn = who()) {
    const r = await schedule(body, s);
    if (r.code !== 5000) throw new Error(`maintenance not scheduled: ${r.status} ${r.message}`);
    return r.data as import('@flotte/contract').TMaintenanceCreated;
  }
  return { schedule, update, get, scheduled };
}
