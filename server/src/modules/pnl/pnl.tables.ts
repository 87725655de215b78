import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, smallint, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TPnlCode, TPnlType } from '@flotte/contract';
import { createdAt, idColumn } from '../../platform/db/columns.ts';
import { parks } from '../access/access.tables.ts';

/**
 * A park's profit-and-loss chart: categories (depth 1) and sub-accounts (depth 2 and 3). Each
 * node's money is a ledger account of kind 'pnl' owned by it.
 */
export const pnlAccounts = pgTable(
  'pnl_accounts',
  {
    id: idColumn(),
    parkId: uuid('park_id')
      .notNull()
      .references(() => parks.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => pnlAccounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<TPnlType>().notNull(),
    /** The rules' handle (recette, carburant ...): one per park. */
    code: text('code').$type<TPnlCode>(),
    /** Part of the chart every park starts with. */
    isDefault: boolean('is_default').notNull().default(false),
    depth: smallint('depth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('pnl_accounts_park_idx').on(t.parkId, t.type),
    uniqueIndex('pnl_accounts_code_uq').on(t.parkId, t.code).where(sql`${t.code} is not null`),
    // One name per place in the tree (categories: per park and type).
    uniqueIndex('pnl_accounts_name_uq').using('btree', t.parkId, t.type, sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`, sql`lower(${t.name})`),
  ],
);
