import { randomBytes } from 'node:crypto';
import { drivers } from '../../../src/modules/drivers/drivers.tables.ts';
import { recipes } from '../../../src/modules/recipes/recipes.tables.ts';
import { yangoDebits } from '../../../src/modules/yango/yango.tables.ts';
import type { RouteCase } from '../route-table.ts';
import type { World } from '../world.ts';

// Not imported from route-table.ts, which imports this file.
const ZERO_ID = '00000000-0000-7000-8000-000000000000';
const TODAY = new Date().toISOString().slice(0, 10);

/** A debt recipe of park B (10,000 owed) and a failed Yango debit of it, written straight into the tables. */
function recipeOfB(w: World): Promise<{ recipeId: string; debitId: string }> {
  return w.recordOfB('yango-debit-recipe', async () => {
    const db = w.ctx.database.db;
    const phone = `+2376${(randomBytes(4).readUInt32BE(0) % 100_000_000).toString().padStart(8, '0')}`;
    const [driver] = await db.insert(drivers).values({ parkId: w.parkB, firstName: 'Yao', lastName: 'Prélèvement', phone }).returning({ id: drivers.id });
    const [recipe] = await db
      .insert(recipes)
      .values({ parkId: w.parkB, kind: 'debt', driverId: driver.id, day: TODAY, periodStart: TODAY, periodEnd: TODAY, objective: 10_000 })
      .returning({ id: recipes.id });
    const [debit] = await db
      .insert(yangoDebits)
      .values({ parkId: w.parkB, driverId: driver.id, recipeId: recipe.id, amount: 10_000, status: 'failed', reason: 'Solde Yango insuffisant' })
      .returning({ id: yangoDebits.id });
    return { recipeId: recipe.id, debitId: debit.id };
  });
}

/**
 * The Yango debit (issue 21 section 4): collecting, so ENCAISSER for all three; park B's recipe
 * and debit are not found from park A, and nothing is asked of Yango for them.
 */
export const yangoDebitCases: RouteCase[] = [
  {
    method: 'POST',
    url: '/api/yango/debit-recipe',
    denied: () => ({ url: '/api/yango/debit-recipe', body: { recipe_id: ZERO_ID, amount: 1000 } }),
    otherPark: async (w) => ({ url: '/api/yango/debit-recipe', body: { recipe_id: (await recipeOfB(w)).recipeId, amount: 1000 } }),
  },
  {
    method: 'GET',
    url: '/api/yango/debit/:id',
    denied: () => ({ url: `/api/yango/debit/${ZERO_ID}` }),
    otherPark: async (w) => ({ url: `/api/yango/debit/${(await recipeOfB(w)).debitId}` }),
  },
  {
    method: 'GET',
    url: '/api/yango/recipe/:recipe_id/debits',
    denied: () => ({ url: `/api/yango/recipe/${ZERO_ID}/debits` }),
    otherPark: async (w) => ({ url: `/api/yango/recipe/${(await recipeOfB(w)).recipeId}/debits` }),
  },
];
