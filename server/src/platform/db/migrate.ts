import path from 'node:path';
import { existsSync } from 'node:fs';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './database.ts';

/** Where the committed SQL migrations live, from src/ or from the bundle in dist/. */
export function migrationsFolder(): string {
  const candidates = [
    path.resolve(import.meta.dirname, '../../../migrations'),
    path.resolve(import.meta.dirname, '../migrations'),
  ];
  const found = candidates.find((c) => existsSync(path.join(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** Fixed key of the advisory lock that lets one instance at a time migrate a shared database. */
const MIGRATION_LOCK_KEY = 7_304_113;

/**
 * Applies the pending migrations. Several app instances may start together against one PostgreSQL
 * server; the advisory lock makes them take turns, and later ones find nothing left to do.
 */
export async function applyMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(database.db, { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
