import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../ids.ts';

/** Shared column builders so every table spells ids and timestamps the same way. */
export const idColumn = () => uuid('id').primaryKey().$defaultFn(() => uuidv7());
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date());
export const tstz = (name: string) => timestamp(name, { withTimezone: true });
