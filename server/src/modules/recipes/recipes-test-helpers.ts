import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { fromWireDate, toWireDate } from '../../platform/dates.ts';
import { insertVehicle } from '../drivers/driver-test-helpers.ts';
import { balanceOf, ledgerAccount, post } from '../ledger/ledger.service.ts';
import { ledgerAccounts, ledgerEntries } from '../ledger/ledger.tables.ts';
import { planningEntries } from '../planning/planning.tables.ts';
import { insertDriver } from '../vehicles/vehicle-test-helpers.ts';
import { vehicleRecipeConfigs } from '../vehicles/vehicles.tables.ts';
import { addDays } from './recipe-periods.ts';
import { recipes } from './recipes.tables.ts';

/**
 * Test helpers of the recipes module: a park with drivers and a vehicle, recipes and planning
 * entries written straight into their tables (the planning module is another's), a driver's
 * balance funded by hand, and the ledger's totals.
 */

export const as = (s: SignedIn) => ({ token: s.token, profileId: s.profile_id });
/** The parks' default time zone (Africa/Douala) today. */
export const today = () => toWireDate(new Date()).slice(0, 10);

export interface RecipeWorld {
  parkId: string;
  owner: SignedIn;
  driverA: string;
  driverB: string;
  vehicle: string;
}

let parks = 0;
export async function recipeWorld(ctx: TestContext): Promise<RecipeWorld> {
  const fx = await ctx.createPark({ name: `Parc Recettes ${++parks}` });
  const owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  const driverA = await insertDriver(ctx, fx.park.id, { firstName: 'Alain', lastName: 'Atangana' });
  const driverB = await insertDriver(ctx, fx.park.id, { firstName: 'Bruno', lastName: 'Bella' });
  const vehicle = await insertVehicle(ctx.database.db, fx.park.id, { registration: `RC-${parks}-${Math.random().toString(36).slice(2, 6)}`, label: 'Taxi 1' });
  return { parkId: fx.park.id, owner, driverA, driverB, vehicle };
}

/**
 * The hooks a recipes test file starts with: one test context for the file (closed after it), and
 * a fresh park (recipeWorld) before each case, handed to the file's own variables.
 */
export function useRecipeWorld(set: { context: (ctx: TestContext) => void; world: (w: RecipeWorld) => void }): void {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await createTestContext();
    set.context(ctx);
  });
  beforeEach(async () => {
    set.world(await recipeWorld(ctx!));
  });
  afterAll(() => ctx?.close());
}

export async function insertRecipe(
  ctx: TestContext,
  w: { parkId: string; vehicle: string | null },
  v: { driverId: string; day?: string; kind?: 'expected' | 'unscheduled' | 'debt'; objective: number; collected?: number; collectionType?: 'recipe_objective' | 'without_recipe_objective' },
): Promise<string> {
  const day = v.day ?? today();
  const [row] = await ctx.database.db
    .insert(recipes)
    .values({
      parkId: w.parkId,
      kind: v.kind ?? 'expected',
      driverId: v.driverId,
      vehicleId: w.vehicle,
      day,
      periodStart: day,
      periodEnd: day,
      frequency: v.kind === 'expected' || v.kind === undefined ? 'daily' : null,
      collectionType: v.kind === 'expected' || v.kind === undefined ? (v.collectionType ?? 'recipe_objective') : null,
      objective: v.objective,
      collected: v.collected ?? 0,
    })
    .returning({ id: recipes.id });
  return row.id;
}

/** Long before any day a test plays: configurations and assignments made "long ago". */
export const LONG_AGO = new Date('2020-01-01T00:00:00Z');

/**
 * Confirmed planning entries of a vehicle (full days unless a slot is given), 08:00-20:00,
 * assigned long ago unless `assignedAt` says when (the recipe job reads it).
 */
export async function insertEntries(
  ctx: TestContext,
  parkId: string,
  vehicleId: string,
  entries: { driverId: string; day: string; slot?: 'full' | 'first' | 'second'; salary?: boolean }[],
  assignedAt: Date = LONG_AGO,
): Promise<void> {
  if (entries.length === 0) return;
  await ctx.database.db.insert(planningEntries).values(
    entries.map((e) => ({
      parkId,
      vehicleId,
      driverId: e.driverId,
      day: e.day,
      slot: e.slot ?? 'full',
      startsAt: fromWireDate(`${e.day}T08:00:00`),
      endsAt: fromWireDate(`${e.day}T20:00:00`),
      isSalaryDay: e.salary ?? false,
      createdAt: assignedAt,
    })),
  );
}

/** Days from `from`, `n` of them. */
export const daysFrom = (from: string, n: number) => Array.from({ length: n }, (_, i) => addDays(from, i));

export async function setRecipeConfig(
  ctx: TestContext,
  parkId: string,
  vehicleId: string,
  v: {
    collectionType?: 'recipe_objective' | 'without_recipe_objective' | 'yango_recipe';
    amount?: number | null;
    salaryAmount?: number | null;
    frequency?: 'daily' | 'weekly' | 'monthly';
    collectDay?: number | null;
    monthlyDay?: number | null;
    collectTime?: string;
    /** Since when it makes recipes (default long ago). */
    since?: Date;
  },
): Promise<void> {
  const values = {
    vehicleId,
    parkId,
    collectionType: v.collectionType ?? 'recipe_objective',
    amount: v.amount === undefined ? 10_000 : v.amount,
    salaryAmount: v.salaryAmount ?? null,
    frequency: v.frequency ?? 'daily',
    collectDay: v.collectDay ?? null,
    monthlyDay: v.monthlyDay ?? null,
    collectTime: v.collectTime ?? '20:30',
    recipesSince: v.since ?? LONG_AGO,
  };
  await ctx.database.db.insert(vehicleRecipeConfigs).values(values).onConflictDoUpdate({ target: vehicleRecipeConfigs.vehicleId, set: values });
}

/** Puts `amount` on a driver's balance (his sold), as money owed to him from elsewhere. */
export async function fundDriverSold(ctx: TestContext, parkId: string, driverId: string, amount: number): Promise<void> {
  const db = ctx.database.db;
  await post(db, {
    parkId,
    sourceKind: 'test',
    memo: 'Crédit du solde du chauffeur (test)',
    lines: [
      { accountId: await ledgerAccount(db, parkId, 'driver_balance', driverId), amount: -amount },
      { accountId: await ledgerAccount(db, parkId, 'external', null), amount },
    ],
  });
}

export async function driverSold(ctx: TestContext, parkId: string, driverId: string): Promise<number> {
  return -(await balanceOf(ctx.database.db, await ledgerAccount(ctx.database.db, parkId, 'driver_balance', driverId)));
}

/** The park's ledger: every account's balance is the sum of its entries, and all entries sum to 0. */
export async function ledgerHolds(ctx: TestContext, parkId: string): Promise<{ total: number; mismatched: number }> {
  const { rows } = await ctx.database.db.execute<{ total: string; mismatched: number }>(sql`
    select (select coalesce(sum(amount), 0) from ${ledgerEntries} where park_id = ${parkId}) as total,
           (select count(*)::int from ${ledgerAccounts} a where a.park_id = ${parkId}
              and a.balance <> (select coalesce(sum(e.amount), 0) from ${ledgerEntries} e where e.account_id = a.id)) as mismatched`);
  return { total: Number(rows[0].total), mismatched: rows[0].mismatched };
}

export async function recipeRow(ctx: TestContext, id: string) {
  const [row] = await ctx.database.db.select().from(recipes).where(eq(recipes.id, id));
  return row;
}

export async function expectedRecipesOf(ctx: TestContext, parkId: string, vehicleId: string) {
  return ctx.database.db
    .select()
    .from(recipes)
    .where(and(eq(recipes.parkId, parkId), eq(recipes.vehicleId, vehicleId), eq(recipes.kind, 'expected')))
    .orderBy(recipes.periodStart, recipes.driverId);
}
