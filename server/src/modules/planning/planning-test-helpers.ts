import { eq } from 'drizzle-orm';
import type { ParkFixture, SignedIn, TestContext } from '../../../test/test-context.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { as, insertDriver, vehicleBody } from '../vehicles/vehicle-test-helpers.ts';
import { vehicles, type VehicleStatus } from '../vehicles/vehicles.tables.ts';

/**
 * What the planning tests set up: vehicles and their configurations through the API (the rules of
 * the vehicles module apply), drivers written straight into their table, as the vehicles tests do.
 * Dates are in 2030 so today's clock never meets them: 2030-03-04 is a Monday.
 */
export const MONDAY = '2030-03-04';
export const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];

export interface Park {
  fx: ParkFixture;
  owner: SignedIn;
}

export function planningCalls(ctx: () => TestContext) {
  const call = (who: SignedIn, method: string, url: string, body?: unknown) => ctx().api(method, url, { ...as(who), body });

  async function newPark(name: string): Promise<Park> {
    const fx = await ctx().createPark({ name });
    const owner = await ctx().signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
    return { fx, owner };
  }

  async function vehicle(p: Park): Promise<{ id: string; registration_number: string }> {
    const r = await call(p.owner, 'POST', '/api/vehicle', vehicleBody());
    if (r.code !== 5000) throw new Error(`vehicle not created: ${r.message}`);
    return r.data;
  }

  const driver = (p: Park, lastName: string) => insertDriver(ctx(), p.fx.park.id, { firstName: 'Jean', lastName });

  async function configure(p: Park, vehicleId: string, config: Record<string, unknown>) {
    const r = await call(p.owner, 'POST', `/api/vehicle/update/${vehicleId}`, { update_type: 'planning', config });
    if (r.code !== 5000) throw new Error(`planning not saved: ${r.message}`);
  }

  /** A vehicle driven every day by one new driver. */
  async function plannedVehicle(p: Park, lastName: string, workDays = ALL_DAYS) {
    const v = await vehicle(p);
    const d = await driver(p, lastName);
    await configure(p, v.id, { work_planning: 'daily', number_drivers: 1, profiles: [{ driver_id: d, work_day: workDays }] });
    return { v, d };
  }

  async function setVehicleStatus(id: string, status: VehicleStatus) {
    await ctx().database.db.update(vehicles).set({ status }).where(eq(vehicles.id, id));
  }

  async function setDriver(id: string, values: Partial<typeof drivers.$inferInsert>) {
    await ctx().database.db.update(drivers).set(values).where(eq(drivers.id, id));
  }

  const generate = (who: SignedIn, body: unknown) => call(who, 'POST', '/api/planning/generate', body);
  const confirm = (who: SignedIn, body: unknown) => call(who, 'POST', '/api/planning/confirm', body);

  /** Generates the period for these vehicles and confirms the preview as it is. */
  async function generateAndConfirm(p: Park, vehicleIds: string[], start: string, end: string) {
    const g = await generate(p.owner, { start_date: start, end_date: end, vehicle_ids: vehicleIds });
    if (g.code !== 5000) throw new Error(`not generated: ${g.message}`);
    const entries = g.data.entries.map((e: Record<string, any>) => ({
      date: e.date,
      vehicle_id: e.vehicle.id,
      driver_id: e.driver.id,
      slot: e.slot,
      is_salary_day: e.is_salary_day,
      role: e.role,
    }));
    return confirm(p.owner, { start_date: start, end_date: end, vehicle_ids: vehicleIds, entries });
  }

  return { call, newPark, vehicle, driver, configure, plannedVehicle, setVehicleStatus, setDriver, generate, confirm, generateAndConfirm };
}
