import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../../platform/db/columns.ts';
import { parks, users } from '../access/access.tables.ts';

/** An uploaded file, kept in the file storage under uploads/<park>/ and served only to its park. */
export const files = pgTable(
  'files',
  {
    id: idColumn(),
    parkId: uuid('park_id').references(() => parks.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'image' | 'document'>().notNull(),
    storagePath: text('storage_path').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    originalName: text('original_name'),
    createdAt: createdAt(),
  },
  (t) => [index('files_park_idx').on(t.parkId)],
);
