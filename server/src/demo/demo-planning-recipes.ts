import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';
import { toWireDate } from '../platform/dates.ts';
import { planPeriod } from '../modules/planning/planning.service.ts';
import { createPastRecipes } from '../modules/recipes/past-recipes.ts';
import { recipeConfigs, runRecipeJob } from '../modules/recipes/recipe-job.ts';
import { paySalary } from '../modules/salary/salary.service.ts';
import type { ActingProfile } from '../platform/auth/auth-context.ts';
import { seedRecipeCollections } from './recipes-generator.ts';

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/**
 * The demo park's working life: a confirmed planning from the start of the month three months ago
 * to a month ahead (through the planning service, as 'Confirmer le planning' does), the expected
 * recipes of its past days (as confirming with 'Créer les recettes des jours passés' creates them)
 * and today's (the job itself), how they were collected (seedRecipeCollections), a few debts put on drivers by hand, and
 * last month's salaries of four drivers (through the salary service, as the owner pays them: three
 * in cash, one onto the driver's balance).
 */
export async function seedDemoPlanningAndRecipes(
  db: Db,
  park: { parkId: string; timeZone: string; currency: string },
  ownerProfileId: string,
  now: Date = new Date(),
  step: (name: string) => void = () => undefined,
): Promise<{ planned: number; recipes: number; collected: number; debts: number; salaries: number }> {
  const today = toWireDate(now, park.timeZone).slice(0, 10);
  const start = `${addDays(today, -92).slice(0, 7)}-01`;
  const end = addDays(today, 31);
  const { created: planned } = await planPeriod({ db, files: { signingKey: Buffer.alloc(0) } }, park, start, end);
  step('planning');

  // The job never charges days before the planning was confirmed: the past days' recipes are
  // those the owner asks for on confirming ('Créer les recettes des jours passés'), then the job's.
  const vehicleIds = (await recipeConfigs(db, { parkId: park.parkId })).map((c) => c.vehicle_id);
  let recipes = (await createPastRecipes(db, { parkId: park.parkId, timeZone: park.timeZone, vehicleIds, start, end, today })).count;
  recipes += (await runRecipeJob(db, now, { parkId: park.parkId })).created;
  step('recipeJob');

  const { collected } = await seedRecipeCollections(db, park.parkId, today);
  step('collections');

  // Debts put on three drivers by hand ('Endetter le chauffeur'): a damaged mirror, an advance.
  const debts = await db.execute(sql`
    insert into recipes (id, park_id, kind, driver_id, vehicle_id, day, period_start, period_end, objective, salary_amount, comment, created_at)
    select gen_random_uuid(), ${park.parkId}, 'debt', r.driver_id, r.vehicle_id, r.day, r.day, r.day,
      (array[25000, 10000, 15000])[r.n], 0, (array['Rétroviseur cassé', 'Avance sur recette', 'Amende réglée par le parc'])[r.n], now()
    from (
      select driver_id, vehicle_id, day, row_number() over (order by driver_id) as n
      from (select distinct on (driver_id) driver_id, vehicle_id, day from recipes
            where park_id = ${park.parkId} and kind = 'expected' and day < ${today}::date - 10 order by driver_id, day desc) d
    ) r
    where r.n <= 3`);
  // Last month's salaries of the first four drivers who have fully paid recipes in it.
  const lastMonthEnd = addDays(`${today.slice(0, 7)}-01`, -1);
  const lastMonthStart = `${lastMonthEnd.slice(0, 7)}-01`;
  const { rows: paid } = await db.execute<{ driver_id: string }>(sql`
    select driver_id from recipes
     where park_id = ${park.parkId} and day between ${lastMonthStart}::date and ${lastMonthEnd}::date and paid_at is not null and salary_amount > 0
     group by driver_id order by driver_id limit 4`);
  const owner: ActingProfile = {
    id: ownerProfileId,
    parkId: park.parkId,
    type: 'proprietaire',
    role: 'OWNER',
    isOwner: true,
    permissions: new Set(),
    park: { timeZone: park.timeZone, currency: park.currency },
  };
  for (const [i, { driver_id }] of paid.entries()) {
    await paySalary({ db }, owner, { driver_id, start_date: lastMonthStart, end_date: lastMonthEnd, payment_type: i === 3 ? 'sold' : 'cash' });
  }
  step('debtsSalaries');
  return { planned, recipes, collected, debts: debts.rowCount ?? 0, salaries: paid.length };
}
