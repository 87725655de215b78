import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { TClientSex } from '@flotte/contract/clients';
import { createdAt, idColumn, updatedAt } from '../../platform/db/columns.ts';
import { foldedLiteral } from '../../platform/db/search-text.ts';
import { parks, profiles } from '../access/access.tables.ts';

/**
 * A park's business clients (issue 20 section 1): the companies and people it books courses for,
 * their contact persons and their usual addresses (picked on the map). An edit replaces the
 * contacts and addresses as lists; courses copy the addresses they use, so editing a client's
 * address book never moves a past course.
 */
export const clients = pgTable(
  'clients',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sex: text('sex').$type<TClientSex>().notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    niu: text('niu'),
    rccm: text('rccm'),
    businessName: text('business_name'),
    city: text('city'),
    street: text('street'),
    address: text('address'),
    /** Kept by the courses module in the transactions that add or remove a course. */
    coursesCount: integer('courses_count').notNull().default(0),
    /** Name, business name and phone, folded: what the list's search reads, through a trigram index. */
    searchText: text('search_text').generatedAlwaysAs(foldedLiteral(`name || ' | ' || coalesce(business_name, '') || ' | ' || phone || ' | ' || coalesce(city, '')`)),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list, by name.
    index('clients_park_name_idx').on(t.parkId, sql`lower(${t.name})`, t.id),
    index('clients_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export const clientContacts = pgTable(
  'client_contacts',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    sex: text('sex').$type<TClientSex>().notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
  },
  (t) => [index('client_contacts_client_idx').on(t.clientId, t.position)],
);

export const clientAddresses = pgTable(
  'client_addresses',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [index('client_addresses_client_idx').on(t.clientId, t.position)],
);
