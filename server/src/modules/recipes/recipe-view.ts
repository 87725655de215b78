import { eq, sql } from 'drizzle-orm';
import type { TRecipe, TRecipeStatus } from '@flotte/contract';
import type { Db, Tx } from '../../platform/db/database.ts';
import { fromMinor } from '../../platform/money.ts';
import { brands, models } from '../catalog/catalog.tables.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { imageLink, type FilesDeps } from '../files/files.service.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import { recipes } from './recipes.tables.ts';

/**
 * A recipe as the API shows it (contract ZRecipe), and the one select every read uses: the recipe
 * with its driver and vehicle names, joined by primary key (a page is 20 rows).
 */

export const recipeColumns = {
  r: recipes,
  driverFirstName: drivers.firstName,
  driverLastName: drivers.lastName,
  driverImage: drivers.image,
  // Whether 'Solde Yango' can collect it (issue 21): a primary-key probe per row of a page.
  driverYangoLinked: sql<boolean>`exists (select 1 from yango_driver_links l where l.driver_id = ${recipes.driverId})`,
  vehicleLabel: vehicles.label,
  vehicleRegistration: vehicles.registrationNumber,
  brand: brands.name,
  model: models.name,
};
export type RecipeRow = {
  r: typeof recipes.$inferSelect;
  driverFirstName: string;
  driverLastName: string;
  driverImage: string | null;
  driverYangoLinked: boolean;
  vehicleLabel: string | null;
  vehicleRegistration: string | null;
  brand: string | null;
  model: string | null;
};

export function selectRecipes(db: Pick<Db | Tx, 'select'>) {
  return db
    .select(recipeColumns)
    .from(recipes)
    .innerJoin(drivers, eq(drivers.id, recipes.driverId))
    .leftJoin(vehicles, eq(vehicles.id, recipes.vehicleId))
    .leftJoin(brands, eq(brands.id, vehicles.brandId))
    .leftJoin(models, eq(models.id, vehicles.modelId));
}

/** 'paid' once fully paid; 'partially' while something but not all was collected; else 'not_collected'. */
export function recipeStatus(r: { paidAt: Date | null; collected: number; objective: number }): TRecipeStatus {
  if (r.paidAt) return 'paid';
  return r.collected > 0 ? 'partially' : 'not_collected';
}

export interface ViewContext {
  currency: string;
  timeZone: string;
  files: Pick<FilesDeps, 'signingKey'>;
}

export function recipeView(row: RecipeRow, v: ViewContext, wire: (d: Date) => string): TRecipe {
  const { r } = row;
  const money = (minor: number) => fromMinor(minor, v.currency);
  const remaining = Math.max(0, r.objective - r.collected);
  return {
    id: r.id,
    kind: r.kind,
    date: `${r.day}T00:00:00`,
    period_start: r.periodStart,
    period_end: r.periodEnd,
    frequency: r.frequency ?? null,
    collection_type: r.collectionType ?? null,
    objective: money(r.objective),
    amount: money(r.objective),
    actual_recipe: money(r.collected),
    actualRecipe: money(r.collected),
    toEncaiss: money(remaining),
    salary_amount: money(r.salaryAmount),
    isPaid: r.paidAt !== null,
    status: recipeStatus(r),
    salary_is_paid: r.salaryPaymentId !== null,
    driver: { id: r.driverId, first_name: row.driverFirstName, last_name: row.driverLastName, image: imageLink(v.files, row.driverImage), yango_linked: row.driverYangoLinked },
    vehicle:
      r.vehicleId && row.vehicleRegistration !== null
        ? { id: r.vehicleId, label: row.vehicleLabel, registration_number: row.vehicleRegistration, brand: row.brand, model: row.model }
        : null,
    deleted_at: r.deletedAt ? wire(r.deletedAt) : null,
    delete_comment: r.deleteComment,
    comment: r.comment,
  };
}
