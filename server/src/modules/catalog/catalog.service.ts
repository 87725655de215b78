import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ErrorName, Page, TColor, TCurrency, THour, TModel, TPageQuery, TRefItem } from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { pageWindow, toPage } from '../../platform/pagination.ts';
import {
  brands,
  carComponents,
  colors,
  currencies,
  documentTypes,
  driverGroups,
  driverTypes,
  fuelTypes,
  grades,
  hours,
  models,
  vehicleContractTypes,
  vehicleTypes,
} from './catalog.tables.ts';
import { isUniqueViolation } from '../../platform/db/pg-errors.ts';

/**
 * Reference data: shared rows (seeded by the reference-data migration, park_id null) and the rows a
 * park added for itself, which no other park ever sees. Other modules check the ids their forms
 * send through the find* functions here, never through the tables.
 */

const byFrenchName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'fr', { numeric: true, sensitivity: 'base' });

// ---------------------------------------------------------------- shared lists

export async function listVehicleTypes(db: Db): Promise<TRefItem[]> {
  return db.select({ id: vehicleTypes.id, name: vehicleTypes.name }).from(vehicleTypes).orderBy(asc(vehicleTypes.id));
}

export async function listColors(db: Db): Promise<TColor[]> {
  return db.select({ id: colors.id, name: colors.name, hex: colors.hex }).from(colors).orderBy(asc(colors.id));
}

export async function listHours(db: Db): Promise<THour[]> {
  return db.select({ id: hours.id, name: hours.name, value: hours.value }).from(hours).orderBy(asc(hours.value));
}

export async function listCurrencies(db: Db, countryCode?: string): Promise<TCurrency[]> {
  return db
    .select({ id: currencies.id, name: currencies.name, code: currencies.code, country_code: currencies.countryCode })
    .from(currencies)
    .where(countryCode ? eq(currencies.countryCode, countryCode) : undefined)
    .orderBy(asc(currencies.id));
}

/** Brands by name, a page at a time (the vehicle form asks for 1000 at once). */
export async function listBrands(db: Db, q: TPageQuery): Promise<Page<TRefItem>> {
  const search = q.search?.trim();
  // The search is a substring: escape LIKE's wildcards so '%' or '_' typed by someone match themselves.
  const where = search ? ilike(brands.name, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
  const { limit, offset } = pageWindow(q);
  const [items, [{ total }]] = await Promise.all([
    db.select({ id: brands.id, name: brands.name }).from(brands).where(where).orderBy(sql`lower(${brands.name})`, asc(brands.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(brands).where(where),
  ]);
  return toPage(items, total, q);
}

/** A brand's models by name ('208' before '301'); an unknown brand is a 404, not an empty list. */
export async function listModels(db: Db, brandId: number): Promise<TModel[]> {
  const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId)).limit(1);
  if (!brand) throw new AppError('BRAND_NOT_FOUND');
  const rows = await db.select({ id: models.id, name: models.name, brand_id: models.brandId }).from(models).where(eq(models.brandId, brandId));
  return rows.sort(byFrenchName);
}

// ---------------------------------------------------------------- park-scoped lists and additions

/** The reference lists a park may extend, with what their additions are refused with when taken. */
const SCOPED = {
  contractType: { table: vehicleContractTypes, taken: 'CONTRACT_TYPE_EXISTS' },
  documentType: { table: documentTypes, taken: 'DOCUMENT_TYPE_EXISTS' },
  grade: { table: grades, taken: null },
  driverType: { table: driverTypes, taken: null },
  driverGroup: { table: driverGroups, taken: 'DRIVER_GROUP_EXISTS' },
  carComponent: { table: carComponents, taken: 'CAR_COMPONENT_EXISTS' },
} as const satisfies Record<string, { table: ScopedTable; taken: ErrorName | null }>;

type ScopedTable = typeof vehicleContractTypes | typeof documentTypes | typeof grades | typeof driverTypes | typeof driverGroups | typeof carComponents;
export type ScopedKind = keyof typeof SCOPED;

/** Shared rows and the park's own: what the park sees, and nothing of another park. */
function inScope(table: ScopedTable, parkId: string) {
  return or(isNull(table.parkId), eq(table.parkId, parkId));
}

/** Shared rows plus the park's own, by name (document types by id: the spec names type 1). */
export async function listScoped(db: Db, kind: ScopedKind, parkId: string): Promise<TRefItem[]> {
  const { table } = SCOPED[kind];
  const rows = await db.select({ id: table.id, name: table.name }).from(table).where(inScope(table, parkId)).orderBy(asc(table.id));
  return kind === 'documentType' ? rows : rows.sort(byFrenchName);
}

/** One row the park may use (shared or its own), or null: another park's row is as unknown as a missing one. */
export async function findScoped(db: Db, kind: ScopedKind, parkId: string, id: number): Promise<TRefItem | null> {
  const { table } = SCOPED[kind];
  const [row] = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(and(eq(table.id, id), inScope(table, parkId)))
    .limit(1);
  return row ?? null;
}

/**
 * Adds a row to the park's own list. A name the park already sees (its own or a shared one, in any
 * case) is refused: two 'Assurance' in one picker would be a trap. The check and the insert run
 * under a lock per park and list, so two simultaneous clicks can't both pass.
 */
export async function addScoped(db: Db, kind: 'contractType' | 'documentType' | 'driverGroup' | 'carComponent', parkId: string, name: string): Promise<TRefItem> {
  const { table, taken } = SCOPED[kind];
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`catalog:${kind}:${parkId}`}))`);
      const [dup] = await tx
        .select({ id: table.id })
        .from(table)
        .where(and(inScope(table, parkId), sql`lower(${table.name}) = lower(${name})`))
        .limit(1);
      if (dup) throw new AppError(taken);
      const [row] = await tx.insert(table).values({ parkId, name }).returning({ id: table.id, name: table.name });
      return row;
    });
  } catch (err) {
    // Two requests racing past the name check meet the unique index: same answer as the check.
    if (isUniqueViolation(err)) throw new AppError(taken);
    throw err;
  }
}

// ---------------------------------------------------------------- shared lookups for other modules

/** Fuel types (GET /carburant): shared, seeded, by id. */
export async function listFuelTypes(db: Db): Promise<TRefItem[]> {
  return db.select({ id: fuelTypes.id, name: fuelTypes.name }).from(fuelTypes).orderBy(asc(fuelTypes.id));
}

export async function findFuelType(db: Db, id: number): Promise<TRefItem | null> {
  const [row] = await db.select({ id: fuelTypes.id, name: fuelTypes.name }).from(fuelTypes).where(eq(fuelTypes.id, id)).limit(1);
  return row ?? null;
}

/** The car components among these ids the park may use (shared or its own). */
export async function findCarComponents(db: Db, parkId: string, ids: number[]): Promise<TRefItem[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: carComponents.id, name: carComponents.name })
    .from(carComponents)
    .where(and(inArray(carComponents.id, ids), inScope(carComponents, parkId)));
}

export async function findVehicleType(db: Db, id: number): Promise<TRefItem | null> {
  const [row] = await db.select({ id: vehicleTypes.id, name: vehicleTypes.name }).from(vehicleTypes).where(eq(vehicleTypes.id, id)).limit(1);
  return row ?? null;
}

export async function findColor(db: Db, id: number): Promise<TColor | null> {
  const [row] = await db.select({ id: colors.id, name: colors.name, hex: colors.hex }).from(colors).where(eq(colors.id, id)).limit(1);
  return row ?? null;
}

export async function findBrand(db: Db, id: number): Promise<TRefItem | null> {
  const [row] = await db.select({ id: brands.id, name: brands.name }).from(brands).where(eq(brands.id, id)).limit(1);
  return row ?? null;
}

export async function findModel(db: Db, id: number): Promise<TModel | null> {
  const [row] = await db.select({ id: models.id, name: models.name, brand_id: models.brandId }).from(models).where(eq(models.id, id)).limit(1);
  return row ?? null;
}
