import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { supportsNamedStatements } from './database.ts';

interface Preparable<T> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<T> };
  then: PromiseLike<T>['then'];
}

/**
 * Runs a drizzle query as a named prepared statement where the engine allows it (a PostgreSQL
 * server, outside transactions), so each pool connection parses and plans it once instead of on
 * every request; on this class of machine that is most of a small query's cost. The name is a hash
 * of the SQL text: the same text always gets the same name, and a different text (another filter
 * combination) another name, which node-postgres requires.
 *
 * Use it for queries whose best plan doesn't depend on the values (lookups by key, by park): after
 * five runs PostgreSQL may keep one generic plan for all values. Searches (LIKE on what was typed)
 * stay unnamed, planned for each text.
 */
export function prepared<T>(db: object, query: Preparable<T>): Promise<T> {
  const pool = (db as { $client?: object }).$client;
  if (!pool || !supportsNamedStatements(pool)) return Promise.resolve(query);
  const name = `q_${createHash('sha1').update(query.toSQL().sql).digest('base64url').slice(0, 22)}`;
  return query.prepare(name).execute();
}

/**
 * `column = any($1::uuid[])`: one parameter for a list of ids, where drizzle's inArray writes one
 * per id, so a page of 10 and a page of 7 share the same statement text (and prepared statement).
 */
export const anyId = (column: PgColumn, ids: string[]) => sql`${column} = any(${sql.param(ids)}::uuid[])`;

/**
 * A hand-written statement run as a named prepared statement where the engine allows it (see
 * `prepared`), for the hottest reads, where building the query with drizzle on every request would
 * cost more than running it. `name` must be unique to `text`.
 */
export function namedQuery<R extends object>(db: object, name: string, text: string, values: unknown[]): Promise<import('pg').QueryResult<R>> {
  const pool = (db as { $client: import('pg').Pool }).$client;
  return pool.query<R>({ name: name && supportsNamedStatements(pool) ? name : undefined, text, values });
}

/**
 * A hand-written statement whose text depends on the filters asked (a list page): named by a hash
 * of its text where the engine allows it, so each filter combination gets its own prepared
 * statement, or unnamed when `named` is false (searches: each typed text gets its own plan).
 */
export function textQuery<R extends object>(db: object, text: string, values: unknown[], named = true): Promise<import('pg').QueryResult<R>> {
  const name = named ? `t_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}` : '';
  return namedQuery<R>(db, name, text, values);
}

/** Collects the values of a hand-written statement: `$(v)` adds one and answers its placeholder. */
export function statementValues(): { values: unknown[]; $: (v: unknown) => string } {
  const values: unknown[] = [];
  return { values, $: (v) => `$${values.push(v)}` };
}
