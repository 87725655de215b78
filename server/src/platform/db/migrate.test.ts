import { afterAll, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from './database.ts';
import { applyMigrations } from './migrate.ts';

let d: Database | undefined;
afterAll(() => d?.close());

it('migrates a new database, then finds nothing to do at the next start in one query', async () => {
  d = await openDatabase({ poolMax: 2 });
  await applyMigrations(d);
  const count = async () => (await d!.pool.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n;
  const applied = await count();
  expect(applied).toBeGreaterThan(10);
  const query = vi.spyOn(d.pool, 'query');
  await applyMigrations(d);
  // Up to date: one query (no lock, no migrator round trips), nothing recorded again.
  expect(query).toHaveBeenCalledTimes(1);
  query.mockRestore();
  expect(await count()).toBe(applied);
}, 120_000);
