import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tstz } from '../db/columns.ts';

/**
 * Mutating money calls remember their Idempotency-Key (design section 4): the first request with a
 * key claims the row ('running'), runs, and stores its answer ('done'); a retry with the same key
 * and body gets that answer back instead of moving money twice. Keys belong to the acting profile
 * and are kept for a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: idColumn(),
    /** The acting profile (no foreign key: the row outlives nothing and is swept after a day). */
    profileId: uuid('profile_id').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** sha256 of the cleaned body (and the query), to refuse the same key with another request. */
    requestHash: text('request_hash').notNull(),
    status: text('status').$type<'running' | 'done'>().notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
    completedAt: tstz('completed_at'),
  },
  (t) => [uniqueIndex('idempotency_keys_profile_key_uq').on(t.profileId, t.key), index('idempotency_keys_created_idx').on(t.createdAt)],
);
