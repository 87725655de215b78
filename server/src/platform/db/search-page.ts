import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';

/**
 * The ids of one page of a searched list, and how many rows match in all, in one statement.
 *
 * Why not `select … where <search> order by … limit 10` plus a `count(*)`: for a search, the
 * planner likes to walk the list's sort index and filter row by row until the page is full. That is
 * cheap when matches are spread along the sort order, but names sort alphabetically and a search for
 * "Mbar" matches names under M, so the walk reads half the park first, and twice as much in a park
 * twice as big. Materialising the matches first makes PostgreSQL find them through the trigram
 * index (cost in proportion to the matches, not to the fleet), then sort only those, and count
 * them from the same set instead of searching a second time. The ids come back in no particular
 * order: the caller reads their rows with the list's own ORDER BY.
 */
export async function searchPage(
  db: Pick<Db, 'execute'>,
  opts: { table: PgTable; id: PgColumn; where: SQL; orderBy: { column: PgColumn; desc?: boolean }[]; limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const keys = opts.orderBy.map((o, i) => sql`${o.column} as ${sql.raw(`k${i}`)}`);
  const order = sql.join(
    opts.orderBy.map((o, i) => sql.raw(`k${i}${o.desc ? ' desc' : ''}`)),
    sql`, `,
  );
  const { rows } = await db.execute<{ total: number; ids: string[] | null }>(sql`
    with m as materialized (
      select ${opts.id} as id, ${sql.join(keys, sql`, `)} from ${opts.table} where ${opts.where}
    )
    select (select count(*)::int from m) as total,
           (select array_agg(p.id) from (select id from m order by ${order} limit ${opts.limit} offset ${opts.offset}) p) as ids`);
  const row = rows[0];
  return { ids: (row?.ids ?? []).map(String), total: Number(row?.total ?? 0) };
}
