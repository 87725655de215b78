import { and, asc, count, eq, exists, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { normalizePhone, type TSupplierListQueryParsed } from '@flotte/contract';
import type { Db, Tx } from '../../platform/db/database.ts';
import { containsPattern, foldText } from '../../platform/db/search-text.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { supplierCategories, supplierContacts, supplierOnCategory, suppliers } from './suppliers.tables.ts';

/** Reads of the suppliers' tables; every one names the park. */

export type SupplierRow = typeof suppliers.$inferSelect;
export interface SupplierParts {
  categories: Map<string, { id: string; name: string }[]>;
  contacts: Map<string, { name: string; phone: string; email: string; function: string }[]>;
}

/** The list's filters: status ('Actifs' / 'Désactivés'), one category, a search on name, company, phone or city. */
function listConditions(parkId: string, q: Omit<TSupplierListQueryParsed, 'page' | 'itemPerPage'>): SQL {
  const conds: (SQL | undefined)[] = [eq(suppliers.parkId, parkId)];
  if (q.status === 'enable') conds.push(isNull(suppliers.desactivateAt));
  if (q.status === 'disabled') conds.push(isNotNull(suppliers.desactivateAt));
  if (q.category) {
    conds.push(
      exists(
        sql`(select 1 from ${supplierOnCategory} where ${supplierOnCategory.supplierId} = ${suppliers.id} and ${supplierOnCategory.categoryId} = ${q.category})`,
      ),
    );
  }
  const typed = q.search?.trim();
  if (typed) {
    const text = foldText(typed);
    // A phone typed with spaces or a '+' still finds the stored number.
    const digits = normalizePhone(typed).replace(/^\+/, '');
    conds.push(
      /^\d+$/.test(digits) && digits !== text
        ? or(sql`${suppliers.searchText} like ${containsPattern(text)}`, sql`${suppliers.searchText} like ${containsPattern(digits)}`)
        : sql`${suppliers.searchText} like ${containsPattern(text)}`,
    );
  }
  return and(...conds)!;
}

export async function supplierPage(db: Db, parkId: string, q: TSupplierListQueryParsed): Promise<{ rows: SupplierRow[]; total: number }> {
  const where = listConditions(parkId, q);
  const { limit, offset } = pageWindow(q);
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(suppliers).where(where).orderBy(asc(sql`lower(${suppliers.name})`), asc(suppliers.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(suppliers).where(where),
  ]);
  return { rows, total: n };
}

export async function supplierRow(db: Db | Tx, parkId: string, id: string, lock = false): Promise<SupplierRow | undefined> {
  const query = db.select().from(suppliers).where(and(eq(suppliers.id, id), eq(suppliers.parkId, parkId))).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The categories (by name) and correspondents (in their order) of some suppliers, in two queries. */
export async function supplierParts(db: Db | Tx, ids: string[]): Promise<SupplierParts> {
  const parts: SupplierParts = { categories: new Map(), contacts: new Map() };
  if (!ids.length) return parts;
  const [cats, contacts] = await Promise.all([
    db
      .select({ supplierId: supplierOnCategory.supplierId, id: supplierCategories.id, name: supplierCategories.name })
      .from(supplierOnCategory)
      .innerJoin(supplierCategories, eq(supplierCategories.id, supplierOnCategory.categoryId))
      .where(inArray(supplierOnCategory.supplierId, ids))
      .orderBy(asc(sql`lower(${supplierCategories.name})`)),
    db.select().from(supplierContacts).where(inArray(supplierContacts.supplierId, ids)).orderBy(asc(supplierContacts.position)),
  ]);
  for (const c of cats) {
    const list = parts.categories.get(c.supplierId) ?? [];
    list.push({ id: c.id, name: c.name });
    parts.categories.set(c.supplierId, list);
  }
  for (const c of contacts) {
    const list = parts.contacts.get(c.supplierId) ?? [];
    list.push({ name: c.name, phone: c.phone, email: c.email, function: c.function });
    parts.contacts.set(c.supplierId, list);
  }
  return parts;
}

/**
 * Which of these category ids are the park's. Read with a key-share lock: a category deleted at the
 * same moment waits for this supplier's save (and then counts it), rather than vanishing between
 * this check and the links written next.
 */
export async function parkCategoryIds(db: Db | Tx, parkId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: supplierCategories.id })
    .from(supplierCategories)
    .where(and(eq(supplierCategories.parkId, parkId), inArray(supplierCategories.id, ids)))
    .for('key share');
  return new Set(rows.map((r) => r.id));
}

/** Replaces a supplier's categories and correspondents with the lists given. */
export async function writeSupplierParts(
  tx: Tx,
  supplierId: string,
  categoryIds: string[],
  contacts: { name: string; phone: string; email: string; function: string }[],
): Promise<void> {
  await tx.delete(supplierOnCategory).where(eq(supplierOnCategory.supplierId, supplierId));
  await tx.delete(supplierContacts).where(eq(supplierContacts.supplierId, supplierId));
  if (categoryIds.length) await tx.insert(supplierOnCategory).values(categoryIds.map((categoryId) => ({ supplierId, categoryId })));
  if (contacts.length) await tx.insert(supplierContacts).values(contacts.map((c, position) => ({ supplierId, position, ...c })));
}
