import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tstz, updatedAt } from '../../platform/db/columns.ts';
import { foldedLiteral } from '../../platform/db/search-text.ts';
import { parks } from '../access/access.tables.ts';

/** A park's supplier categories (garage, pièces, assurance ...), named once per park whatever the case. */
export const supplierCategories = pgTable(
  'supplier_categories',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('supplier_categories_park_name_key').on(t.parkId, sql`lower(${t.name})`)],
);

/**
 * The garages, parts sellers and insurers a park works with (spec 002 sections 2 to 5). Suspended
 * while `desactivate_at` is set: kept for the history, no longer offered in pickers.
 */
export const suppliers = pgTable(
  'suppliers',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    businessName: text('business_name'),
    /** The web sends '-' (spec 002 section 5); kept as sent. */
    socialReason: text('social_reason'),
    niu: text('niu'),
    rccm: text('rccm'),
    phone: text('phone').notNull(),
    email: text('email'),
    regionId: integer('region_id'),
    city: text('city'),
    /** The district (Quartier). */
    street: text('street'),
    /** Stored file path ('/api/file/<id>'). */
    logo: text('logo'),
    desactivateAt: tstz('desactivate_at'),
    searchText: text('search_text').generatedAlwaysAs(foldedLiteral(`name || ' | ' || coalesce(business_name, '') || ' | ' || phone || ' | ' || coalesce(city, '')`)),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('suppliers_park_idx').on(t.parkId, t.name)],
);

export const supplierOnCategory = pgTable(
  'supplier_on_category',
  {
    supplierId: uuid('supplier_id').notNull().references(() => suppliers.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').notNull().references(() => supplierCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.supplierId, t.categoryId] }), index('supplier_on_category_category_idx').on(t.categoryId)],
);

/** A supplier's correspondents (name, number, email, function), in the order they were entered. */
export const supplierContacts = pgTable(
  'supplier_contacts',
  {
    id: idColumn(),
    supplierId: uuid('supplier_id').notNull().references(() => suppliers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    function: text('function').notNull(),
  },
  (t) => [index('supplier_contacts_supplier_idx').on(t.supplierId, t.position)],
);
