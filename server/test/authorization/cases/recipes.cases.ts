import { randomBytes } from 'node:crypto';
import { drivers } from '../../../src/modules/drivers/drivers.tables.ts';
import { insertVehicle } from '../../../src/modules/drivers/driver-test-helpers.ts';
import { recipes } from '../../../src/modules/recipes/recipes.tables.ts';
import type { RouteCase } from '../route-table.ts';
import type { World } from '../world.ts';

const ZERO_ID = '00000000-0000-7000-8000-000000000000';
const TODAY = new Date().toISOString().slice(0, 10);

/** A driver of a park, written straight into the table. */
function driverOf(w: World, parkId: string): Promise<string> {
  return w.recordOfB(`recipes-driver-${parkId}`, async () => {
    const phone = `+2376${(randomBytes(4).readUInt32BE(0) % 100_000_000).toString().padStart(8, '0')}`;
    const [row] = await w.ctx.database.db.insert(drivers).values({ parkId, firstName: 'Paul', lastName: 'Recette', phone }).returning({ id: drivers.id });
    return row.id;
  });
}

function vehicleOf(w: World, parkId: string): Promise<string> {
  return w.recordOfB(`recipes-vehicle-${parkId}`, () => insertVehicle(w.ctx.database.db, parkId, { registration: `RC-${randomBytes(3).toString('hex')}` }));
}

/** A debt recipe of park B (10,000 owed, nothing collected). */
function recipeOfB(w: World): Promise<string> {
  return w.recordOfB('recipe', async () => {
    const [row] = await w.ctx.database.db
      .insert(recipes)
      .values({ parkId: w.parkB, kind: 'debt', driverId: await driverOf(w, w.parkB), vehicleId: await vehicleOf(w, w.parkB), day: TODAY, periodStart: TODAY, periodEnd: TODAY, objective: 10_000 })
      .returning({ id: recipes.id });
    return row.id;
  });
}

const pay = (recipeId: string) => ({ recettes_id: [recipeId], payment_type: 'cash' });

/** Route cases of recipes (see route-table.ts for what each field proves). */
export const recipesCases: RouteCase[] = [
  ...['/api/transaction/recipes/expected-today', '/api/transaction/unpaid/recipes/history', '/api/park/history-recipe', '/api/park/deleted-recipes'].map(
    (url): RouteCase => ({
      method: 'GET',
      url,
      denied: () => ({ url }),
      otherPark: (w) => ({ url: `${url}?park_id=${w.parkB}` }),
    }),
  ),
  {
    method: 'POST',
    url: '/api/transaction/paid-recipe-expected-today',
    denied: () => ({ url: '/api/transaction/paid-recipe-expected-today', body: { recette_id: ZERO_ID, payment_type: 'cash' } }),
    otherPark: async (w) => ({ url: '/api/transaction/paid-recipe-expected-today', body: { recette_id: await recipeOfB(w), payment_type: 'cash' } }),
  },
  ...['/api/transaction/accept-cash-payment', '/api/transaction/resolve-debt'].map(
    (url): RouteCase => ({
      method: 'POST',
      url,
      denied: () => ({ url, body: pay(ZERO_ID) }),
      otherPark: async (w) => ({ url, body: pay(await recipeOfB(w)) }),
    }),
  ),
  {
    method: 'POST',
    url: '/api/transaction/exceptional-payment',
    denied: () => ({ url: '/api/transaction/exceptional-payment', body: { amount: 1000, driver_id: ZERO_ID, payment_type: 'cash' } }),
    otherPark: async (w) => ({ url: '/api/transaction/exceptional-payment', body: { amount: 1000, driver_id: await driverOf(w, w.parkB), payment_type: 'cash' } }),
  },
  {
    method: 'POST',
    url: '/api/park/create-driver-account-history',
    denied: () => ({ url: '/api/park/create-driver-account-history', body: { driver_id: ZERO_ID, vehicle_id: ZERO_ID, date: TODAY, objective: 1000 } }),
    otherPark: async (w) => ({
      url: '/api/park/create-driver-account-history',
      body: { driver_id: await driverOf(w, w.parkB), vehicle_id: await vehicleOf(w, w.parkB), date: TODAY, objective: 1000 },
    }),
  },
  {
    method: 'PUT',
    url: '/api/park/manage-recipe',
    denied: () => ({ url: '/api/park/manage-recipe', body: { recette_id: ZERO_ID, amount: 5000 } }),
    otherPark: async (w) => ({ url: '/api/park/manage-recipe', body: { recette_id: await recipeOfB(w), amount: 5000 } }),
  },
  {
    method: 'POST',
    url: '/api/driver/change-driver-on-recipe',
    denied: () => ({ url: '/api/driver/change-driver-on-recipe', body: { recipe_id: ZERO_ID, driver_id: ZERO_ID } }),
    otherPark: async (w) => ({ url: '/api/driver/change-driver-on-recipe', body: { recipe_id: await recipeOfB(w), driver_id: await driverOf(w, w.parkA) } }),
  },
  {
    method: 'DELETE',
    url: '/api/park/delete-recipe/:id',
    denied: () => ({ url: `/api/park/delete-recipe/${ZERO_ID}`, body: { comment: 'Intrus' } }),
    otherPark: async (w) => ({ url: `/api/park/delete-recipe/${await recipeOfB(w)}`, body: { comment: 'Intrus' } }),
  },
];
