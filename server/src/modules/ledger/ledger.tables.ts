import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, unique, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../../platform/db/columns.ts';
import { parks, profiles } from '../access/access.tables.ts';

/**
 * The ledger: every movement of a park's money is one balanced posting of entries, and nothing in
 * it is ever changed afterwards (a trigger refuses updates). A cancellation is a new posting that
 * reverses the original, linked to it, at most one per original.
 */

/**
 * What an account holds money for. 'external' is the world outside the park (one per park, owner
 * null): money withdrawn to a wallet leaves to it, money brought from the bank comes from it, so
 * such movements balance like any other. 'client_receivable' is what a business client owes for
 * finished courses (owner: the client): an asset, positive while he owes. 'yango' is the park's
 * money held at Yango (one per park, owner null): what it collected by debiting its drivers' Yango
 * balances (issue 21), until it withdraws it there.
 */
export const LEDGER_ACCOUNT_KINDS = ['caisse', 'park_balance', 'driver_balance', 'pnl', 'external', 'client_receivable', 'yango'] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/**
 * One account per caisse, per driver balance, per P&L account, and the park balance. `balance` is
 * the sum of the account's entries, kept up to date under the account's row lock by the only code
 * that writes entries (ledger.service.ts); money-holding accounts can't go below zero, which the
 * table checks too.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: idColumn(),
    parkId: uuid('park_id')
      .notNull()
      .references(() => parks.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    /** The caisse, driver or P&L account this is the account of; null for the park balance. */
    ownerId: uuid('owner_id'),
    allowNegative: boolean('allow_negative').notNull(),
    /** Integer minor units of the park currency. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ledger_accounts_owner_uq').on(t.parkId, t.kind, t.ownerId).nullsNotDistinct(),
    check('ledger_accounts_not_negative', sql`${t.allowNegative} or ${t.balance} >= 0`),
  ],
);

/** One balanced movement: its entries sum to zero. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: idColumn(),
    parkId: uuid('park_id')
      .notNull()
      .references(() => parks.id, { onDelete: 'cascade' }),
    /** What the posting records ('fund_movement', 'transfer', 'withdrawal' ...) and its id. */
    sourceKind: text('source_kind').notNull(),
    sourceId: uuid('source_id'),
    /** The posting this one cancels, if it is a reversal. */
    reversesId: uuid('reverses_id').references((): AnyPgColumn => ledgerPostings.id, { onDelete: 'cascade' }),
    memo: text('memo'),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // At most one reversal per original, whatever the race.
    uniqueIndex('ledger_postings_reverses_uq').on(t.reversesId),
    index('ledger_postings_source_idx').on(t.parkId, t.sourceKind, t.sourceId),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: idColumn(),
    parkId: uuid('park_id')
      .notNull()
      .references(() => parks.id, { onDelete: 'cascade' }),
    postingId: uuid('posting_id')
      .notNull()
      .references(() => ledgerPostings.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'cascade' }),
    /** Signed integer minor units: positive adds to the account. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_entries_account_idx').on(t.accountId, t.createdAt), index('ledger_entries_posting_idx').on(t.postingId)],
);
