import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tstz } from '../../platform/db/columns.ts';
import { parks, profiles } from '../access/access.tables.ts';

/**
 * What needs a person's attention (issue 18 section 3), one row per profile. Modules write them
 * through notify.ts (notifyHolders); `dedupe_key` (per profile) makes a repeated event a no-op, so a
 * reminder's level or a document's expiry is told once.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
    /** service_due, document_expiring ... (contract/src/notifications.ts). */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The web address of the record ('/dashboard/vehicles?vehicle_id=...'). */
    link: text('link'),
    dedupeKey: text('dedupe_key').notNull(),
    readAt: tstz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_profile_dedupe_key').on(t.profileId, t.dedupeKey),
    index('notifications_profile_created_idx').on(t.profileId, t.createdAt),
    index('notifications_profile_unread_idx').on(t.profileId).where(sql`${t.readAt} is null`),
  ],
);
