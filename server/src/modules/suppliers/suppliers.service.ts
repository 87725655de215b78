import { and, count, eq, inArray } from 'drizzle-orm';
import type { Page, TSupplier, TSupplierDetail, TSupplierInputParsed, TSupplierListQueryParsed } from '@flotte/contract';
import type { Db, Tx } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { toPage } from '../../platform/pagination.ts';
import { imageLink, type FilesDeps } from '../files/files.service.ts';
import { maintenances } from '../maintenance/maintenance.tables.ts';
import { supplierPaidInYear } from '../operations/supplier-payments.ts';
import { parkCategoryIds, supplierPage, supplierParts, supplierRow, writeSupplierParts, type SupplierParts, type SupplierRow } from './suppliers.queries.ts';
import { suppliers } from './suppliers.tables.ts';

/**
 * The park's suppliers (prestataires, issue 18 section 4). Every query names the acting park:
 * another park's supplier is as unknown as a missing one. A supplier is suspended while
 * `desactivate_at` is set: kept with its history, no longer offered in the pickers (maintenance,
 * insurer of a vehicle document), which check it with assertActiveSupplier.
 */

export interface SuppliersDeps {
  db: Db;
  files: FilesDeps;
}

interface Ctx {
  parkId: string;
  timeZone: string;
}

function supplierView(deps: SuppliersDeps, r: SupplierRow, parts: SupplierParts, timeZone: string): TSupplier {
  return {
    id: r.id,
    park_id: r.parkId,
    name: r.name,
    business_name: r.businessName,
    social_reason: r.socialReason,
    niu: r.niu,
    rccm: r.rccm,
    phone: r.phone,
    email: r.email,
    region_id: r.regionId,
    city: r.city,
    street: r.street,
    logo: imageLink(deps.files, r.logo),
    desactivate_at: r.desactivateAt ? toWireDate(r.desactivateAt, timeZone) : null,
    categories: (parts.categories.get(r.id) ?? []).map((c) => ({ supplier_category: c })),
    contacts: parts.contacts.get(r.id) ?? [],
    created_at: toWireDate(r.createdAt, timeZone),
  };
}

async function viewOf(deps: SuppliersDeps, db: Db | Tx, row: SupplierRow, timeZone: string): Promise<TSupplier> {
  return supplierView(deps, row, await supplierParts(db, [row.id]), timeZone);
}

/** The categories a form names must all be the park's: another park's reads as unknown (404 on the field). */
async function assertCategories(tx: Tx, parkId: string, ids: string[]): Promise<void> {
  const known = await parkCategoryIds(tx, parkId, ids);
  if (ids.some((id) => !known.has(id))) {
    throw new AppError('SUPPLIER_CATEGORY_NOT_FOUND', { fieldErrors: [{ field: 'categories', message: new AppError('SUPPLIER_CATEGORY_NOT_FOUND').message }] });
  }
}

function columnsOf(input: TSupplierInputParsed) {
  // An edit replaces the whole form: what it leaves out is emptied (ARCHITECTURE 'Editing').
  return {
    name: input.name,
    businessName: input.business_name ?? null,
    socialReason: input.social_reason ?? null,
    niu: input.niu ?? null,
    rccm: input.rccm ?? null,
    phone: input.phone,
    email: input.email ?? null,
    regionId: input.region_id ?? null,
    city: input.city ?? null,
    street: input.street ?? null,
  };
}

export async function listSuppliers(deps: SuppliersDeps, ctx: Ctx, q: TSupplierListQueryParsed): Promise<Page<TSupplier>> {
  const { rows, total } = await supplierPage(deps.db, ctx.parkId, q);
  const parts = await supplierParts(deps.db, rows.map((r) => r.id));
  return toPage(rows.map((r) => supplierView(deps, r, parts, ctx.timeZone)), total, q);
}

/**
 * One supplier with its page's figures: what the park paid it this year (confirmed expenses,
 * shown only to who may read the finances) and how many maintenances name it.
 */
export async function readSupplier(deps: SuppliersDeps, ctx: Ctx & { readFinance: boolean }, id: string): Promise<TSupplierDetail> {
  const row = await supplierRow(deps.db, ctx.parkId, id);
  if (!row) throw new AppError('SUPPLIER_NOT_FOUND');
  const [view, paid, [{ n }]] = await Promise.all([
    viewOf(deps, deps.db, row, ctx.timeZone),
    ctx.readFinance ? supplierPaidInYear(deps.db, { parkId: ctx.parkId, supplierId: id, timeZone: ctx.timeZone }) : Promise.resolve(null),
    // A read of the maintenance module's table (one count, for this page), never a write.
    deps.db.select({ n: count() }).from(maintenances).where(and(eq(maintenances.parkId, ctx.parkId), eq(maintenances.supplierId, id))),
  ]);
  return { ...view, paid_this_year: paid, maintenances_count: n };
}

export async function createSupplier(deps: SuppliersDeps, ctx: Ctx, input: TSupplierInputParsed, logo?: string): Promise<TSupplier> {
  return deps.db.transaction(async (tx) => {
    await assertCategories(tx, ctx.parkId, input.categories);
    const [row] = await tx.insert(suppliers).values({ parkId: ctx.parkId, ...columnsOf(input), logo: logo ?? null }).returning();
    await writeSupplierParts(tx, row.id, input.categories, input.contacts);
    return viewOf(deps, tx, row, ctx.timeZone);
  });
}

/** The logo stays unless a new one comes or `remove_logo` is true; the old file is left to the nightly sweep. */
export async function updateSupplier(deps: SuppliersDeps, ctx: Ctx, id: string, input: TSupplierInputParsed, logo?: string): Promise<TSupplier> {
  return deps.db.transaction(async (tx) => {
    const current = await supplierRow(tx, ctx.parkId, id, true);
    if (!current) throw new AppError('SUPPLIER_NOT_FOUND');
    await assertCategories(tx, ctx.parkId, input.categories);
    const nextLogo = logo ?? (input.remove_logo ? null : current.logo);
    const [row] = await tx
      .update(suppliers)
      .set({ ...columnsOf(input), logo: nextLogo, updatedAt: new Date() })
      .where(and(eq(suppliers.id, id), eq(suppliers.parkId, ctx.parkId)))
      .returning();
    await writeSupplierParts(tx, id, input.categories, input.contacts);
    return viewOf(deps, tx, row, ctx.timeZone);
  });
}

/** Suspends (active false) or reactivates a supplier; doing it twice changes nothing more. */
export async function setSupplierActive(deps: SuppliersDeps, ctx: Ctx, id: string, active: boolean): Promise<TSupplier> {
  return deps.db.transaction(async (tx) => {
    const current = await supplierRow(tx, ctx.parkId, id, true);
    if (!current) throw new AppError('SUPPLIER_NOT_FOUND');
    let row = current;
    if (active === (current.desactivateAt !== null)) {
      [row] = await tx
        .update(suppliers)
        .set({ desactivateAt: active ? null : new Date(), updatedAt: new Date() })
        .where(and(eq(suppliers.id, id), eq(suppliers.parkId, ctx.parkId)))
        .returning();
    }
    return viewOf(deps, tx, row, ctx.timeZone);
  });
}

/**
 * For the modules that name a supplier (maintenance, a vehicle document's insurer): it must be a
 * supplier of the park (else 404 'Prestataire introuvable') and active (else 422: a suspended one
 * is no longer offered). Run it inside the write transaction where there is one.
 */
export async function assertActiveSupplier(db: Db | Tx, parkId: string, supplierId: string): Promise<void> {
  const [row] = await db
    .select({ desactivateAt: suppliers.desactivateAt })
    .from(suppliers)
    .where(and(eq(suppliers.id, supplierId), eq(suppliers.parkId, parkId)))
    .limit(1);
  if (!row) throw new AppError('SUPPLIER_NOT_FOUND', { fieldErrors: [{ field: 'supplier_id', message: 'Prestataire introuvable' }] });
  if (row.desactivateAt) throw new AppError('SUPPLIER_INACTIVE', { fieldErrors: [{ field: 'supplier_id', message: new AppError('SUPPLIER_INACTIVE').message }] });
}

/** A supplier's name, for the modules that show it beside their records (maintenance), or null. */
export async function supplierNames(db: Db | Tx, parkId: string, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).where(and(eq(suppliers.parkId, parkId), inArray(suppliers.id, unique)));
  return new Map(rows.map((r) => [r.id, r.name]));
}
