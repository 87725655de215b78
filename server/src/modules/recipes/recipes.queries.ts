import { and, asc, desc, eq, gte, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  type TDeletedRecipesPage,
  type TExpectedToday,
  type TRecipe,
  type TRecipeHistoryPage,
  type TRecipeStatus,
} from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { anyId, prepared } from '../../platform/db/prepared.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { fromMinor } from '../../platform/money.ts';
import { profiles, users } from '../access/access.tables.ts';
import type { FilesDeps } from '../files/files.service.ts';
import { recipePayments, recipes } from './recipes.tables.ts';
import { recipeView, selectRecipes, type RecipeRow, type ViewContext } from './recipe-view.ts';

/**
 * Reading recipes: today's expected ones, the receipts history and the deleted ones (the unpaid
 * list, the hottest, has its own file: unpaid-history.ts). A page reads its 20 rows through an
 * index range (recipes_park_day_idx: park, day, id), newest day first, so it costs the same on a
 * park with three years of daily recipes for 1,000 vehicles as on a small one.
 */

export interface RecipesDeps {
  db: Db;
  files: Pick<FilesDeps, 'signingKey'>;
}

export const parkToday = (acting: ActingProfile, now = new Date()) => toWireDate(now, acting.park.timeZone).slice(0, 10);

function viewContext(deps: RecipesDeps, acting: ActingProfile): ViewContext {
  return { currency: acting.park.currency, timeZone: acting.park.timeZone, files: deps.files };
}

function viewer(deps: RecipesDeps, acting: ActingProfile) {
  const v = viewContext(deps, acting);
  const wire = (d: Date) => toWireDate(d, v.timeZone);
  return (row: RecipeRow) => recipeView(row, v, wire);
}

/** Recipes of the park by id, in the order asked (unknown ids are left out). */
export async function recipesByIds(deps: RecipesDeps, acting: ActingProfile, ids: string[], db: Pick<Db | Tx, 'select'> = deps.db): Promise<TRecipe[]> {
  if (ids.length === 0) return [];
  const rows = await selectRecipes(db).where(and(eq(recipes.parkId, acting.parkId), anyId(recipes.id, ids)));
  const view = viewer(deps, acting);
  const byId = new Map(rows.map((r) => [r.r.id, view(r)]));
  return ids.map((id) => byId.get(id)).filter((r): r is TRecipe => !!r);
}

export async function getRecipe(deps: RecipesDeps, acting: ActingProfile, id: string): Promise<TRecipe> {
  const [recipe] = await recipesByIds(deps, acting, [id]);
  if (!recipe) throw new AppError('RECIPE_NOT_FOUND');
  return recipe;
}

const unpaid = (parkId: string) => [eq(recipes.parkId, parkId), isNull(recipes.deletedAt), isNull(recipes.paidAt)];
const money = (acting: ActingProfile, minor: number | string | null) => fromMinor(Number(minor ?? 0), acting.park.currency);
/** How far past the page the receipts history counts exactly. */
export const COUNT_AHEAD = 10_000;

/** GET /transaction/recipes/expected-today: today's expected recipes not paid yet. */
export async function expectedToday(deps: RecipesDeps, acting: ActingProfile, q: { driver_id?: string }): Promise<TExpectedToday> {
  const today = parkToday(acting);
  const where = and(...unpaid(acting.parkId), eq(recipes.day, today), eq(recipes.kind, 'expected'), q.driver_id ? eq(recipes.driverId, q.driver_id) : undefined);
  const rows = await prepared(deps.db, selectRecipes(deps.db).where(where).orderBy(asc(recipes.driverId), asc(recipes.id)));
  const view = viewer(deps, acting);
  const items = rows.map(view);
  const total = rows.reduce((s, r) => s + Math.max(0, r.r.objective - r.r.collected), 0);
  return { items, total: money(acting, total), count: items.length };
}

export interface UnpaidQuery {
  driver_id?: string;
  start_date?: string;
  end_date?: string;
  page: number;
  itemPerPage: number;
}

function periodConditions(q: { driver_id?: string; start_date?: string; end_date?: string }): (SQL | undefined)[] {
  return [
    q.driver_id ? eq(recipes.driverId, q.driver_id) : undefined,
    q.start_date ? gte(recipes.day, q.start_date) : undefined,
    q.end_date ? lte(recipes.day, q.end_date) : undefined,
  ];
}

const STATUS_CONDITIONS: Record<TRecipeStatus, SQL> = {
  paid: isNotNull(recipes.paidAt),
  partially: and(isNull(recipes.paidAt), sql`${recipes.collected} > 0`)!,
  not_collected: and(isNull(recipes.paidAt), eq(recipes.collected, 0))!,
};

/** GET /park/history-recipe: every live recipe (the receipts page), newest day first, with its payments. */
export async function recipeHistory(
  deps: RecipesDeps,
  acting: ActingProfile,
  q: UnpaidQuery & { vehicle_id?: string; status?: TRecipeStatus },
): Promise<TRecipeHistoryPage> {
  const where = and(
    eq(recipes.parkId, acting.parkId),
    isNull(recipes.deletedAt),
    ...periodConditions(q),
    q.vehicle_id ? eq(recipes.vehicleId, q.vehicle_id) : undefined,
    q.status ? STATUS_CONDITIONS[q.status] : undefined,
  )!;
  const offset = (q.page - 1) * q.itemPerPage;
  // Counting a million recipes would cost more than the page: exact up to COUNT_AHEAD past it.
  const cap = offset + q.itemPerPage + COUNT_AHEAD;
  const [rows, { rows: counted }] = await Promise.all([
    selectRecipes(deps.db).where(where).orderBy(desc(recipes.day), desc(recipes.id)).limit(q.itemPerPage).offset(offset),
    deps.db.execute<{ total: number }>(sql`select count(*)::int as total from (select 1 from ${recipes} where ${where} limit ${cap + 1}) t`),
  ]);
  const lowerBound = counted[0].total > cap;
  const total = Math.min(counted[0].total, cap);
  const ids = rows.map((r) => r.r.id);
  const payments = ids.length
    ? await deps.db
        .select({ id: recipePayments.id, recipeId: recipePayments.recipeId, amount: recipePayments.amount, method: recipePayments.method, createdAt: recipePayments.createdAt })
        .from(recipePayments)
        .where(and(eq(recipePayments.parkId, acting.parkId), anyId(recipePayments.recipeId, ids)))
        .orderBy(asc(recipePayments.createdAt), asc(recipePayments.id))
    : [];
  const view = viewer(deps, acting);
  const tz = acting.park.timeZone;
  const items = rows.map((row) => ({
    ...view(row),
    payments: payments
      .filter((p) => p.recipeId === row.r.id)
      .map((p) => ({ id: p.id, amount: money(acting, p.amount), method: p.method, created_at: toWireDate(p.createdAt, tz) })),
  }));
  return { items, meta: { page: q.page, itemPerPage: q.itemPerPage, total, total_is_lower_bound: lowerBound, has_more: offset + rows.length < total } };
}

/** GET /park/deleted-recipes: the deleted recipes, last deleted first, with the reason and who deleted them. */
export async function deletedRecipes(deps: RecipesDeps, acting: ActingProfile, q: { page: number; itemPerPage: number; driver_id?: string }): Promise<TDeletedRecipesPage> {
  const where = and(eq(recipes.parkId, acting.parkId), isNotNull(recipes.deletedAt), q.driver_id ? eq(recipes.driverId, q.driver_id) : undefined)!;
  const offset = (q.page - 1) * q.itemPerPage;
  const [rows, [{ total }]] = await Promise.all([
    selectRecipes(deps.db).where(where).orderBy(desc(recipes.deletedAt), desc(recipes.id)).limit(q.itemPerPage).offset(offset),
    deps.db.select({ total: sql<number>`count(*)::int` }).from(recipes).where(where),
  ]);
  const deleterIds = [...new Set(rows.map((r) => r.r.deletedBy).filter((id): id is string => !!id))];
  const deleters = deleterIds.length
    ? await deps.db
        .select({ id: profiles.id, firstName: users.firstName, lastName: users.lastName })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(and(eq(profiles.parkId, acting.parkId), anyId(profiles.id, deleterIds)))
    : [];
  const byId = new Map(deleters.map((d) => [d.id, { id: d.id, first_name: d.firstName ?? '', last_name: d.lastName ?? '' }]));
  const view = viewer(deps, acting);
  const items = rows.map((row) => ({ ...view(row), deleted_by: (row.r.deletedBy && byId.get(row.r.deletedBy)) || null }));
  return { items, meta: { page: q.page, itemPerPage: q.itemPerPage, total } };
}
