import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
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
  const folder = migrationsFolder();
  if (await upToDate(database, folder)) return;
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(database.db, { migrationsFolder: folder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * Whether the database already holds the journal's last migration: one query, where drizzle's
 * migrator takes the lock, creates its schema and table if missing, reads and hashes every file
 * and opens a transaction (a dozen round trips at every start). drizzle applies a migration when
 * its `when` is later than the last one recorded, so nothing is pending when the last recorded is
 * at least the journal's last. A new database (no table yet) answers false.
 */
async function upToDate(database: Database, folder: string): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  const last = Math.max(0, ...journal.entries.map((e) => e.when));
  try {
    const { rows } = await database.pool.query<{ last: string | null }>('select max(created_at)::text as last from drizzle.__drizzle_migrations');
    return rows[0]?.last != null && Number(rows[0].last) >= last;
  } catch {
    return false;
  }
}
