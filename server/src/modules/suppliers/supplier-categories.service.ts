import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { TSupplierCategory } from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { supplierCategories, supplierOnCategory } from './suppliers.tables.ts';

/**
 * A park's supplier categories (garage, pièces, assurance ...): named once per park whatever the
 * case (a unique index on lower(name) backs it), listed with how many suppliers each holds.
 */

const PG_UNIQUE_VIOLATION = '23505';

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === PG_UNIQUE_VIOLATION || e?.cause?.code === PG_UNIQUE_VIOLATION;
}

export async function listSupplierCategories(db: Db, parkId: string, timeZone: string): Promise<TSupplierCategory[]> {
  const rows = await db
    .select({ id: supplierCategories.id, name: supplierCategories.name, createdAt: supplierCategories.createdAt, suppliers: count(supplierOnCategory.supplierId) })
    .from(supplierCategories)
    .leftJoin(supplierOnCategory, eq(supplierOnCategory.categoryId, supplierCategories.id))
    .where(eq(supplierCategories.parkId, parkId))
    .groupBy(supplierCategories.id)
    .orderBy(asc(sql`lower(${supplierCategories.name})`));
  return rows.map((r) => ({ id: r.id, name: r.name, suppliers: r.suppliers, createdAt: toWireDate(r.createdAt, timeZone) }));
}

export async function addSupplierCategory(db: Db, parkId: string, name: string, timeZone: string): Promise<TSupplierCategory> {
  try {
    const [row] = await db.insert(supplierCategories).values({ parkId, name }).returning();
    return { id: row.id, name: row.name, suppliers: 0, createdAt: toWireDate(row.createdAt, timeZone) };
  } catch (err) {
    // Two people adding 'Garage' and 'garage' at once: the index decides, and the second hears why.
    if (isUniqueViolation(err)) throw new AppError('SUPPLIER_CATEGORY_EXISTS', { fieldErrors: [{ field: 'name', message: new AppError('SUPPLIER_CATEGORY_EXISTS').message }] });
    throw err;
  }
}

/**
 * Deletes a category. A supplier must keep at least one category (the form's rule), so deleting
 * the only category of some supplier is refused with a French message saying what to do; the
 * suppliers filed in it among others simply lose it. The category's row is locked first, and a
 * supplier saved meanwhile with only this category waits for that lock through its foreign key.
 */
export async function deleteSupplierCategory(db: Db, parkId: string, id: string): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [category] = await tx
      .select({ id: supplierCategories.id })
      .from(supplierCategories)
      .where(and(eq(supplierCategories.id, id), eq(supplierCategories.parkId, parkId)))
      .for('update');
    if (!category) throw new AppError('SUPPLIER_CATEGORY_NOT_FOUND');
    const { rows } = await tx.execute<{ n: number }>(sql`
      select count(*)::int as n
        from ${supplierOnCategory} mine
       where mine.category_id = ${id}
         and not exists (select 1 from ${supplierOnCategory} other where other.supplier_id = mine.supplier_id and other.category_id <> ${id})`);
    if (Number(rows[0]?.n ?? 0) > 0) throw new AppError('SUPPLIER_CATEGORY_LAST');
    // Its links go with it (on delete cascade).
    await tx.delete(supplierCategories).where(and(eq(supplierCategories.id, id), eq(supplierCategories.parkId, parkId)));
    return { id };
  });
}
