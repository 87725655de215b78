import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tstz, updatedAt } from '../../platform/db/columns.ts';
import { parks, profiles } from '../access/access.tables.ts';
import { withdrawMeans, withdrawModes, type PaymentProvider } from '../withdrawals/withdrawals.tables.ts';

/**
 * Where a park's money sits (spec 001 sections 2, 3, 6, 7): its caisses (cash registers) and the
 * park balance (money received by mobile money), and the transactions that move money in and out
 * of the park balance. The amounts themselves live in the ledger (a ledger account of kind 'caisse'
 * per caisse, one 'park_balance' per park); these tables hold what the screens describe.
 */

export const caisses = pgTable(
  'caisses',
  {
    id: idColumn(),
    parkId: uuid('park_id')
      .notNull()
      .references(() => parks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    phone: text('phone'),
    withdrawModeId: integer('withdraw_mode_id').references(() => withdrawModes.id, { onDelete: 'set null' }),
    /** 'cash' marks the park's default cash account ('Compte cash par défaut'); null for the others. */
    systemKey: text('system_key').$type<'cash'>(),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('caisses_park_idx').on(t.parkId),
    uniqueIndex('caisses_name_uq').on(t.parkId, sql`lower(${t.name})`),
    uniqueIndex('caisses_system_uq').on(t.parkId, t.systemKey).where(sql`${t.systemKey} is not null`),
  ],
);

/** The administrators of a caisse (admin_profiles / profile_ids). */
export const caisseAdmins = pgTable(
  'caisse_admins',
  {
    caisseId: uuid('caisse_id')
      .notNull()
      .references(() => caisses.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    parkId: uuid('park_id')
      .notNull()
      .references(() => parks.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.caisseId, t.profileId] }), index('caisse_admins_profile_idx').on(t.profileId)],
);

/** What a park transaction does to the park balance. */
export const PARK_TRANSACTION_TYPES = [
  /** Park balance -> a withdrawal means, through a payment provider. */
  'withdraw',
  /** Park balance -> a caisse (POST /transaction/credit-account). */
  'credit_account',
  /** Caisse -> caisse (CAISSE_TRANSFERT). */
  'transfer',
  /** Bank -> caisse: cash brought from the bank (the bank-operation form). */
  'bank_deposit',
  /** Money received into the park balance by mobile money (recipes, payments). */
  'payment',
  /** Internal top-up of the park balance; hidden from the transactions list (exclude_type). */
  'credit_sold',
  /** Client -> caisse: a business client settles what he owed for a finished course. */
  'course_payment',
] as const;
export type ParkTransactionType = (typeof PARK_TRANSACTION_TYPES)[number];

/** pending: sent to the provider, not confirmed; init: created, not yet sent. */
export const PARK_TRANSACTION_STATUSES = ['init', 'pending', 'success', 'failed', 'cancelled'] as const;
export type ParkTransactionStatus = (typeof PARK_TRANSACTION_STATUSES)[number];

export const parkTransactions = pgTable(
  'park_transactions',
  {
    id: idColumn(),
    parkId: uuid('park_id')
      .notNull()
      .references(() => parks.id, { onDelete: 'cascade' }),
    type: text('type').$type<ParkTransactionType>().notNull(),
    status: text('status').$type<ParkTransactionStatus>().notNull(),
    /** Integer minor units, always positive; the type says the direction. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fees: bigint('fees', { mode: 'number' }).notNull().default(0),
    caisseId: uuid('caisse_id').references(() => caisses.id, { onDelete: 'set null' }),
    /** The other caisse of a transfer. */
    targetCaisseId: uuid('target_caisse_id').references(() => caisses.id, { onDelete: 'set null' }),
    withdrawMeansId: uuid('withdraw_means_id').references(() => withdrawMeans.id, { onDelete: 'set null' }),
    provider: text('provider').$type<PaymentProvider>(),
    /** The provider's id of the payout or payment, once it gave one. */
    providerRef: text('provider_ref'),
    phone: text('phone'),
    reason: text('reason'),
    /** The ledger posting that moved the money, and the one that gave it back if it failed. */
    postingId: uuid('posting_id'),
    reversalPostingId: uuid('reversal_posting_id'),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: tstz('completed_at'),
  },
  (t) => [
    index('park_transactions_park_idx').on(t.parkId, t.createdAt),
    index('park_transactions_open_idx').on(t.status).where(sql`${t.status} in ('init', 'pending')`),
    uniqueIndex('park_transactions_provider_ref_uq').on(t.provider, t.providerRef).where(sql`${t.providerRef} is not null`),
  ],
);

/** Provider callbacks already handled, so a replayed notification changes nothing. */
export const paymentProviderEvents = pgTable(
  'payment_provider_events',
  {
    provider: text('provider').$type<PaymentProvider>().notNull(),
    eventId: text('event_id').notNull(),
    transactionId: uuid('transaction_id').references(() => parkTransactions.id, { onDelete: 'cascade' }),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
